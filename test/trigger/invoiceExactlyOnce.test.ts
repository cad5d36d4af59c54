import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import { sandboxCredential } from '../helpers/sandbox';
import { duplicatesOf } from './helpers/events';
import { faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

// The look-back window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

const POLLS = 100;
const MINUTES_BETWEEN_POLLS = 30;
const PLANNED = 120;
const OPERATIONS = ['invoices', 'invoicePdf'];

test(`over ${POLLS} polls with about 20% of invoice and PDF requests failing, every invoice issued is emitted exactly once with its PDF`, async () => {
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'newInvoice', downloadPdf: true, options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	// Issued over the next two days, a quarter of them dated 1 to 5 days before they are issued.
	await sandbox.control.addInvoices({ count: PLANNED, hours: 48 });

	await injectFaults(sandbox.control, OPERATIONS);
	const run = await pollWithRestarts(sandbox.control, trigger, {
		polls: POLLS,
		minutesBetween: MINUTES_BETWEEN_POLLS,
		poll: async () => {
			const items = await trigger.pollWithBinaries();
			const dates = items.map((item) => String(item.json.Date));
			expect(dates).toEqual([...dates].sort());
			return items.map(({ json, binary }) => ({ json, fileName: binary?.fileName }));
		},
	});
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	// The next poll after the last failure catches up.
	await run.pollOnce();
	const emitted = run.emitted;

	const truth = (await sandbox.control.invoices()).filter(
		(invoice) => invoice.account === DEFAULT_ACCOUNT.username && invoice.issued && Date.parse(invoice.issuedAt) > Date.parse(activatedAt),
	);
	const ids = emitted.map(({ json }) => String(json.InvoiceId));
	const expected = truth.map((invoice) => String(invoice.InvoiceId));
	expect(duplicatesOf(ids)).toEqual([]);
	expect(expected.filter((id) => !ids.includes(id))).toEqual([]);
	expect(ids.filter((id) => !expected.includes(id))).toEqual([]);
	for (const { json, fileName } of emitted) expect(fileName).toBe(`${String(json.Series)}${String(json.Number)}.pdf`);
	const late = truth.filter((invoice) => invoice.Date.slice(0, 10) < invoice.issuedAt.slice(0, 10)).length;

	console.log(
		`invoices exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${faults.requests} invoice and PDF requests, ` +
			`${faults.failed} failed by injected faults (${(faults.rate * 100).toFixed(1)}%), ${run.failedPolls} failed polls, ` +
			`${ids.length} invoices emitted with their PDF = ${truth.length} issued by the sandbox (${late} dated days earlier), 0 missing, 0 twice`,
	);
	expect(faults.rate).toBeGreaterThan(0.12);
	expect(faults.rate).toBeLessThan(0.3);
	expect(truth.length).toBeGreaterThanOrEqual(PLANNED);
	expect(late).toBeGreaterThan(10);
}, 1_200_000);
