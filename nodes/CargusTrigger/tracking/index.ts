
import type { TriggerEvent } from '../triggerEvent';
import { trackingProperties } from './description';
import { compareEvents } from './eventIdentity';
import type { DeltaAnswer } from './deltaRows';
import { eventTime, toOutputItem, type ShipmentTrace } from './events';
import { toBatches, traceAccount, traceBatch, TRACKING_REQUEST } from './fetchTraces';
import { isChosen, readSettings, type TrackingSettings } from './settings';
import { withOrderAndRecipient } from './orderAndRecipient';
import type { FoundEvent, ShipmentEvent } from './shipmentEvent';
import { compareWithSeen, summarize, WatchState, type SeenRow, type ShipmentState } from './state';

/** Tracking requests in flight at once during a poll. */
const CONCURRENT_REQUESTS = 4;
/** GetDeltaEvents answered per shipment: at most this many trace requests a poll for the shipments that moved (the rest wait for the next poll). */
const TRACE_REQUESTS_PER_POLL = 10;

/** The events of a shipment first seen now: which of them are new. */
function firstEvents(state: WatchState, trace: ShipmentTrace, settings: TrackingSettings, row: SeenRow | undefined): ShipmentEvent[] {
	if (settings.emitExisting) return trace.events;
	if (settings.account === undefined || !state.accountWatched) return [];
	// Its row was seen before: what came after that row's latest event is new.
	if (row !== undefined) return trace.events.filter((event) => event.time > row.latestTime);
	// A shipment that shows up after the account was first read: new from its first event (in the window).
	return trace.events;
}

/**
 * With the whole account watched, a shipment's events in the account's window: what GetDeltaEvents answers per
 * event, so that what is remembered of a shipment is the same whichever way Cargus answers.
 */
function inWindow(trace: ShipmentTrace, settings: TrackingSettings): ShipmentTrace {
	if (settings.account === undefined) return trace;
	const windowStart = eventTime(`${settings.account.from}T00:00:00`);
	if (trace.events.every((event) => event.time >= windowStart)) return trace;
	return {
		barcode: trace.barcode,
		events: trace.events.filter((event) => event.time >= windowStart),
		get summary() {
			return trace.summary;
		},
	};
}

/**
 * Works out the new events of one successfully traced shipment and records them as seen.
 * Some polls after its latest event became a final one, the shipment is marked finished.
 * `row`: the shipment's GetDeltaEvents row as seen before it moved, when Cargus answers per shipment.
 */
function advanceShipment(state: WatchState, trace: ShipmentTrace, settings: TrackingSettings, row?: SeenRow): ShipmentEvent[] {
	const watched = state.get(trace.barcode);
	let previous: ShipmentState | undefined;
	let newEvents: ShipmentEvent[];
	let next: ShipmentState;
	if (watched.status === 'finished') return [];
	if (watched.status === 'watching' && settings.account !== undefined && trace.events.filter((event) => !isAfter(event, watched.state)).length < watched.state.count) {
		// Events left the account window (they are dated before it): what is after the mark is new.
		newEvents = trace.events.filter((event) => isAfter(event, watched.state));
		next = summarize(trace.events, watched.state);
		previous = watched.state;
	} else if (watched.status === 'watching') {
		previous = watched.state;
		const comparison = compareWithSeen(watched.state, trace.events);
		if (comparison.outcome === 'mismatch') {
			state.set(trace.barcode, comparison.next);
			return [];
		}
		({ newEvents, next } = comparison);
	} else {
		newEvents = firstEvents(state, trace, settings, row);
		next = summarize(trace.events);
	}

	const latest = trace.events[trace.events.length - 1];
	const latestIsFinal = latest !== undefined && isChosen(settings.finalEventIds, latest);
	if (!latestIsFinal) next.pollsSinceFinal = -1;
	else if (newEvents.length > 0 || previous === undefined || previous.pollsSinceFinal < 0) next.pollsSinceFinal = 0;
	else next.pollsSinceFinal = previous.pollsSinceFinal + 1;

	if (latestIsFinal && next.pollsSinceFinal >= settings.pollsAfterFinal) state.markFinished(trace.barcode, next.latestTime);
	else state.set(trace.barcode, next);
	return newEvents;
}

function isAfter(event: ShipmentEvent, state: ShipmentState): boolean {
	return event.time > state.latestTime || (event.time === state.latestTime && event.eventId > state.latestEventId);
}

/** A batch of listed barcodes (or of the account's shipments that moved), or the whole account (All Shipments of the Account). */
type TrackingRequest = string[] | 'account';

/**
 * The shipments whose GetDeltaEvents row changed since it was last seen, to trace (the rows that did not are seen).
 * When the account is first read, every row is seen as it is: nothing is traced.
 */
function shipmentsThatMoved(state: WatchState, answer: DeltaAnswer, settings: TrackingSettings): string[] {
	const moved: Array<{ barcode: string; time: number }> = [];
	const firstRead = !state.accountWatched && !settings.emitExisting;
	for (const [barcode, row] of answer.rows) {
		const seen = state.seenRow(barcode);
		if (seen !== undefined && seen.hash === row.hash) continue;
		const watched = state.get(barcode);
		// Already traced (Cargus answered per event before): moved only if the row shows a later event.
		const known = seen === undefined && watched.status === 'watching' && row.latestTime <= watched.state.latestTime;
		if (watched.status === 'finished' || firstRead || known) {
			state.seeRow(barcode, row);
			continue;
		}
		state.traceRow(barcode, seen, row);
		moved.push({ barcode, time: row.latestTime });
	}
	state.keepRowsOf(new Set(answer.rows.keys()));
	return moved.sort((a, b) => a.time - b.time || a.barcode.localeCompare(b.barcode)).map(({ barcode }) => barcode);
}

/**
 * New Tracking Event: each new tracking event of the account's shipments (GetDeltaEvents, one request a poll)
 * or of the listed ones (GetAwbTraceOneRequest, 50 barcodes a request).
 */
export const newTrackingEvent: TriggerEvent<TrackingSettings, WatchState, TrackingRequest, DeltaAnswer | Map<string, ShipmentTrace>, FoundEvent> = {
	option: {
		name: 'New Tracking Event',
		value: 'newTrackingEvent',
		description: 'One item per new tracking event of a watched shipment, oldest first',
	},
	properties: trackingProperties,
	requestName: TRACKING_REQUEST,
	concurrency: CONCURRENT_REQUESTS,
	noTestEvent: {
		message: 'None of the watched shipments has a matching tracking event yet',
		description:
			'Add a barcode of a shipment that has been picked up, or widen "Only Outcomes". The trigger itself will still emit events as they happen.',
	},
	nothingToWatch: { message: 'No barcodes to watch', description: 'Enter at least one barcode in the Barcodes parameter.' },
	readSettings,

	openState(staticData, settings) {
		const state = new WatchState(staticData, settings.account !== undefined);
		if (settings.account === undefined) state.prune(settings.barcodes);
		else state.forgetBefore(eventTime(`${settings.account.from}T00:00:00`));
		return state;
	},

	plan(state, settings) {
		if (settings.account !== undefined) return ['account'];
		const toTrace = state.inTracingOrder(settings.barcodes.filter((barcode) => !state.isFinished(barcode)));
		return toBatches(toTrace, settings.batchSize);
	},

	async send(context, source, request, settings) {
		if (request === 'account') return await traceAccount.call(context, source, settings.account?.from ?? '', settings.account?.to ?? '');
		return await traceBatch.call(context, source, request);
	},

	receive(state, _request, answer, settings) {
		const changes: FoundEvent[] = [];
		const traces = answer instanceof Map ? answer : answer.traces;
		for (const answered of traces.values()) {
			const trace = inWindow(answered, settings);
			const row = state.takeRowToTrace(trace.barcode);
			// A shipment known only by its row (Cargus answered per shipment before): what came after the row is new.
			const before = row === undefined ? state.seenRow(trace.barcode) : row.before;
			for (const event of advanceShipment(state, trace, settings, before)) {
				if (settings.eventIds === undefined || isChosen(settings.eventIds, event)) changes.push({ event, shipment: trace.summary });
			}
			if (row !== undefined) state.seeRow(trace.barcode, row.now);
		}
		if (answer instanceof Map) return { changes };
		const moved = shipmentsThatMoved(state, answer, settings);
		state.watchAccount();
		return { changes, more: toBatches(moved, settings.batchSize).slice(0, TRACE_REQUESTS_PER_POLL) };
	},

	settle(state, outcomes) {
		// Under a lasting rate limit or time budget every batch gets its turn.
		const unfinished = outcomes.find((outcome) => outcome.done !== true)?.request;
		state.resumeAt(Array.isArray(unfinished) ? unfinished[0] : undefined);
	},

	complete: withOrderAndRecipient,

	compare(a, b) {
		return compareEvents(a.event, b.event) || a.event.barcode.localeCompare(b.event.barcode);
	},

	toItem({ event, shipment, awb }) {
		return { json: awb === undefined ? toOutputItem(event, shipment) : { ...toOutputItem(event, shipment), ...awb } };
	},
};
