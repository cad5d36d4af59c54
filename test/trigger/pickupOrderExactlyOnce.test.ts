import { NodeApiError, type IDataObject } from 'n8n-workflow';

import type { FaultInput } from '../../sandbox/control/client';
import { useSandbox } from '../helpers/sandbox';
import { accountClient } from './helpers/account';
import { sandboxCredential } from './helpers/credentials';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const ORDERS = 12;
const MINUTES_BETWEEN_POLLS = 30;
/** The sandbox's documented OrdStatus path: 0 open, 2 validated, 3 pickup in progress, 1 closed. */
const STATUS_PATH = [0, 2, 3, 1];
/** Each fault fires on about 1 in 30 order requests: 6 kinds, about 20% of requests in all. */
const FAULTS: FaultInput[] = [
	{ kind: 'status', status: 500 },
	{ kind: 'status', status: 429 },
	{ kind: 'truncated' },
	{ kind: 'reset' },
	{ kind: 'malformed' },
	{ kind: 'latency', latencyMs: 1500 },
];
const FAULT_BUDGET = 100_000;

/** Orders whose statuses change hours apart (so every status is seen by some poll), all closed within 50 hours. */
async function sendOrders(): Promise<string[]> {
	const client = await accountClient(sandbox.url);
	const orderIds: string[] = [];
	for (let index = 0; index < ORDERS; index++) {
		const start = await sandboxTimePlus(sandbox.control, 8 * 60 + index * 15);
		const end = await sandboxTimePlus(sandbox.control, 8 * 60 + index * 15 + 8 * 60 + (index % 4) * 120);
		const sent = await client.call('POST', '/api/Orders', {
			body: { LocationId: 1005962049, Parcels: 2, Envelopes: 0, TotalWeight: 4, PickupStartDate: start.slice(0, 19), PickupEndDate: end.slice(0, 19) },
		});
		if (sent.status !== 200) throw new Error(`POST /api/Orders answered ${sent.status}: ${sent.text}`);
		orderIds.push(String(sent.json));
	}
	return orderIds;
}

async function statusesNow(orderIds: string[]): Promise<Map<string, number>> {
	const client = await accountClient(sandbox.url);
	const statuses = new Map<string, number>();
	for (const orderId of orderIds) {
		const read = await client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId } });
		statuses.set(orderId, (read.json as { OrdStatus: number }).OrdStatus);
	}
	return statuses;
}

test(`over ${POLLS} polls of ${ORDERS} pickup orders with about 20% of requests failing, every status change is emitted exactly once`, async () => {
	const orderIds = await sendOrders();
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'pickupOrderStatusChanged', orderIds: orderIds.join('\n'), options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const atActivation = await statusesNow(orderIds);

	for (const [index, fault] of FAULTS.entries()) {
		await sandbox.control.addFault({ operation: 'getOrder', count: FAULT_BUDGET, probability: 1 / (30 - index), ...fault });
	}
	await sandbox.control.clearRequests();

	const emitted: IDataObject[] = [];
	let failedPolls = 0;
	const runPoll = async () => {
		try {
			emitted.push(...(await trigger.poll()));
		} catch (error) {
			if (!(error instanceof NodeApiError)) throw error;
			failedPolls++;
		}
	};
	for (let poll = 1; poll <= POLLS; poll++) {
		await sandbox.control.advanceClock({ minutes: MINUTES_BETWEEN_POLLS });
		await runPoll();
		if (poll % 7 === 0) await runPoll();
		if (poll % 10 === 0) trigger.restart();
	}

	const faults = await sandbox.control.faults();
	const faultsFired = faults.reduce((sum, fault) => sum + (FAULT_BUDGET - (fault.remaining ?? FAULT_BUDGET)), 0);
	const requests = (await sandbox.control.requests('getOrder')).length;
	await sandbox.control.clearFaults();
	await runPoll();

	const atEnd = await statusesNow(orderIds);
	let changes = 0;
	for (const orderId of orderIds) {
		// Every status on the path from the one at activation to the one now, each change once, in order.
		const path = STATUS_PATH.slice(STATUS_PATH.indexOf(atActivation.get(orderId) as number), STATUS_PATH.indexOf(atEnd.get(orderId) as number) + 1);
		const expected = path.slice(1).map((status, index) => `${path[index]}->${status}`);
		const got = emitted
			.filter((item) => String(item.OrderId) === orderId)
			.map((item) => `${String(item.PreviousOrdStatus)}->${String(item.OrdStatus)}`);
		expect({ orderId, changes: got }).toEqual({ orderId, changes: expected });
		changes += expected.length;
	}
	expect([...atEnd.values()].every((status) => status === 1)).toBe(true);
	for (const item of emitted) expect(item.OrdStatusDetails).toEqual(expect.any(String));

	const faultRate = faultsFired / requests;
	console.log(
		`pickup orders exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${ORDERS} orders, ${requests} order requests, ` +
			`${faultsFired} failed by injected faults (${(faultRate * 100).toFixed(1)}%), ${failedPolls} polls with every request failed, ` +
			`${emitted.length} status changes emitted = ${changes} made by the sandbox, 0 missing, 0 twice`,
	);
	expect(emitted).toHaveLength(changes);
	expect(faultRate).toBeGreaterThan(0.12);
	expect(faultRate).toBeLessThan(0.3);
	expect(changes).toBe(ORDERS * 3);
}, 300_000);
