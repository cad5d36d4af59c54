/**
 * Example 6 in the real n8n server, connected to the shop stand-in's WooCommerce (scripts/lib/woocommerce-stand-in.ts)
 * by n8n's own WooCommerce Trigger: publishing makes the shop's webhooks (the shop pings them before it answers),
 * unpublishing removes them; the shop delivers its orders signed with the secret the trigger registered. The checks
 * read the shop's end state (the order's notes, meta and status), not only the requests the workflow sent.
 */
import fs from 'node:fs';
import path from 'node:path';

import { REFUSALS, type SandboxControl } from '../../sandbox';
import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import type { WooDelivery } from '../../scripts/lib/woocommerce-stand-in';
import { assert, check, waitFor } from './checks';
import { kindOf, TELL_THE_CUSTOMER } from './customerMails';
import { execution, executionsOf, isUnfinished, outputOf, type ExecutionSummary } from './n8n-api';

const WORKFLOW = 'cargusExample006';
const TRACKING = 'https://www.cargus.ro/tracking-romanian/?t=';
const DAY = 24 * 60 * 60 * 1000;
const REFUSAL = 'Numarul de telefon al destinatarului nu este valid';

type Order = Record<string, unknown> & { id: number };

const sample = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'woocommerce-order.json'), 'utf8')) as Order;

/** The sample order as order `id`, made `daysAgo` days ago (WooCommerce's dates: UTC, without an offset). */
export function order(id: number, changes: Record<string, unknown> = {}, daysAgo = 0): Order {
	const at = new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 19);
	return { ...sample, id, number: String(id), status: 'processing', date_created: at, date_created_gmt: at, ...changes };
}

export async function unpublish(live: Launched, id = WORKFLOW): Promise<void> {
	const workflow = await live.rest<{ active: boolean; versionId?: string }>('GET', `/rest/workflows/${id}`);
	if (!workflow.active) return;
	if (live.n8n.major < 2) await live.rest('PATCH', `/rest/workflows/${id}`, { active: false, versionId: workflow.versionId });
	else await live.rest('POST', `/rest/workflows/${id}/deactivate`);
}

/** Example 6's executions started by the shop (its WooCommerce Triggers), not by its Cargus Triggers. */
const shopExecutions = async (live: Launched) => (await executionsOf(live, WORKFLOW)).filter((run) => run.mode === 'webhook');

/** The shop's webhooks that deliver to this n8n. */
const hooksToN8n = (live: Launched) => live.shop.woo.webhooks.filter((hook) => hook.delivery_url.startsWith(live.editorUrl));

/**
 * Publishes example 6 unless it is, then waits until the shop holds its two webhooks and n8n serves them (n8n
 * registers a published workflow's webhooks at the shop after answering the editor).
 */
export async function publish(live: Launched): Promise<void> {
	if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW}`)).active) await live.activate(WORKFLOW);
	await waitFor('the shop\'s webhooks to n8n, served', 60_000, async () => {
		const hooks = hooksToN8n(live);
		if (hooks.length !== 2) return undefined;
		const pings = await Promise.all(hooks.map((hook) => live.shop.woo.ping(hook.id)));
		return pings.every((ping) => ping.status === 200) ? true : undefined;
	});
}

/** The executions started since `before` (ids), once all of them have finished and there are at least `count`. */
export async function newExecutions(live: Launched, before: Set<string>, count: number): Promise<ExecutionSummary[]> {
	const from = Math.max(0, live.shop.woo.deliveries.length - 2);
	try {
		return await waitFor(`${count} finished executions of example 6`, 120_000, async () => {
			await live.shop.woo.settled();
			const fresh = (await shopExecutions(live)).filter((run) => !before.has(run.id));
			return fresh.length >= count && !fresh.some(isUnfinished) ? fresh : undefined;
		});
	} catch (err) {
		const deliveries = live.shop.woo.deliveries.slice(from).map(({ topic, orderId, status, answer }) => `${topic} ${String(orderId)} -> ${status} ${answer.slice(0, 120)}`);
		throw new Error(`${err instanceof Error ? err.message : String(err)}; the shop's deliveries: ${deliveries.join('; ')}; webhooks ${JSON.stringify(hooksToN8n(live).map((hook) => [hook.id, hook.topic]))}`);
	}
}

export const executionIds = async (live: Launched) => new Set((await shopExecutions(live)).map((run) => run.id));

/** The nodes an execution ran. */
const ran = async (live: Launched, run: ExecutionSummary) => Object.keys((await execution(live, run.id)).runData);

/** What the AWB of an order reference was made with at the sandbox (one AWB, or fails). */
export async function theAwbOf(control: SandboxControl, reference: string) {
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
		const pingsOf = () => live.shop.woo.deliveries.slice(pingsBefore).filter((delivery) => delivery.topic === 'ping');
		// The shop lists a webhook as soon as it makes it, and records its ping once n8n has answered it.
		const hooks = await waitFor('two webhooks at the shop, each pinged', 60_000, async () => (hooksToN8n(live).length >= 2 && pingsOf().length >= 2 ? hooksToN8n(live) : undefined)).catch(() => hooksToN8n(live));
		assert(hooks.map((hook) => hook.topic).sort().join() === 'order.created,order.updated', `the shop has webhooks ${JSON.stringify(hooks.map((hook) => [hook.topic, hook.delivery_url]))}`);
		const pings = pingsOf();
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
		const runs = (await shopExecutions(live)).filter((run) => !before.has(run.id));
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
		const afterForged = (await shopExecutions(live)).filter((run) => !before.has(run.id));
		const old = delivered(await live.shop.woo.placeOrder(order(5402, {}, 8)).then(() => live.shop.woo.deliveries.slice(-1)), 'old order');
		assert(old.status === 200, `the old order's delivery was answered ${old.status} ${old.answer}`);
		const [oldRun] = await newExecutions(live, before, 1);
		const nodes = await ran(live, oldRun);
		assert(afterForged.length === 0, `the forged order started ${afterForged.length} executions`);
		assert(oldRun.status === 'success' && !nodes.includes('Create AWB') && !nodes.includes('Product'), `the old order's execution ended ${oldRun.status} and ran ${nodes.join(', ')}`);
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
		const [made] = outputOf(detail, 'Create AWB');
		const weighed = made?.json.weightKg as { ordered?: number; sent?: number } | undefined;
		assert(weighed?.ordered === 2.1 && weighed.sent === 3 && made?.json.OrderReference === 'woo-5127', `Create AWB gave ${JSON.stringify(made?.json)}`);

		const again = await executionIds(live);
		await woo.deliver('order.created', woo.orders.get(5127) as Order & { status: string });
		const [repeat] = await newExecutions(live, again, 1);
		const same = (await control.shipments()).filter((candidate) => candidate.orderReference === 'woo-5127').length;
		assert(repeat.status === 'success' && same === 1 && (woo.notes.get(5127) ?? []).length === notes.length, `delivered again: ${same} AWBs, ${(woo.notes.get(5127) ?? []).length} notes`);
		return `AWB ${shipment.barcode}, ${weights} kg (Create: ${JSON.stringify(weighed)} from the products' weights), COD ${shipment.codValue}; the shop: note "${tracking[0].note}", meta cargus_awb=${String(meta[0].value)}; delivered again: still one AWB`;
	});

	await check('WooCommerce card order whose number is not its id (2026-0042, id 5403): pending, it makes no AWB; once paid (order.updated, processing), one AWB of its products and variation, the reference woo-5403-2026-0042; a product without a weight: no AWB, a private note naming it', async () => {
		await publish(live);
		await control.clearRequests();
		const before = await executionIds(live);
		const card = order(5403, { number: '2026-0042', status: 'pending', payment_method: 'stripe', payment_method_title: 'Card', line_items: [...(sample.line_items as unknown[]), { id: 318, name: 'Tricou „Carpați” - M', product_id: 110, variation_id: 111, quantity: 2 }] });
		await woo.placeOrder(card);
		const [pendingRun] = await newExecutions(live, before, 1);
		const pendingNodes = await ran(live, pendingRun);
		assert(!pendingNodes.includes('Create AWB') && (await control.requests('createAwb')).length === 0, `the pending order ran ${pendingNodes.join(', ')}`);
		const paid = await executionIds(live);
		await woo.pay(5403);
		const runs = await newExecutions(live, paid, 2);
		assert(runs.every((run) => run.status === 'success'), `executions ended ${runs.map((run) => run.status).join(', ')}`);
		const { shipment, sent } = await theAwbOf(control, 'woo-5403-2026-0042');
		// 0.45 × 2 + 1.2 + 0.2 × 2 for the variation = 2.5 kg, sent as 3.
		const weights = (sent?.ParcelCodes ?? []).map((parcel) => parcel.Weight).join();
		assert(weights === '3' && shipment.codValue === 0, `Cargus got ${weights} kg, COD ${shipment.codValue}`);
		const variationRequests = live.shop.requests.filter((request) => request.path === '/wp-json/wc/v3/products/110/variations/111').length;

		const unweighed = await executionIds(live);
		await woo.placeOrder(order(5404, { line_items: [...(sample.line_items as unknown[]), { id: 319, name: 'Felicitare', product_id: 120, variation_id: 0, quantity: 1 }] }));
		const [refusedRun] = await newExecutions(live, unweighed, 1);
		const notes = woo.notes.get(5404) ?? [];
		assert(refusedRun.status === 'success' && (await control.shipments()).every((candidate) => candidate.orderReference !== 'woo-5404'), `the order with Felicitare: ${refusedRun.status}`);
		assert(notes.length === 1 && !notes[0].customer_note && notes[0].note.includes('product 120 ("Felicitare") has no weight'), `the shop holds notes ${JSON.stringify(notes)}`);
		return `pending: ran ${pendingNodes.join(', ')}, no AWB; paid: AWB ${shipment.barcode} woo-5403-2026-0042, ${weights} kg, COD 0 (${variationRequests} variation request); Felicitare: private note "${notes[0].note}"`;
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

type ShopOrder = Order & { status: string; meta_data?: Array<{ key: string; value: unknown }> };

/** The order as the shop holds it now. */
export function shopOrder(live: Launched, id: number): ShopOrder {
	const kept = live.shop.woo.orders.get(id);
	assert(kept !== undefined, `the shop has no order ${id}`);
	return kept as ShopOrder;
}

export const metaOf = (order: ShopOrder, key: string) => (order.meta_data ?? []).filter((entry) => entry.key === key);
export const notesWith = (live: Launched, id: number, words: string) => (live.shop.woo.notes.get(id) ?? []).filter((note) => note.note.includes(words));
const ordersRead = (live: Launched, id: number) => live.shop.requests.filter((request) => request.method === 'GET' && request.path === `/wp-json/wc/v3/orders/${id}`).length;
export const stateOf = async (control: SandboxControl, barcode: string) => (await control.shipments([barcode]))[0]?.state;
export const repaid = async (control: SandboxControl, barcode: string) => (await control.cashOnDelivery()).some((record) => record.BarCode === barcode && record.repaid);

/** Moves the sandbox's clock two hours at a time until `reached` (at most five days). */
export async function advanceUntil(control: SandboxControl, what: string, reached: () => Promise<boolean>): Promise<number> {
	let hours = 0;
	while (!(await reached())) {
		assert(hours < 120, `${what}: not so after moving the sandbox's clock ${hours} hours`);
		await control.advanceClock({ hours: 2 });
		hours += 2;
	}
	return hours;
}

/** Dates as the control API answers them (Bucharest time, no zone) as milliseconds counted as if they were UTC, and back. */
const asIfUtc = (date: string) => Date.parse(`${date}Z`);
const zoneless = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '');

/**
 * The courier does not find the recipient at home (110, "Destinatar negasit la domiciliu: Avizat cu bileta la adresa")
 * and is out for delivery again (5) before the parcel is delivered (21): the sandbox's not-at-home path, put into an AWB
 * example 6 made (its delivered path) between its planned out for delivery and delivered. Answers the AWB's planned ids.
 */
export async function notAtHomeThenDelivered(control: SandboxControl, barcode: string): Promise<number[]> {
	const [shipment] = await control.shipments([barcode]);
	const out = shipment.plannedEvents.find((event) => event.EventId === 5);
	const delivered = shipment.plannedEvents.find((event) => event.EventId === 21);
	// plannedEvents: every event of the AWB, those served already (visibleEvents) included.
	assert(out !== undefined && delivered !== undefined && !shipment.visibleEvents.some((event) => event.EventId === 5), `AWB ${barcode} plans ${shipment.plannedEvents.map((event) => event.EventId).join(', ')}, serves ${shipment.visibleEvents.map((event) => event.EventId).join(', ')}`);
	const gap = (asIfUtc(delivered.Date) - asIfUtc(out.Date)) / 3;
	await control.addEvent(barcode, { EventId: 110, Date: zoneless(asIfUtc(out.Date) + gap) });
	const after = await control.addEvent(barcode, { EventId: 5, Date: zoneless(asIfUtc(out.Date) + 2 * gap) });
	return after.plannedEvents.map((event) => event.EventId);
}

/** Waits until every execution of the workflow has finished; answers those started by its Cargus Triggers that failed. */
export async function settledTriggerRuns(live: Launched, workflowId: string, before: Set<string>): Promise<ExecutionSummary[]> {
	const runs = await waitFor(`the executions of ${workflowId} to finish`, 120_000, async () => {
		const listed = await executionsOf(live, workflowId);
		return listed.some(isUnfinished) ? undefined : listed;
	});
	return runs.filter((run) => run.mode !== 'webhook' && !before.has(run.id) && run.status !== 'success');
}

/**
 * A second poller of an example's repayments (as after a re-import): the example as imported here, without its other
 * triggers, its Repayments trigger listing one barcode and emitting the repayments already made, so the repayment
 * reaches the order a second time.
 */
export async function secondRepaymentPoller(live: Launched, workflowId: string, barcode: string): Promise<string> {
	const workflow = await live.rest<{ name: string; nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }>; connections: Record<string, unknown> }>('GET', `/rest/workflows/${workflowId}`);
	const left = new Set(workflow.nodes.filter((node) => node.name !== 'Repayments' && /(Trigger|\.webhook)$/.test(node.type)).map((node) => node.name));
	const nodes = workflow.nodes.filter((node) => !left.has(node.name)).map((node) => ({ ...node, id: undefined, ...(node.name === 'Repayments' ? { parameters: { ...node.parameters, barcodes: barcode, options: { emitExisting: true } } } : {}) }));
	const connections = Object.fromEntries(Object.entries(workflow.connections).filter(([from]) => !left.has(from)));
	const created = await live.rest<{ id: string }>('POST', '/rest/workflows', { name: `${workflow.name}: a second poller of its repayments (e2e)`, nodes, connections, active: false, settings: { executionOrder: 'v1' } });
	await live.activate(created.id);
	return created.id;
}

/**
 * Example 6's Cargus Triggers, after the sandbox's clock moved: each order follows its parcel at the shop. Run with the
 * other checks that move the clock (it makes its own orders, in any order of those checks).
 */
export async function wooCommerceParcelCheck(live: Launched, control: SandboxControl): Promise<void> {
	const woo = live.shop.woo;
	await check('WooCommerce orders whose numbers are not their ids follow their parcels by outcome (example 6\'s Cargus Triggers, the sandbox clock moved), found by their ids: delivered ends completed; refused carries a private note with Cargus\' words and stays processing, then ends cancelled (restocked) once returned; repaid carries the note and meta cargus_cod_repaid once, a second poller too; another AWB with the store\'s prefix leaves its order alone; not at home (110), then delivered, ends completed, its customer mailed each out for delivery, the not at home and the delivery once; example 3\'s mails show the order\'s number', async () => {
		await publish(live);
		const exampleThree = await live.rest<{ active: boolean }>('GET', `/rest/workflows/${TELL_THE_CUSTOMER}`);
		if (!exampleThree.active) await live.activate(TELL_THE_CUSTOMER);
		const mailsBefore = live.smtp.mails.length;
		const [delivered, refused, foreign, notAtHome] = [5701, 5702, 5703, 5704];
		// A sequential-numbers plugin's numbers: the reference keeps the id to find the order, the customer reads the number.
		const numberOf = new Map([[delivered, '2026-0042'], [refused, '2026-0043'], [foreign, '5703'], [notAtHome, '2026-0044']]);
		const reference = (id: number) => (numberOf.get(id) === String(id) ? `woo-${id}` : `woo-${id}-${numberOf.get(id)}`);
		const stock = woo.products.get(93)?.stock_quantity ?? 0;
		const before = await executionIds(live);
		const allBefore = new Set((await executionsOf(live, WORKFLOW)).map((run) => run.id));
		for (const id of [delivered, refused, foreign, notAtHome]) await woo.placeOrder(order(id, { number: numberOf.get(id) }));
		await newExecutions(live, before, 8);
		const barcode = new Map<number, string>();
		for (const id of [delivered, refused, foreign, notAtHome]) barcode.set(id, (await theAwbOf(control, reference(id))).shipment.barcode);
		// Order 5703 went with another AWB of the shop: the AWB carrying woo-5703 is not its parcel.
		const kept = metaOf(shopOrder(live, foreign), 'cargus_awb')[0];
		kept.value = '0000000001';
		const notesOf = new Map([delivered, refused, foreign].map((id) => [id, (woo.notes.get(id) ?? []).length]));
		await control.refuse(barcode.get(refused) as string, { stepMinutes: 24 * 60 });
		await notAtHomeThenDelivered(control, barcode.get(notAtHome) as string);

		const firstMove = await advanceUntil(control, 'delivered, delivered, refused and delivered after not at home', async () =>
			(await stateOf(control, barcode.get(delivered) as string)) === 'delivered' && (await stateOf(control, barcode.get(foreign) as string)) === 'delivered' && (await stateOf(control, barcode.get(refused) as string)) === 'refused' &&
			(await stateOf(control, barcode.get(notAtHome) as string)) === 'delivered');
		const [refusedParcel] = await control.shipments([barcode.get(refused) as string]);
		const words = refusedParcel.visibleEvents.find((event) => REFUSALS.includes(event.EventId))?.Description ?? 'no refusal';
		await waitFor('the delivered orders completed and the refused one noted', 180_000, async () =>
			(shopOrder(live, delivered).status === 'completed' && shopOrder(live, notAtHome).status === 'completed' && notesWith(live, refused, words).length > 0 ? true : undefined));
		const refusalNote = notesWith(live, refused, words)[0];
		assert(!refusalNote.customer_note && refusalNote.note.includes(barcode.get(refused) as string), `the refusal note: ${JSON.stringify(refusalNote)}`);
		assert(shopOrder(live, refused).status === 'processing', `refused, not yet back: the order is ${shopOrder(live, refused).status}`);

		const secondMove = await advanceUntil(control, 'returned and both repaid', async () =>
			(await stateOf(control, barcode.get(refused) as string)) === 'returned' && (await repaid(control, barcode.get(delivered) as string)) && (await repaid(control, barcode.get(foreign) as string)));
		await waitFor('the returned order cancelled and the repayment noted', 180_000, async () =>
			(shopOrder(live, refused).status === 'cancelled' && metaOf(shopOrder(live, delivered), 'cargus_cod_repaid').length > 0 ? true : undefined));
		// The AWB of order 5703 was read at the shop for its delivery and its repayment; its executions then ended.
		await waitFor('order 5703 read for its delivery and its repayment', 180_000, async () => (ordersRead(live, foreign) >= 2 ? true : undefined));
		const failed = await settledTriggerRuns(live, WORKFLOW, allBefore);
		assert(failed.length === 0, `example 6's Cargus Triggers: executions ${failed.map((run) => `${run.id} ${run.status}`).join(', ')}`);

		const poller = await secondRepaymentPoller(live, WORKFLOW, barcode.get(delivered) as string);
		const readBefore = ordersRead(live, delivered);
		await waitFor('the second poller\'s repayment at the shop', 180_000, async () => (ordersRead(live, delivered) > readBefore ? true : undefined));
		const pollerFailed = await settledTriggerRuns(live, poller, new Set());
		await unpublish(live, poller);
		assert(pollerFailed.length === 0, `the second poller: executions ${pollerFailed.map((run) => `${run.id} ${run.status}`).join(', ')}`);

		const repaymentNotes = notesWith(live, delivered, 'Cargus repaid');
		const repaidMeta = metaOf(shopOrder(live, delivered), 'cargus_cod_repaid');
		const [record] = (await control.cashOnDelivery()).filter((entry) => entry.BarCode === barcode.get(delivered));
		assert(repaymentNotes.length === 1 && !repaymentNotes[0].customer_note && repaymentNotes[0].note.includes(String(record.RepaymentValue)) && repaidMeta.length === 1 && repaymentNotes[0].note.includes(String(repaidMeta[0].value)), `the repaid order holds notes ${JSON.stringify(repaymentNotes)} and meta ${JSON.stringify(repaidMeta)}`);
		const ways = [delivered, refused, foreign, notAtHome].map((id) => (woo.statusChanges.get(id) ?? []).map((change) => `${change.from}>${change.to}`).join(' '));
		assert(ways[0] === 'processing>completed' && ways[1] === 'processing>cancelled' && ways[2] === '' && ways[3] === 'processing>completed', `the orders went ${JSON.stringify(ways)}`);
		const foreignOrder = shopOrder(live, foreign);
		assert(foreignOrder.status === 'processing' && (woo.notes.get(foreign) ?? []).length === notesOf.get(foreign) && metaOf(foreignOrder, 'cargus_cod_repaid').length === 0, `order 5703 (another AWB): ${foreignOrder.status}, notes ${JSON.stringify(woo.notes.get(foreign))}`);
		const restocked = woo.products.get(93)?.stock_quantity;
		assert(restocked === stock - 6, `product 93: ${String(restocked)} in stock, ${stock - 6} expected (4 orders of 2 taken, the cancelled one given back)`);
		// The parcel not found at home: example 6 follows only delivered, refused and returned, so no note of it.
		const [notAtHomeParcel] = await control.shipments([barcode.get(notAtHome) as string]);
		const notAtHomeIds = notAtHomeParcel.visibleEvents.map((event) => event.EventId);
		const notAtHomeWords = notAtHomeParcel.visibleEvents.find((event) => event.EventId === 110)?.Description.trim() ?? 'no event 110';
		assert(notAtHomeIds.join() === '70,10,11,5,110,5,21' && notesWith(live, notAtHome, notAtHomeWords).length === 0, `order ${notAtHome}: its parcel's events ${notAtHomeIds.join(', ')}, notes ${JSON.stringify(woo.notes.get(notAtHome))}`);
		// Example 3 mailed the customer of each parcel: the order's number, never the reference.
		const about = (id: number) => live.smtp.mails.slice(mailsBefore).filter((mail) => mail.subject.includes(barcode.get(id) as string));
		const told = (id: number) => about(id).map((mail) => kindOf(mail)).sort().join();
		const mails = await waitFor('example 3\'s mails about the delivered, the refused and the not-at-home parcel', 180_000, async () =>
			about(delivered).some((mail) => kindOf(mail) === 'delivered') && about(refused).some((mail) => kindOf(mail) === 'refused') && about(notAtHome).length >= 4
				? [...about(delivered), ...about(refused), ...about(notAtHome)]
				: undefined);
		// Each event once: out for delivery twice (two attempts), not at home once, delivered once.
		assert(told(notAtHome) === 'delivered,notAtHome,out,out', `order ${notAtHome}'s customer was mailed ${told(notAtHome)}`);
		const idOf = (subject: string) => [delivered, refused, notAtHome].find((id) => subject.includes(barcode.get(id) as string)) as number;
		const unnumbered = mails.filter((mail) => !mail.text.includes(String(numberOf.get(idOf(mail.subject)))) || mail.text.includes('woo-'));
		assert(unnumbered.length === 0, `mails without the order's number: ${unnumbered.map((mail) => `${mail.subject}: ${mail.text.slice(0, 200)}`).join(' | ')}`);
		return `clock moved ${firstMove} + ${secondMove} hours; ${delivered} (number 2026-0042): ${ways[0]}, note "${repaymentNotes[0].note}", meta cargus_cod_repaid=${String(repaidMeta[0].value)} once after a second poller; ${refused}: note "${refusalNote.note}", then ${ways[1]} (stock given back); ${foreign}: left alone (read ${ordersRead(live, foreign)} times); ${notAtHome} (events ${notAtHomeIds.join(', ')}): ${ways[3]}, mailed ${told(notAtHome)}; ${mails.length} mails of example 3, each with the order's number ("${mails[0].text.split('\n')[2]}")`;
	});
}
