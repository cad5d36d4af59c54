import { DEFAULT_ACCOUNT, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { changesSince, sendOrders } from './helpers/orders';
import { TriggerHarness } from './helpers/pollHarness';

// The account window is counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

const POLLS = 100;
const MINUTES_BETWEEN_POLLS = 30;
const OPERATIONS = ['ordersByDate'];

test(`All Pickup Orders of the Account: over ${POLLS} polls with about 20% of requests failing, restarts and repeated polls, every status change is emitted once, an order sent after activation from its first status`, async () => {
	const before = await sendOrders(sandbox, 6);
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'pickupOrderStatusChanged', version: 2, options: { timeout: 1 } });
	expect(await trigger.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	await sandbox.control.advanceClock({ minutes: 1 });
	const after = await sendOrders(sandbox, 6);
	// A poll a minute later (n8n's usual interval) sees them open (0, for 15 minutes): the first status of each.
	await sandbox.control.advanceClock({ minutes: 1 });
	const firstSeen = await trigger.poll();
	expect(firstSeen.map((item) => `${String(item.OrderId)}:${String(item.PreviousOrdStatus)}->${String(item.OrdStatus)}`)).toEqual(after.map((orderId) => `${orderId}:null->0`));

	await injectFaults(sandbox.control, OPERATIONS);
	const run = await pollWithRestarts(sandbox.control, trigger, { polls: POLLS, minutesBetween: MINUTES_BETWEEN_POLLS, poll: async () => await trigger.poll() });
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	await run.pollOnce();
	const emitted = [...firstSeen, ...run.emitted];

	const account = (await sandbox.control.orders()).filter((order) => order.account === DEFAULT_ACCOUNT.username).map((order) => String(order.OrderId));
	expect(account).toEqual(expect.arrayContaining([...before, ...after]));
	const truth = await changesSince(sandbox.control, account, activatedAt);
	let changes = 0;
	for (const orderId of account) {
		const got = emitted
			.filter((item) => String(item.OrderId) === orderId)
			.map((item) => `${String(item.PreviousOrdStatus ?? undefined)}->${String(item.OrdStatus)}`);
		expect({ orderId, changes: got }).toEqual({ orderId, changes: truth.get(orderId) });
		changes += got.length;
	}
	for (const orderId of after) expect(truth.get(orderId)?.[0]).toBe('undefined->0');
	console.log(
		`account pickup orders exactly once: ${POLLS} polls (+${Math.floor(POLLS / 7)} repeated), ${account.length} orders (${after.length} sent after activation), ` +
			`${faults.requests} order list requests, ${faults.failed} failed by injected faults (${(faults.rate * 100).toFixed(1)}%), ${run.failedPolls} failed polls, ` +
			`${emitted.length} status changes emitted = ${changes} made by the sandbox, 0 missing, 0 twice`,
	);
	expect(emitted).toHaveLength(changes);
	expect(changes).toBeGreaterThanOrEqual(6 * 3 + 6 * 4);
}, 1_200_000);
