/**
 * The trigger's account events in the real n8n server: the invoice example (New Invoice) and the
 * cash-on-delivery example (Cash on Delivery Repaid), each activated, the sandbox clock moved, and
 * each change mailed once through the SMTP sink.
 */
import type { SandboxControl } from '../../sandbox';
import type { ControlInvoice } from '../../sandbox/control/client';
import type { Launched } from '../../scripts/lib/launcher';
import { repaidBarcodes } from '../trigger/helpers/account';
import { assert, check, sleep, waitFor } from './checks';
import { executionsOf, isUnfinished } from './n8n-api';

export const INVOICES_WORKFLOW = 'cargusExample002';
export const CASH_ON_DELIVERY_WORKFLOW = 'cargusExample004';
const INVOICE_SUBJECT = /^Cargus invoice /;
const PAID_SUBJECT = /^Order .* paid: /;
/** The examples' mails print dates as the tracking mails do: 25.11.2026, 25.11.2026 08:04 (Bucharest time). */
const MAIL_DATE = /^\d\d\.\d\d\.\d{4}( \d\d:\d\d)?$/;

function expectMailDates(mails: Array<{ text: string }>, pattern: RegExp): void {
	for (const mail of mails) {
		const dates = [...mail.text.matchAll(pattern)].map((match) => match[1]);
		assert(dates.length > 0 && dates.every((date) => MAIL_DATE.test(date)), `a date in the mail reads otherwise: ${mail.text.slice(0, 300)}`);
	}
}

/** The mails since `from` whose subject matches (other active examples mail too while the clock moves). */
function mailsSince(live: Launched, from: number, subject: RegExp) {
	return live.smtp.mails.slice(from).filter((mail) => subject.test(mail.subject));
}

/** The default account's invoices the sandbox issued after `after` and by its now. */
export async function invoicesIssuedSince(control: SandboxControl, after: string): Promise<ControlInvoice[]> {
	const { now } = await control.clock();
	return (await control.invoices()).filter(
		(invoice) => invoice.account === 'sandbox' && Date.parse(invoice.issuedAt) > Date.parse(after) && Date.parse(invoice.issuedAt) <= Date.parse(now),
	);
}

/** Waits until no execution of the workflow is under way: what its polls emitted so far has been mailed. */
export async function executionsDone(live: Launched, workflowId: string): Promise<number> {
	return await waitFor(`the executions of ${workflowId} under way to finish`, 120000, async () => {
		const runs = await executionsOf(live, workflowId);
		return runs.some(isUnfinished) ? undefined : runs.length;
	});
}

/** Waits for one invoice mail per invoice since `mailsBefore`, then checks none more comes and each has its invoice's PDF. */
export async function expectOneMailPerInvoice(live: Launched, mailsBefore: number, invoices: ControlInvoice[]): Promise<{ mails: number; files: string[] }> {
	const names = new Set(invoices.map((invoice) => `${invoice.Series}${invoice.Number}.pdf`));
	// An invoice issued before these (by an earlier clock move) may still be mailed now, the trigger polling every few
	// seconds: its mail is not one of these. A mail with no invoice PDF at all counts against them.
	const ofThese = (mail: (typeof live.smtp.mails)[number]) =>
		!mail.attachments.some((attachment) => attachment.contentType === 'application/pdf') || mail.attachments.some((attachment) => names.has(attachment.filename));
	const mails = await waitFor(`${invoices.length} invoice emails`, 150000, async () => {
		const sent = mailsSince(live, mailsBefore, INVOICE_SUBJECT).filter(ofThese);
		return sent.length >= invoices.length ? sent : undefined;
	});
	// Every execution started so far has sent its mails: one that mailed an invoice twice would be counted now.
	await executionsDone(live, INVOICES_WORKFLOW);
	const extra = mailsSince(live, mailsBefore, INVOICE_SUBJECT).filter(ofThese).length - invoices.length;
	assert(extra === 0, `${extra} emails more than the ${invoices.length} invoices issued`);
	const expectedFiles = invoices.map((invoice) => `${invoice.Series}${invoice.Number}.pdf`).sort();
	const files = mails.flatMap((mail) => mail.attachments.filter((a) => a.contentType === 'application/pdf' && a.size > 0).map((a) => a.filename)).sort();
	assert(JSON.stringify(files) === JSON.stringify(expectedFiles), `PDFs ${files.join(', ')} for invoices ${expectedFiles.join(', ')}`);
	expectMailDates(mails, / (?:of|due) (\S+?)[:.]?\s/g);
	return { mails: mails.length, files };
}

export async function firstPoll(control: SandboxControl, operation: string): Promise<void> {
	await waitFor('the first poll', 90000, async () => {
		const requests = (await control.requests(operation)).filter((request) => request.status === 200 || request.status === 204);
		return requests.length > 0 ? true : undefined;
	});
	await sleep(2000);
}

export async function noFailedExecutions(live: Launched, workflowId: string): Promise<number> {
	const executions = (await executionsOf(live, workflowId)).filter((execution) => execution.mode === 'trigger');
	const unsuccessful = executions.filter((execution) => execution.status !== 'success');
	assert(unsuccessful.length === 0, `${unsuccessful.length} trigger executions did not succeed`);
	return executions.length;
}

export async function invoiceExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Email invoices": the activated New Invoice trigger mails each invoice issued later once, with its PDF', async () => {
		await control.clearRequests();
		const mailsBefore = live.smtp.mails.length;
		await live.activate(INVOICES_WORKFLOW);
		await firstPoll(control, 'invoices');
		const mailsAtActivation = mailsSince(live, mailsBefore, INVOICE_SUBJECT).length;
		assert(mailsAtActivation === 0, `activation mailed ${mailsAtActivation} invoices that existed before`);

		// The sandbox plans invoices over the next hours, half of them dated days before they are issued.
		await control.addInvoices({ count: 4, hours: 2, lateShare: 0.5 });
		const { now: movedFrom } = await control.clock();
		await control.advanceClock({ hours: 3 });
		const issuedNow = await invoicesIssuedSince(control, movedFrom);
		assert(issuedNow.length >= 4, `only ${issuedNow.length} invoices were issued while the clock moved`);

		const { mails, files } = await expectOneMailPerInvoice(live, mailsBefore, issuedNow);
		const executions = await noFailedExecutions(live, INVOICES_WORKFLOW);
		const late = issuedNow.filter((invoice) => invoice.Date.slice(0, 10) < invoice.issuedAt.slice(0, 10)).length;
		return `${issuedNow.length} invoices issued (${late} dated earlier) -> ${mails} emails with ${files.join(', ')} in ${executions} executions`;
	});
}

export async function cashOnDeliveryExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Mark orders paid": the activated Cash on Delivery Repaid trigger mails each repayment once', async () => {
		// Shipments delivered about 45 hours ago: Cargus repays their cash on delivery 2 days after delivery.
		const { now } = await control.clock();
		await control.addShipments({ count: 30, scenario: 'delivered', startAt: new Date(Date.parse(now) - 47 * 3600_000).toISOString(), stepMinutes: 30 });
		const repaidBefore = await repaidBarcodes(control);
		await control.clearRequests();
		const mailsBefore = live.smtp.mails.length;
		await live.activate(CASH_ON_DELIVERY_WORKFLOW);
		await firstPoll(control, 'cashAccount');
		await control.advanceClock({ hours: 24 });
		const repaid = [...(await repaidBarcodes(control))].filter((barcode) => !repaidBefore.has(barcode));
		assert(repaid.length > 0, 'no cash on delivery was repaid while the clock moved');

		const mails = await waitFor(`${repaid.length} "order paid" emails`, 150000, async () => {
			const sent = mailsSince(live, mailsBefore, PAID_SUBJECT);
			return sent.length >= repaid.length ? sent : undefined;
		});
		await executionsDone(live, CASH_ON_DELIVERY_WORKFLOW);
		const extra = mailsSince(live, mailsBefore, PAID_SUBJECT).length - repaid.length;
		assert(extra === 0, `${extra} emails more than the ${repaid.length} repayments`);
		const mailed = mails.map((mail) => /AWB (\d+)/.exec(mail.subject)?.[1] ?? mail.subject).sort();
		assert(JSON.stringify(mailed) === JSON.stringify([...repaid].sort()), `mailed ${mailed.join(', ')} for repaid ${repaid.sort().join(', ')}`);
		expectMailDates(mails, / RON on (.*), payment reference/g);
		const executions = await noFailedExecutions(live, CASH_ON_DELIVERY_WORKFLOW);
		return `${repaid.length} repayments -> ${mails.length} emails in ${executions} executions, e.g. "${mails[0].subject}"`;
	});
}
