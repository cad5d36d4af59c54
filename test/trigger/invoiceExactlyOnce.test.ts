import { NodeApiError, type IDataObject } from 'n8n-workflow';

import type { FaultInput } from '../../sandbox/control/client';
import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import { sandboxCredential } from './helpers/credentials';
import { duplicatesOf } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

// The look-back window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

const POLLS = 100;
const MINUTES_BETWEEN_POLLS = 30;
const PLANNED = 120;
/** Each fault fires on about 1 in 30 invoice and PDF requests: 6 kinds, about 20% of requests in all. */
const FAULTS: FaultInput[] = [
	{ kind: 'status', status: 500 },
	{ kind: 'status', status: 429 },
	{ kind: 'truncated' },
	{ kind: 'reset' },
	{ kind: 'malformed' },
	{ kind: 'latency', latencyMs: 1500 },
];
const FAULT_BUDGET = 100_000;
const OPERATIONS = ['invoices', 'invoicePdf'];

test(`over ${POLLS} polls with about 20% of invoice and PDF requests failing, every invoice issued is emitted exactly once with its PDF`, async () => {
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'newInvoice', downloadPdf: true, options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	// Issued over the next two days, a quarter of them dated 1 to 5 days before they are issued.
	await sandbox.control.addInvoices({ count: PLANNED, hours: 48 });

	for (const operation of OPERATIONS) {
		for (const [index, fault] of FAULTS.entries()) {
			await sandbox.control.addFault({ operation, count: FAULT_BUDGET, probability: 1 / (30 - index), ...fault });
		}
	}
	await sandbox.control.clearRequests();

	const emitted: Array<{ json: IDataObject; fileName: string | undefined }> = [];
	let failedPolls = 0;
	const runPoll = async () => {
		try {
			const items = await trigger.pollWithBinaries();
			const dates = items.map((item) => String(item.json.Date));
			expect(dates).toEqual([...dates].sort());
			emitted.push(...items.map(({ json, binary }) => ({ json, fileName: binary?.fileName })));
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
	const requests = (await sandbox.control.requests()).filter((request) => OPERATIONS.includes(request.operation)).length;
	await sandbox.control.clearFaults();
	await runPoll();

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

	const faultRate = faultsFired / requests;
	console.log(
		`invoices exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${requests} invoice and PDF requests, ` +
			`${faultsFired} failed by injected faults (${(faultRate * 100).toFixed(1)}%), ${failedPolls} failed polls, ` +
			`${ids.length} invoices emitted with their PDF = ${truth.length} issued by the sandbox (${late} dated days earlier), 0 missing, 0 twice`,
	);
	expect(faultRate).toBeGreaterThan(0.12);
	expect(faultRate).toBeLessThan(0.3);
	expect(truth.length).toBeGreaterThanOrEqual(PLANNED);
	expect(late).toBeGreaterThan(10);
}, 300_000);
