import { toShipmentTrace } from '../../nodes/CargusTrigger/tracking/events';
import type { TraceEvent } from '../../nodes/CargusTrigger/tracking/shipmentEvent';
import { identityOf } from '../../nodes/CargusTrigger/tracking/eventIdentity';

// Saved static data holds sums of these hashes: they must stay what earlier versions computed, or an
// upgrade would see every watched shipment's history as changed. The expected values were recorded
// with the version that hashed the identity text itself.

const BARCODE = '804115458';

function eventsOf(events: Array<[unknown, unknown]>) {
	const Event = events.map(([Date, EventId]) => ({ Date, EventId }) as TraceEvent);
	return toShipmentTrace(BARCODE, { Code: BARCODE, Event }).events;
}

test('an event keeps the identity and hash earlier versions gave it, ordinary or not', () => {
	const events = eventsOf([
		['2026-11-20T14:03:00', 21],
		['2026-11-20T14:03:00.058', 5],
		['2026-11-20 09:00:00', '70'],
		['1969-07-20T20:17:00', 11],
		['2026-11-20T14:03:00', 'abc'],
		['not a date', 21],
		[undefined, 6],
		['2026-11-20T14:03:00+02:00', 0],
		['2026-11-20T14:03:00', 1.5],
		['2026-11-20T14:03:00', -3],
		['2026-11-20T14:03:00', 9007199254740993],
	]);
	expect(events.map((event) => [identityOf(event), event.hash])).toEqual([
		['11@-14182980000', 2457245371],
		['6@', 636025707],
		['21@not a date', 945775018],
		['70@1795165200000', 2092408276],
		['0@1795176180000', 2778537194],
		['-3@1795183380000', 822485098],
		['abc@1795183380000', 3331830752],
		['1.5@1795183380000', 2368231586],
		['21@1795183380000', 2163209891],
		['9007199254740992@1795183380000', 343253113],
		['5@1795183380058', 3553509874],
	]);
});

test('events with the same identity count once, the first one served kept, ordinary or not', () => {
	const events = eventsOf([
		['2026-11-20T14:03:00', 21],
		['not a date', 'abc'],
		['2026-11-20T14:03:00.000', '21'],
		[' not a date ', 'abc'],
		['not a date', 'abd'],
	]);
	expect(events.map((event) => [event.raw.Date, identityOf(event)])).toEqual([
		['not a date', 'abc@not a date'],
		['not a date', 'abd@not a date'],
		['2026-11-20T14:03:00', '21@1795183380000'],
	]);
});

test('a long trace (more events than are compared one by one) drops the same duplicates', () => {
	const duplicates: Array<[unknown, unknown]> = [
		['2026-11-20T14:03:00', 21],
		['not a date', 'abc'],
		['2026-11-20T14:03:00.000', '21'],
		[' not a date ', 'abc'],
		['not a date', 'abd'],
	];
	const others: Array<[unknown, unknown]> = Array.from({ length: 20 }, (_, hour) => [`2026-11-19T${String(hour).padStart(2, '0')}:00:00`, 1]);
	const events = eventsOf([...duplicates, ...others, ...duplicates]);
	expect(events).toHaveLength(3 + others.length);
	expect(events.filter((event) => event.raw.EventId !== 1).map((event) => [event.raw.Date, identityOf(event)])).toEqual([
		['not a date', 'abc@not a date'],
		['not a date', 'abd@not a date'],
		['2026-11-20T14:03:00', '21@1795183380000'],
	]);
});
