import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type NodeApiError,
	type IPollFunctions,
} from 'n8n-workflow';

import { compareEvents } from './eventIdentity';
import { toOutputItem, type ShipmentEvent, type ShipmentTrace } from './events';
import { redactTraceItems, toBatches, traceAll, traceBatch } from './fetchTraces';
import { readSettings, readTraceSource, type TriggerSettings } from './settings';
import { compareWithSeen, summarize, WatchState, type ShipmentState } from './state';

/** Tracking requests in flight at once during a poll. */
const CONCURRENT_REQUESTS = 4;
/** Share of n8n's poll budget spent starting requests; the rest is left for the slowest answers. */
const BUDGET_SHARE = 0.8;
/** Manual mode looks at this many batches at most to find a recent event. */
const TEST_EVENT_BATCHES = 10;

interface FoundEvent {
	event: ShipmentEvent;
	/** The shipment summary (the trace's other events are not kept). */
	shipment: IDataObject;
}

function pollBudgetMs(context: IPollFunctions): number {
	// Older n8n versions do not give a budget.
	return typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : 5 * 60_000;
}

/**
 * Works out the new events of one successfully traced shipment and records them as seen.
 * Some polls after its latest event became a final one, the shipment is marked finished.
 */
function advanceShipment(state: WatchState, trace: ShipmentTrace, settings: TriggerSettings): ShipmentEvent[] {
	const watched = state.get(trace.barcode);
	let previous: ShipmentState | undefined;
	let newEvents: ShipmentEvent[];
	let next: ShipmentState;
	if (watched.status === 'watching') {
		previous = watched.state;
		const comparison = compareWithSeen(watched.state, trace.events);
		if (comparison.outcome === 'mismatch') {
			state.set(trace.barcode, comparison.next);
			return [];
		}
		({ newEvents, next } = comparison);
	} else {
		newEvents = settings.emitExisting ? trace.events : [];
		next = summarize(trace.events);
	}

	const latestIsFinal = trace.events.length > 0 && settings.finalEventIds.has(next.latestEventId);
	if (!latestIsFinal) next.pollsSinceFinal = -1;
	else if (newEvents.length > 0 || previous === undefined || previous.pollsSinceFinal < 0) next.pollsSinceFinal = 0;
	else next.pollsSinceFinal = previous.pollsSinceFinal + 1;

	if (latestIsFinal && next.pollsSinceFinal >= settings.pollsAfterFinal) state.markFinished(trace.barcode);
	else state.set(trace.barcode, next);
	return newEvents;
}

function byTimeThenBarcode(a: FoundEvent, b: FoundEvent): number {
	return compareEvents(a.event, b.event) || a.event.barcode.localeCompare(b.event.barcode);
}

function isWanted(event: ShipmentEvent, eventIds: Set<number> | undefined): boolean {
	return eventIds === undefined || eventIds.has(event.eventId);
}

function toItems(found: FoundEvent[], eventIds: Set<number> | undefined): INodeExecutionData[] {
	return found
		.filter(({ event }) => isWanted(event, eventIds))
		.sort(byTimeThenBarcode)
		.map(({ event, shipment }) => ({ json: toOutputItem(event, shipment) }));
}

/** One poll: trace the watched shipments in batches and emit each event not seen before, oldest first. */
export async function pollTrackingEvents(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings.call(this);
	const state = new WatchState(this.getWorkflowStaticData('node'));
	state.prune(settings.barcodes);

	const toTrace = state.inTracingOrder(settings.barcodes.filter((barcode) => !state.isFinished(barcode)));
	if (toTrace.length === 0) {
		state.commit();
		return null;
	}

	const source = await readTraceSource.call(this, settings.timeoutMs);
	const deadline = Date.now() + pollBudgetMs(this) * BUDGET_SHARE;
	const found: FoundEvent[] = [];
	const outcomes = await traceAll.call(this, source, toBatches(toTrace, settings.batchSize), CONCURRENT_REQUESTS, deadline, (traces) => {
		for (const trace of traces.values()) {
			for (const event of advanceShipment(state, trace, settings)) {
				found.push({ event, shipment: trace.summary });
			}
		}
	});

	const attempted = outcomes.filter((outcome) => !outcome.skipped);
	const failed = attempted.filter((outcome) => outcome.error !== undefined);
	if (attempted.length > 0 && failed.length === attempted.length) {
		// Nothing was learned and no state changed: n8n records the failure and the next poll retries.
		const error = failed[0].error as NodeApiError;
		error.description = [error.description, `All ${attempted.length} tracking requests of this poll failed; nothing was recorded and the next poll tries again.`]
			.filter(Boolean)
			.join(' ');
		throw error;
	}
	if (failed.length > 0) {
		this.logger.warn(
			`Cargus Trigger: ${failed.length} of ${attempted.length} tracking requests failed (${failed[0].error?.message}); their shipments are checked again at the next poll`,
		);
	}

	state.resumeAt(outcomes.find((outcome) => outcome.traced !== true)?.barcodes[0]);
	state.commit();
	const items = redactTraceItems(source, toItems(found, settings.eventIds));
	return items.length > 0 ? [items] : null;
}

/** "Fetch Test Event": the most recent event of the first watched shipments that have one. Changes no state. */
export async function fetchTestEvent(this: IPollFunctions): Promise<INodeExecutionData[][]> {
	const settings = readSettings.call(this);
	if (settings.barcodes.length === 0) {
		throw new NodeOperationError(this.getNode(), 'No barcodes to watch', {
			description: 'Enter at least one barcode in the Barcodes parameter.',
		});
	}
	const source = await readTraceSource.call(this, settings.timeoutMs);
	let lastError: Error | undefined;
	for (const batch of toBatches(settings.barcodes, settings.batchSize).slice(0, TEST_EVENT_BATCHES)) {
		let traces: Map<string, ShipmentTrace>;
		try {
			traces = await traceBatch.call(this, source, batch);
		} catch (error) {
			lastError = error as Error;
			continue;
		}
		const found = [...traces.values()].flatMap((trace) => trace.events.map((event) => ({ event, shipment: trace.summary })));
		const items = toItems(found, settings.eventIds);
		if (items.length > 0) return [redactTraceItems(source, [items[items.length - 1]])];
	}
	if (lastError) throw lastError;
	throw new NodeOperationError(this.getNode(), 'None of the watched shipments has a matching tracking event yet', {
		description:
			'Add a barcode of a shipment that has been picked up, or widen "Only Event IDs". The trigger itself will still emit events as they happen.',
	});
}
