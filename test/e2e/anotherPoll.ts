/**
 * "One more poll goes by", waited for instead of a poll interval's fixed wait: a shipment is added to the account,
 * picked up half an hour ago (event 70, which no example mails or follows), and the check waits for the execution of
 * the workflow whose Cargus Trigger emits it. Each poll of a trigger watching the whole account reads every event of
 * the account again, so that poll, begun after everything before it was emitted, shows whether anything comes twice.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { waitFor } from './checks';
import { execution, executionsOf, isUnfinished, outputOf } from './n8n-api';

/** Sixty days between the marker's events: its next one (224) comes after every clock move of a run. */
const MARKER_STEP_MINUTES = 60 * 24 * 60;

/**
 * Waits until a poll of `workflowId`'s trigger node `triggerName` (Watch: All Shipments of the Account, already read
 * once) begun after this call has emitted, and every execution of the workflow has finished. Answers the marker's
 * barcode and the execution that emitted it.
 */
export async function afterAnotherPoll(live: Launched, control: SandboxControl, workflowId: string, triggerName: string, timeoutMs = 150000): Promise<{ marker: string; executionId: string }> {
	const inspected = new Set((await executionsOf(live, workflowId)).map((run) => run.id));
	const { now } = await control.clock();
	const [added] = await control.addShipments({ count: 1, scenario: 'in-transit', startAt: new Date(Date.parse(now) - 30 * 60_000).toISOString(), stepMinutes: MARKER_STEP_MINUTES, codValue: 0 });
	const marker = added.barcode;
	const executionId = await waitFor(`the next poll of ${workflowId}: an execution whose ${triggerName} emits the pickup of AWB ${marker}, added for it`, timeoutMs, async () => {
		const runs = await executionsOf(live, workflowId);
		if (runs.some(isUnfinished)) return undefined;
		let found: string | undefined;
		for (const run of runs.filter((summary) => !inspected.has(summary.id))) {
			inspected.add(run.id);
			if (outputOf(await execution(live, run.id), triggerName).some((item) => String(item.json.Barcode) === marker)) found = run.id;
		}
		return found;
	});
	return { marker, executionId };
}
