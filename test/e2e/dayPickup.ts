/**
 * "Launch daily pickup at a fixed hour" (examples/5-launch-daily-pickup.json) in the real n8n server: its Cargus nodes, with the
 * example's parameters, in a copy whose Schedule Trigger is a Webhook (a schedule cannot be fired at will), activated
 * and called twice; each run validates one open pickup order per location, and no order is launched twice.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxControl } from '../../sandbox';
import type { ControlOrder } from '../../sandbox/control/client';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { example, executionsOf } from './n8n-api';
import { notYetServed } from './webhookFlow';

const WORKFLOW = 'cargusExample005';
const SCHEDULE = 'n8n-nodes-base.scheduleTrigger';
const PATH = 'cargus-e2e-day-pickup';

export async function dayPickupExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Launch daily pickup at a fixed hour": each pickup location\'s open order is launched, once', async () => {
		const workflow = example(WORKFLOW) as ReturnType<typeof example> & { connections: Record<string, unknown>; settings?: Record<string, unknown> };
		const schedule = workflow.nodes.find((node) => node.type === SCHEDULE);
		assert(schedule, 'example 5 has no Schedule Trigger');
		const webhook = { ...schedule, type: 'n8n-nodes-base.webhook', typeVersion: 2.1, webhookId: randomUUID(), parameters: { httpMethod: 'POST', path: PATH, responseMode: 'lastNode', options: {} } };
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', {
			name: `${workflow.name} (e2e, webhook)`,
			nodes: workflow.nodes.map((node) => (node === schedule ? webhook : node)),
			connections: workflow.connections,
			active: false,
			settings: workflow.settings,
		});
		await live.activate(created.id);
		const now = Date.parse((await control.clock()).now);
		const statusNow = (statuses: ControlOrder['statuses'], at = now) => statuses.filter((status) => Date.parse(status.at) <= at).pop()?.OrdStatus;
		const open = (await control.orders()).filter((order) => statusNow(order.statuses) === 0);
		await control.clearRequests();
		const call = async () =>
			await waitFor('the webhook to be registered', 60000, async () => {
				const response = await fetch(`${live.editorUrl}webhook/${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
				const text = await response.text();
				return notYetServed(response.status, text) ? undefined : { status: response.status, text };
			});
		const first = await call();
		assert(first.status === 200, `the webhook answered ${first.status}: ${first.text.slice(0, 300)}`);
		const launchRequests = await control.requests('launchOrCancelOrder');
		const launches = launchRequests.map((request) => `${String(request.query.locationId)} ${request.status}`);
		// The window as the shop plugins send it: Romania's wall-clock time, no offset.
		const windows = launchRequests.map((request) => `${String(request.query.PickupStartDate)} / ${String(request.query.PickupEndDate)}`);
		assert(windows.every((window) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \/ \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(window)), `the launches sent the windows ${windows.join(', ')}`);
		const after = Date.parse((await control.clock()).now);
		const ordersAfterFirst = await control.orders();
		// Validated now (a seeded order's later statuses are already in its timeline).
		const validatedBy = (order: ControlOrder, at: number) => order.statuses.some((status) => status.OrdStatus === 2 && Date.parse(status.at) <= at);
		const launched = ordersAfterFirst.filter((order) => validatedBy(order, after) && open.some((before) => before.OrderId === order.OrderId));
		assert(launches.length > 0 && launches.every((launch) => launch.endsWith(' 200')), `the sandbox saw the launches ${launches.join(', ') || 'none'}`);
		assert(launched.length === launches.length && launched.some((order) => first.text.includes(String(order.OrderId))), `${launches.length} launches, ${launched.length} of the ${open.length} open orders validated; answered ${first.text.slice(0, 200)}`);
		// A location can hold two open orders (its current one, and one sent with its own window that Cargus
		// validates by itself 15 minutes later, never on the e2e run's frozen clock): a run launches one of each location.
		const stillOpen = ordersAfterFirst.filter((order) => statusNow(order.statuses, after) === 0);
		await call();
		await waitFor('the second execution', 30000, async () => ((await executionsOf(live, created.id)).length >= 2 ? true : undefined));
		const second = (await control.requests('launchOrCancelOrder')).slice(launches.length).map((request) => `${String(request.query.locationId)} ${request.status}`);
		const afterSecond = await control.orders();
		const statusesOf = (orders: ControlOrder[], ids: number[]) => JSON.stringify(orders.filter((order) => ids.includes(order.OrderId)).map((order) => order.statuses));
		const firstIds = launched.map((order) => order.OrderId);
		assert(statusesOf(afterSecond, firstIds) === statusesOf(ordersAfterFirst, firstIds), 'the second run launched again an order the first had launched');
		const nowSecond = Date.parse((await control.clock()).now);
		const launchedSecond = afterSecond.filter((order) => validatedBy(order, nowSecond) && stillOpen.some((before) => before.OrderId === order.OrderId));
		assert(second.every((launch) => launch.endsWith(' 200')) && launchedSecond.length === second.length, `the second run launched ${second.join(', ') || 'nothing'} and validated ${launchedSecond.length} of the ${stillOpen.length} orders still open`);
		const failed = (await executionsOf(live, created.id)).filter((execution) => execution.status !== 'success');
		assert(failed.length === 0, `${failed.length} executions did not succeed`);
		return `launched ${firstIds.join(', ')} (${launches.join(', ')}); a second run launched ${launchedSecond.map((order) => order.OrderId).join(', ') || 'nothing'} (still open: ${stillOpen.map((order) => order.OrderId).join(', ') || 'none'}) and none again`;
	});
}
