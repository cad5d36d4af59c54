import { NodeApiError } from 'n8n-workflow';

import type { ScenarioName } from '../../sandbox/control/client';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { duplicatesOf, groundTruth, identityOf, isOldestFirst, sandboxTimePlus } from './helpers/events';
import { TriggerHarness, type TriggerParameters } from './helpers/pollHarness';

const sandbox = useSandbox();

/** Shipments whose first event comes 30 minutes from now, one event an hour after that. */
async function newShipments(count: number, scenario: ScenarioName = 'delivered'): Promise<string[]> {
	const startAt = await sandboxTimePlus(sandbox.control, 30);
	const created = await sandbox.control.addShipments({ count, scenario, startAt, stepMinutes: 60 });
	return created.map((shipment) => shipment.barcode);
}

function watch(barcodes: string[], options: TriggerParameters['options'] = {}, kind: 'login' | 'key-only' = 'login') {
	return new TriggerHarness(sandboxCredential(sandbox.url, kind === 'key-only' ? KEY_ONLY : {}), { barcodes: barcodes.join('\n'), options });
}

afterEach(async () => {
	await sandbox.control.clearFaults();
});

test('each new event becomes one item, oldest first, with the barcode, the event and the shipment summary', async () => {
	const barcodes = await newShipments(3);
	const trigger = watch(barcodes);
	expect(await trigger.poll()).toEqual([]);

	await sandbox.control.advanceClock({ minutes: 150 });
	const items = await trigger.poll();

	expect(items.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	expect(items).toHaveLength(9);
	expect(isOldestFirst(items)).toBe(true);
	expect(items[0]).toMatchObject({
		Barcode: barcodes[0],
		EventId: 70,
		Description: expect.any(String),
		LocalityName: expect.any(String),
		Shipment: { Type: expect.any(String), OrderStatus: expect.any(Number), OrderLate: expect.any(Boolean) },
	});
	expect(items[0].Shipment).not.toHaveProperty('Event');
	// One naming (Cargus' PascalCase) for every key, and the date also as ISO 8601 with Bucharest's offset.
	expect(Object.keys(items[0]).filter((key) => !/^[A-Z]/.test(key))).toEqual([]);
	expect(String(items[0].Timestamp)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?[+-]0[23]:00$/);
	expect(Date.parse(String(items[0].Timestamp))).toBe(Date.parse(`${String(items[0].Date)}+02:00`));
});

test('the same poll run twice emits nothing the second time', async () => {
	const barcodes = await newShipments(4);
	const trigger = watch(barcodes);
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 100 });

	const first = await trigger.poll();
	const second = await trigger.poll();

	expect(first.length).toBe(8);
	expect(second).toEqual([]);
});

test('state survives a restart: nothing lost, nothing repeated', async () => {
	const barcodes = await newShipments(5, 'returned');
	const trigger = watch(barcodes);
	const emitted = [];
	for (let poll = 1; poll <= 10; poll++) {
		emitted.push(...(await trigger.poll()));
		// Restarts after several polls and after one: n8n must have saved what every poll learned.
		if ([3, 4, 8].includes(poll)) trigger.restart();
		await sandbox.control.advanceClock({ minutes: 45 });
	}
	emitted.push(...(await trigger.poll()));

	const identities = emitted.map(identityOf);
	expect(duplicatesOf(identities)).toEqual([]);
	expect(identities.sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	expect(identities.length).toBe(5 * 7);
});

test('events a shipment already has when first watched are not emitted, unless asked', async () => {
	const barcodes = await newShipments(2);
	await sandbox.control.advanceClock({ minutes: 100 });

	expect(await watch(barcodes).poll()).toEqual([]);
	const withExisting = await watch(barcodes, { emitExisting: true }).poll();
	expect(withExisting.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	expect(withExisting).toHaveLength(4);
});

test('Fetch Test Event returns the most recent real event and changes no state', async () => {
	const barcodes = await newShipments(3);
	await sandbox.control.advanceClock({ minutes: 100 });
	const trigger = watch(barcodes);

	const sample = await trigger.fetchTestEvent();
	expect(trigger.manualRunChangedStaticData).toBe(false);
	expect(trigger.staticData).toEqual({});

	const truth = await groundTruth(sandbox.control, barcodes);
	expect(sample).toHaveLength(1);
	expect(truth).toContain(identityOf(sample[0]));
	expect(sample[0].Date).toBe(truth.map((identity) => identity.split('|')[2]).sort().pop());

	await trigger.poll();
	const before = JSON.stringify(trigger.staticData);
	await sandbox.control.advanceClock({ minutes: 60 });
	await trigger.fetchTestEvent();
	expect(trigger.manualRunChangedStaticData).toBe(false);
	expect(JSON.stringify(trigger.staticData)).toBe(before);
	expect(await trigger.poll()).toHaveLength(3);
});

test('removing barcodes from the list forgets their state', async () => {
	const barcodes = await newShipments(3);
	const trigger = watch(barcodes);
	await trigger.poll();
	expect(Object.keys(trigger.staticData.shipments as object).sort()).toEqual([...barcodes].sort());

	trigger.parameters = { barcodes: barcodes[0] };
	await trigger.poll();
	expect(Object.keys(trigger.staticData.shipments as object)).toEqual([barcodes[0]]);

	trigger.parameters = { barcodes: '' };
	expect(await trigger.poll()).toEqual([]);
	expect(trigger.staticData.shipments).toEqual({});
});

test('the barcode list can come from an expression, evaluated at every poll', async () => {
	const barcodes = await newShipments(2);
	const trigger = watch([]);
	trigger.parameters = { barcodes: `={{ ${JSON.stringify(barcodes)} }}` };
	await trigger.poll();
	expect(Object.keys(trigger.staticData.shipments as object).sort()).toEqual([...barcodes].sort());
});

test('a key-only credential traces with the no-login operation', async () => {
	const barcodes = await newShipments(2);
	const trigger = watch(barcodes, {}, 'key-only');
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 40 });
	await sandbox.control.clearRequests();

	const items = await trigger.poll();

	expect(items).toHaveLength(2);
	expect(items[0].Shipment).not.toHaveProperty('OrderStatus');
	const requests = await sandbox.control.requests();
	expect(requests.map((request) => [request.operation, request.auth])).toEqual([['traceNoAuth', 'none']]);
});

test('only the chosen event ids are emitted, and the others are still remembered', async () => {
	const barcodes = await newShipments(3);
	const trigger = watch(barcodes, { eventIds: [21] });
	const emitted = [];
	for (let poll = 0; poll < 8; poll++) {
		emitted.push(...(await trigger.poll()));
		await sandbox.control.advanceClock({ minutes: 60 });
	}
	emitted.push(...(await trigger.poll()));

	expect(emitted.map((item) => item.EventId)).toEqual([21, 21, 21]);
	expect(emitted.map((item) => item.Barcode).sort()).toEqual([...barcodes].sort());
});

test('a failed batch changes no state for its shipments, the other batches still emit, the next poll catches up', async () => {
	const barcodes = await newShipments(4);
	const trigger = watch(barcodes, { batchSize: 2 });
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 100 });
	const before = structuredClone(trigger.staticData.shipments) as Record<string, unknown>;
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 500, count: 1 });

	const first = await trigger.poll();

	const after = trigger.staticData.shipments as Record<string, unknown>;
	const unchanged = barcodes.filter((barcode) => JSON.stringify(after[barcode]) === JSON.stringify(before[barcode]));
	expect(unchanged).toHaveLength(2);
	expect(first).toHaveLength(4);
	expect(first.every((item) => !unchanged.includes(String(item.Barcode)))).toBe(true);

	const second = await trigger.poll();
	expect(second.map((item) => item.Barcode).sort()).toEqual([...unchanged, ...unchanged].sort());
	expect([...first, ...second].map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
});

test('when every request fails, the poll throws a NodeApiError n8n can classify and changes no state', async () => {
	const barcodes = await newShipments(3);
	const trigger = watch(barcodes, { batchSize: 1 });
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 100 });
	const before = JSON.stringify(trigger.staticData);
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 429 });
	// A 429 is waited out within the poll's budget (a second each here): a short budget runs out after a few.
	trigger.pollBudgetMs = 3000;

	const failure = await trigger.poll().catch((error: unknown) => error);
	trigger.pollBudgetMs = undefined;

	expect(failure).toBeInstanceOf(NodeApiError);
	expect((failure as NodeApiError).httpCode).toBe('429');
	expect(JSON.stringify(trigger.staticData)).toBe(before);

	await sandbox.control.clearFaults();
	expect(await trigger.poll()).toHaveLength(6);
});

test('delivered and returned shipments stop being traced some polls after their final event', async () => {
	const [delivered] = await newShipments(1, 'delivered');
	const [returned] = await newShipments(1, 'returned');
	const [inTransit] = await newShipments(1, 'in-transit');
	const trigger = watch([delivered, returned, inTransit], { pollsAfterFinal: 2 });
	for (let poll = 0; poll < 12; poll++) {
		await trigger.poll();
		await sandbox.control.advanceClock({ minutes: 60 });
	}
	await sandbox.control.clearRequests();
	await trigger.poll();

	const shipments = trigger.liveStaticData.shipments as Record<string, unknown>;
	expect(shipments[delivered]).toBe(0);
	expect(shipments[returned]).toBe(0);
	expect(Array.isArray(shipments[inTransit])).toBe(true);
	const traced = (await sandbox.control.requests('traceOneRequest')).map((request) => String(request.query.barCode));
	expect(traced).toEqual([`[${inTransit}]`]);
});

test('an expired token is renewed, whichever way the service says so, and nothing is lost', async () => {
	const barcodes = await newShipments(2);
	const trigger = watch(barcodes);
	const emitted = [];
	emitted.push(...(await trigger.poll()));
	for (const answer of ['401', 'failed-to-authenticate'] as const) {
		await sandbox.control.setSettings({ expiredTokenAnswer: answer });
		await sandbox.control.advanceClock({ minutes: 60 });
		await sandbox.control.expireTokens();
		await sandbox.control.clearRequests();
		emitted.push(...(await trigger.poll()));
		expect((await sandbox.control.requests('login')).length).toBe(1);
	}
	await sandbox.control.setSettings({ expiredTokenAnswer: '401' });

	expect(emitted.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	expect(emitted).toHaveLength(4);
});

test('a poll near the end of its time budget starts no more requests; the next poll traces the rest', async () => {
	const barcodes = await newShipments(8);
	const trigger = watch(barcodes, { batchSize: 1 });
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 40 });
	// Each answer takes 5 s, beyond the 2 s budget: only the first requests, started at once, are made. (A 100 ms
	// budget was spent before the first request at a load of 20: the poll then made none, and proved nothing.)
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'latency', latencyMs: 5000 });
	await sandbox.control.clearRequests();
	trigger.pollBudgetMs = 2000;

	const first = await trigger.poll();

	const traced = (await sandbox.control.requests('traceOneRequest')).length;
	expect(traced).toBeGreaterThan(0);
	expect(traced).toBeLessThan(8);
	expect(first).toHaveLength(traced);

	await sandbox.control.clearFaults();
	trigger.pollBudgetMs = undefined;
	const second = await trigger.poll();
	expect([...first, ...second].map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
});

test('under a rate limit a poll waits its turns within its budget: every event once, nothing skipped', async () => {
	const barcodes = await newShipments(10);
	const trigger = watch(barcodes, { batchSize: 1 });
	await trigger.poll();
	await sandbox.control.clearRequests();
	await sandbox.control.setRateLimit(2);
	const emitted = [];
	try {
		for (let poll = 0; poll < 3; poll++) {
			await sandbox.control.advanceClock({ minutes: 100 });
			emitted.push(...(await trigger.poll()));
		}
	} finally {
		await sandbox.control.setRateLimit(null);
	}

	expect(duplicatesOf(emitted.map(identityOf))).toEqual([]);
	expect(emitted.map(identityOf).sort()).toEqual((await groundTruth(sandbox.control, barcodes)).sort());
	const requests = await sandbox.control.requests('traceOneRequest');
	expect(requests.some((request) => request.status === 429)).toBe(true);
	// Each poll traced every shipment once: no request was skipped for the rate limit.
	expect(requests.filter((request) => request.status === 200)).toHaveLength(3 * barcodes.length);
});
