/**
 * Example 6 in the real n8n server, connected to the shop stand-in's WooCommerce (scripts/lib/woocommerce-stand-in.ts)
 * by n8n's own WooCommerce Trigger: publishing makes the shop's webhooks (the shop pings them before it answers),
 * unpublishing removes them; the shop delivers its orders signed with the secret the trigger registered. The checks
 * read the shop's end state (the order's notes, meta and status), not only the requests the workflow sent.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { SandboxControl } from '../../sandbox';
import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import type { WooDelivery } from '../../scripts/lib/woocommerce-stand-in';
import { assert, check, waitFor } from './checks';
import { execution, executionsOf, isUnfinished, outputOf, type ExecutionSummary } from './n8n-api';

const WORKFLOW = 'cargusExample006';
const TRACKING = 'https://www.cargus.ro/tracking-romanian/?t=';
const DAY = 24 * 60 * 60 * 1000;
const REFUSAL = 'Numarul de telefon al destinatarului nu este valid';

type Order = Record<string, unknown> & { id: number };

const sample = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'woocommerce-order.json'), 'utf8')) as Order;

/** The sample order as order `id`, made `daysAgo` days ago (WooCommerce's dates: UTC, without an offset). */
function order(id: number, changes: Record<string, unknown> = {}, daysAgo = 0): Order {
	const at = new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 19);
	return { ...sample, id, number: String(id), status: 'processing', date_created: at, date_created_gmt: at, ...changes };
}

async function unpublish(live: Launched): Promise<void> {
	const workflow = await live.rest<{ active: boolean; versionId?: string }>('GET', `/rest/workflows/${WORKFLOW}`);
	if (!workflow.active) return;
	if (live.n8n.major < 2) await live.rest('PATCH', `/rest/workflows/${WORKFLOW}`, { active: false, versionId: workflow.versionId });
	else await live.rest('POST', `/rest/workflows/${WORKFLOW}/deactivate`);
}

/** The shop's webhooks that deliver to this n8n. */
const hooksToN8n = (live: Launched) => live.shop.woo.webhooks.filter((hook) => hook.delivery_url.startsWith(live.editorUrl));

/**
 * Publishes example 6 unless it is, then waits until the shop holds its two webhooks and n8n serves them (n8n
 * registers a published workflow's webhooks at the shop after answering the editor).
 */
async function publish(live: Launched): Promise<void> {
	if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW}`)).active) await live.activate(WORKFLOW);
	await waitFor('the shop\'s webhooks to n8n, served', 60_000, async () => {
		const hooks = hooksToN8n(live);
		if (hooks.length !== 2) return undefined;
		const pings = await Promise.all(hooks.map((hook) => live.shop.woo.ping(hook.id)));
		return pings.every((ping) => ping.status === 200) ? true : undefined;
	});
}

/** The executions started since `before` (ids), once all of them have finished and there are at least `count`. */
async function newExecutions(live: Launched, before: Set<string>, count: number): Promise<ExecutionSummary[]> {
	const from = Math.max(0, live.shop.woo.deliveries.length - 2);
	try {
		return await waitFor(`${count} finished executions of example 6`, 120_000, async () => {
			await live.shop.woo.settled();
			const fresh = (await executionsOf(live, WORKFLOW)).filter((run) => !before.has(run.id));
			return fresh.length >= count && !fresh.some(isUnfinished) ? fresh : undefined;
		});
	} catch (err) {
		const deliveries = live.shop.woo.deliveries.slice(from).map(({ topic, orderId, status, answer }) => `${topic} ${String(orderId)} -> ${status} ${answer.slice(0, 120)}`);
		throw new Error(`${err instanceof Error ? err.message : String(err)}; the shop's deliveries: ${deliveries.join('; ')}; webhooks ${JSON.stringify(hooksToN8n(live).map((hook) => [hook.id, hook.topic]))}`);
	}
}

const executionIds = async (live: Launched) => new Set((await executionsOf(live, WORKFLOW)).map((run) => run.id));

/** The nodes an execution ran. */
const ran = async (live: Launched, run: ExecutionSummary) => Object.keys((await execution(live, run.id)).runData);

/** What the AWB of an order reference was made with at the sandbox (one AWB, or fails). */
async function theAwbOf(control: SandboxControl, reference: string) {
	const shipments = (await control.shipments()).filter((shipment) => shipment.orderReference === reference);
	assert(shipments.length === 1, `${shipments.length} AWBs with the order reference ${reference}`);
	const sent = (await control.requests('createAwb')).filter((request) => request.status === 200).map((request) => request.body as { CustomString?: string; ParcelCodes?: Array<{ Weight?: number }>; Recipient?: Record<string, unknown> }).find((body) => body.CustomString === reference);
	return { shipment: shipments[0], sent };
}

function delivered(deliveries: WooDelivery[], what: string): WooDelivery {
	assert(deliveries.length === 1, `${what}: the shop delivered to ${deliveries.length} webhooks`);
	return deliveries[0];
}

/**
 * Registration, ping and signature: on every n8n version (their WooCommerce Triggers differ: 2.x answers a bad
 * signature 401, 1.123 drops it with 200; neither runs an execution for it).
 */
export async function wooCommerceTriggerChecks(live: Launched, control: SandboxControl): Promise<void> {
	await check('WooCommerce Trigger of example 6: published, it makes its webhooks at the shop (order.created, order.updated; each pinged before the shop answered, no execution); unpublished, it removes them', async () => {
		await unpublish(live);
		assert(hooksToN8n(live).length === 0, `before publishing, the shop has webhooks to n8n: ${JSON.stringify(hooksToN8n(live))}`);
		const before = await executionIds(live);
		const pingsBefore = live.shop.woo.deliveries.length;
		await live.activate(WORKFLOW);
		const hooks = await waitFor('two webhooks at the shop', 60_000, async () => (hooksToN8n(live).length >= 2 ? hooksToN8n(live) : undefined));
		assert(hooks.map((hook) => hook.topic).sort().join() === 'order.created,order.updated', `the shop has webhooks ${JSON.stringify(hooks.map((hook) => [hook.topic, hook.delivery_url]))}`);
		const pings = live.shop.woo.deliveries.slice(pingsBefore).filter((delivery) => delivery.topic === 'ping');
		assert(pings.length === 2, `the shop pinged ${pings.length} times: ${JSON.stringify(pings)}`);
		const deletes = () => live.shop.requests.filter((request) => request.method === 'DELETE' && request.path.startsWith('/wp-json/wc/v3/webhooks/')).length;
		const deletedBefore = deletes();
		await unpublish(live);
		await waitFor('the webhooks removed', 60_000, async () => (hooksToN8n(live).length === 0 ? true : undefined)).catch(() => undefined);
		assert(hooksToN8n(live).length === 0 && deletes() - deletedBefore === 2, `after unpublishing, the shop keeps ${JSON.stringify(hooksToN8n(live))}; ${deletes() - deletedBefore} DELETE requests`);
		const forced = live.shop.requests.filter((request) => request.method === 'DELETE').slice(-2).every((request) => request.query.includes('force=true'));
		assert(forced, 'a webhook was deleted without force=true (WooCommerce does not trash webhooks)');
		await publish(live);
		const again = hooksToN8n(live);
		assert(again.length === 2, `published again: ${again.length} webhooks`);
		const runs = (await executionsOf(live, WORKFLOW)).filter((run) => !before.has(run.id));
		assert(runs.length === 0, `the pings started ${runs.length} executions`);
		return `webhooks ${hooks.map((hook) => `${hook.id} ${hook.topic} -> ${hook.delivery_url.replace(live.editorUrl, '/')}`).join(', ')}; pings answered ${pings.map((ping) => ping.status).join(', ')}; removed on unpublish with force=true, made again on publish`;
	});

	await check('WooCommerce Trigger of example 6: an order signed with another secret makes no execution and no AWB; a signed order made 8 days ago runs no Cargus node', async () => {
		await publish(live);
		await control.clearRequests();
		const before = await executionIds(live);
		const forged = order(5401);
		live.shop.woo.orders.set(forged.id, forged as Order & { status: string });
		const wrong = delivered(await live.shop.woo.deliver('order.created', forged as Order & { status: string }, 'not-the-secret-the-trigger-registered'), 'forged');
		assert(wrong.status === 401 || wrong.status === 200, `a wrongly signed order was answered ${wrong.status} ${wrong.answer}`);
		const afterForged = (await executionsOf(live, WORKFLOW)).filter((run) => !before.has(run.id));
		const old = delivered(await live.shop.woo.placeOrder(order(5402, {}, 8)).then(() => live.shop.woo.deliveries.slice(-1)), 'old order');
		assert(old.status === 200, `the old order's delivery was answered ${old.status} ${old.answer}`);
		const [oldRun] = await newExecutions(live, before, 1);
		const nodes = await ran(live, oldRun);
		assert(afterForged.length === 0, `the forged order started ${afterForged.length} executions`);
		assert(oldRun.status === 'success' && !nodes.includes('Create AWB') && !nodes.includes('Products'), `the old order's execution ended ${oldRun.status} and ran ${nodes.join(', ')}`);
		const created = (await control.requests('createAwb')).length;
		assert(created === 0, `the sandbox got ${created} createAwb requests`);
		return `forged: answered ${wrong.status}, no execution; 8 days old: one execution that ran ${nodes.join(', ')}; no AWB`;
	});
}

/** The orders themselves (the default n8n version): what is shipped, what it weighs, what the shop ends with. */
export async function wooCommerceOrderChecks(live: Launched, control: SandboxControl): Promise<void> {
	const woo = live.shop.woo;

	await check('WooCommerce order paid with cash on delivery (the sample, placed in the shop stand-in): one AWB of 3 kg for products of 1.2 kg and 0.45 kg × 2, the recipient and COD of the order; the shop ends with the tracking note and meta cargus_awb; delivered again, no second AWB', async () => {
		await publish(live);
		await control.clearRequests();
		const before = await executionIds(live);
		await woo.placeOrder(order(5127));
		// The execution, and the one the order's own update (meta cargus_awb) starts through order.updated.
		const runs = await newExecutions(live, before, 2);
		assert(runs.every((run) => run.status === 'success'), `executions ended ${runs.map((run) => run.status).join(', ')}`);
		const { shipment, sent } = await theAwbOf(control, 'woo-5127');
		const weights = (sent?.ParcelCodes ?? []).map((parcel) => parcel.Weight).join();
		assert(weights === '3', `the parcel went as ${weights} kg`);
		assert(shipment.codValue === 249.9 && sent?.Recipient?.Name === 'Ștefan Țurcanu' && sent?.Recipient?.CountyId === 15, `the AWB: COD ${shipment.codValue}, recipient ${JSON.stringify(sent?.Recipient)}`);
		const notes = woo.notes.get(5127) ?? [];
		const tracking = notes.filter((note) => note.customer_note && note.note.includes(`${TRACKING}${shipment.barcode}`));
		const meta = ((woo.orders.get(5127)?.meta_data as Array<{ key: string; value: unknown }>) ?? []).filter((entry) => entry.key === 'cargus_awb');
		assert(tracking.length === 1 && meta.length === 1 && String(meta[0].value) === shipment.barcode, `the shop holds notes ${JSON.stringify(notes)} and meta ${JSON.stringify(meta)}`);
		const detail = await execution(live, runs.map((run) => run.id).sort((a, b) => Number(a) - Number(b))[0]);
		const [mapped] = outputOf(detail, 'Order for Cargus');
		assert(mapped?.json.weightKg === 2.1 && mapped?.json.weighedBy === "the products' weights", `Order for Cargus gave ${JSON.stringify(mapped?.json)}`);

		const again = await executionIds(live);
		await woo.deliver('order.created', woo.orders.get(5127) as Order & { status: string });
		const [repeat] = await newExecutions(live, again, 1);
		const same = (await control.shipments()).filter((candidate) => candidate.orderReference === 'woo-5127').length;
		assert(repeat.status === 'success' && same === 1 && (woo.notes.get(5127) ?? []).length === notes.length, `delivered again: ${same} AWBs, ${(woo.notes.get(5127) ?? []).length} notes`);
		return `AWB ${shipment.barcode}, ${weights} kg (Order for Cargus: ${String(mapped.json.weightKg)} kg, ${String(mapped.json.weighedBy)}), COD ${shipment.codValue}; the shop: note "${tracking[0].note}", meta cargus_awb=${String(meta[0].value)}; delivered again: still one AWB`;
	});

	await check('WooCommerce card order: pending, it makes no AWB; once paid (order.updated, processing), one AWB; a product without a weight counts the fixed weight and the output says so', async () => {
		await publish(live);
		await control.clearRequests();
		const before = await executionIds(live);
		const card = order(5403, { status: 'pending', payment_method: 'stripe', payment_method_title: 'Card', line_items: [...(sample.line_items as unknown[]), { id: 317, name: 'Felicitare', product_id: 120, variation_id: 0, quantity: 1 }, { id: 318, name: 'Tricou „Carpați” - M', product_id: 110, variation_id: 111, quantity: 2 }] });
		await woo.placeOrder(card);
		const [pendingRun] = await newExecutions(live, before, 1);
		const pendingNodes = await ran(live, pendingRun);
		assert(!pendingNodes.includes('Create AWB') && (await control.requests('createAwb')).length === 0, `the pending order ran ${pendingNodes.join(', ')}`);
		const paid = await executionIds(live);
		await woo.pay(5403);
		const runs = await newExecutions(live, paid, 2);
		assert(runs.every((run) => run.status === 'success'), `executions ended ${runs.map((run) => run.status).join(', ')}`);
		const { shipment, sent } = await theAwbOf(control, 'woo-5403');
		const detail = await execution(live, runs.map((run) => run.id).sort((a, b) => Number(a) - Number(b))[0]);
		const [mapped] = outputOf(detail, 'Order for Cargus');
		// 0.45 × 2 + 1.2 + the fixed 2.5 for the card + 0.2 × 2 for the variation = 5 kg.
		const weights = (sent?.ParcelCodes ?? []).map((parcel) => parcel.Weight).join();
		assert(mapped?.json.weightKg === 5 && String(mapped?.json.weighedBy).includes('Felicitare') && weights === '5', `Order for Cargus gave ${JSON.stringify({ weightKg: mapped?.json.weightKg, weighedBy: mapped?.json.weighedBy })}; Cargus got ${weights} kg`);
		assert(shipment.codValue === 0, `a card order's AWB has COD ${shipment.codValue}`);
		const variationRequests = live.shop.requests.filter((request) => request.path === '/wp-json/wc/v3/products/110/variations').length;
		return `pending: ran ${pendingNodes.join(', ')}, no AWB; paid: AWB ${shipment.barcode}, ${weights} kg (${String(mapped.json.weighedBy)}), COD 0; ${variationRequests} variation request(s) so far`;
	});

	await check('WooCommerce order Cargus refuses: the shop ends with a private note holding Cargus\' words, no AWB, the execution does not fail', async () => {
		await publish(live);
		await control.clearRequests();
		const before = await executionIds(live);
		await control.addFault({ operation: 'createAwb', kind: 'status', status: 400, body: [REFUSAL], count: 1 });
		await woo.placeOrder(order(5128));
		const [run] = await newExecutions(live, before, 1);
		const notes = woo.notes.get(5128) ?? [];
		assert(run.status === 'success', `the execution ended ${run.status}`);
		assert(notes.length === 1 && !notes[0].customer_note && notes[0].note.includes(REFUSAL), `the shop holds notes ${JSON.stringify(notes)}`);
		return `private note "${notes[0].note}"`;
	});
}
