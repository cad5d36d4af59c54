import type { IDataObject } from 'n8n-workflow';

import { plainDateAsUtc } from '../../shared/values/plainDate';
import { TRACE_CODES, withMeanings } from '../../shared/cargus/codeMeanings';
import { cargusTimestamp } from '../../shared/cargus/trackingStatus';
import { outcomeOf } from '../../shared/cargus/outcome';
import { compareEvents, hashIdentity, hashText, identityOf, sameIdentity } from './eventIdentity';
import type { ShipmentEvent, TraceEvent } from './shipmentEvent';

/** One element of a trace answer: a shipment with its events. */
export interface PackageTrace {
	Code?: string | number;
	Event?: TraceEvent[] | null;
	[field: string]: unknown;
}

export interface ShipmentTrace {
	readonly barcode: string;
	/** Every field of the PackageTrace except its events (made when an item needs it). */
	readonly summary: IDataObject;
	/** Distinct events, oldest first (by Date, then EventId). */
	readonly events: ShipmentEvent[];
}

const datePattern =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Cargus dates are Bucharest wall-clock time without a zone ("2026-11-20T14:03:00", sometimes with
 * fractions). They are read as if they were UTC: only their order within one shipment matters.
 */
export function eventTime(date: unknown): number {
	if (typeof date !== 'string') return 0;
	const plain = plainDateAsUtc(date);
	if (plain !== undefined) return plain;
	const match = datePattern.exec(date.trim());
	if (!match) return 0;
	const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
	const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
	const wallClock = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, milliseconds);
	if (!zone || zone.toUpperCase() === 'Z') return wallClock;
	const sign = zone.startsWith('-') ? -1 : 1;
	const offsetMinutes = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2));
	return wallClock - sign * offsetMinutes * 60_000;
}

function toShipmentEvent(barcode: string, raw: TraceEvent): ShipmentEvent {
	const eventId = Number(raw.EventId);
	const time = eventTime(raw.Date);
	const outcome = outcomeOf(raw.EventId, raw.Description);
	if (Number.isFinite(eventId) && time !== 0) {
		return { barcode, eventId, time, unusualIdentity: undefined, hash: hashIdentity(eventId, time), outcome, raw };
	}
	const identity = `${Number.isFinite(eventId) ? eventId : String(raw.EventId)}@${time !== 0 ? String(time) : String(raw.Date ?? '').trim()}`;
	return { barcode, eventId: Number.isFinite(eventId) ? eventId : -1, time, unusualIdentity: identity, hash: hashText(identity), outcome, raw };
}

function isOldestFirst(events: readonly ShipmentEvent[]): boolean {
	for (let index = 1; index < events.length; index++) if (compareEvents(events[index - 1], events[index]) > 0) return false;
	return true;
}

/** Shipments have a handful of events: below this many, duplicates are found without a Set. */
const EVENTS_COMPARED_ONE_BY_ONE = 16;

/** A PackageTrace's events, and every other field. */
function splitTrace(trace: PackageTrace | undefined): { rawEvents: unknown; summary: IDataObject } {
	const { Event: rawEvents, ...summary } = trace ?? {};
	return { rawEvents, summary: summary as IDataObject };
}

class Trace implements ShipmentTrace {
	private summaryFields: IDataObject | undefined;

	constructor(
		readonly barcode: string,
		readonly events: ShipmentEvent[],
		private readonly source: PackageTrace | undefined,
	) {}

	get summary(): IDataObject {
		return (this.summaryFields ??= splitTrace(this.source).summary);
	}
}

/** Normalises one PackageTrace: distinct events sorted oldest first, summary without the events. */
export function toShipmentTrace(barcode: string, trace: PackageTrace | undefined): ShipmentTrace {
	const rawEvents = Array.isArray(trace?.Event) ? trace.Event : [];
	const identities = rawEvents.length > EVENTS_COMPARED_ONE_BY_ONE ? new Set<string>() : undefined;
	const events: ShipmentEvent[] = [];
	for (const raw of rawEvents) {
		if (raw === null || typeof raw !== 'object') continue;
		const event = toShipmentEvent(barcode, raw);
		// The first of events with the same identity is kept.
		if (identities ? identities.has(identityOf(event)) : events.some((seen) => sameIdentity(seen, event))) continue;
		identities?.add(identityOf(event));
		events.push(event);
	}
	// Events usually come oldest first already.
	if (!isOldestFirst(events)) events.sort(compareEvents);
	return new Trace(barcode, events, trace);
}

/**
 * The workflow item for one event, in Cargus' own naming: the barcode, the event's fields as served, what happened
 * (Outcome), its date also as ISO 8601 with the zone (Timestamp), then the shipment summary (its codes with their
 * meaning beside them).
 */
export function toOutputItem(event: ShipmentEvent, shipment: IDataObject): IDataObject {
	const raw = event.raw as IDataObject;
	// The event's own fields keep the places given here; spreading `raw` sets them to the same values.
	return {
		Barcode: event.barcode,
		EventId: raw.EventId,
		Description: raw.Description,
		Outcome: event.outcome,
		Date: raw.Date,
		Timestamp: cargusTimestamp(raw.Date) ?? null,
		LocalityName: raw.LocalityName,
		...raw,
		Shipment: withMeanings(shipment, TRACE_CODES),
	};
}
