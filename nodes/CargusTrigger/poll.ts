import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { everyRequestFailed, nodeError } from '../shared/transport/errors';
import { refuseSetting } from '../shared/values/refusal';
import { redactItems } from './redactedItems';
import { runRequests } from './requestPool';
import { readSource } from './source';
import type { AnyTriggerEvent } from './triggerEvent';

/** Share of n8n's poll budget spent starting requests; the rest is left for the slowest answers. */
const BUDGET_SHARE = 0.8;
/** Fetch Test Event sends at most this many requests to find a recent change. */
const TEST_EVENT_REQUESTS = 10;

function pollBudgetMs(context: IPollFunctions): number {
	// Older n8n versions do not give a budget.
	return typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : 5 * 60_000;
}

/** One poll of `event`: each change not seen before, oldest first; the state saved only when the poll ends. */
export async function pollEvent(this: IPollFunctions, event: AnyTriggerEvent): Promise<INodeExecutionData[][] | null> {
	const settings = event.readSettings(this, false);
	const state = event.openState(this.getWorkflowStaticData('node'), settings);
	const requests = event.plan(state, settings);
	if (requests.length === 0) {
		state.commit();
		return null;
	}

	const deadline = Date.now() + pollBudgetMs(this) * BUDGET_SHARE;
	const source = await readSource.call(this, settings.timeoutMs, deadline);
	const changes: unknown[] = [];
	const outcomes = await runRequests(this, source, requests, {
		requestName: event.requestName,
		concurrency: event.concurrency,
		deadline,
		send: async (request) => await event.send(this, source, request, settings),
		receive: (request, answer) => {
			const received = event.receive(state, request, answer, settings);
			for (const change of received.changes) changes.push(change);
			return received.more;
		},
	});

	const attempted = outcomes.filter((outcome) => !outcome.skipped);
	const failed = attempted.filter((outcome) => outcome.error !== undefined);
	if (attempted.length > 0 && failed.length === attempted.length) {
		// Nothing was learned and no state changed: n8n records the failure and the next poll retries.
		throw everyRequestFailed(failed[0].error!, attempted.length, event.requestName);
	}
	if (failed.length > 0) {
		this.logger.warn(
			`Cargus Trigger: ${failed.length} of ${attempted.length} ${event.requestName}s failed (${failed[0].error?.message}); what they ask is asked again at the next poll`,
		);
	}

	event.settle?.(state, outcomes, settings);
	const emitted = event.complete ? await event.complete(this, source, state, changes, settings, deadline) : changes;
	state.commit();
	if (emitted.length === 0) return null;
	emitted.sort((a, b) => event.compare(a, b));
	return [redactItems(source, emitted.map((change) => event.toItem(change, settings)))];
}

/** "Fetch Test Event": the most recent change a throwaway state shows (everything counts as new). Saves nothing. */
export async function fetchTestEvent(this: IPollFunctions, event: AnyTriggerEvent): Promise<INodeExecutionData[][]> {
	const settings = event.readSettings(this, true);
	const state = event.openState({}, settings);
	const requests = event.plan(state, settings);
	if (requests.length === 0 && event.nothingToWatch) {
		throw refuseSetting(this.getNode(), event.nothingToWatch.message, event.nothingToWatch.description);
	}
	const deadline = Date.now() + pollBudgetMs(this) * BUDGET_SHARE;
	const source = await readSource.call(this, settings.timeoutMs, deadline);
	let newest: { change: unknown } | undefined;
	const outcomes = await runRequests(this, source, requests, {
		requestName: event.requestName,
		concurrency: 1,
		deadline,
		maxRequests: TEST_EVENT_REQUESTS,
		send: async (request) => await event.send(this, source, request, settings),
		receive: (request, answer) => {
			const received = event.receive(state, request, answer, settings);
			for (const change of received.changes) {
				if (newest === undefined || event.compare(newest.change, change) <= 0) newest = { change };
			}
			return received.more;
		},
	});
	if (newest !== undefined) {
		const [completed] = event.complete ? await event.complete(this, source, state, [newest.change], settings, deadline) : [newest.change];
		if (completed !== undefined) return [redactItems(source, [event.toItem(completed, settings)])];
	}
	const failed = outcomes.find((outcome) => outcome.error !== undefined);
	if (failed?.error) throw failed.error;
	throw nodeError(this, event.noTestEvent);
}
