import { NodeApiError, type IDataObject } from 'n8n-workflow';

import type { FaultInput } from '../../sandbox/control/client';
import { useSandbox } from '../helpers/sandbox';
import { repaidBarcodes } from './helpers/account';
import { sandboxCredential } from './helpers/credentials';
import { duplicatesOf, sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const MINUTES_BETWEEN_POLLS = 30;
/**
 * Each fault fires on about 1 in 30 cash-account requests: 6 kinds, about 20% of requests in all. The
 * account's list is long: a 5 s timeout, which the latency fault exceeds.
 */
const FAULTS: FaultInput[] = [
	{ kind: 'status', status: 500 },
	{ kind: 'status', status: 429 },
	{ kind: 'truncated' },
	{ kind: 'reset' },
	{ kind: 'malformed' },
	{ kind: 'latency', latencyMs: 6000 },
];
const FAULT_BUDGET = 100_000;

/** Shipments delivered from 2 days ago to now: their cash on delivery is repaid over the next 2 days. */
async function createShipments(): Promise<void> {
	for (let group = 0; group < 10; group++) {
		const startAt = await sandboxTimePlus(sandbox.control, -47 * 60 + group * 300);
		await sandbox.control.addShipments({ count: 40, scenario: 'delivered', startAt, stepMinutes: 60 });
	}
}

test(`over ${POLLS} polls of the account's cash on delivery with about 20% of requests failing, every repayment is emitted exactly once`, async () => {
	await createShipments();
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'cashOnDeliveryRepaid', options: { timeout: 5 } });
	expect(await trigger.poll()).toEqual([]);
	const repaidAtActivation = await repaidBarcodes(sandbox.control);

	for (const [index, fault] of FAULTS.entries()) {
		await sandbox.control.addFault({ operation: 'cashAccount', count: FAULT_BUDGET, probability: 1 / (30 - index), ...fault });
	}
	await sandbox.control.clearRequests();

	const emitted: IDataObject[] = [];
	let failedPolls = 0;
	const runPoll = async () => {
		try {
			const items = await trigger.poll();
			const dates = items.map((item) => String(item.RepaymentDate));
			expect(dates).toEqual([...dates].sort());
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
	const requests = (await sandbox.control.requests('cashAccount')).length;
	await sandbox.control.clearFaults();
	await runPoll();

	const barcodes = emitted.map((item) => String(item.BarCode));
	const truth = [...(await repaidBarcodes(sandbox.control))].filter((barcode) => !repaidAtActivation.has(barcode));
	expect(duplicatesOf(barcodes)).toEqual([]);
	expect(truth.filter((barcode) => !barcodes.includes(barcode))).toEqual([]);
	expect(barcodes.filter((barcode) => !truth.includes(barcode))).toEqual([]);
	for (const item of emitted) {
		expect(item).toMatchObject({ BarCode: expect.any(String), RepaymentValue: expect.any(Number), RepaymentId: expect.any(String), RepaymentDate: expect.any(String) });
	}

	const faultRate = faultsFired / requests;
	console.log(
		`cash on delivery exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${requests} cash-account requests, ` +
			`${faultsFired} failed by injected faults (${(faultRate * 100).toFixed(1)}%), ${failedPolls} failed polls, ` +
			`${barcodes.length} repayments emitted = ${truth.length} made by the sandbox, 0 missing, 0 twice`,
	);
	expect(faultRate).toBeGreaterThan(0.12);
	expect(faultRate).toBeLessThan(0.35);
	expect(truth.length).toBeGreaterThan(100);
}, 300_000);
