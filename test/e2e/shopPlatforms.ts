/**
 * Example 7 (Shopify) in the real n8n server (example 6, WooCommerce, connects through n8n's WooCommerce Trigger:
 * wooCommerceTrigger.ts): the sample order of examples/data/ is posted to the published workflow byte for byte and
 * header for header as Shopify delivers it (UTF-8 JSON), and the AWB is checked at the
 * sandbox. The write-back goes to the launcher's shop stand-in (scripts/lib/shop-stand-in.ts), which answers as Shopify's
 * Admin REST API documents those calls; it keeps no Shopify order, so these checks show the requests the workflow makes.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';

import { REFUSALS, type SandboxControl } from '../../sandbox';
import { EXAMPLES_DIR, ROOT, type Launched } from '../../scripts/lib/launcher';
import { shopDelivery, shopifyDelivery, type Delivery } from '../../scripts/lib/shop-deliveries';
import type { ShopRequest } from '../../scripts/lib/shop-stand-in';
import { SECRET_PLACEHOLDER } from '../../scripts/lib/webhook-secret';
import { assert, check, waitFor } from './checks';
import { execution, executionsOf, type ExecutionSummary } from './n8n-api';
import { shopOrder, SHOP_ORDER_WORKFLOW } from './shopOrder';
import { notYetServed } from './webhookFlow';
import { advanceUntil, repaid, secondRepaymentPoller, settledTriggerRuns, stateOf, unpublish } from './wooCommerceTrigger';

const SHOPIFY_WORKFLOW = 'cargusExample007';
const TRACKING = 'https://www.cargus.ro/tracking-romanian/?t=';
const DAY = 24 * 60 * 60 * 1000;

type Order = Record<string, unknown>;

function sample(file: string): Order {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', file), 'utf8')) as Order;
}


/** Posts a delivery to a published workflow's webhook; answers its status and text (waits while n8n registers the webhook). */
export async function deliver(live: Launched, webhookPath: string, delivery: Delivery): Promise<{ status: number; text: string }> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(`${live.editorUrl}webhook/${webhookPath}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
		const text = await response.text();
		if (notYetServed(response.status, text) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			continue;
		}
		return { status: response.status, text };
	}
}

/** A workflow's executions started by its webhook, not by a Cargus Trigger beside it (example 7's parcels). */
const webhookExecutions = async (live: Launched, workflowId: string) => (await executionsOf(live, workflowId)).filter((run) => run.mode === 'webhook');

/** Waits until the workflow has `count` executions started by its webhook, all finished; answers them, newest first. */
async function finishedExecutions(live: Launched, workflowId: string, count: number): Promise<ExecutionSummary[]> {
	return await waitFor(`${count} finished executions of ${workflowId}`, 120_000, async () => {
		const all = await webhookExecutions(live, workflowId);
		return all.length >= count && all.every((run) => !['running', 'new', 'waiting'].includes(run.status)) ? all : undefined;
	});
}

/** The stand-in's requests since `from`, once there are at least `count`. */
async function shopRequests(live: Launched, from: number, count: number): Promise<ShopRequest[]> {
	return await waitFor(`${count} requests at the shop stand-in`, 120_000, async () => {
		const fresh = live.shop.requests.slice(from);
		return fresh.length >= count ? fresh : undefined;
	});
}

interface SentAwb {
	Recipient?: Record<string, unknown>;
	CashRepayment?: number;
	TotalWeight?: number;
	ParcelCodes?: Array<{ Weight?: number }>;
	CustomString?: string;
}

/** What the sandbox received for the one AWB made since the last clear, and the shipment it holds. */
async function theAwbMade(control: SandboxControl): Promise<{ sent: SentAwb; barcode: string; codValue: number; orderReference: string }> {
	const made = (await control.requests('createAwb')).filter((request) => request.status === 200);
	assert(made.length === 1, `the sandbox made ${made.length} AWBs`);
	const answered = await control.shipments();
	const sent = made[0].body as SentAwb;
	const shipment = answered.find((candidate) => candidate.orderReference === sent.CustomString);
	assert(shipment, `no sandbox shipment has the order reference ${String(sent.CustomString)}`);
	return { sent, barcode: shipment.barcode, codValue: shipment.codValue, orderReference: shipment.orderReference };
}

interface Expected {
	name: string;
	countyId: number;
	locality: string;
	street: string;
	number: string;
	cashOnDelivery: number;
	weightKg: number;
	reference: string;
}

function awbProblems({ sent, codValue, orderReference }: Awaited<ReturnType<typeof theAwbMade>>, expected: Expected): string[] {
	const recipient = sent.Recipient ?? {};
	const weights = (sent.ParcelCodes ?? []).map((parcel) => parcel.Weight);
	const problems = [
		recipient.Name !== expected.name && `recipient ${String(recipient.Name)}`,
		recipient.CountyId !== expected.countyId && `county ${String(recipient.CountyId)}`,
		String(recipient.LocalityName).toLowerCase() !== expected.locality.toLowerCase() && `locality ${String(recipient.LocalityName)}`,
		recipient.StreetName !== expected.street && `street ${String(recipient.StreetName)}`,
		recipient.BuildingNumber !== expected.number && `number ${String(recipient.BuildingNumber)}`,
		codValue !== expected.cashOnDelivery && `cash on delivery ${codValue}`,
		weights.join() !== String(expected.weightKg) && `weights ${weights.join()}`,
		orderReference !== expected.reference && `reference ${orderReference}`,
	];
	return problems.filter((problem): problem is string => typeof problem === 'string');
}

interface Platform {
	name: 'Shopify';
	workflow: string;
	webhook: string;
	order: Order;
	/** The order delivered now, signed with `secret`. */
	delivery: (order: Order, secret: string) => Delivery;
	/** The order as made `daysAgo` days ago. */
	madeAgo: (order: Order, daysAgo: number) => Order;
	expected: Expected;
	/** The stand-in requests the write-back of a new AWB makes, checked; answers what they said. */
	writeBack: (requests: ShopRequest[], barcode: string) => string;
	/** A test delivery of the platform (a Shopify test order, signed with the shop's secret as Shopify signs it). */
	testDelivery: (secret: string) => Delivery;
	/** The order as a second order that Cargus will refuse. */
	another: () => Order;
	/** The stand-in request the error path makes, checked. */
	errorPath: (requests: ShopRequest[], order: Order) => string;
}

/** How Cargus refuses an AWB, as its clients show it (a list of messages). */
const REFUSAL = 'Numarul de telefon al destinatarului nu este valid';
const shopifyOrder = sample('shopify-order.json');

const PLATFORMS: Platform[] = [
	{
		name: 'Shopify',
		workflow: SHOPIFY_WORKFLOW,
		webhook: 'cargus-shopify-order',
		order: shopifyOrder,
		delivery: (order, secret) => shopifyDelivery(order, secret),
		madeAgo: (order, daysAgo) => ({ ...order, created_at: new Date(Date.now() - daysAgo * DAY).toISOString() }),
		expected: { name: 'Ioana Mureșan', countyId: 44, locality: 'Bucuresti', street: 'Bulevardul Unirii', number: '15', cashOnDelivery: 189.5, weightKg: 3, reference: 'shopify-6120483274103-1042' },
		writeBack: (requests, barcode) => {
			const [list, fulfil] = requests;
			assert(list.method === 'GET' && list.path === '/admin/api/2025-01/orders/6120483274103/fulfillment_orders.json' && list.status === 200, `first write-back: ${list.method} ${list.path} answered ${list.status}`);
			const body = (fulfil.body as { fulfillment?: { line_items_by_fulfillment_order?: Array<{ fulfillment_order_id: number }>; tracking_info?: Record<string, unknown> } }).fulfillment;
			assert(fulfil.method === 'POST' && fulfil.path === '/admin/api/2025-01/fulfillments.json' && fulfil.status === 201, `second write-back: ${fulfil.method} ${fulfil.path} answered ${fulfil.status}`);
			assert(body?.line_items_by_fulfillment_order?.[0]?.fulfillment_order_id === 6120483274104, `fulfilled ${JSON.stringify(body?.line_items_by_fulfillment_order)}`);
			assert(String(body?.tracking_info?.number) === barcode && body?.tracking_info?.url === `${TRACKING}${barcode}` && body?.tracking_info?.company === 'Cargus', `tracking ${JSON.stringify(body?.tracking_info)}`);
			assert(list.headers['x-shopify-access-token'] !== undefined, 'the write-back went without the Shopify credential');
			return `fulfilment with tracking ${JSON.stringify(body?.tracking_info)}`;
		},
		testDelivery: (secret) => shopifyDelivery({ ...shopifyOrder, id: 820982911946154500, order_number: 1001, test: true }, secret),
		another: () => ({ ...shopifyOrder, id: 6120483274200, order_number: 1043, name: '#1043' }),
		errorPath: (requests, order) => {
			const [tag] = requests;
			const body = (tag.body as { order?: { tags?: string; note_attributes?: Array<{ name: string; value: string }> } }).order;
			assert(tag.method === 'PUT' && tag.path === `/admin/api/2025-01/orders/${String(order.id)}.json` && body?.tags?.includes('cargus-awb-failed'), `the error path sent ${tag.method} ${tag.path} ${JSON.stringify(body)}`);
			const reason = body?.note_attributes?.find((attribute) => attribute.name === 'Cargus AWB error')?.value;
			assert(String(reason).includes(REFUSAL), `the order's reason does not say what Cargus said ("${REFUSAL}"): ${String(reason)}`);
			return `tags "${body?.tags}", reason "${String(reason)}"`;
		},
	},
];

export async function shopPlatformChecks(live: Launched, control: SandboxControl): Promise<void> {
	for (const platform of PLATFORMS) {
		const { name, workflow, webhook } = platform;
		let runs = 0;
		let barcode = '';

		await check(`${name} order (examples/data/, posted as ${name} sends it): answered 2xx before the AWB is made; one AWB with the order's recipient, county, locality, street, COD and weight; the barcode written back to the stand-in of ${name}'s REST API`, async () => {
			await live.activate(workflow);
			await control.clearRequests();
			const from = live.shop.requests.length;
			// Cargus answers slowly: the answer must still come at once, before the AWB exists.
			await control.addFault({ operation: 'createAwb', kind: 'latency', latencyMs: 3000, count: 1 });
			const answer = await deliver(live, webhook, platform.delivery(platform.madeAgo(platform.order, 0), live.webhookSecret.value));
			const writtenAtAnswer = live.shop.requests.length - from;
			assert(answer.status >= 200 && answer.status < 300, `${name} got ${answer.status}: ${answer.text.slice(0, 200)}`);
			assert(writtenAtAnswer === 0, `the answer came after ${writtenAtAnswer} write-back requests`);
			const requests = await shopRequests(live, from, 2);
			runs = (await finishedExecutions(live, workflow, runs + 1)).length;
			const awb = await theAwbMade(control);
			const problems = awbProblems(awb, platform.expected);
			assert(problems.length === 0, `the AWB ${awb.barcode}: ${problems.join(', ')} (sent ${JSON.stringify(awb.sent)})`);
			barcode = awb.barcode;
			const [latest] = await webhookExecutions(live, workflow);
			assert(latest.status === 'success', `the execution ended ${latest.status}`);
			return `answer ${answer.status} ${answer.text}; AWB ${barcode} for ${String(awb.sent.Recipient?.Name)}, ${String(awb.sent.Recipient?.CountyName)}, ${String(awb.sent.Recipient?.LocalityName)}, COD ${awb.codValue}, ${platform.expected.weightKg} kg; ${platform.writeBack(requests, barcode)}`;
		});

		await check(`${name} order delivered a second time: answered 2xx, no second AWB, nothing written back again`, async () => {
			await control.clearRequests();
			const from = live.shop.requests.length;
			const answer = await deliver(live, webhook, platform.delivery(platform.madeAgo(platform.order, 0), live.webhookSecret.value));
			assert(answer.status >= 200 && answer.status < 300, `${name} got ${answer.status}: ${answer.text.slice(0, 200)}`);
			const executions = await finishedExecutions(live, workflow, runs + 1);
			runs = executions.length;
			assert(executions[0].status === 'success', `the execution ended ${executions[0].status}`);
			const created = (await control.requests('createAwb')).length;
			const same = (await control.shipments()).filter((shipment) => shipment.orderReference === platform.expected.reference).length;
			assert(created === 0 && same === 1, `${created} createAwb requests, ${same} AWBs with the reference ${platform.expected.reference}`);
			assert(live.shop.requests.length === from, `${live.shop.requests.length - from} requests to the shop`);
			return `answer ${answer.status}; still one AWB (${barcode}) for ${platform.expected.reference}`;
		});

		await check(`${name}'s test delivery: answered 200, no AWB, no failed execution`, async () => {
			await control.clearRequests();
			const from = live.shop.requests.length;
			const answer = await deliver(live, webhook, platform.testDelivery(live.webhookSecret.value));
			assert(answer.status === 200, `${name} got ${answer.status}: ${answer.text.slice(0, 200)}`);
			const executions = await finishedExecutions(live, workflow, runs + 1);
			runs = executions.length;
			assert(executions.every((run) => run.status === 'success'), `executions ended ${executions.map((run) => run.status).join(', ')}`);
			const ran = Object.keys((await execution(live, executions[0].id)).runData);
			const created = (await control.requests('createAwb')).length;
			assert(!ran.includes('Create AWB') && created === 0 && live.shop.requests.length === from, `the execution ran ${ran.join(', ')}; ${created} createAwb requests; the shop ${live.shop.requests.length - from} requests`);
			return `answer 200 ${answer.text}; the execution ran ${ran.join(', ')}, no AWB`;
		});

		await check(`${name} order that Cargus refuses: answered 2xx, the error path tells the shop (stand-in), the execution does not fail`, async () => {
			await control.clearRequests();
			const from = live.shop.requests.length;
			const order = platform.madeAgo(platform.another(), 0);
			await published(live, workflow);
			await control.addFault({ operation: 'createAwb', kind: 'status', status: 400, body: [REFUSAL], count: 1 });
			const answer = await deliver(live, webhook, platform.delivery(order, live.webhookSecret.value));
			assert(answer.status >= 200 && answer.status < 300, `${name} got ${answer.status}: ${answer.text.slice(0, 200)}`);
			const requests = await shopRequests(live, from, 1);
			const executions = await finishedExecutions(live, workflow, runs + 1);
			runs = executions.length;
			assert(executions[0].status === 'success', `the execution ended ${executions[0].status}`);
			const refused = (await control.requests('createAwb')).filter((request) => request.status === 400).length;
			assert(refused === 1, `the sandbox refused ${refused} AWBs`);
			return `answer ${answer.status}; ${platform.errorPath(requests, order)}`;
		});
	}
}

/** Publishes the workflow unless it is already. */
async function published(live: Launched, workflowId: string): Promise<void> {
	if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${workflowId}`)).active) await live.activate(workflowId);
}

interface Guarded {
	name: string;
	workflow: string;
	webhook: string;
	/** A fresh order signed with `secret`, and the same order as made 8 days ago. */
	signed: (secret: string, daysAgo?: number) => Delivery;
	/** The header the signature travels in. */
	header: string;
	/** A value of the signed body that an attacker would change (the total), and what to. */
	change: [string, string];
}

const GUARDED: Guarded[] = [
	{
		name: 'E-shop order to AWB and label',
		workflow: SHOP_ORDER_WORKFLOW,
		webhook: 'cargus-pickup-order',
		signed: (secret, daysAgo = 0) => shopDelivery(shopOrder({ orderNumber: `SHOP-SIGNED-${daysAgo}`, createdAt: new Date(Date.now() - daysAgo * DAY).toISOString() }), secret),
		header: 'x-shop-signature',
		change: ['"total":249.9', '"total":149.9'],
	},
	{
		name: 'Shopify',
		workflow: SHOPIFY_WORKFLOW,
		webhook: 'cargus-shopify-order',
		signed: (secret, daysAgo = 0) => shopifyDelivery({ ...shopifyOrder, id: 6120483275000 + daysAgo, order_number: 1100 + daysAgo, created_at: new Date(Date.now() - daysAgo * DAY).toISOString() }, secret),
		header: 'x-shopify-hmac-sha256',
		change: ['"total_outstanding":"189.50"', '"total_outstanding":"89.50"'],
	},
];

/**
 * Examples 1 and 7 make an AWB only for an order signed with the install's secret and made within the once-per-order
 * look's 7 days: unsigned, signed with another secret, changed after signing, or a signed order replayed 8 days on is
 * answered 401, runs no Cargus node and is no failed execution.
 */
export async function signedWebhookChecks(live: Launched, control: SandboxControl): Promise<void> {
	for (const guarded of GUARDED) {
		await check(`${guarded.name}: an order unsigned, signed with another secret, changed after signing, or made 8 days ago is answered 401; no AWB, no Cargus node run, no failed execution`, async () => {
			await published(live, guarded.workflow);
			const secret = live.webhookSecret.value;
			const before = new Set((await webhookExecutions(live, guarded.workflow)).map((run) => run.id));
			await control.clearRequests();
			const fresh = guarded.signed(secret);
			const { [guarded.header]: _signature, ...unsignedHeaders } = fresh.headers;
			const attempts: Array<[string, Delivery]> = [
				['unsigned', { body: fresh.body, headers: unsignedHeaders }],
				['another secret', guarded.signed('not-the-secret-of-this-install')],
				['changed after signing', { headers: fresh.headers, body: fresh.body.replace(...guarded.change) }],
				['made 8 days ago', guarded.signed(secret, 8)],
			];
			assert(attempts[2][1].body !== fresh.body, `the body holds no ${guarded.change[0]}`);
			const answers: string[] = [];
			for (const [what, delivery] of attempts) {
				const answer = await deliver(live, guarded.webhook, delivery);
				assert(answer.status === 401, `${what}: answered ${answer.status} ${answer.text.slice(0, 200)}`);
				answers.push(`${what}: ${answer.status}`);
			}
			const runs = (await finishedExecutions(live, guarded.workflow, before.size + attempts.length)).filter((run) => !before.has(run.id));
			assert(runs.every((run) => run.status === 'success'), `executions ended ${runs.map((run) => run.status).join(', ')}`);
			for (const run of runs) {
				const ran = Object.keys((await execution(live, run.id)).runData);
				assert(!ran.some((node) => node === 'Create AWB' || node === 'Get Label'), `execution ${run.id} ran ${ran.join(', ')}`);
			}
			const created = (await control.requests('createAwb')).length;
			assert(created === 0, `the sandbox got ${created} createAwb requests`);
			return `${answers.join(', ')}; ${runs.length} executions, none ran a Cargus node; the sandbox got no AWB`;
		});
	}
}

/** The README's signed curl to example 1, as written, but for this server's port and this run's secret file. */
function readmeCurl(live: Launched): string {
	const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');
	const start = lines.findIndex((line) => line.startsWith('curl -X POST http://127.0.0.1:5678/webhook/cargus-pickup-order'));
	const end = lines.findIndex((line, index) => index >= start && !line.endsWith('\\'));
	if (start < 0 || end < 0) throw new Error('the README shows no curl to example 1');
	return lines
		.slice(start, end + 1)
		.join('\n')
		.replace('http://127.0.0.1:5678/', live.editorUrl)
		.replace('.n8n-cache/webhook-secret', live.webhookSecret.file);
}

export async function readmeCurlCheck(live: Launched): Promise<void> {
	await check('the README\'s signed curl to example 1, run as written (this server\'s port and secret file): answered with the order\'s AWB', async () => {
		await published(live, SHOP_ORDER_WORKFLOW);
		const command = readmeCurl(live);
		// n8n serves a just-published workflow's webhook a moment later. Not a synchronous child: the sandbox answers from this process.
		const answer = await waitFor('the webhook served', 60_000, async () => {
			const { stdout } = await promisify(execFile)('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
			return stdout.includes('is not registered') ? undefined : stdout;
		});
		const barcode = (JSON.parse(answer) as { barcode?: unknown }).barcode;
		assert(/^\d{6,20}$/.test(String(barcode)), `the curl got ${answer.slice(0, 300)}`);
		return `AWB ${String(barcode)}`;
	});
}

/** Example 1 as its file holds it (the placeholder secret), imported as a user would, under another webhook path. */
export async function placeholderSecretCheck(live: Launched): Promise<void> {
	await check('example 1 imported as its file holds it (secret not set): an order signed with the placeholder secret is answered 401 and runs no Cargus node', async () => {
		const file = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, '1-eshop-order-to-awb-and-label.json'), 'utf8')) as { name: string; nodes: Array<Record<string, unknown> & { type: string; parameters: Record<string, unknown> }>; connections: unknown };
		const webhookPath = 'cargus-e2e-placeholder-secret';
		const nodes = file.nodes.map((node) => (node.type === 'n8n-nodes-base.webhook' ? { ...node, id: undefined, webhookId: randomUUID(), parameters: { ...node.parameters, path: webhookPath } } : { ...node, id: undefined }));
		const crypto = file.nodes.find((node) => node.type === 'n8n-nodes-base.crypto');
		assert(crypto?.parameters.secret === SECRET_PLACEHOLDER, `the file's Check signature holds ${crypto ? 'another secret' : 'no secret'}`);
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', { name: `${file.name} (e2e: as imported)`, nodes, connections: file.connections, active: false, settings: { executionOrder: 'v1' } });
		await live.activate(created.id);
		const answer = await deliver(live, webhookPath, shopDelivery(shopOrder({ orderNumber: 'SHOP-PLACEHOLDER' }), SECRET_PLACEHOLDER));
		assert(answer.status === 401, `answered ${answer.status} ${answer.text.slice(0, 200)}`);
		const [run] = await finishedExecutions(live, created.id, 1);
		const ran = Object.keys((await execution(live, run.id)).runData);
		assert(run.status === 'success' && !ran.includes('Create AWB'), `the execution ended ${run.status} and ran ${ran.join(', ')}`);
		return `401; the execution ran ${ran.join(', ')}`;
	});
}

/**
 * Example 7's Cargus Triggers, after the sandbox's clock moved: each Shopify order follows its parcel at the shop
 * stand-in, which keeps its fulfilments, their events and the order's payment as Shopify does. Run with the other
 * checks that move the clock (it places its own orders).
 */
export async function shopifyParcelCheck(live: Launched, control: SandboxControl): Promise<void> {
	const shop = live.shop.shopify;
	await check('Shopify orders follow their parcels by outcome, found by their ids (example 7\'s Cargus Triggers, the sandbox clock moved): delivered and refused then returned become fulfilment events (delivered; attempted_delivery, failure) with Cargus\' words; cash on delivery repaid marks the order paid once (orderMarkAsPaid), a second poller too; another AWB with the store\'s prefix leaves its order alone', async () => {
		await published(live, SHOPIFY_WORKFLOW);
		const [delivered, refused, foreign] = [2101, 2102, 2103];
		const before = new Set((await webhookExecutions(live, SHOPIFY_WORKFLOW)).map((run) => run.id));
		const allBefore = new Set((await executionsOf(live, SHOPIFY_WORKFLOW)).map((run) => run.id));
		const orderId = (number: number) => 6120483276000 + number;
		for (const number of [delivered, refused, foreign]) {
			const order = { ...shopifyOrder, id: orderId(number), order_number: number, name: `#${number}`, admin_graphql_api_id: `gid://shopify/Order/${orderId(number)}`, created_at: new Date().toISOString() };
			shop.placeOrder(order);
			const answer = await deliver(live, 'cargus-shopify-order', shopifyDelivery(order, live.webhookSecret.value));
			assert(answer.status === 200, `order ${number} answered ${answer.status} ${answer.text.slice(0, 200)}`);
		}
		await waitFor('the three orders fulfilled', 180_000, async () => ([delivered, refused, foreign].every((number) => (shop.orders.get(orderId(number))?.fulfillments.length ?? 0) === 1) ? true : undefined));
		const fresh = (await finishedExecutions(live, SHOPIFY_WORKFLOW, before.size + 3)).filter((run) => !before.has(run.id));
		assert(fresh.every((run) => run.status === 'success'), `the orders' executions ended ${fresh.map((run) => run.status).join(', ')}`);
		const fulfillmentOf = (number: number) => (shop.orders.get(orderId(number)) as NonNullable<ReturnType<typeof shop.orders.get>>).fulfillments[0];
		const barcode = new Map([delivered, refused, foreign].map((number) => [number, String(fulfillmentOf(number).tracking_number)]));
		// Order #2103 was fulfilled with another AWB: the AWB carrying shopify-2103 is not its parcel.
		Object.assign(fulfillmentOf(foreign), { tracking_number: '0000000001', tracking_numbers: ['0000000001'] });
		await control.refuse(barcode.get(refused) as string, { stepMinutes: 24 * 60 });

		const firstMove = await advanceUntil(control, 'delivered, delivered and refused', async () =>
			(await stateOf(control, barcode.get(delivered) as string)) === 'delivered' && (await stateOf(control, barcode.get(foreign) as string)) === 'delivered' && (await stateOf(control, barcode.get(refused) as string)) === 'refused');
		const [refusedParcel] = await control.shipments([barcode.get(refused) as string]);
		const words = refusedParcel.visibleEvents.find((event) => REFUSALS.includes(event.EventId))?.Description ?? 'no refusal';
		await waitFor('a delivered and an attempted delivery', 180_000, async () => (fulfillmentOf(delivered).shipment_status === 'delivered' && fulfillmentOf(refused).shipment_status === 'attempted_delivery' ? true : undefined)).catch(async (err: unknown) => {
			throw new Error(`${err instanceof Error ? err.message : String(err)}; ${await triggerRunsSaid(live, allBefore)}`);
		});
		const secondMove = await advanceUntil(control, 'returned and both repaid', async () =>
			(await stateOf(control, barcode.get(refused) as string)) === 'returned' && (await repaid(control, barcode.get(delivered) as string)) && (await repaid(control, barcode.get(foreign) as string)));
		await waitFor('the returned parcel\'s failure and the order paid', 180_000, async () => (fulfillmentOf(refused).shipment_status === 'failure' && shop.orders.get(orderId(delivered))?.financial_status === 'paid' ? true : undefined));
		// Found by its id (the reference's), not its number.
		const lookedUp = (number: number) => live.shop.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/orders/${orderId(number)}.json`)).length;
		await waitFor('order #2103 looked up for its delivery and its repayment', 180_000, async () => (lookedUp(foreign) >= 2 ? true : undefined));
		const failed = await settledTriggerRuns(live, SHOPIFY_WORKFLOW, allBefore);
		assert(failed.length === 0, `example 7's Cargus Triggers: executions ${failed.map((run) => `${run.id} ${run.status}`).join(', ')}`);

		const poller = await secondRepaymentPoller(live, SHOPIFY_WORKFLOW, barcode.get(delivered) as string);
		const lookedBefore = lookedUp(delivered);
		await waitFor('the second poller\'s repayment at the shop', 180_000, async () => (lookedUp(delivered) > lookedBefore ? true : undefined));
		const pollerFailed = await settledTriggerRuns(live, poller, new Set());
		await unpublish(live, poller);
		assert(pollerFailed.length === 0, `the second poller: executions ${pollerFailed.map((run) => `${run.id} ${run.status}`).join(', ')}`);

		const paidOrder = shop.orders.get(orderId(delivered));
		const markedPaid = live.shop.requests.filter((request) => request.path.endsWith('/graphql.json') && JSON.stringify(request.body).includes(`gid://shopify/Order/${orderId(delivered)}`)).length;
		assert(paidOrder?.financial_status === 'paid' && paidOrder.transactions.length === 1 && markedPaid === 1, `order #${delivered}: ${String(paidOrder?.financial_status)}, ${String(paidOrder?.transactions.length)} transactions, orderMarkAsPaid sent ${markedPaid} times`);
		const events = [delivered, refused, foreign].map((number) => fulfillmentOf(number).events.map((event) => event.status).join(' '));
		assert(events[0] === 'delivered' && events[1] === 'attempted_delivery failure' && events[2] === '', `the fulfilments' events: ${JSON.stringify(events)}`);
		const refusal = fulfillmentOf(refused).events[0];
		assert(String(refusal.message).includes(words), `the attempted delivery says ${JSON.stringify(refusal.message)}, not Cargus' "${words}"`);
		const foreignOrder = shop.orders.get(orderId(foreign));
		assert(foreignOrder?.financial_status === 'pending', `order #${foreign} (another AWB): ${String(foreignOrder?.financial_status)}`);
		return `clock moved ${firstMove} + ${secondMove} hours; #${delivered}: ${events[0]}, paid once (orderMarkAsPaid sent once, a second poller too); #${refused}: ${events[1]} ("${String(refusal.message)}"); #${foreign}: left alone (looked up ${lookedUp(foreign)} times)`;
	});
}

/** What example 7's Cargus Triggers ran since `before`: each execution's status, last node and error. */
async function triggerRunsSaid(live: Launched, before: Set<string>): Promise<string> {
	const runs = (await executionsOf(live, SHOPIFY_WORKFLOW)).filter((run) => run.mode !== 'webhook' && !before.has(run.id));
	const said = await Promise.all(runs.slice(0, 6).map(async (run) => {
		const detail = await execution(live, run.id);
		const nodes = Object.keys(detail.runData);
		return `${run.id} ${run.status} ran ${nodes.join(' > ')}${detail.error ? ` (${detail.error})` : ''}`;
	}));
	return `${runs.length} trigger executions: ${said.join('; ')}`;
}

/** Example 7 ships what Shopify will ship: an order paid or to be paid on delivery; a bank transfer once paid. */
export async function shopifyPaymentCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('Shopify order paid by bank transfer: pending (orders/create) it makes no AWB; once paid (orders/paid) one AWB, without cash on delivery', async () => {
		await published(live, SHOPIFY_WORKFLOW);
		await control.clearRequests();
		const order = { ...shopifyOrder, id: 6120483276201, order_number: 2201, name: '#2201', payment_gateway_names: ['Bank Deposit'], created_at: new Date().toISOString() };
		const before = (await webhookExecutions(live, SHOPIFY_WORKFLOW)).length;
		const pending = await deliver(live, 'cargus-shopify-order', shopifyDelivery(order, live.webhookSecret.value));
		assert(pending.status === 200, `the pending order answered ${pending.status} ${pending.text.slice(0, 200)}`);
		const [pendingRun] = await finishedExecutions(live, SHOPIFY_WORKFLOW, before + 1);
		const pendingNodes = Object.keys((await execution(live, pendingRun.id)).runData);
		assert(!pendingNodes.includes('Create AWB') && (await control.requests('createAwb')).length === 0, `the pending order ran ${pendingNodes.join(', ')}`);
		const paidOrder = { ...order, financial_status: 'paid', total_outstanding: '0.00' };
		const delivery = shopifyDelivery(paidOrder, live.webhookSecret.value);
		const paid = await deliver(live, 'cargus-shopify-order', { ...delivery, headers: { ...delivery.headers, 'x-shopify-topic': 'orders/paid' } });
		assert(paid.status === 200, `orders/paid answered ${paid.status} ${paid.text.slice(0, 200)}`);
		const [paidRun] = await finishedExecutions(live, SHOPIFY_WORKFLOW, before + 2);
		const awbs = (await control.shipments()).filter((shipment) => shipment.orderReference === 'shopify-6120483276201-2201');
		assert(paidRun.status === 'success' && awbs.length === 1 && awbs[0].codValue === 0, `once paid: the execution ${paidRun.status}, ${awbs.length} AWBs, COD ${String(awbs[0]?.codValue)}`);
		return `pending: ran ${pendingNodes.join(', ')}; paid: AWB ${awbs[0].barcode}, COD 0`;
	});
}
