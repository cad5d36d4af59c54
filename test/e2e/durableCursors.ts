/**
 * The Cargus Trigger under n8n's durable poll cursors (n8n 2.36+, in effect from 2.37 with the scheduler flags):
 * the durable scheduler runs the polls and n8n keeps the trigger's memory in its `poller_state` table, saved in
 * the same transaction as the execution a poll starts, and on its own after a poll that emits nothing.
 */
import { SandboxControl } from '../../sandbox';
import type { Launched, N8nTarget } from '../../scripts/lib/launcher';
import { afterAnotherPoll } from './anotherPoll';
import { assert, waitFor } from './checks';
import { executionsOf, execution, outputOf, watchedBarcodes, example } from './n8n-api';
import { queryN8nDatabase } from './n8nDatabase';
import { deliveriesWithin } from './plannedDeliveries';
import { customerMails, itemsToMail } from './customerMails';

/** What n8n needs for durable poll cursors (its scheduler environment variables): any one off and they stay off. */
export const DURABLE_POLL_CURSORS = {
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

/** From n8n 2.37 on, durable poll cursors take effect with the flags above (2.36 had them without the scheduler). */
export function hasDurablePollCursors(n8n: N8nTarget): boolean {
	const [major, minor] = n8n.version.split('.').map(Number);
	return major > 2 || (major === 2 && minor >= 37);
}

const WORKFLOW = 'cargusExample003';
const TRIGGER = 'Cargus Trigger';

interface PollerState {
	cursor: string;
	updatedAt: string;
}

async function pollerState(n8n: Launched, nodeId: string): Promise<PollerState | undefined> {
	const [row] = await queryN8nDatabase<PollerState>(n8n, 'SELECT cursor, updatedAt FROM poller_state WHERE workflowId = ? AND nodeId = ?', WORKFLOW, nodeId);
	return row;
}

/** The trigger node's part of the workflow's static data, as n8n saved it with the workflow. */
async function savedStaticData(n8n: Launched, nodeName: string): Promise<unknown> {
	const [row] = await queryN8nDatabase<{ staticData: string | null }>(n8n, 'SELECT staticData FROM workflow_entity WHERE id = ?', WORKFLOW);
	const all = row?.staticData ? (JSON.parse(row.staticData) as Record<string, unknown>) : {};
	return all[`node:${nodeName}`];
}

const eventKey = (barcode: unknown, eventId: unknown, date: unknown) => `${String(barcode)}|${String(eventId)}|${String(date)}`;

/**
 * "Tell the customer" activated with durable poll cursors on: the first poll's memory (every watched shipment)
 * lands in poller_state, the events the sandbox's clock then brings are emitted exactly once (each event in one
 * item of one execution, one email per out-for-delivery, delivered or refused event of an AWB with a recipient email),
 * the cursor moves on, and the next poll emits none of them again (only an AWB added for it, test/e2e/anotherPoll.ts).
 */
export async function triggerWithDurablePollCursors(live: Launched, control: SandboxControl): Promise<string> {
	const trigger = example(WORKFLOW).nodes.find((n) => n.name === TRIGGER) as { id?: string } | undefined;
	assert(trigger?.id, `the example ${WORKFLOW} has no "${TRIGGER}" node with an id`);
	const nodeId = trigger.id;
	// The check brings its own deliveries into the 12 hours it moves the clock by.
	await deliveriesWithin(control, 12);
	const barcodes = await watchedBarcodes(live, WORKFLOW, control);
	const before = await control.shipments(barcodes);
	await control.clearRequests();
	const mailsBefore = live.smtp.mails.length;
	// The shipments the first poll must remember: every one with an event in the trigger's window (14 days by
	// default; a day's margin at its start, where Cargus' whole days and the sandbox's hour may disagree).
	const windowStart = Date.parse((await control.clock()).now) - 13 * 24 * 3600 * 1000;
	const inWindow = before.filter((s) => s.visibleEvents.some((e) => Date.parse(`${e.Date}Z`) - 2 * 3600 * 1000 >= windowStart));
	await live.activate(WORKFLOW);

	// The first poll traces every shipment and emits nothing (Emit Existing Events is off): n8n still saves it.
	const seeded = await waitFor('the first poll to save its cursor in poller_state', 180000, async () => {
		const state = await pollerState(live, nodeId);
		return state && inWindow.every((s) => state.cursor.includes(s.barcode)) ? state : undefined;
	});
	const executionsBefore = new Set((await executionsOf(live, WORKFLOW)).map((e) => e.id));
	assert(executionsBefore.size === 0, `the first poll started ${executionsBefore.size} executions; the events already there must not be emitted`);

	await control.advanceClock({ hours: 12 });
	const after = await control.shipments(barcodes);
	const seen = new Set(before.flatMap((s) => s.visibleEvents.map((e) => eventKey(s.barcode, e.EventId, e.Date))));
	const fresh = after.flatMap((s) => s.visibleEvents.map((e) => ({ key: eventKey(s.barcode, e.EventId, e.Date), id: Number(e.EventId) }))).filter((e) => !seen.has(e.key));
	assert(fresh.length > 0, 'the clock advance produced no new events');

	const emitted = await waitFor(`the ${fresh.length} new events in trigger executions`, 180000, async () => {
		const runs = (await executionsOf(live, WORKFLOW)).filter((e) => !executionsBefore.has(e.id));
		if (runs.length === 0 || runs.some((e) => e.status === 'running' || e.status === 'new')) return undefined;
		const items = [];
		for (const run of runs) items.push(...outputOf(await execution(live, run.id), TRIGGER));
		return items.length >= fresh.length ? { runs, items } : undefined;
	});

	// The next poll must find everything already in the cursor the emitting poll committed: it emits only an AWB added for it.
	const another = await afterAnotherPoll(live, control, WORKFLOW, TRIGGER);
	const again = outputOf(await execution(live, another.executionId), TRIGGER).filter((item) => String(item.json.Barcode) !== another.marker);
	assert(again.length === 0, `the next poll emitted again: ${again.map((item) => eventKey(item.json.Barcode, item.json.EventId, item.json.Date)).join(', ')}`);
	const runs = (await executionsOf(live, WORKFLOW)).filter((e) => !executionsBefore.has(e.id) && e.id !== another.executionId);
	assert(runs.length === emitted.runs.length, `${runs.length - emitted.runs.length} more executions after the next poll`);
	const failed = runs.filter((e) => e.status !== 'success');
	assert(failed.length === 0, `${failed.length} trigger executions did not succeed (${failed.map((e) => `${e.id}: ${e.status}`).join(', ')})`);

	const keys = emitted.items.map((item) => eventKey(item.json.Barcode, item.json.EventId, item.json.Date));
	const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
	const missing = fresh.filter((e) => !keys.includes(e.key)).map((e) => e.key);
	const unexpected = keys.filter((key) => !fresh.some((e) => e.key === key));
	assert(twice.length === 0 && missing.length === 0 && unexpected.length === 0, `emitted twice: ${twice.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}; not new: ${unexpected.join(', ') || 'none'}`);
	// Example 3 mails only the AWBs with a recipient email (the sandbox's own parcels have none).
	const expectedMails = itemsToMail(emitted.items).length;
	const mailed = () => customerMails(live.smtp.mails.slice(mailsBefore)).length;
	await waitFor(`${expectedMails} customer emails`, 60000, async () => (mailed() >= expectedMails ? true : undefined));
	assert(mailed() === expectedMails, `${mailed()} emails for ${expectedMails} out-for-delivery/delivered/refused events of AWBs with an email`);

	const moved = await pollerState(live, nodeId);
	assert(moved && moved.cursor !== seeded.cursor, 'the cursor in poller_state did not move after the events were emitted');
	const staticData = await savedStaticData(live, TRIGGER);
	const inStaticData = staticData === undefined ? 'none' : JSON.stringify(staticData);
	return (
		`${fresh.length} new events -> ${runs.length} executions, each event once, ${expectedMails} emails, the next poll only the AWB added for it; ` +
		`poller_state row (${WORKFLOW}, ${nodeId}): ${moved.cursor.length} bytes for ${barcodes.length} shipments, updated ${moved.updatedAt}; ` +
		`the workflow's static data for the node: ${inStaticData.length > 80 ? `${inStaticData.length} bytes` : inStaticData}`
	);
}
