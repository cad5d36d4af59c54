/**
 * "Tell the customer" watches the whole account: an AWB that example 1 creates (a shop order posted to its
 * webhook) after the trigger was activated produces its tracking events in the example's executions once each, with no
 * barcode typed anywhere. Publishes "Tell the customer" itself when no check before it has.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { afterAnotherPoll } from './anotherPoll';
import { assert, check, waitFor } from './checks';
import { execution, executionsOf, outputOf, type ExampleWorkflow } from './n8n-api';
import { sendShopOrder, shopOrder } from './shopOrder';

const WORKFLOW = 'cargusExample003';
const TRIGGER = 'Cargus Trigger';

export async function accountTrackingCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Tell the customer" watches the whole account: an AWB example 1 creates after activation has its tracking events emitted once each, no barcode typed anywhere', async () => {
		const imported = await live.rest<ExampleWorkflow>('GET', `/rest/workflows/${WORKFLOW}`);
		const trigger = imported.nodes.find((node) => node.name === TRIGGER);
		assert(trigger !== undefined && trigger.parameters.watch === 'account' && trigger.parameters.barcodes === undefined, `the trigger's parameters: ${JSON.stringify(trigger?.parameters)}`);
		const { active } = await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW}`);
		if (!active) {
			// Run before the check that publishes it (CARGUS_E2E_ORDER=reverse): published here, its first poll done.
			await control.clearRequests();
			await live.activate(WORKFLOW);
			await waitFor('the first poll', 90000, async () => ((await control.requests()).some((q) => q.operation.startsWith('trace') && q.status === 200) ? true : undefined));
		}

		const sent = await sendShopOrder(live, shopOrder({ orderNumber: 'SHOP-10043' }));
		const barcode = String(sent.answer.barcode);
		assert(/^\d{6,20}$/.test(barcode), `example 1 answered no barcode: ${sent.text.slice(0, 300)}`);
		const executionsBefore = new Set((await executionsOf(live, WORKFLOW)).map((run) => run.id));

		await control.advanceClock({ hours: 24 });
		const [shipment] = await control.shipments([barcode]);
		const expected = shipment.visibleEvents.map((event) => `${event.EventId}|${Date.parse(event.Date)}`);
		assert(expected.length > 0, `the new AWB ${barcode} has no event after 24 hours`);

		const emitted = await waitFor(`the ${expected.length} events of ${barcode} in trigger executions`, 180000, async () => {
			const runs = (await executionsOf(live, WORKFLOW)).filter((run) => !executionsBefore.has(run.id));
			if (runs.some((run) => run.status === 'running' || run.status === 'new')) return undefined;
			const keys: string[] = [];
			for (const run of runs) {
				for (const item of outputOf(await execution(live, run.id), TRIGGER)) {
					if (String(item.json.Barcode) === barcode) keys.push(`${String(item.json.EventId)}|${Date.parse(String(item.json.Date))}`);
				}
			}
			return keys.length >= expected.length ? keys : undefined;
		});
		// One more poll goes by (waited for: it emits an AWB added for it): nothing of the AWB comes twice.
		const another = await afterAnotherPoll(live, control, WORKFLOW, TRIGGER);
		const again: string[] = [];
		for (const run of (await executionsOf(live, WORKFLOW)).filter((r) => !executionsBefore.has(r.id))) {
			for (const item of outputOf(await execution(live, run.id), TRIGGER)) if (String(item.json.Barcode) === barcode) again.push(String(item.json.EventId));
		}
		assert(again.length === expected.length, `${again.length} items of ${barcode} after one more poll, ${expected.length} events`);
		const missing = expected.filter((key) => !emitted.includes(key));
		const twice = emitted.filter((key, index) => emitted.indexOf(key) !== index);
		assert(missing.length === 0 && twice.length === 0 && emitted.length === expected.length, `missing ${missing.join(', ') || 'none'}; twice ${twice.join(', ') || 'none'}`);
		return `AWB ${barcode} created by example 1 after activation: its ${expected.length} events (${shipment.visibleEvents.map((event) => event.EventId).join(', ')}) emitted once each, first one included, none again in the next poll (${another.executionId})`;
	});
}
