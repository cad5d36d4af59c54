import { toServiceDate } from '../dates';
import { jsonOf } from '../json';
import type { PlannedEvent, Scenario, Shipment } from '../types';
import {
	DELAYED, DELIVERED, DELIVERIES, DELIVERY_FAILURES, EVENT_TEXTS, INTO_DEPOT, NOT_AT_HOME, OUT_FOR_DELIVERY, OUT_OF_DEPOT_TO_TRANSIT, PICKED_UP,
	REFUSALS, REFUSED_AFTER_OPENING, RETURNED_AT_RECIPIENTS_REQUEST, RETURNED_BY_CARGUS, RETURNS, WRONG_ADDRESS,
} from './cargusEvents';

/** An event's text: Cargus' for a known id, '' for another. */
export const EVENT_DESCRIPTIONS: Readonly<Record<number, string>> = EVENT_TEXTS;

const ON_THE_WAY = [PICKED_UP, INTO_DEPOT, OUT_OF_DEPOT_TO_TRANSIT];

/**
 * The event ids each scenario's timeline goes through, in order. A returned parcel's last event is the return's
 * start (196, 197 or 198): it then travels back under a return AWB of its own, which the parcel's trace does not show.
 */
export const SCENARIO_PATHS: Record<Scenario, number[]> = {
	delivered: [...ON_THE_WAY, OUT_FOR_DELIVERY, DELIVERED],
	// A wrong address (6): back into the depot, then returned by Cargus itself (198: no one asked, the parcel cannot be delivered).
	returned: [...ON_THE_WAY, OUT_FOR_DELIVERY, WRONG_ADDRESS, INTO_DEPOT, RETURNED_BY_CARGUS],
	refused: [...ON_THE_WAY, OUT_FOR_DELIVERY, REFUSED_AFTER_OPENING, RETURNED_AT_RECIPIENTS_REQUEST],
	'in-transit': [...ON_THE_WAY],
	'out-for-delivery': [...ON_THE_WAY, OUT_FOR_DELIVERY],
	'not-picked-up': [],
	'not-at-home': [...ON_THE_WAY, OUT_FOR_DELIVERY, NOT_AT_HOME, OUT_FOR_DELIVERY, DELIVERED],
	'wrong-address': [...ON_THE_WAY, OUT_FOR_DELIVERY, WRONG_ADDRESS, INTO_DEPOT, RETURNED_BY_CARGUS],
	delayed: [PICKED_UP, INTO_DEPOT, DELAYED, OUT_OF_DEPOT_TO_TRANSIT, OUT_FOR_DELIVERY, DELIVERED],
};

const HUB_LOCALITY = 'BUCURESTI';

export function eventLocality(eventId: number, senderLocality: string, receiverLocality: string): string {
	if (eventId === PICKED_UP) return senderLocality;
	if (eventId === INTO_DEPOT || eventId === OUT_OF_DEPOT_TO_TRANSIT || eventId === DELAYED) return HUB_LOCALITY;
	return receiverLocality;
}

export function planEvents(shipment: Pick<Shipment, 'senderLocality' | 'receiverLocality'>, eventIds: number[], dates: number[]): PlannedEvent[] {
	return eventIds.map((EventId, index) => ({
		EventId,
		date: dates[index],
		Description: EVENT_DESCRIPTIONS[EventId],
		LocalityName: eventLocality(EventId, shipment.senderLocality, shipment.receiverLocality),
	}));
}

/** The events served at `now`, oldest first (shipment.events is kept sorted by date). */
export function visibleEvents(shipment: Shipment, now: number): PlannedEvent[] {
	return shipment.events.filter((event) => event.date <= now && (event.visibleAt === undefined || event.visibleAt <= now));
}

/** Adds an event to a shipment keeping its events sorted by date (a stable sort: equal dates keep their order). */
export function insertEvent(shipment: Shipment, event: PlannedEvent): void {
	shipment.events = [...shipment.events, event].sort((a, b) => a.date - b.date);
}

export type ShipmentState =
	| 'not-picked-up' | 'in-transit' | 'out-for-delivery' | 'delivered' | 'delivery-failed' | 'refused' | 'returned';

export function stateOf(shipment: Shipment, now: number): ShipmentState {
	return stateOfVisible(visibleEvents(shipment, now));
}

/**
 * The state a shipment's visible events put it in: the last event that decides one (delivered, out for delivery, a
 * failed delivery, a refusal, a return); the depot and transit events after a failed delivery leave it failed.
 */
function stateOfVisible(visible: PlannedEvent[]): ShipmentState {
	let state: ShipmentState = 'not-picked-up';
	for (const { EventId } of visible) {
		if (DELIVERIES.includes(EventId)) state = 'delivered';
		else if (EventId === OUT_FOR_DELIVERY) state = 'out-for-delivery';
		else if (DELIVERY_FAILURES.includes(EventId)) state = 'delivery-failed';
		else if (REFUSALS.includes(EventId)) state = 'refused';
		else if (RETURNS.includes(EventId)) state = 'returned';
		else if (state === 'not-picked-up') state = 'in-transit';
	}
	return state;
}

/** PackageTrace.OrderStatus values served by GetAwbTraceOneRequest. */
export const ORDER_STATUS_BY_STATE: Record<ShipmentState, number> = {
	'not-picked-up': 0,
	'in-transit': 1,
	'out-for-delivery': 2,
	delivered: 3,
	'delivery-failed': 4,
	refused: 4,
	returned: 5,
};

/** StatusExpression by state ("Preluat", "Confirmat", "Returnat": values clients see live; the others the sandbox's). */
export const STATUS_EXPRESSION: Record<ShipmentState, string> = {
	'not-picked-up': 'Nepreluat',
	'in-transit': 'Preluat',
	'out-for-delivery': 'In livrare',
	delivered: 'Confirmat',
	'delivery-failed': 'Livrare esuata',
	refused: 'Refuzat',
	returned: 'Returnat',
};

/** What clients see live once the cash on delivery of a delivered parcel is repaid (SafeAlternative's plugin 2.12.3). */
export const REPAID_STATUS_EXPRESSION = 'Rambursat';

/** A shipment's StatusExpression at `now`: its state's, "Rambursat" once its cash on delivery is repaid. */
export function statusExpressionOf(shipment: Shipment, now: number): string {
	const repaidAt = repaymentMoment(shipment);
	if (repaidAt !== undefined && repaidAt <= now) return REPAID_STATUS_EXPRESSION;
	return STATUS_EXPRESSION[stateOf(shipment, now)];
}

const LATE_AFTER_MS = 3 * 24 * 3600_000;

/** The pieces of a multi-parcel AWB are scanned one after another: each piece's events this much after the previous one's. */
export const PIECE_SCAN_GAP_MS = 1_730;

/**
 * An event's Date as .NET writes it: Bucharest time, no zone, the fraction of a second without its trailing zeros
 * (".25", ".4", ".127"), none when it is 0 (the retailer's fixture has "09:20:43.44").
 */
function eventDate(ms: number): string {
	if (ms % 1000 === 0) return toServiceDate(ms);
	return toServiceDate(ms, true).replace(/0+$/, '');
}

export function traceEventView(event: PlannedEvent) {
	return pieceEventView(event, 0);
}

/** An event as the trace of the AWB's piece answers it: `shiftMs` later than the AWB's own. */
function pieceEventView(event: PlannedEvent, shiftMs: number) {
	return {
		Date: eventDate(event.date + shiftMs),
		EventId: event.EventId,
		Description: event.Description,
		LocalityName: event.LocalityName,
	};
}

/** The codes of an AWB's pieces, as the trace names them: the AWB's own barcode, then `<AWB>002`, `<AWB>003`, ... */
export function pieceCodes(shipment: Shipment): string[] {
	const count = Math.max(1, shipment.pieces?.length ?? 1);
	return Array.from({ length: count }, (_, index) => (index === 0 ? shipment.barcode : `${shipment.barcode}${String(index + 1).padStart(3, '0')}`));
}

/** The shop's own text on the AWB: its Observations, else its CustomString (the order reference). */
export function shopText(shipment: Shipment): string {
	const observations = shipment.awb?.Observations ?? '';
	return observations.trim() !== '' ? observations : shipment.customString;
}

/**
 * The PackageTraces a trace operation answers at `now`, one per piece of the AWB (the XML and JSON answers): as the
 * retailer's fixture shows them, `Type` as text, `ConfirmationName` null until delivered, `Observation` the shop's text.
 */
export function traceViews(shipment: Shipment, now: number, withOrderStatus: boolean) {
	const visible = visibleEvents(shipment, now);
	const delivered = visible.some((event) => DELIVERIES.includes(event.EventId));
	const codes = pieceCodes(shipment);
	const state = withOrderStatus ? stateOfVisible(visible) : undefined;
	return codes.map((Code, index) => {
		const piece = shipment.pieces?.[index];
		const type = piece?.type ?? shipment.type;
		const base: Record<string, unknown> = {
			Code,
			Type: type === '1' ? 'Colet' : 'Plic',
			MeasuredWeight: piece?.weight ?? shipment.measuredWeight,
			VolumetricWeight: type === '1' ? shipment.volumetricWeight : 0,
			ConfirmationName: delivered ? shipment.receiver : null,
			Observation: shopText(shipment),
			ResponseCode: 'OK',
		};
		if (state !== undefined) {
			base.OrderStatus = ORDER_STATUS_BY_STATE[state];
			base.OrderLate = state !== 'delivered' && state !== 'returned' && now - shipment.createdAt > LATE_AFTER_MS;
		}
		base.Event = visible.map((event) => pieceEventView(event, index * PIECE_SCAN_GAP_MS));
		return base;
	});
}

/** The AWB's own PackageTrace (its first piece's): what the control API shows as `trace`. */
export function traceView(shipment: Shipment, now: number, withOrderStatus: boolean) {
	return traceViews(shipment, now, withOrderStatus)[0];
}

/** The JSON of the shipment's PackageTraces, comma-separated, their repeated strings escaped once (jsonOf). */
export function traceJson(shipment: Shipment, now: number, withOrderStatus: boolean): string {
	return traceViews(shipment, now, withOrderStatus).map((view) => jsonOf(view)).join(',');
}

/**
 * GetDeltaEvents' row of a shipment with events dated from..end (deltaEvents 'shipment'), as a client that read Cargus'
 * v3 document reads it (edinio): no event ids; per piece, its events within the interval; undefined when none.
 */
export function deltaRowView(shipment: Shipment, now: number, from: number, end: number) {
	const visible = visibleEvents(shipment, now);
	const within = visible.filter((event) => event.date >= from && event.date <= end);
	if (within.length === 0) return undefined;
	const delivered = visible.find((event) => DELIVERIES.includes(event.EventId));
	return {
		BarCode: shipment.barcode,
		StatusExpression: statusExpressionOf(shipment, now),
		ConfirmationDate: delivered ? eventDate(delivered.date) : null,
		ConfirmationPersonaName: delivered ? shipment.receiver : null,
		Packages: pieceCodes(shipment).map((Code, index) => ({
			Code,
			Events: within.map((event) => ({ Date: eventDate(event.date + index * PIECE_SCAN_GAP_MS), Description: event.Description })),
		})),
	};
}

/** The served event that began the parcel's return (196, 197 or 198), or undefined. */
export function returnEventOf(shipment: Shipment, now: number): PlannedEvent | undefined {
	return visibleEvents(shipment, now).find((event) => RETURNS.includes(event.EventId));
}

/**
 * The return AWB a returned parcel travels back under, once its return began: 9 and the last nine digits of its own
 * barcode (9000000000-9999999999, a range neither the seed, 109xxxxxxx, nor POST /api/Awbs, 12xxxxxxxx, numbers from).
 */
export function returnBarcodeOf(shipment: Shipment, now: number): string | undefined {
	if (returnEventOf(shipment, now) === undefined) return undefined;
	return `9${shipment.barcode.replace(/\D/g, '').slice(-9).padStart(9, '0')}`;
}

/** Cash on delivery is repaid this long after the delivered event (21). */
export const REPAYMENT_DELAY_MS = 2 * 24 * 3600_000;

/**
 * The moment the cash account first shows the shipment's repayment (two days after delivery, once the delivered
 * event is served), or undefined: no cash on delivery, or no delivery planned.
 */
export function repaymentMoment(shipment: Shipment): number | undefined {
	if (shipment.codValue <= 0) return undefined;
	let moment: number | undefined;
	for (const event of shipment.events) {
		if (!DELIVERIES.includes(event.EventId)) continue;
		const at = Math.max(event.date + REPAYMENT_DELAY_MS, event.visibleAt ?? event.date);
		if (moment === undefined || at < moment) moment = at;
	}
	return moment;
}

/** AwbCashRecord for status-by-barcode and the cash account: repayment follows delivery by two days. */
export function cashRecordView(shipment: Shipment, now: number) {
	const visible = visibleEvents(shipment, now);
	const delivered = visible.find((event) => DELIVERIES.includes(event.EventId));
	const repaid = delivered !== undefined && shipment.codValue > 0 && delivered.date + REPAYMENT_DELAY_MS <= now;
	const repaymentDate = delivered ? delivered.date + REPAYMENT_DELAY_MS : 0;
	const suffix = shipment.barcode.slice(-6);
	return {
		Date: toServiceDate(shipment.createdAt),
		BarCode: shipment.barcode,
		Sender: shipment.sender,
		Receiver: shipment.receiver,
		FromLocality: shipment.senderLocality,
		ToLocality: shipment.receiverLocality,
		CustomString: shipment.customString,
		Picture: '',
		RepaymentDate: repaid ? toServiceDate(repaymentDate) : null,
		RepaymentId: repaid ? `OP${suffix}` : '',
		RepaymentValue: shipment.codValue,
		DeductionDate: repaid ? toServiceDate(repaymentDate) : null,
		DeductionId: repaid ? `DED${suffix}` : '',
		StatusExpression: statusExpressionOf(shipment, now),
		ConfirmationDate: delivered ? toServiceDate(delivered.date) : null,
		ConfirmationPersonName: delivered ? shipment.receiver : '',
		BarCodeTur: shipment.outboundBarcode,
		TariffSetName: shipment.tariffSetName,
	};
}
