import type { IDataObject } from 'n8n-workflow';

import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { duplicatesOf, groundTruth, identityOf, isOldestFirst } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

/**
 * A watched in-transit shipment whose 70, 10 and 11 the trigger has already emitted: picked up
 * 150 minutes ago, one event an hour; the trigger started watching before the pickup.
 */
async function watchedShipment(): Promise<{ barcode: string; trigger: TriggerHarness; seen: IDataObject[] }> {
	const startAt = new Date(new Date((await sandbox.control.clock()).now).getTime() + 30 * 60_000).toISOString();
	const [created] = await sandbox.control.addShipments({ scenario: 'in-transit', startAt, stepMinutes: 60 });
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: created.barcode });
	expect(await trigger.poll()).toEqual([]);
	await sandbox.control.advanceClock({ minutes: 180 });
	const seen = await trigger.poll();
	expect(seen.map((item) => item.EventId)).toEqual([70, 10, 11]);
	return { barcode: created.barcode, trigger, seen };
}

/** The identities of the shipment's events the sandbox serves now that are not among `emitted`. */
async function notEmitted(barcode: string, emitted: IDataObject[]): Promise<string[]> {
	const identities = new Set(emitted.map(identityOf));
	return (await groundTruth(sandbox.control, [barcode])).filter((identity) => !identities.has(identity));
}

/** The served Date of an event, as the trace shows it, shifted by some minutes (Bucharest local, no zone). */
function shifted(date: unknown, minutes: number): string {
	return new Date(new Date(`${String(date)}Z`).getTime() + minutes * 60_000).toISOString().slice(0, 19);
}

test('an event recorded late, dated before the latest one seen, is emitted exactly once at the next poll', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	const latest = seen[seen.length - 1];
	const lateDate = shifted(latest.Date, -20);
	await sandbox.control.addEvent(barcode, { EventId: 10, Date: lateDate, Description: 'Intrare in depozit' });

	const items = await trigger.poll();
	expect(items.map((item) => [item.Barcode, item.EventId, item.Date, item.Description])).toEqual([
		[barcode, 10, lateDate, 'Intrare in depozit'],
	]);
	expect(items[0].Shipment).toMatchObject({ Code: barcode });
	expect(await trigger.poll()).toEqual([]);

	// Survives a restart: what n8n saved knows the late event too.
	trigger.restart();
	expect(await trigger.poll()).toEqual([]);
	expect(await notEmitted(barcode, [...seen, ...items])).toEqual([]);
});

test('two late events in one poll, one of them older than every event seen, are each emitted once, oldest first', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	await sandbox.control.addEvent(barcode, { EventId: 6, Date: shifted(seen[0].Date, -90) });
	await sandbox.control.addEvent(barcode, { EventId: 11, Date: shifted(seen[1].Date, 10) });

	const items = await trigger.poll();
	expect(items.map((item) => [item.EventId, item.Date])).toEqual([
		[6, shifted(seen[0].Date, -90)],
		[11, shifted(seen[1].Date, 10)],
	]);
	expect(await trigger.poll()).toEqual([]);
	expect(await notEmitted(barcode, [...seen, ...items])).toEqual([]);
});

test('a late event and a new one in the same poll are both emitted once, in Date order', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	await sandbox.control.addEvent(barcode, { EventId: 70, Date: shifted(seen[0].Date, 5), LocalityName: 'OTOPENI' });
	await sandbox.control.addEvent(barcode, { EventId: 5 });

	const items = await trigger.poll();
	expect(items.map((item) => [item.EventId, item.Date])).toEqual([
		[70, shifted(seen[0].Date, 5)],
		[5, shifted(seen[2].Date, 30)],
	]);
	expect(isOldestFirst(items)).toBe(true);
	expect(await trigger.poll()).toEqual([]);
	expect(await notEmitted(barcode, [...seen, ...items])).toEqual([]);
});

test('two new events with the same Date and different EventIds are both emitted exactly once', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	const date = shifted(seen[2].Date, 10);
	await sandbox.control.addEvent(barcode, { EventId: 6, Date: date });
	await sandbox.control.addEvent(barcode, { EventId: 5, Date: date });

	const items = await trigger.poll();
	expect(items.map((item) => [item.EventId, item.Date])).toEqual([
		[5, date],
		[6, date],
	]);
	expect(await trigger.poll()).toEqual([]);
	expect(await notEmitted(barcode, [...seen, ...items])).toEqual([]);
});

test('events sharing the Date of one already seen, arriving in later polls with lower and higher EventIds, are each emitted once', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	const latest = seen[2];
	expect(latest.EventId).toBe(11);

	// A lower EventId at the exact Date of the latest event seen: not after the high-water mark.
	await sandbox.control.addEvent(barcode, { EventId: 5, Date: String(latest.Date) });
	const first = await trigger.poll();
	expect(first.map((item) => [item.EventId, item.Date])).toEqual([[5, latest.Date]]);
	expect(await trigger.poll()).toEqual([]);

	// A higher EventId at that Date, then a lower one still, each in its own poll.
	await sandbox.control.addEvent(barcode, { EventId: 21, Date: String(latest.Date) });
	const second = await trigger.poll();
	expect(second.map((item) => [item.EventId, item.Date])).toEqual([[21, latest.Date]]);
	await sandbox.control.addEvent(barcode, { EventId: 6, Date: String(latest.Date) });
	const third = await trigger.poll();
	expect(third.map((item) => [item.EventId, item.Date])).toEqual([[6, latest.Date]]);
	expect(await trigger.poll()).toEqual([]);

	// The same Date as an older event seen, in the same poll as a brand-new one at that Date too.
	await sandbox.control.addEvent(barcode, { EventId: 196, Date: String(seen[0].Date) });
	await sandbox.control.addEvent(barcode, { EventId: 198, Date: String(seen[0].Date) });
	const fourth = await trigger.poll();
	expect(fourth.map((item) => [item.EventId, item.Date])).toEqual([
		[196, seen[0].Date],
		[198, seen[0].Date],
	]);
	expect(await trigger.poll()).toEqual([]);
	trigger.restart();
	expect(await trigger.poll()).toEqual([]);

	const emitted = [...seen, ...first, ...second, ...third, ...fourth];
	expect(duplicatesOf(emitted.map(identityOf))).toEqual([]);
	expect(await notEmitted(barcode, emitted)).toEqual([]);
});

test('an event recorded late becomes visible only from its visibleAt; it is emitted at the first poll after that, once', async () => {
	const { barcode, trigger, seen } = await watchedShipment();
	const { now } = await sandbox.control.clock();
	const visibleAt = new Date(new Date(now).getTime() + 30 * 60_000).toISOString();
	await sandbox.control.addEvent(barcode, { EventId: 10, Date: shifted(seen[1].Date, 1), visibleAt });

	expect(await trigger.poll()).toEqual([]);
	await sandbox.control.advanceClock({ minutes: 30 });
	const items = await trigger.poll();
	expect(items.map((item) => [item.EventId, item.Date])).toEqual([[10, shifted(seen[1].Date, 1)]]);
	expect(await trigger.poll()).toEqual([]);
});
