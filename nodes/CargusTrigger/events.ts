import type { IDataObject } from 'n8n-workflow';

import { readPlainDate } from '../Cargus/shared/plainDate';
import { cargusTimestamp } from '../Cargus/shared/trackingStatus';

/** One tracking event as Cargus serves it inside a PackageTrace's `Event` array. */
export interface TraceEvent {
	Date?: string;
	EventId?: number;
	Description?: string;
	LocalityName?: string;
	[field: string]: unknown;
}

/** One element of a trace answer: a shipment with its events. */
export interface PackageTrace {
	Code?: string | number;
	Event?: TraceEvent[] | null;
	[field: string]: unknown;
}

/** A tracking event with its identity worked out once. */
export interface ShipmentEvent {
	barcode: string;
	eventId: number;
	/** Sortable time of `Date`: wall-clock milliseconds, 0 when the date cannot be read. */
	time: number;
	/** Event identity within its shipment: EventId plus the normalised date. */
	identity: string;
	hash: number;
	raw: TraceEvent;
}

export interface ShipmentTrace {
	barcode: string;
	/** Every field of the PackageTrace except its events (read when an item needs it). */
	readonly summary: IDataObject;
	/** Distinct events, oldest first (by Date, then EventId). */
	events: ShipmentEvent[];
}

export const DELIVERED_EVENT_ID = 21;
export const RETURNING_EVENT_ID = 196;
export const RETURNED_EVENT_ID = 198;

const datePattern =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Cargus dates are Bucharest wall-clock time without a zone ("2026-11-20T14:03:00", sometimes with
 * fractions). They are read as if they were UTC: only their order within one shipment matters.
 */
export function eventTime(date: unknown): number {
	if (typeof date !== 'string') return 0;
	const plain = readPlainDate(date);
	if (plain !== undefined) {
		const { year, month, day, hour, minute, second, milliseconds } = plain;
		return Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
	}
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

/** FNV-1a, 32 bits: small, stable and good enough to fingerprint a handful of event identities. */
export function hashText(text: string): number {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash;
}

export function compareEvents(a: ShipmentEvent, b: ShipmentEvent): number {
	return a.time - b.time || a.eventId - b.eventId || a.identity.localeCompare(b.identity);
}

function toShipmentEvent(barcode: string, raw: TraceEvent): ShipmentEvent {
	const eventId = Number(raw.EventId);
	const time = eventTime(raw.Date);
	const date = time !== 0 ? String(time) : String(raw.Date ?? '').trim();
	const identity = `${Number.isFinite(eventId) ? eventId : String(raw.EventId)}@${date}`;
	return {
		barcode,
		eventId: Number.isFinite(eventId) ? eventId : -1,
		time,
		identity,
		hash: hashText(identity),
		raw,
	};
}

/** Shipments have a handful of events: below this many, duplicates are found without a Set. */
const EVENTS_COMPARED_ONE_BY_ONE = 16;

/** A PackageTrace's events, and every other field. */
function splitTrace(trace: PackageTrace | undefined): { rawEvents: unknown; summary: IDataObject } {
	const { Event: rawEvents, ...summary } = trace ?? {};
	return { rawEvents, summary: summary as IDataObject };
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
		if (identities ? identities.has(event.identity) : events.some((seen) => seen.identity === event.identity)) continue;
		identities?.add(event.identity);
		events.push(event);
	}
	let summary: IDataObject | undefined;
	return {
		barcode,
		get summary() {
			return (summary ??= splitTrace(trace).summary);
		},
		events: events.sort(compareEvents),
	};
}

/**
 * The workflow item for one event, in Cargus' own naming: the barcode, the event's fields as served, its
 * date also as ISO 8601 with the zone (Timestamp), then the shipment summary.
 */
export function toOutputItem(event: ShipmentEvent, shipment: IDataObject): IDataObject {
	const { EventId, Description, Date, LocalityName, ...otherFields } = event.raw as IDataObject;
	return {
		Barcode: event.barcode,
		EventId,
		Description,
		Date,
		Timestamp: cargusTimestamp(Date) ?? null,
		LocalityName,
		...otherFields,
		Shipment: shipment,
	};
}
