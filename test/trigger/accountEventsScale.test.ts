import { useSandbox } from '../helpers/sandbox';
import { repaidBarcodes } from './helpers/account';
import { sandboxCredential } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const REPAID = 10_000;

/** Delivered shipments, 60% of them with cash on delivery, repaid two days after delivery: enough for `count` repaid records. */
async function repaidShipments(count: number): Promise<number> {
	let repaid = (await repaidBarcodes(sandbox.control)).size;
	while (repaid < count) {
		// Spread over 10 days, so the repayments fall on several days.
		for (let day = 0; day < 10; day++) {
			const startAt = await sandboxTimePlus(sandbox.control, -(14 - day) * 24 * 60);
			await sandbox.control.addShipments({ count: 500, scenario: 'delivered', startAt, stepMinutes: 60 });
		}
		repaid = (await repaidBarcodes(sandbox.control)).size;
	}
	return repaid;
}

test(`Cash on Delivery Repaid keeps ${REPAID.toLocaleString('en')} repaid records in a few bytes each, and forgets the days the rule drops`, async () => {
	const repaid = await repaidShipments(REPAID);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'cashOnDeliveryRepaid' });
	expect(await trigger.poll()).toEqual([]);
	const bytes = trigger.staticDataBytes();
	const stored = trigger.staticData.cashOnDelivery as { repaid: Record<string, string> };
	const remembered = Object.values(stored.repaid).reduce((sum, text) => sum + text.split(',').length, 0);
	expect(remembered).toBe(repaid);
	console.log(
		`static data: ${repaid} repaid records in ${bytes} bytes = ${(bytes / repaid).toFixed(1)} bytes per record, ${Object.keys(stored.repaid).length} repayment days`,
	);
	expect(bytes / repaid).toBeLessThan(12);

	// Remember Repayments For (Days): a day older than that before the newest repayment is forgotten.
	trigger.parameters = { event: 'cashOnDeliveryRepaid', options: { keepDays: 3 } };
	await sandbox.control.advanceClock({ days: 1 });
	await sandbox.control.addShipments({ count: 50, scenario: 'delivered', startAt: await sandboxTimePlus(sandbox.control, -50 * 60), stepMinutes: 30 });
	await sandbox.control.advanceClock({ hours: 6 });
	const emitted = await trigger.poll();
	expect(emitted.length).toBeGreaterThan(0);
	const days = Object.keys((trigger.staticData.cashOnDelivery as { repaid: Record<string, string> }).repaid).sort();
	const newest = days[days.length - 1];
	expect(days[0] >= new Date(Date.parse(`${newest}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
	expect(trigger.staticDataBytes()).toBeLessThan(bytes);
}, 1_200_000);

describe('New Invoice', () => {
	// The look-back window is counted from n8n's clock: a sandbox that starts now.
	const current = useSandbox({ now: new Date().toISOString() });

	test('keeps 10,000 invoices of its window in a few bytes each, and reads them all in one poll', async () => {
		await current.control.addInvoices({ count: 10_000, hours: 0, lateShare: 0.25 });
		const trigger = new TriggerHarness(sandboxCredential(current.url), { event: 'newInvoice', options: { lookBackDays: 31 } });
		expect(await trigger.poll()).toEqual([]);
		const stored = trigger.staticData.invoices as { seen: Record<string, string>; pages: number };
		const remembered = Object.values(stored.seen).reduce((sum, text) => sum + text.split(',').length, 0);
		expect(remembered).toBeGreaterThanOrEqual(10_000);
		const bytes = trigger.staticDataBytes();
		console.log(`static data: ${remembered} invoices in ${bytes} bytes = ${(bytes / remembered).toFixed(1)} bytes per invoice, ${stored.pages} pages of 100`);
		expect(bytes / remembered).toBeLessThan(12);
		expect(stored.pages).toBeGreaterThanOrEqual(100);
		expect(await trigger.poll()).toEqual([]);
	}, 1_200_000);
});
