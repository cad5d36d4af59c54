/**
 * "Launch the day's pickup" (examples/5-launch-daily-pickup.json) in the real n8n server: its Cargus nodes, with the
 * example's parameters, in a copy whose Schedule Trigger is a Webhook (a schedule cannot be fired at will), activated
 * and called twice; the sandbox validates each open pickup order the first time and nothing the second.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { example, executionsOf } from './n8n-api';

const WORKFLOW = 'cargusExample005';
const SCHEDULE = 'n8n-nodes-base.scheduleTrigger';
const PATH = 'cargus-e2e-day-pickup';

export async function dayPickupExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Launch the day\'s pickup": each pickup location\'s open order is launched, once', async () => {
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
		const statusNow = (statuses: Array<{ OrdStatus: number; at: string }>) => statuses.filter((status) => Date.parse(status.at) <= now).pop()?.OrdStatus;
		const open = (await control.orders()).filter((order) => statusNow(order.statuses) === 0);
		await control.clearRequests();
		const call = async () =>
			await waitFor('the webhook to be registered', 60000, async () => {
				const response = await fetch(`${live.editorUrl}webhook/${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
				const text = await response.text();
				return response.status === 404 && text.includes('not registered') ? undefined : { status: response.status, text };
			});
		const first = await call();
		assert(first.status === 200, `the webhook answered ${first.status}: ${first.text.slice(0, 300)}`);
		const launches = (await control.requests('launchOrCancelOrder')).map((request) => `${String(request.query.locationId)} ${request.status}`);
		const after = Date.parse((await control.clock()).now);
		// Validated now (a seeded order's later statuses are already in its timeline).
		const launched = (await control.orders()).filter((order) => order.statuses.some((status) => status.OrdStatus === 2 && Date.parse(status.at) <= after) && open.some((before) => before.OrderId === order.OrderId));
		assert(launches.length > 0 && launches.every((launch) => launch.endsWith(' 200')), `the sandbox saw the launches ${launches.join(', ') || 'none'}`);
		assert(launched.length === launches.length && launched.some((order) => first.text.includes(String(order.OrderId))), `${launches.length} launches, ${launched.length} of the ${open.length} open orders validated; answered ${first.text.slice(0, 200)}`);
		await call();
		await waitFor('the second execution', 30000, async () => ((await executionsOf(live, created.id)).length >= 2 ? true : undefined));
		const relaunched = (await control.requests('launchOrCancelOrder')).length - launches.length;
		assert(relaunched === 0, `the second run launched ${relaunched} more orders (none was open)`);
		const failed = (await executionsOf(live, created.id)).filter((execution) => execution.status !== 'success');
		assert(failed.length === 0, `${failed.length} executions did not succeed`);
		return `launched ${launched.map((order) => order.OrderId).join(', ')} (${launches.join(', ')}); a second run launched nothing`;
	});
}
