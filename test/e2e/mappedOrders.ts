/**
 * 1,000 shop orders in one execution in the real n8n server, each mapped by one Edit Fields expression for
 * Shipment › Create's Mapping Mode "Map Automatically" (docs/node.md): every order answered with its own
 * barcode and order reference, one AWB request each, no more than one login. `npm run bench` times the same
 * flow next to the HTTP Request node (bench/n8n.ts).
 */
import type { SandboxControl } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, type Launched } from '../../scripts/lib/launcher';
import { assert, check } from './checks';
import { shopOrder } from './shopOrder';
import { nodeMaker, postToWebhook } from './webhookFlow';

const WORKFLOW_ID = 'cargusE2eMappedOrders';
const WEBHOOK_PATH = 'cargus-e2e-mapped-orders';
const ORDERS = 1000;

/** Example 1's AWB fields from the shop order (`$json.body`) in one expression, named as Create's form names them. */
export const AWB_FIELDS = `={{ (() => { const o = $json.body, a = o.shippingAddress, shipAndGo = o.delivery?.method === 'shipAndGo'; return {
	senderLocationId: 1005962049,
	serviceId: shipAndGo ? 38 : 34,
	deliveryPudoPoint: o.delivery?.shipAndGoPointId,
	recipientName: o.contact.name,
	recipientPhone: o.contact.phone,
	recipientCountyId: a.county,
	recipientLocalityId: a.locality,
	recipientStreetId: a.street,
	pieces: [{ type: 1, weight: o.totalWeightKg }],
	cashOnDelivery: o.paymentMethod === 'cashOnDelivery' ? o.total : 0,
	buildingNumber: a.number,
	addressText: a.details,
	email: o.contact.email,
	orderReference: o.orderNumber,
}; })() }}`;

/** The Edit Fields node (JSON mode) that maps each order, and the Create node that reads its fields. */
export const MAPPED_CREATE = {
	editFields: { type: 'n8n-nodes-base.set', typeVersion: 3.4, parameters: { mode: 'raw', jsonOutput: AWB_FIELDS, options: {} } },
	create: { type: 'n8n-nodes-cargus.cargus', typeVersion: 1, parameters: { resource: 'shipment', operation: 'create', mappingMode: 'autoMapInputData' } },
};

/** Webhook ({orders: [...]}) -> Split Out (one item per order, as `body`) -> Edit Fields -> Create; answers Create's items. */
export function mappedOrdersWorkflow(id = WORKFLOW_ID, path = WEBHOOK_PATH, name = 'e2e: 1,000 shop orders mapped for Create') {
	const node = nodeMaker(id);
	const credentials = { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } };
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Orders', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} }, { webhookId: `${id}-hook` }),
			node('One item per order', 'n8n-nodes-base.splitOut', 1, 240, { fieldToSplitOut: 'body.orders', options: { destinationFieldName: 'body' } }),
			node('AWB Fields', MAPPED_CREATE.editFields.type, MAPPED_CREATE.editFields.typeVersion, 480, MAPPED_CREATE.editFields.parameters),
			node('Create AWB', MAPPED_CREATE.create.type, MAPPED_CREATE.create.typeVersion, 720, MAPPED_CREATE.create.parameters, { credentials }),
		],
		connections: {
			Orders: { main: [[{ node: 'One item per order', type: 'main', index: 0 }]] },
			'One item per order': { main: [[{ node: 'AWB Fields', type: 'main', index: 0 }]] },
			'AWB Fields': { main: [[{ node: 'Create AWB', type: 'main', index: 0 }]] },
		},
	};
}

export async function mappedOrdersCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('1,000 shop orders mapped by one Edit Fields expression into Shipment › Create, Map Automatically: each order its own AWB, its decimal weight sent rounded up, one login at most', async () => {
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', mappedOrdersWorkflow());
		await live.activate(created.id);
		const orders = Array.from({ length: ORDERS }, (_, index) => shopOrder({ orderNumber: `MAPPED-${index + 1}`, total: 100 + (index % 400) }));
		await control.clearRequests();
		const items = JSON.parse(await postToWebhook(live, WEBHOOK_PATH, { orders })) as Array<{ BarCode?: unknown; OrderReference?: unknown; weightKg?: { ordered?: unknown; sent?: unknown } }>;
		const barcodes = items.map((item) => String(item.BarCode));
		assert(items.length === ORDERS, `${items.length} items came back for ${ORDERS} orders`);
		assert(barcodes.every((barcode) => /^\d{10}$/.test(barcode)) && new Set(barcodes).size === ORDERS, `not ${ORDERS} distinct barcodes: ${JSON.stringify(items.slice(0, 3))}`);
		const references = items.map((item) => item.OrderReference);
		assert(references.every((reference, index) => reference === orders[index].orderNumber), `order references out of line: ${JSON.stringify(references.slice(0, 5))}`);
		const kilograms = (index: number) => Math.max(1, Math.ceil(Number(orders[index].totalWeightKg)));
		const weights = items.map((item) => item.weightKg);
		assert(weights.every((weight, index) => weight?.ordered === orders[index].totalWeightKg && weight?.sent === kilograms(index)), `weights asked and sent: ${JSON.stringify(weights.slice(0, 3))}`);
		const requests = await control.requests();
		const weighed = requests.filter((request) => request.operation === 'createAwb').map((request) => (request.body as { TotalWeight?: number }).TotalWeight);
		assert(weighed.every((weight) => weight === kilograms(0)), `TotalWeight sent: ${[...new Set(weighed)].join(', ')} for ${String(orders[0].totalWeightKg)} kg orders`);
		const sent = requests.filter((request) => request.operation === 'createAwb').length;
		const logins = requests.filter((request) => request.operation === 'login').length;
		assert(sent === ORDERS && logins <= 1, `${sent} AWB requests and ${logins} logins for ${ORDERS} orders`);
		const last = await control.shipments(barcodes.slice(-20));
		assert(last.every((awb, index) => awb.codValue === orders[ORDERS - 20 + index].total), `cash on delivery is not each order's total: ${JSON.stringify(last.map((awb) => awb.codValue))}`);
		return `${ORDERS} orders -> ${new Set(barcodes).size} barcodes with their order references, ${String(orders[0].totalWeightKg)} kg sent as ${kilograms(0)} kg, ${sent} AWB requests, ${logins} login`;
	});
}

const LIMITED_ORDERS = 60;
const LIMIT = 10;

/**
 * Issue 51: a shop's evening batch under Cargus' rate limit (the sandbox's gateway at 10 requests a second, answering
 * 429 with Retry-After past it) through a webhook workflow: every order its AWB, none twice, no item failed.
 */
export async function rateLimitedOrdersCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('60 orders in one execution under a rate limit of 10 requests a second: 60 AWBs, one per order, no item failed', async () => {
		const path = 'cargus-e2e-rate-limited-orders';
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', mappedOrdersWorkflow('cargusE2eRateLimitedOrders', path, 'e2e: 60 orders under a rate limit'));
		await live.activate(created.id);
		const orders = Array.from({ length: LIMITED_ORDERS }, (_, index) => shopOrder({ orderNumber: `LIMITED-${live.n8n.version}-${index + 1}` }));
		// One order first, so the token is there before the limit, as in a running shop.
		await postToWebhook(live, path, { orders: [shopOrder({ orderNumber: `LIMITED-${live.n8n.version}-warm` })] });
		await control.clearRequests();
		await control.setRateLimit(LIMIT);
		const started = Date.now();
		let answer: string;
		try {
			answer = await postToWebhook(live, path, { orders });
		} finally {
			await control.setRateLimit(null);
		}
		const ms = Date.now() - started;
		const items = JSON.parse(answer) as Array<{ BarCode?: unknown; OrderReference?: unknown; error?: unknown }>;
		assert(items.length === LIMITED_ORDERS && items.every((item) => item.error === undefined), `${items.length} items, ${items.filter((item) => item.error !== undefined).length} failed: ${answer.slice(0, 400)}`);
		const references = items.map((item) => item.OrderReference);
		assert(references.every((reference, index) => reference === orders[index].orderNumber), `order references out of line: ${JSON.stringify(references.slice(0, 5))}`);
		assert(new Set(items.map((item) => String(item.BarCode))).size === LIMITED_ORDERS, `not ${LIMITED_ORDERS} distinct barcodes`);
		const requests = await control.requests();
		const made = requests.filter((request) => request.operation === 'createAwb' && request.status === 200);
		const madeReferences = new Set(made.map((request) => (request.body as { CustomString?: string }).CustomString));
		assert(made.length === LIMITED_ORDERS && madeReferences.size === LIMITED_ORDERS, `${made.length} AWBs made for ${madeReferences.size} orders`);
		const refused = requests.filter((request) => request.status === 429).length;
		assert(refused > 0, 'the gateway refused nothing: the limit was not reached');
		const served = requests.length - refused;
		return `${LIMITED_ORDERS} orders -> ${made.length} AWBs in ${(ms / 1000).toFixed(1)} s; ${served} requests served, ${refused} refused with 429; ${(ms / ((served / LIMIT) * 1000)).toFixed(2)}× the limit's time`;
	});
}
