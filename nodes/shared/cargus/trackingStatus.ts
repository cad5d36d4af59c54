import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties, PostReceiveAction } from 'n8n-workflow';

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

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	hint: 'Puts the current status at the top of each item: Status, StatusEventId, StatusDate, StatusTimestamp, StatusLocality and Delivered; TypeText and OrderStatusText say what Type and OrderStatus mean. The events stay under Event.',
};

/** With Simplify on, each shipment's item starts with its current status. */
export const currentStatusFirst: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('simplify', false) !== true) return items;
	return items.map((item) => ({ ...item, json: withCurrentStatus(item.json) }));
};
