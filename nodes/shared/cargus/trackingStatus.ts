import type { IDataObject } from 'n8n-workflow';

import { parseCargusDate } from '../values/cargusDate';
import { TRACE_CODES, withMeanings } from './codeMeanings';

export const DELIVERED_EVENT_ID = 21;

/** A Cargus date as ISO 8601 with its offset ("2026-11-20T14:00:00+02:00"); a date with a zone keeps it. */
export function cargusTimestamp(date: unknown): string | undefined {
	return parseCargusDate(date)?.iso;
}

/** The shipment's latest event (by Date, then EventId), and whether it was delivered, ahead of the trace's own fields (its codes with their meaning beside them). */
export function withCurrentStatus(trace: IDataObject): IDataObject {
	const events = (Array.isArray(trace.Event) ? trace.Event : []).filter(
		(event): event is IDataObject => event !== null && typeof event === 'object',
	);
	let latest: { event: IDataObject; time: number } | undefined;
	for (const event of events) {
		const time = parseCargusDate(event.Date)?.millis ?? 0;
		if (latest === undefined || (time - latest.time || Number(event.EventId) - Number(latest.event.EventId)) > 0) latest = { event, time };
	}
	return {
		Status: latest?.event.Description ?? null,
		StatusEventId: latest?.event.EventId ?? null,
		StatusDate: latest?.event.Date ?? null,
		StatusTimestamp: cargusTimestamp(latest?.event.Date) ?? null,
		StatusLocality: latest?.event.LocalityName ?? null,
		Delivered: events.some((event) => Number(event.EventId) === DELIVERED_EVENT_ID),
		...withMeanings(trace, TRACE_CODES),
	};
}
