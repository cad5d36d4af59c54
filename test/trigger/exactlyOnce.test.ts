import { NodeApiError, type IDataObject } from 'n8n-workflow';

import type { FaultInput } from '../../sandbox/control/client';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { duplicatesOf, groundTruth, identityOf, isOldestFirst, sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const SHIPMENTS = 200;
const MINUTES_BETWEEN_POLLS = 30;
/** Each fault fires on about 1 in 30 tracking requests: 6 kinds, about 20% of requests in all. */
const FAULTS: FaultInput[] = [
	{ kind: 'status', status: 500 },
	{ kind: 'status', status: 429 },
	{ kind: 'truncated' },
	{ kind: 'reset' },
	{ kind: 'malformed' },
	{ kind: 'latency', latencyMs: 1500 },
];
const FAULT_BUDGET = 100_000;

async function createShipments(): Promise<string[]> {
	const barcodes: string[] = [];
	// Ten groups starting two hours apart with different paces, so events keep arriving for two days.
	for (let group = 0; group < 9; group++) {
		const startAt = await sandboxTimePlus(sandbox.control, 10 + group * 120);
		const created = await sandbox.control.addShipments({ count: 20, scenario: 'random', startAt, stepMinutes: 45 + group * 15 });
		barcodes.push(...created.map((shipment) => shipment.barcode));
	}
	// Events 30 ms apart: dates with fractions, several arriving within one poll.
	const startAt = await sandboxTimePlus(sandbox.control, 300);
	const close = await sandbox.control.addShipments({ count: 20, scenario: 'delivered', startAt, stepMinutes: 0.0005 });
	barcodes.push(...close.map((shipment) => shipment.barcode));
	return barcodes;
}

test(`over ${POLLS} polls of ${SHIPMENTS} shipments with about 20% of requests failing, every event is emitted exactly once`, async () => {
	const barcodes = await createShipments();
	expect(barcodes).toHaveLength(SHIPMENTS);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: barcodes.join(','), options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);

	for (const [index, fault] of FAULTS.entries()) {
		// The sandbox tries faults in order: these conditional chances give each kind the same share.
		const probability = 1 / (30 - index);
		await sandbox.control.addFault({ operation: 'traceOneRequest', count: FAULT_BUDGET, probability, ...fault });
	}
	await sandbox.control.clearRequests();

	const emitted: IDataObject[] = [];
	let failedPolls = 0;
	const runPoll = async () => {
		try {
			const items = await trigger.poll();
			expect(isOldestFirst(items)).toBe(true);
			emitted.push(...items);
		} catch (error) {
			if (!(error instanceof NodeApiError)) throw error;
			failedPolls++;
		}
	};
	for (let poll = 1; poll <= POLLS; poll++) {
		await sandbox.control.advanceClock({ minutes: MINUTES_BETWEEN_POLLS });
		await runPoll();
		if (poll % 7 === 0) await runPoll();
		// n8n restarts: the next poll runs from the static data it saved.
		if (poll % 10 === 0) trigger.restart();
	}

	const faults = await sandbox.control.faults();
	const faultsFired = faults.reduce((sum, fault) => sum + (FAULT_BUDGET - (fault.remaining ?? FAULT_BUDGET)), 0);
	const traceRequests = (await sandbox.control.requests('traceOneRequest')).length;
	await sandbox.control.clearFaults();
	// The next poll after the last failure catches up.
	await runPoll();

	const identities = emitted.map(identityOf);
	const truth = await groundTruth(sandbox.control, barcodes);
	expect(duplicatesOf(identities)).toEqual([]);
	expect(truth.filter((identity) => !identities.includes(identity))).toEqual([]);
	expect(identities.filter((identity) => !truth.includes(identity))).toEqual([]);

	const faultRate = faultsFired / traceRequests;
	console.log(
		`exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${SHIPMENTS} shipments, ${traceRequests} tracking requests, ` +
			`${faultsFired} failed by injected faults (${(faultRate * 100).toFixed(1)}%), ${failedPolls} polls with every request failed, ` +
			`${identities.length} events emitted = ${truth.length} in the sandbox, 0 missing, 0 twice`,
	);
	expect(faultRate).toBeGreaterThan(0.12);
	expect(faultRate).toBeLessThan(0.3);
	expect(truth.length).toBeGreaterThan(SHIPMENTS * 3);
});
