import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { watchedBarcodes } from '../../nodes/CargusTrigger/parameters';

import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { duplicatesOf, groundTruth, identityOf, sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const WATCHED = 5000;
let barcodes: string[] = [];

beforeAll(async () => {
	const startAt = await sandboxTimePlus(sandbox.control, 10);
	for (let created = 0; created < WATCHED; created += 500) {
		const shipments = await sandbox.control.addShipments({ count: 500, scenario: 'random', startAt, stepMinutes: 60 });
		barcodes.push(...shipments.map((shipment) => shipment.barcode));
	}
	barcodes = [...new Set(barcodes)];
});

async function tracingRequestsOf(trigger: TriggerHarness): Promise<{ requests: number; items: IDataObject[] }> {
	await sandbox.control.clearRequests();
	const items = await trigger.poll();
	const requests = (await sandbox.control.requests()).filter((request) => request.operation !== 'login').length;
	return { requests, items };
}

test.each([50, 20])(`${WATCHED} watched barcodes take at most ceil(${WATCHED} / %i) tracking requests per poll`, async (batchSize) => {
	expect(barcodes).toHaveLength(WATCHED);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: barcodes.join('\n'), options: { batchSize } });
	const limit = Math.ceil(WATCHED / batchSize);
	const emitted: IDataObject[] = [];
	const perPoll: number[] = [];
	for (let poll = 0; poll < 4; poll++) {
		const { requests, items } = await tracingRequestsOf(trigger);
		perPoll.push(requests);
		emitted.push(...items);
		await sandbox.control.advanceClock({ minutes: 90 });
	}
	const { requests, items } = await tracingRequestsOf(trigger);
	perPoll.push(requests);
	emitted.push(...items);

	const bytesPerShipment = trigger.staticDataBytes() / WATCHED;
	console.log(
		`scale: ${WATCHED} barcodes, batch size ${batchSize}: tracking requests per poll ${perPoll.join(', ')} (limit ${limit}); ` +
			`static data ${trigger.staticDataBytes()} bytes = ${bytesPerShipment.toFixed(1)} bytes per watched shipment; ${emitted.length} events emitted`,
	);
	expect(Math.max(...perPoll)).toBeLessThanOrEqual(limit);
	expect(perPoll[0]).toBe(limit);
	expect(bytesPerShipment).toBeLessThan(100);
	expect(Object.keys(trigger.staticData.shipments as object)).toHaveLength(WATCHED);
	expect(duplicatesOf(emitted.map(identityOf))).toEqual([]);
	if (batchSize === 50) {
		// The first run starts before any shipment has an event, so it must emit all of them.
		expect(emitted.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	}
	// Five polls of 5,000 shipments: minutes on a machine busy with other work (CI runs n8n servers beside it).
}, 1_200_000);

test('100,000 barcodes in Barcodes are watched, not refused as too long (the bench watches 100,000); an absurd text still is', () => {
	const context = (value: string) =>
		({ getNodeParameter: () => value, getNode: () => ({ name: 'Cargus Trigger', type: 'n8n-nodes-cargus.cargusTrigger', typeVersion: 1, position: [0, 0], parameters: {} }) }) as unknown as IPollFunctions;
	const many = Array.from({ length: 100_000 }, (_, index) => String(1_200_000_001 + index));
	expect(watchedBarcodes(context(many.join('\n')), 'barcodes')).toEqual(many);
	expect(() => watchedBarcodes(context('1'.repeat(5_000_001)), 'barcodes')).toThrow(/^Barcodes: .* is too long$/);
});
