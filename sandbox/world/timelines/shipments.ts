import { toServiceDate } from '../dates';
import { jsonOf } from '../json';
import type { PlannedEvent, Scenario, Shipment } from '../types';

/** The recipient refused the parcel at the door (docs/trigger.md, "Refused and returned": an assumed id). */
export const REFUSED_EVENT_ID = 197;

/** The events a parcel goes through after its recipient refuses it: refused, returning to the sender, returned. */
export const REFUSAL_PATH = [REFUSED_EVENT_ID, 196, 198];

export const EVENT_DESCRIPTIONS: Record<number, string> = {
	70: 'Expeditia a fost preluata de curier',
	224: 'Cantarire in hub',
	11: 'Expeditia este in tranzit',
	5: 'Expeditia este in livrare',
	21: 'Expeditie livrata (confirmata)',
	6: 'Livrare esuata: destinatar absent',
	197: 'Expeditie refuzata de destinatar',
	196: 'Expeditia se returneaza la expeditor',
	198: 'Expeditie returnata la expeditor',
};

/** The event ids each scenario's timeline goes through, in order. */
export const SCENARIO_PATHS: Record<Scenario, number[]> = {
	delivered: [70, 224, 11, 5, 21],
	returned: [70, 224, 11, 5, 6, 196, 198],
	refused: [70, 224, 11, 5, REFUSED_EVENT_ID, 196, 198],
	'in-transit': [70, 224, 11],
	'out-for-delivery': [70, 224, 11, 5],
	'not-picked-up': [],
};

const HUB_LOCALITY = 'BUCURESTI';

export function eventLocality(eventId: number, senderLocality: string, receiverLocality: string): string {
	if (eventId === 70 || eventId === 198) return senderLocality;
	if (eventId === 224 || eventId === 11) return HUB_LOCALITY;
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
	| 'not-picked-up' | 'in-transit' | 'out-for-delivery' | 'delivered' | 'delivery-failed' | 'refused' | 'returning' | 'returned';

export function stateOf(shipment: Shipment, now: number): ShipmentState {
	return stateOfVisible(visibleEvents(shipment, now));
}

/** The state the last of a shipment's visible events puts it in. */
function stateOfVisible(visible: PlannedEvent[]): ShipmentState {
	const last = visible[visible.length - 1];
	if (!last) return 'not-picked-up';
	switch (last.EventId) {
		case 21: return 'delivered';
		case 5: return 'out-for-delivery';
		case 6: return 'delivery-failed';
		case REFUSED_EVENT_ID: return 'refused';
		case 196: return 'returning';
		case 198: return 'returned';
		default: return 'in-transit';
	}
}

/** PackageTrace.OrderStatus values served by GetAwbTraceOneRequest. */
export const ORDER_STATUS_BY_STATE: Record<ShipmentState, number> = {
	'not-picked-up': 0,
	'in-transit': 1,
	'out-for-delivery': 2,
	delivered: 3,
	'delivery-failed': 4,
	refused: 4,
	returning: 4,
	returned: 5,
};

export const STATUS_EXPRESSION: Record<ShipmentState, string> = {
	'not-picked-up': 'Nepreluat',
	'in-transit': 'In tranzit',
	'out-for-delivery': 'In livrare',
	delivered: 'Confirmat',
	'delivery-failed': 'Livrare esuata',
	refused: 'Refuzat',
	returning: 'In curs de returnare',
	returned: 'Returnat',
};

const LATE_AFTER_MS = 3 * 24 * 3600_000;

const FAILED_DELIVERY_OBSERVATION = 'Destinatar absent, avizat telefonic';
const REFUSED_OBSERVATION = 'Refuzat de destinatar la livrare';

function eventDate(event: PlannedEvent): string {
	return toServiceDate(event.date, event.date % 1000 !== 0);
}

export function traceEventView(event: PlannedEvent) {
	return {
		Date: eventDate(event),
		EventId: event.EventId,
		Description: event.Description,
		LocalityName: event.LocalityName,
	};
}

/** The PackageTrace a trace operation answers at `now` (the XML and JSON answers and the control API). */
export function traceView(shipment: Shipment, now: number, withOrderStatus: boolean) {
	const visible = visibleEvents(shipment, now);
	let delivered = false;
	let failed = false;
	let refused = false;
	for (const event of visible) {
		if (event.EventId === 21) delivered = true;
		else if (event.EventId === 6) failed = true;
		else if (event.EventId === REFUSED_EVENT_ID) refused = true;
	}
	const base: Record<string, unknown> = {
		Code: shipment.barcode,
		Type: shipment.type,
		MeasuredWeight: shipment.measuredWeight,
		VolumetricWeight: shipment.volumetricWeight,
		ConfirmationName: delivered ? shipment.receiver : '',
		Observation: refused ? REFUSED_OBSERVATION : failed ? FAILED_DELIVERY_OBSERVATION : '',
		ResponseCode: 'OK',
	};
	if (withOrderStatus) {
		const state = stateOfVisible(visible);
		base.OrderStatus = ORDER_STATUS_BY_STATE[state];
		base.OrderLate = state !== 'delivered' && state !== 'returned' && now - shipment.createdAt > LATE_AFTER_MS;
	}
	base.Event = visible.map(traceEventView);
	return base;
}

/** The JSON answer of the trace operations: JSON.stringify(traceView(...)), its repeated strings escaped once. */
export function traceJson(shipment: Shipment, now: number, withOrderStatus: boolean): string {
	return jsonOf(traceView(shipment, now, withOrderStatus));
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
		if (event.EventId !== 21) continue;
		const at = Math.max(event.date + REPAYMENT_DELAY_MS, event.visibleAt ?? event.date);
		if (moment === undefined || at < moment) moment = at;
	}
	return moment;
}

/** AwbCashRecord for status-by-barcode and the cash account: repayment follows delivery by two days. */
export function cashRecordView(shipment: Shipment, now: number) {
	const visible = visibleEvents(shipment, now);
	const delivered = visible.find((event) => event.EventId === 21);
	const state = stateOfVisible(visible);
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
		StatusExpression: STATUS_EXPRESSION[state],
		ConfirmationDate: delivered ? toServiceDate(delivered.date) : null,
		ConfirmationPersonName: delivered ? shipment.receiver : '',
		BarCodeTur: shipment.outboundBarcode,
		TariffSetName: shipment.tariffSetName,
	};
}
