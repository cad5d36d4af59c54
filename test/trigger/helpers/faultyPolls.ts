import { NodeApiError } from 'n8n-workflow';

import type { FaultInput, SandboxControl } from '../../../sandbox/control/client';
import type { TriggerHarness } from './pollHarness';

const FAULT_BUDGET = 100_000;

/** Six kinds of failure, each on about 1 in 30 requests: about 20% of requests in all. */
export function faultKinds(latencyMs = 1500): FaultInput[] {
	return [
		{ kind: 'status', status: 500 },
		{ kind: 'status', status: 429 },
		{ kind: 'truncated' },
		{ kind: 'reset' },
		{ kind: 'malformed' },
		{ kind: 'latency', latencyMs },
	];
}

export async function injectFaults(control: SandboxControl, operations: string[], kinds: FaultInput[] = faultKinds()): Promise<void> {
	for (const operation of operations) {
		for (const [index, fault] of kinds.entries()) {
			// The sandbox tries faults in order: these conditional chances give each kind the same share.
			await control.addFault({ operation, count: FAULT_BUDGET, probability: 1 / (30 - index), ...fault });
		}
	}
	await control.clearRequests();
}

/** How many requests of these operations were made and how many of them the faults failed; clears the faults. */
export async function faultsFired(control: SandboxControl, operations: string[]): Promise<{ requests: number; failed: number; rate: number }> {
	const faults = await control.faults();
	const failed = faults.reduce((sum, fault) => sum + (FAULT_BUDGET - (fault.remaining ?? FAULT_BUDGET)), 0);
	const requests = (await control.requests()).filter((request) => operations.includes(request.operation)).length;
	await control.clearFaults();
	return { requests, failed, rate: failed / requests };
}

/**
 * Polls as n8n would over a long run: the sandbox clock moves before each poll, every 7th poll runs twice
 * (at-least-once scheduling), n8n restarts every 10 polls. A poll that fails with a NodeApiError is counted.
 */
export async function pollWithRestarts<T>(
	control: SandboxControl,
	trigger: TriggerHarness,
	options: { polls: number; minutesBetween: number; poll: () => Promise<T[]> },
): Promise<{ emitted: T[]; failedPolls: number; pollOnce: () => Promise<void> }> {
	const emitted: T[] = [];
	let failedPolls = 0;
	const pollOnce = async () => {
		try {
			emitted.push(...(await options.poll()));
		} catch (error) {
			if (!(error instanceof NodeApiError)) throw error;
			failedPolls++;
		}
	};
	for (let poll = 1; poll <= options.polls; poll++) {
		await control.advanceClock({ minutes: options.minutesBetween });
		await pollOnce();
		if (poll % 7 === 0) await pollOnce();
		if (poll % 10 === 0) trigger.restart();
	}
	return {
		emitted,
		get failedPolls() {
			return failedPolls;
		},
		pollOnce,
	};
}
