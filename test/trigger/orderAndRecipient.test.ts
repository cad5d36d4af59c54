import { performance } from 'node:perf_hooks';

import type { IDataObject } from 'n8n-workflow';

import { rememberedAwbs } from '../../nodes/shared/answers/rememberedAwbs';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, runOperation, SMALL_SHIPMENT } from '../node/world';
import { duplicatesOf, identityOf, sandboxTimePlus } from './helpers/events';
import { faultKinds, faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

// The account window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

const CLIENT_ID = 70001;
const ON = { version: 2, options: { orderAndRecipient: true, timeout: 1 } };

/** The AWB reads Cargus answered in full, per barcode (the sandbox's request log; a read whose answer a fault replaced or cut is not one). */
async function readsPerAwb(): Promise<Map<string, number>> {
	const reads = new Map<string, number>();
	for (const request of await sandbox.control.requests('getAwb')) {
		if (request.status !== 200 || request.fault !== undefined) continue;
		const barcode = String(request.query.barCode);
		reads.set(barcode, (reads.get(barcode) ?? 0) + 1);
	}
	return reads;
}

/**
 * The AWB reads the trigger received, per barcode, counted where each read's answer reaches the process's memory.
 * Under a heavy load an answer the sandbox logs in full may still reach the node after its 1-second Request Timeout:
 * the node never had it, so reading that AWB again is right; the sandbox's log would count it twice.
 */
function readsReceived(): Map<string, number> {
	const received = new Map<string, number>();
	const read = rememberedAwbs.read.bind(rememberedAwbs);
	jest.spyOn(rememberedAwbs, 'read').mockImplementation(async (account, barcode, readAwb) =>
		await read(account, barcode, async () => {
			const awb = await readAwb();
			received.set(barcode, (received.get(barcode) ?? 0) + 1);
			return awb;
		}),
	);
	return received;
}

/** Every event of the account's shipments the sandbox serves right now, as identities. */
async function accountEvents(): Promise<Set<string>> {
	const shipments = (await sandbox.control.shipments()).filter((shipment) => shipment.clientId === CLIENT_ID);
	return new Set(shipments.flatMap((shipment) => shipment.visibleEvents.map((event) => `${shipment.barcode}|${event.EventId}|${event.Date}`)));
}

beforeEach(() => rememberedAwbs.forget());
afterEach(() => jest.restoreAllMocks());

test('with Add Order and Recipient, an event of an AWB made by Create carries its order reference and its recipient\'s email; off, the event is as before', async () => {
	const created = await runOperation(engineFor(sandbox), 'shipment', 'create', {
		...SMALL_SHIPMENT,
		recipientName: 'Maria Ionescu',
		additionalAwbFields: { orderReference: 'woo-5127', email: 'maria@example.com' },
	});
	expect(created.error).toBeUndefined();
	const barcode = String(created.json[0].BarCode);

	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), ON);
	const without = new TriggerHarness(sandboxCredential(sandbox.url), { version: 2 });
	expect(await trigger.poll()).toEqual([]);
	expect(await without.poll()).toEqual([]);
	await sandbox.control.clearRequests();
	await sandbox.control.advanceClock({ hours: 8 });

	const items = (await trigger.poll()).filter((item) => item.Barcode === barcode);
	expect(items.length).toBeGreaterThan(0);
	for (const item of items) {
		expect(item.CustomString).toBe('woo-5127');
		expect(item.Recipient).toEqual({ Name: 'Maria Ionescu', Email: 'maria@example.com', PhoneNumber: '0722000000', LocalityName: expect.any(String) });
	}
	const plain = (await without.poll()).filter((item) => item.Barcode === barcode);
	expect(plain.map((item) => Object.keys(item))).toEqual(items.map((item) => Object.keys(item).filter((key) => key !== 'CustomString' && key !== 'Recipient')));
	expect(plain).toEqual(items.map(({ CustomString: _order, Recipient: _recipient, ...rest }) => rest));
	// One read of the AWB, for its first new event; none for later events of it.
	expect((await readsPerAwb()).get(barcode)).toBe(1);
	await sandbox.control.advanceClock({ hours: 8 });
	expect((await trigger.poll()).filter((item) => item.Barcode === barcode).every((item) => item.CustomString === 'woo-5127')).toBe(true);
	expect((await readsPerAwb()).get(barcode)).toBe(1);
}, 1_200_000);

test('Add Order and Recipient with a credential without a login account fails the poll, naming the option, and records nothing', async () => {
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url, { username: '', password: '' }), { ...ON, watch: 'list', barcodes: (await sandbox.control.addShipments({ scenario: 'delivered', stepMinutes: 1 }))[0].barcode });
	await sandbox.control.advanceClock({ minutes: 10 });
	trigger.parameters = { ...trigger.parameters, options: { ...ON.options, emitExisting: true } };
	await expect(trigger.poll()).rejects.toThrow('Add Order and Recipient needs a Cargus login, but the Cargus API credential has no Username');
	expect(trigger.staticData).toEqual({});
}, 1_200_000);

const SHIPMENTS = 5_000;
const POLLS = 40;

test(`${POLLS} polls under faults and restarts over ${SHIPMENTS.toLocaleString('en')} shipments on their way read each AWB at most once and emit each event once, with its order reference`, async () => {
	// Cargus answering per event: 5,000 shipments moving every 2 to 5 hours, polled every 30 minutes, move faster than the
	// 10 trace requests a poll of the per-shipment answer follow (accountTrackingExactlyOnce.test.ts tests that answer).
	await sandbox.control.setSettings({ deltaEvents: 'event' });
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), ON);
	expect(await trigger.poll()).toEqual([]);
	const atActivation = await accountEvents();
	// On their way: picked up over the next hours, an event every 2 to 5 hours, each path its own.
	for (let group = 0; group < 10; group++) {
		await sandbox.control.addShipments({ count: SHIPMENTS / 10, scenario: 'random', startAt: await sandboxTimePlus(sandbox.control, 5 + group * 30), stepMinutes: 120 + group * 20 });
	}
	const received = readsReceived();
	const operations = ['traceDeltaEvents', 'getAwb'];
	// Every kind but 429: a refusal of the rate limit is waited out, which tells nothing here and takes minutes.
	await injectFaults(sandbox.control, operations, faultKinds().filter((fault) => fault.status !== 429));
	// Wall-clock time (the test's Date follows the sandbox's clock).
	let slowest = 0;
	const started = performance.now();
	const run = await pollWithRestarts(sandbox.control, trigger, {
		polls: POLLS,
		minutesBetween: 30,
		poll: async () => {
			const start = performance.now();
			try {
				return await trigger.poll();
			} finally {
				slowest = Math.max(slowest, performance.now() - start);
			}
		},
	});
	const seconds = (performance.now() - started) / 1000;
	const faults = await faultsFired(sandbox.control, ['getAwb']);
	const reads = new Map(received);
	const answered = await readsPerAwb();
	received.clear();
	await sandbox.control.clearRequests();
	await run.pollOnce();
	const lastReads = new Map(received);

	const identities = run.emitted.map((item: IDataObject) => identityOf(item));
	const truth = [...(await accountEvents())].filter((identity) => !atActivation.has(identity));
	expect(duplicatesOf(identities)).toEqual([]);
	expect(truth.filter((identity) => !identities.includes(identity))).toEqual([]);
	expect(identities.filter((identity) => !truth.includes(identity))).toEqual([]);
	expect(run.emitted.every((item: IDataObject) => typeof item.CustomString === 'string' && (item.Recipient as IDataObject | null)?.Name !== undefined)).toBe(true);

	const emittedAwbs = new Set(run.emitted.map((item: IDataObject) => String(item.Barcode)));
	const readTwice = [...reads].filter(([, count]) => count > 1);
	expect(readTwice).toEqual([]);
	// Cargus answered in full no AWB the trigger had not asked for, and none it did not receive at least once.
	expect([...answered.keys()].filter((barcode) => !reads.has(barcode) && !lastReads.has(barcode))).toEqual([]);
	// The last poll, without faults, read only AWBs not read before.
	expect([...lastReads.keys()].filter((barcode) => reads.has(barcode))).toEqual([]);
	const totalReads = [...reads.values(), ...lastReads.values()].reduce((sum, count) => sum + count, 0);
	expect(totalReads).toBe(emittedAwbs.size);
	expect(emittedAwbs.size).toBe(new Set(truth.map((identity) => identity.split('|')[0])).size);
	expect(emittedAwbs.size).toBeGreaterThan(SHIPMENTS * 0.8);
	expect(faults.failed).toBeGreaterThan(0);
	console.log(
		`order and recipient: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated, ${Math.floor(POLLS / 10)} restarts) over ${SHIPMENTS} shipments on their way, ${run.failedPolls} failed polls; ` +
			`${identities.length} events emitted once each (= ${truth.length} new in the sandbox) from ${emittedAwbs.size} AWBs; ${totalReads} AWB reads answered (1 per AWB, 0 twice), ` +
			`${faults.failed} of ${faults.requests} AWB reads failed by injected faults; ${seconds.toFixed(1)} s for the ${POLLS} polls (the slowest ${(slowest / 1000).toFixed(1)} s); static data ${trigger.staticDataBytes()} bytes; ${rememberedAwbs.size} AWBs in memory`,
	);
}, 1_200_000);
