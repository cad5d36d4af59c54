/**
 * New Tracking Event says what happened (Outcome) and chooses events by it: Only Outcomes, Stop Watching After; event
 * ids saved in a workflow or given by an expression keep working; a multi-parcel AWB is one shipment.
 */
import type { IDataObject } from 'n8n-workflow';

import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

/** New parcels of each scenario, their events 30 minutes apart from 10 minutes from now on. */
async function parcels(scenarios: Array<'delivered' | 'refused' | 'wrong-address' | 'not-at-home'>, parcelsEach = 1): Promise<string[]> {
	const startAt = await sandboxTimePlus(sandbox.control, 10);
	const barcodes: string[] = [];
	for (const scenario of scenarios) {
		const [shipment] = await sandbox.control.addShipments({ count: 1, scenario, startAt, stepMinutes: 30, parcels: parcelsEach });
		barcodes.push(shipment.barcode);
	}
	return barcodes;
}

/** Polls every 30 sandbox minutes until the parcels' paths are over: every item emitted. */
async function pollThrough(trigger: TriggerHarness, polls = 20): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let poll = 0; poll < polls; poll++) {
		await sandbox.control.advanceClock({ minutes: 30 });
		items.push(...(await trigger.poll()));
	}
	return items;
}

test('each event carries its Outcome beside Cargus\' id and words; Only Outcomes refused and returned emits a refusal and its return, and a wrong address\'s return', async () => {
	const barcodes = await parcels(['delivered', 'refused', 'wrong-address']);
	const all = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes, options: {} });
	const only = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes, options: { eventIds: ['refused', 'returned'] } });
	expect([await all.poll(), await only.poll()]).toEqual([[], []]);
	const items: IDataObject[] = [];
	for (let poll = 0; poll < 20; poll++) {
		await sandbox.control.advanceClock({ minutes: 30 });
		items.push(...(await all.poll()).map((item) => ({ ...item, by: 'all' })), ...(await only.poll()).map((item) => ({ ...item, by: 'only' })));
	}
	const byOutcome = (by: string) => items.filter((item) => item.by === by).map((item) => `${item.Barcode} ${item.EventId} ${item.Outcome}`);
	expect(byOutcome('all')).toEqual(expect.arrayContaining([`${barcodes[0]} 21 delivered`, `${barcodes[1]} 186 refused`, `${barcodes[1]} 197 returned`, `${barcodes[2]} 6 wrong address`]));
	expect(byOutcome('only').sort()).toEqual([`${barcodes[1]} 186 refused`, `${barcodes[1]} 197 returned`, `${barcodes[2]} 198 returned`].sort());
	for (const item of items) expect(item.Description).toEqual(expect.any(String));
});

test('event ids saved before outcomes existed, or given by an expression, still choose events', async () => {
	const barcodes = await parcels(['refused', 'not-at-home']);
	const saved = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes, options: { eventIds: [186, 110] } });
	const expression = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes, options: { eventIds: '={{ "186, 110" }}' } });
	expect([await saved.poll(), await expression.poll()]).toEqual([[], []]);
	const emitted = { saved: [] as string[], expression: [] as string[] };
	for (let poll = 0; poll < 20; poll++) {
		await sandbox.control.advanceClock({ minutes: 30 });
		emitted.saved.push(...(await saved.poll()).map((item) => `${item.Barcode} ${item.EventId}`));
		emitted.expression.push(...(await expression.poll()).map((item) => `${item.Barcode} ${item.EventId}`));
	}
	expect([...emitted.saved].sort()).toEqual([`${barcodes[0]} 186`, `${barcodes[1]} 110`].sort());
	expect([...emitted.expression].sort()).toEqual([...emitted.saved].sort());
});

test('Stop Watching After, unset, stops after delivered or returned: a returned parcel is no longer traced', async () => {
	const barcodes = await parcels(['refused']);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes, options: { pollsAfterFinal: 1 } });
	await trigger.poll();
	await pollThrough(trigger);
	await sandbox.control.clearRequests();
	await sandbox.control.advanceClock({ minutes: 30 });
	await trigger.poll();
	expect((await sandbox.control.requests()).filter((request) => request.operation.startsWith('trace'))).toEqual([]);
});

test('a multi-parcel AWB is one shipment: each event once, under the AWB\'s barcode', async () => {
	const [multi] = await parcels(['delivered'], 3);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: [multi] });
	await trigger.poll();
	const items = await pollThrough(trigger, 10);
	const truth = (await sandbox.control.shipments([multi]))[0].visibleEvents;
	expect(items.map((item) => `${item.Barcode} ${item.EventId} ${item.Date}`)).toEqual(truth.map((event) => `${multi} ${event.EventId} ${event.Date}`));
});
