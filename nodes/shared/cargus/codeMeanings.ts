import type { IDataObject } from 'n8n-workflow';

/** What Cargus' codes mean, in words: each table names where the meaning comes from. */
type Meanings = Readonly<Record<string, string>>;

/** PackageTrace `Type` and a parcel's `Type` (Cargus' notes: 1 parcel, 0 envelope; the trace of a retailer's fixture says "Colet"). */
export const SHIPMENT_TYPE: Meanings = { 0: 'Envelope', 1: 'Parcel', Colet: 'Parcel', Plic: 'Envelope' };

/** PackageTrace `OrderStatus` (GetAwbTraceOneRequest): not enumerated by Cargus; as the sandbox serves them. */
export const SHIPMENT_ORDER_STATUS: Meanings = {
	0: 'Not picked up',
	1: 'In transit',
	2: 'Out for delivery',
	3: 'Delivered',
	4: 'Delivery failed or returning',
	5: 'Returned',
};

/** Pickup order `OrdStatus`: 0 and 1 documented; 2 to 5 as Cargus' OrdStatusDetails names them (Validata, In curs de ridicare, Anulata, Ridicare esuata). */
export const PICKUP_ORDER_STATUS: Meanings = {
	0: 'Open',
	1: 'Closed',
	2: 'Validated',
	3: 'Pickup in progress',
	4: 'Cancelled',
	5: 'Pickup failed',
};

/** Pickup order `OrderType` (Cargus' notes). */
export const PICKUP_ORDER_TYPE: Meanings = {
	1: 'Online',
	2: 'Phone',
	3: 'API',
	4: 'Pickup from another address',
	5: 'Email',
	6: 'Predetermined',
};

/** The codes of a shipment's trace (tracking operations and New Tracking Event's `Shipment`). */
export const TRACE_CODES = { Type: SHIPMENT_TYPE, OrderStatus: SHIPMENT_ORDER_STATUS };

/** The codes of a pickup order (Pickup Order Status Changed). */
export const PICKUP_ORDER_CODES = { PreviousOrdStatus: PICKUP_ORDER_STATUS, OrdStatus: PICKUP_ORDER_STATUS, OrderType: PICKUP_ORDER_TYPE };

/** The meaning of a code, or null for a value Cargus does not explain. */
export function meaningOf(meanings: Meanings, code: unknown): string | null {
	if (code === null || code === undefined) return null;
	const key = String(code).trim();
	return Object.prototype.hasOwnProperty.call(meanings, key) ? meanings[key] : null;
}

/**
 * The record with `<Code>Text` right after each code it has (`OrdStatus: 1, OrdStatusText: "Closed"`); Cargus'
 * own fields, their order and values unchanged. A record without those codes comes back as it is.
 */
export function withMeanings(record: IDataObject, codes: Readonly<Record<string, Meanings>>): IDataObject {
	if (!Object.keys(codes).some((code) => code in record)) return record;
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		result[key] = value;
		if (Object.prototype.hasOwnProperty.call(codes, key) && !(`${key}Text` in record)) result[`${key}Text`] = meaningOf(codes[key], value);
	}
	return result;
}
