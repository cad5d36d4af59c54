import { useSandbox } from '../helpers/sandbox';
import { sandboxCredential } from '../helpers/sandbox';
import { changesSince, sendOrders } from './helpers/orders';
import { faultKinds, faultsFired, injectFaults, pollWithRestarts } from './helpers/faultyPolls';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();

const POLLS = 100;
const ORDERS = 12;
const MINUTES_BETWEEN_POLLS = 30;
const OPERATIONS = ['getOrder'];

test(`over ${POLLS} polls of ${ORDERS} pickup orders with about 20% of requests failing, every status change is emitted exactly once`, async () => {
	const orderIds = await sendOrders(sandbox, ORDERS);
	const activate = async () => {
		const harness = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'pickupOrderStatusChanged', orderIds: orderIds.join('\n'), options: { timeout: 1 } });
		expect(await harness.poll()).toEqual([]);
		return harness;
	};
	// The guarantee counts from the statuses the activation read. An order whose read timed out there (1 s, before any
	// fault is injected: a loaded machine) has no status to change from, so the test activates again until all were read.
	const readAtActivation = (harness: TriggerHarness) => orderIds.every((id) => typeof (harness.staticData.pickupOrders as Record<string, unknown> | undefined)?.[id] === 'number');
	let trigger = await activate();
	for (let activations = 1; !readAtActivation(trigger); activations++) {
		if (activations === 3) throw new Error(`${activations} activations did not read every order's status`);
		trigger = await activate();
	}
	const { now: activatedAt } = await sandbox.control.clock();

	// Every kind but 429: since issue 65 a refusal of the rate limit paces the subscription key's requests for the rest of
	// the process (about 3 a second after a refusal with 3 served), which tells nothing here and takes minutes.
	await injectFaults(sandbox.control, OPERATIONS, faultKinds().filter((fault) => fault.status !== 429));
	const run = await pollWithRestarts(sandbox.control, trigger, { polls: POLLS, minutesBetween: MINUTES_BETWEEN_POLLS, poll: async () => await trigger.poll() });
	const faults = await faultsFired(sandbox.control, OPERATIONS);
	await run.pollOnce();
	const emitted = run.emitted;

	const truth = await changesSince(sandbox.control, orderIds, activatedAt);
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
}, 1_200_000);
