import type { IDataObject } from 'n8n-workflow';

import { traceEventsOf } from '../../shared/cargus/trackingStatus';
import { isRecord } from '../../shared/values/values';
import { eventTime, toShipmentTrace, type PackageTrace, type ShipmentTrace } from './events';
import { hashText } from './eventIdentity';
import type { TraceEvent } from './shipmentEvent';

/**
 * A shipment's row of GetDeltaEvents answered per shipment (a client that read Cargus' v3 document reads it so:
 * BarCode, StatusExpression, ConfirmationDate, ConfirmationPersonaName, Packages[].Events[] with Date and Description,
 * no event ids): enough to know that the shipment moved, not which event came.
 */
export interface DeltaRow {
	/** What the row says, hashed: its status, confirmation, how many events and the latest one's date and text. */
	readonly hash: number;
	/** The time (eventTime) of the row's latest event; 0 when it shows none. */
	readonly latestTime: number;
}

/** GetDeltaEvents' answer, whichever shape: events with their ids (per event) and rows that only say who moved (per shipment). */
export interface DeltaAnswer {
	readonly traces: Map<string, ShipmentTrace>;
	readonly rows: Map<string, DeltaRow>;
}

/** Where a row gives its barcode. */
const BARCODE_KEYS = ['BarCode', 'Barcode', 'Code'];

function textOf(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** A status given as a text or as `{Status, Date}`. */
function statusOf(row: IDataObject): string {
	const status = row.StatusExpression ?? row.Status;
	return isRecord(status) ? `${textOf(status.Status)}@${textOf(status.Date)}` : textOf(status);
}

function rowOf(row: IDataObject, events: readonly TraceEvent[]): DeltaRow {
	let latest: TraceEvent | undefined;
	let latestTime = 0;
	for (const event of events) {
		const time = eventTime(event.Date);
		if (latest === undefined || time >= latestTime) {
			latest = event;
			latestTime = time;
		}
	}
	const confirmation = [row.ConfirmationDate, row.ConfirmationPersonaName ?? row.ConfirmationPersonName ?? row.ConfirmationName].map(textOf);
	const said = [statusOf(row), ...confirmation, String(events.length), textOf(latest?.Date), textOf(latest?.Description)];
	return { hash: hashText(said.join('\u0001')), latestTime };
}

function hasEventId(event: TraceEvent): boolean {
	return event.EventId !== undefined && event.EventId !== null && textOf(event.EventId) !== '';
}

/**
 * Reads GetDeltaEvents' rows, whichever shape Cargus answers: flat rows `{Code, Date, EventId, ...}` (one per event)
 * become traces; a shipment's row whose events all carry their ids is a trace too; a shipment's row without event ids
 * says only that the shipment moved. A row without a barcode is skipped.
 */
export function readDeltaRows(list: readonly unknown[]): DeltaAnswer {
	const flat = new Map<string, PackageTrace & { Event: TraceEvent[] }>();
	const rows = new Map<string, DeltaRow>();
	for (const element of list) {
		if (!isRecord(element)) continue;
		const barcode = textOf(element.BarCode ?? element.Barcode ?? element.Code);
		if (barcode === '') continue;
		const events = traceEventsOf(element) as TraceEvent[];
		const perShipment = events.length > 0 || 'Packages' in element || 'StatusExpression' in element || !hasEventId(element as TraceEvent);
		let trace = flat.get(barcode);
		if (!perShipment) {
			const event: IDataObject = { ...element };
			for (const key of BARCODE_KEYS) delete event[key];
			if (trace === undefined) flat.set(barcode, (trace = { Code: barcode, Event: [] }));
			trace.Event.push(event as TraceEvent);
		} else if (events.length > 0 && events.every(hasEventId)) {
			if (trace === undefined) flat.set(barcode, (trace = { Code: barcode, Event: [] }));
			trace.Event.push(...events);
		} else {
			rows.set(barcode, rowOf(element, events));
		}
	}
	const traces = new Map<string, ShipmentTrace>();
	for (const [barcode, trace] of flat) {
		traces.set(barcode, toShipmentTrace(barcode, trace));
		rows.delete(barcode);
	}
	return { traces, rows };
}
