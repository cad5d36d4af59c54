/**
 * "Launch the day's pickup" (examples/5-launch-daily-pickup.json) in the real n8n server: its Cargus nodes, with the
 * example's parameters, run by the n8n CLI (which starts only from a Manual Trigger, so a copy of the example has one
 * in place of the Schedule Trigger), and the sandbox validates each open pickup order.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check } from './checks';
import { example } from './n8n-api';

const WORKFLOW = 'cargusExample005';
const SCHEDULE = 'n8n-nodes-base.scheduleTrigger';

export async function dayPickupExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Launch the day\'s pickup": each pickup location\'s open order is launched, once', async () => {
		const workflow = example(WORKFLOW) as ReturnType<typeof example> & { connections: Record<string, unknown>; settings?: Record<string, unknown> };
		const schedule = workflow.nodes.find((node) => node.type === SCHEDULE);
		assert(schedule, 'example 5 has no Schedule Trigger');
		const nodes = workflow.nodes.map((node) =>
			node === schedule ? { ...node, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} } : node,
		);
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', {
			name: `${workflow.name} (e2e, manual)`, nodes, connections: workflow.connections, active: false, settings: workflow.settings,
		});
		const now = Date.parse((await control.clock()).now);
		const statusNow = (statuses: Array<{ OrdStatus: number; at: string }>) => statuses.filter((status) => Date.parse(status.at) <= now).pop()?.OrdStatus;
		const open = (await control.orders()).filter((order) => statusNow(order.statuses) === 0);
		await control.clearRequests();
		const run = await live.cli(['execute', `--id=${created.id}`]);
		assert(run.code === 0, `n8n execute exited ${String(run.code)}: ${(run.stdout + run.stderr).slice(-600)}`);
		const launches = (await control.requests('launchOrCancelOrder')).map((request) => `${String(request.query.locationId)} ${request.status}`);
		const orders = await control.orders();
		const launched = orders.filter((order) => order.statuses.some((status) => status.OrdStatus === 2) && open.some((before) => before.OrderId === order.OrderId));
		assert(launches.length > 0 && launches.every((launch) => launch.endsWith(' 200')), `the sandbox saw the launches ${launches.join(', ') || 'none'}`);
		assert(launched.length === launches.length, `${launches.length} launches, but ${launched.length} of the ${open.length} open orders validated`);
		const again = await live.cli(['execute', `--id=${created.id}`]);
		assert(again.code === 0, `the second run exited ${String(again.code)}`);
		const relaunched = (await control.requests('launchOrCancelOrder')).length - launches.length;
		assert(relaunched === 0, `the second run launched ${relaunched} more orders (none was open)`);
		return `launched ${launched.map((order) => order.OrderId).join(', ')} (${launches.join(', ')}); a second run launched nothing`;
	});
}
