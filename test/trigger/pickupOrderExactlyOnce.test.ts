import { useSandbox } from '../helpers/sandbox';
import { accountClient } from './helpers/account';
import { sandboxCredential } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const ORDERS = 12;
const MINUTES_BETWEEN_POLLS = 30;
const OPERATIONS = ['getOrder'];

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

/** Each order's status changes the sandbox made after `since` and up to now (its control API), as "before->after". */
async function changesSince(orderIds: string[], since: string): Promise<Map<string, string[]>> {
	const { now } = await sandbox.control.clock();
	const timelines = new Map((await sandbox.control.orders()).map((order) => [String(order.OrderId), order.statuses]));
	const changes = new Map<string, string[]>();
	for (const orderId of orderIds) {
		const statuses = (timelines.get(orderId) ?? []).filter((status) => Date.parse(status.at) <= Date.parse(now));
		const before = statuses.filter((status) => Date.parse(status.at) <= Date.parse(since));
		let previous = before[before.length - 1]?.OrdStatus;
		const made: string[] = [];
		for (const status of statuses.slice(before.length)) {
			made.push(`${String(previous)}->${status.OrdStatus}`);
			previous = status.OrdStatus;
		}
		changes.set(orderId, made);
	}
	return changes;
}

test(`over ${POLLS} polls of ${ORDERS} pickup orders with about 20% of requests failing, every status change is emitted exactly once`, async () => {
	const orderIds = await sendOrders();
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'pickupOrderStatusChanged', orderIds: orderIds.join('\n'), options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();

	await injectFaults(sandbox.control, OPERATIONS);
	const run = await pollWithRestarts(sandbox.control, trigger, { polls: POLLS, minutesBetween: MINUTES_BETWEEN_POLLS, poll: async () => await trigger.poll() });
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	await run.pollOnce();
	const emitted = run.emitted;

	const truth = await changesSince(orderIds, activatedAt);
	let changes = 0;
	for (const orderId of orderIds) {
		// Each change once, in order, with the status before it.
		const got = emitted
			.filter((item) => String(item.OrderId) === orderId)
			.map((item) => `${String(item.PreviousOrdStatus)}->${String(item.OrdStatus)}`);
		expect({ orderId, changes: got }).toEqual({ orderId, changes: truth.get(orderId) });
		changes += got.length;
	}
	for (const item of emitted) expect(item.OrdStatusDetails).toEqual(expect.any(String));

	console.log(
		`pickup orders exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${ORDERS} orders, ${faults.requests} order requests, ` +
			`${faults.failed} failed by injected faults (${(faults.rate * 100).toFixed(1)}%), ${run.failedPolls} polls with every request failed, ` +
			`${emitted.length} status changes emitted = ${changes} made by the sandbox, 0 missing, 0 twice`,
	);
	expect(emitted).toHaveLength(changes);
	expect(faults.rate).toBeGreaterThan(0.12);
	expect(faults.rate).toBeLessThan(0.3);
	// 0 open -> 2 validated -> 3 pickup in progress -> 1 closed for every order.
	expect(changes).toBe(ORDERS * 3);
}, 300_000);
