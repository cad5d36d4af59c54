import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { sandboxCredential } from '../helpers/sandbox';
import { TriggerHarness } from './helpers/pollHarness';

// The look-back window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

function newInvoiceTrigger(options: IDataObject = {}, downloadPdf = true) {
	return new TriggerHarness(sandboxCredential(sandbox.url), { event: 'newInvoice', downloadPdf, options });
}

test('activation remembers the invoices already issued and emits none of them', async () => {
	const trigger = newInvoiceTrigger();
	expect(await trigger.poll()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
	expect(trigger.staticData.invoices).toMatchObject({ from: expect.any(String), seen: expect.any(Object) });
});

test('Emit Existing Invoices emits each invoice of the window once, oldest first, with its PDF named after series and number', async () => {
	const trigger = newInvoiceTrigger({ emitExisting: true, lookBackDays: 120 });
	const items = await trigger.poll();
	expect(items.length).toBeGreaterThan(3);
	const dates = items.map((item) => String(item.Date));
	expect(dates).toEqual([...dates].sort());
	const binaries = trigger.lastBinaries;
	expect(await trigger.poll()).toEqual([]);
	expect(binaries).toHaveLength(items.length);
	binaries.forEach((binary, index) => {
		expect(binary).toMatchObject({ mimeType: 'application/pdf', fileName: `${String(items[index].Series)}${String(items[index].Number)}.pdf` });
	});
});

test('Fetch Test Event shows the newest invoice with its PDF and changes nothing', async () => {
	const trigger = newInvoiceTrigger({ lookBackDays: 120 });
	const sample = await trigger.fetchTestEvent();
	expect(trigger.manualRunChangedStaticData).toBe(false);
	expect(trigger.staticData).toEqual({});
	expect(sample).toHaveLength(1);
	const all = await newInvoiceTrigger({ emitExisting: true, lookBackDays: 120 }).poll();
	expect(sample[0].InvoiceId).toBe(all[all.length - 1].InvoiceId);
});
