import type { IDataObject } from 'n8n-workflow';

import { eventTime, toShipmentTrace } from '../../nodes/CargusTrigger/tracking/events';
import type { TraceEvent } from '../../nodes/CargusTrigger/tracking/shipmentEvent';
import { compareWithSeen, MISMATCHES_BEFORE_RESYNC, summarize, WatchState } from '../../nodes/CargusTrigger/tracking/state';

// The sandbox only ever shows events in date order, one date per event. These cases cannot be
// produced there, so the state rules are checked directly on traces shaped like Cargus answers.

const BARCODE = '804115458';

function trace(events: Array<[string, number]>) {
	const Event: TraceEvent[] = events.map(([Date, EventId]) => ({ Date, EventId, Description: '', LocalityName: '' }));
	return toShipmentTrace(BARCODE, { Code: BARCODE, Event });
}

function seen(events: Array<[string, number]>) {
	return summarize(trace(events).events);
}

function newEventsOf(before: Array<[string, number]>, now: Array<[string, number]>): Array<[string, number]> {
	const comparison = compareWithSeen(seen(before), trace(now).events);
	if (comparison.outcome !== 'new-events') throw new Error(`Expected new events, got ${comparison.outcome}`);
	return comparison.newEvents.map((event) => [String(event.raw.Date), event.eventId]);
}

test('events are ordered by Date, then EventId, whatever order the answer has', () => {
	const sorted = trace([
		['2026-11-20T14:00:00', 21],
		['2026-11-20T14:00:00', 5],
		['2026-11-20T09:00:00.5', 70],
		['2026-11-20T09:00:00.250', 224],
	]).events;
	expect(sorted.map((event) => event.eventId)).toEqual([224, 70, 5, 21]);
});

test('dates with and without fractions or a zone are read as the same instant when they are', () => {
	expect(eventTime('2026-11-20T14:03:00')).toBe(eventTime('2026-11-20T14:03:00.000'));
	expect(eventTime('2026-11-20T14:03:00.035')).toBe(eventTime('2026-11-20T14:03:00') + 35);
	expect(eventTime('2026-11-20T14:03:00+02:00')).toBe(eventTime('2026-11-20T12:03:00Z'));
});

test('the same event served twice, or with an equivalent date, counts once', () => {
	expect(trace([['2026-11-20T14:03:00', 11], ['2026-11-20T14:03:00.000', 11]]).events).toHaveLength(1);
});

test('a second event with the exact date of the latest one seen is new, even with a smaller EventId', () => {
	expect(newEventsOf([['2026-11-20T14:00:00', 21]], [['2026-11-20T14:00:00', 5], ['2026-11-20T14:00:00', 21]])).toEqual([
		['2026-11-20T14:00:00', 5],
	]);
});

test('events that arrive late with an older date are found, and emitted oldest first', () => {
	const before: Array<[string, number]> = [['2026-11-20T09:00:00', 70], ['2026-11-20T15:00:00', 5]];
	const now: Array<[string, number]> = [
		['2026-11-20T09:00:00', 70],
		['2026-11-20T12:00:00', 11],
		['2026-11-20T10:00:00', 224],
		['2026-11-20T15:00:00', 5],
		['2026-11-20T16:00:00', 21],
	];
	expect(newEventsOf(before, now)).toEqual([
		['2026-11-20T10:00:00', 224],
		['2026-11-20T12:00:00', 11],
		['2026-11-20T16:00:00', 21],
	]);
});

test('nothing is new when the answer is the same, in any order', () => {
	const events: Array<[string, number]> = [['2026-11-20T09:00:00', 70], ['2026-11-20T10:00:00', 224]];
	expect(newEventsOf(events, [...events].reverse())).toEqual([]);
});

test('an answer that forgets seen events is not trusted at once, and its events are not repeated when they return', () => {
	const full: Array<[string, number]> = [['2026-11-20T09:00:00', 70], ['2026-11-20T10:00:00', 224], ['2026-11-20T11:00:00', 11]];
	let state = seen(full);
	const partial = compareWithSeen(state, trace(full.slice(1)).events);
	expect(partial.outcome).toBe('mismatch');
	state = partial.next;

	const back = compareWithSeen(state, trace(full).events);
	expect(back).toMatchObject({ outcome: 'new-events', newEvents: [] });
	expect(back.next.mismatches).toBe(0);
});

test('when the service keeps showing a changed history, the trigger starts again from it', () => {
	let state = seen([['2026-11-20T09:00:00', 70], ['2026-11-20T10:00:00', 224]]);
	const rewritten = trace([['2026-11-20T09:30:00', 70], ['2026-11-20T10:00:00', 224], ['2026-11-20T11:00:00', 11]]).events;
	for (let answer = 1; answer < MISMATCHES_BEFORE_RESYNC; answer++) {
		const comparison = compareWithSeen(state, rewritten);
		expect(comparison.outcome).toBe('mismatch');
		state = comparison.next;
	}
	const resync = compareWithSeen(state, rewritten);
	expect(resync.outcome).toBe('new-events');
	expect(resync.outcome === 'new-events' && resync.newEvents.map((event) => event.eventId)).toEqual([11]);
	expect(compareWithSeen(resync.next, rewritten)).toMatchObject({ outcome: 'new-events', newEvents: [] });
});

test('a shipment takes under 100 bytes of static data at worst, however many events it had', () => {
	const staticData: IDataObject = {};
	const state = new WatchState(staticData);
	const longest = '12345678901234567890';
	const events = Array.from({ length: 40 }, (_, index): [string, number] => [
		`2026-11-${String(1 + (index % 28)).padStart(2, '0')}T23:59:59.999`,
		100000 + index,
	]);
	state.set(longest, { ...seen(events), pollsSinceFinal: 12345, mismatches: 2 });
	state.commit();
	const bytes = Buffer.byteLength(JSON.stringify(staticData)) - Buffer.byteLength(JSON.stringify({ shipments: {} }));
	expect(bytes).toBeLessThan(100);
	expect(state.get(longest)).toMatchObject({ status: 'watching', state: { count: 40, pollsSinceFinal: 12345, mismatches: 2 } });
});
