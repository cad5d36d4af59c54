import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { repaidBarcodes } from './helpers/account';
import { sandboxCredential } from '../helpers/sandbox';
import { duplicatesOf, sandboxTimePlus } from './helpers/events';
import { faultKinds, faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const OPERATIONS = ['cashAccount'];

/** Shipments delivered from 2 days ago to now: their cash on delivery is repaid over the next 2 days. */
async function createShipments(): Promise<void> {
	for (let group = 0; group < 10; group++) {
		const startAt = await sandboxTimePlus(sandbox.control, -47 * 60 + group * 300);
		await sandbox.control.addShipments({ count: 40, scenario: 'delivered', startAt, stepMinutes: 60 });
	}
}

test(`over ${POLLS} polls of the account's cash on delivery with about 20% of requests failing, every repayment is emitted exactly once`, async () => {
	await createShipments();
	// The account's list is long: a 5 s timeout, which the latency fault exceeds.
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'cashOnDeliveryRepaid', options: { timeout: 5 } });
	expect(await trigger.poll()).toEqual([]);
	const repaidAtActivation = await repaidBarcodes(sandbox.control);

	await injectFaults(sandbox.control, OPERATIONS, faultKinds(6000));
	const run = await pollWithRestarts<IDataObject>(sandbox.control, trigger, {
		polls: POLLS,
		minutesBetween: 30,
		poll: async () => {
			const items = await trigger.poll();
			const dates = items.map((item) => String(item.RepaymentDate));
			expect(dates).toEqual([...dates].sort());
			return items;
		},
	});
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	// The next poll after the last failure catches up.
	await run.pollOnce();

	const barcodes = run.emitted.map((item) => String(item.BarCode));
	const truth = [...(await repaidBarcodes(sandbox.control))].filter((barcode) => !repaidAtActivation.has(barcode));
	expect(duplicatesOf(barcodes)).toEqual([]);
	expect(truth.filter((barcode) => !barcodes.includes(barcode))).toEqual([]);
	expect(barcodes.filter((barcode) => !truth.includes(barcode))).toEqual([]);
	for (const item of run.emitted) {
		expect(item).toMatchObject({ BarCode: expect.any(String), RepaymentValue: expect.any(Number), RepaymentId: expect.any(String), RepaymentDate: expect.any(String) });
	}

	console.log(
		`cash on delivery exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${faults.requests} cash-account requests, ` +
			`${faults.failed} failed by injected faults (${(faults.rate * 100).toFixed(1)}%), ${run.failedPolls} failed polls, ` +
			`${barcodes.length} repayments emitted = ${truth.length} made by the sandbox, 0 missing, 0 twice`,
	);
	expect(faults.rate).toBeGreaterThan(0.12);
	expect(faults.rate).toBeLessThan(0.35);
	expect(truth.length).toBeGreaterThan(100);
}, 1_200_000);
