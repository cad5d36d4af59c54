/**
 * The documented way to see things happen, in the real n8n server: the sandbox's clock moved 72 hours at once
 * (n8n's own clock does not move), and "Email invoices" (New Invoice) mails every invoice issued in that span once.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check } from './checks';
import type { WorkflowSummary } from './n8n-api';
import { expectOneMailPerInvoice, firstPoll, invoicesIssuedSince, INVOICES_WORKFLOW, noFailedExecutions } from './triggerEvents';

const HOURS = 72;

export async function clockMoveCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check(`"Email invoices" published: the sandbox clock moved ${HOURS} hours at once, every invoice issued in it mailed once`, async () => {
		const workflow = await live.rest<WorkflowSummary>('GET', `/rest/workflows/${INVOICES_WORKFLOW}`);
		if (!workflow.active) {
			await control.clearRequests();
			await live.activate(INVOICES_WORKFLOW);
			await firstPoll(control, 'invoices');
		}
		const mailsBefore = live.smtp.mails.length;
		// Invoices issued over the span, half of them dated days before they are issued; the seed's planned ones count too.
		await control.addInvoices({ count: 6, hours: HOURS - 1, lateShare: 0.5 });
		const { now: movedFrom } = await control.clock();
		const { now } = await control.advanceClock({ hours: HOURS });
		const issued = await invoicesIssuedSince(control, movedFrom);
		assert(issued.length >= 6, `only ${issued.length} invoices were issued while the clock moved`);
		const ahead = Math.round((Date.parse(now) - Date.now()) / 3600_000);

		const { mails, files } = await expectOneMailPerInvoice(live, mailsBefore, issued);
		const executions = await noFailedExecutions(live, INVOICES_WORKFLOW);
		const latest = issued.map((invoice) => invoice.Date).sort().pop();
		return `sandbox clock ${ahead} hours ahead of n8n's: ${issued.length} invoices issued (latest dated ${String(latest)}) -> ${mails} emails with ${files.join(', ')} in ${executions} executions`;
	});
}
