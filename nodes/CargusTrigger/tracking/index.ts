
import type { TriggerEvent } from '../triggerEvent';
import { trackingProperties } from './description';
import { compareEvents } from './eventIdentity';
import { toOutputItem, type ShipmentTrace } from './events';
import { toBatches, traceAccount, traceBatch, TRACKING_REQUEST } from './fetchTraces';
import { readSettings, type TrackingSettings } from './settings';
import { eventTime } from './events';
import { withOrderAndRecipient } from './orderAndRecipient';
import type { FoundEvent, ShipmentEvent } from './shipmentEvent';
import { compareWithSeen, summarize, WatchState, type ShipmentState } from './state';

/** Tracking requests in flight at once during a poll. */
const CONCURRENT_REQUESTS = 4;

/**
 * Works out the new events of one successfully traced shipment and records them as seen.
 * Some polls after its latest event became a final one, the shipment is marked finished.
 */
function advanceShipment(state: WatchState, trace: ShipmentTrace, settings: TrackingSettings): ShipmentEvent[] {
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
		// With the whole account watched, a shipment that shows up after the account was first read is new from its first event.
		newEvents = settings.emitExisting || (settings.account !== undefined && state.accountWatched) ? trace.events : [];
		next = summarize(trace.events);
	}

	const latestIsFinal = trace.events.length > 0 && settings.finalEventIds.has(next.latestEventId);
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

/** A batch of listed barcodes, or the whole account (All Shipments of the Account). */
type TrackingRequest = string[] | 'account';

/**
 * New Tracking Event: each new tracking event of the account's shipments (GetDeltaEvents, one request a poll)
 * or of the listed ones (GetAwbTraceOneRequest, 50 barcodes a request).
 */
export const newTrackingEvent: TriggerEvent<TrackingSettings, WatchState, TrackingRequest, Map<string, ShipmentTrace>, FoundEvent> = {
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
			'Add a barcode of a shipment that has been picked up, or widen "Only Event IDs". The trigger itself will still emit events as they happen.',
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

	async fetch(context, source, request, settings) {
		if (request === 'account') return await traceAccount.call(context, source, settings.account?.from ?? '', settings.account?.to ?? '');
		return await traceBatch.call(context, source, request);
	},

	receive(state, request, traces, settings) {
		const changes: FoundEvent[] = [];
		for (const trace of traces.values()) {
			for (const event of advanceShipment(state, trace, settings)) {
				if (settings.eventIds === undefined || settings.eventIds.has(event.eventId)) changes.push({ event, shipment: trace.summary });
			}
		}
		if (request === 'account') state.watchAccount();
		return { changes };
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
