import type { IDataObject } from 'n8n-workflow';

import { parseCargusDate } from '../values/cargusDate';
import { isRecord } from '../values/values';
import { TRACE_CODES, withMeanings } from './codeMeanings';
import { outcomeOf, type Outcome } from './outcome';

/** The outcomes of a parcel that reached its recipient. */
const DELIVERED: ReadonlySet<Outcome> = new Set<Outcome>(['delivered', 'delivered damaged', 'partly delivered']);

/** A Cargus date as ISO 8601 with its offset ("2026-11-20T14:00:00+02:00"); a date with a zone keeps it. */
export function cargusTimestamp(date: unknown): string | undefined {
	return parseCargusDate(date)?.iso;
}

/** The AWB whose parcel a trace element's code names: a multi-parcel AWB is answered one element per parcel ("<AWB>002"). */
export function awbOfParcelCode(code: string): string | undefined {
	return /^(\d+)\d{3}$/.exec(code)?.[1];
}

/** A trace's events: `Event[]` (AwbTrace) and `Packages[].Events[]` (rows per shipment): clients read both. */
export function traceEventsOf(trace: IDataObject): IDataObject[] {
	const events: IDataObject[] = [];
	const add = (list: unknown) => {
		if (Array.isArray(list)) for (const event of list) if (isRecord(event)) events.push(event);
	};
	add(trace.Event);
	add(trace.Events);
	if (Array.isArray(trace.Packages)) for (const parcel of trace.Packages) if (isRecord(parcel)) add(parcel.Events ?? parcel.Event);
	return events;
}

/**
 * The shipment's latest event (by Date, then EventId) with what happened (Outcome), and whether it was delivered, ahead
 * of the trace's own fields (its codes with their meaning beside them).
 */
export function withCurrentStatus(trace: IDataObject): IDataObject {
	const events = traceEventsOf(trace);
	let latest: { event: IDataObject; time: number } | undefined;
	for (const event of events) {
		const time = parseCargusDate(event.Date)?.millis ?? 0;
		if (latest === undefined || (time - latest.time || Number(event.EventId) - Number(latest.event.EventId)) > 0) latest = { event, time };
	}
	return {
		Status: latest?.event.Description ?? null,
		Outcome: latest === undefined ? null : outcomeOf(latest.event.EventId, latest.event.Description),
		StatusEventId: latest?.event.EventId ?? null,
		StatusDate: latest?.event.Date ?? null,
		StatusTimestamp: cargusTimestamp(latest?.event.Date) ?? null,
		StatusLocality: latest?.event.LocalityName ?? null,
		Delivered: events.some((event) => DELIVERED.has(outcomeOf(event.EventId, event.Description))),
		...withMeanings(trace, TRACE_CODES),
	};
}
