/**
 * What the shop plugins that run against the real Cargus send and read (../shared/spec/real-clients.md), in the
 * real n8n server: a return voucher asked with the AWB and printed with its label, cash on delivery paid into the
 * bank, Ship & Go points from PudoPoints, and a pickup order list answered as one object. Each runs one Cargus node
 * behind a webhook, with the parameters a user would give it in the form.
 */
import { PDFDocument } from 'pdf-lib';

import type { SandboxControl } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, type Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { execution, executionsOf } from './n8n-api';
import { sendShopOrder, shopOrder, SHOP_ORDER_WORKFLOW } from './shopOrder';
import { nodeMaker, postToWebhook } from './webhookFlow';

const ECOM_TEST = 1005962049;
const CLUJ_COUNTY = 15;
const CLUJ_NAPOCA = 164;

const AWB = {
	senderLocationId: ECOM_TEST,
	serviceId: 34,
	recipientName: 'Ana Pop',
	recipientPhone: '0722000000',
	recipientCountyId: CLUJ_COUNTY,
	recipientLocalityId: CLUJ_NAPOCA,
	pieces: { piece: [{ type: 1, weight: 2 }] },
};

/** What the flow answers: the Cargus node's items, or its file's bytes as base64 (`pdf`), as example 1 answers a label. */
type Answer = 'items' | 'file';

/** Webhook → the Cargus node with `parameters` (→ Extract From File for a file) → answers the last node's items. */
function oneNodeFlow(id: string, parameters: Record<string, unknown>, answer: Answer) {
	const node = nodeMaker(id);
	const nodes = [
		node('Call', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path: id, responseMode: 'lastNode', responseData: 'allEntries', options: {} }, { webhookId: `${id}-hook` }),
		node('Cargus', 'n8n-nodes-cargus.cargus', 1, 240, parameters, { credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } } }),
		...(answer === 'file' ? [node('File as Base64', 'n8n-nodes-base.extractFromFile', 1, 480, { operation: 'binaryToPropery', destinationKey: 'pdf', options: {} })] : []),
	];
	return {
		id,
		name: `e2e: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: Object.fromEntries(nodes.slice(0, -1).map((from, index) => [from.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }])),
	};
}

/** Saves and publishes the flow, calls it once; answers the items the webhook answered. */
async function runOnce(live: Launched, id: string, parameters: Record<string, unknown>, answer: Answer = 'items'): Promise<Array<Record<string, unknown>>> {
	const created = await live.rest<{ id: string }>('POST', '/rest/workflows', oneNodeFlow(id, parameters, answer));
	await live.activate(created.id);
	return JSON.parse(await postToWebhook(live, id, {})) as Array<Record<string, unknown>>;
}

export async function shopPluginChecks(live: Launched, control: SandboxControl): Promise<void> {
	await check('Shipment › Create with a pre-printed return AWB and the repayment paid into the bank, then its label with the return AWB printed (Get AWB PDF › Print Return AWB)', async () => {
		await control.clearRequests();
		const [made] = (await runOnce(live, 'cargus-e2e-return-voucher', {
			resource: 'shipment',
			operation: 'create',
			...AWB,
			cashOnDelivery: 0,
			additionalAwbFields: { orderReference: 'E2E-RETURN-1', returnVoucher: 2, bankRepayment: 120 },
		}));
		const barcode = String(made.BarCode);
		const returnAwb = String(made.ReturnAwb);
		assert(/^\d{10}$/.test(barcode) && /^\d{10}$/.test(returnAwb) && returnAwb !== barcode, `Create answered ${JSON.stringify(made)}`);
		const [sent] = await control.requests('createAwb');
		assert(sent.path === '/api/Awbs/WithGetAwb', `Create posted to ${sent.path}`);
		const body = sent.body as Record<string, unknown>;
		assert(body.ConsumerReturnType === 2 && body.BankRepayment === 120 && body.CashRepayment === 0, `Create sent ${JSON.stringify(body)}`);
		const cost = made.ShippingCost as Record<string, unknown> | undefined;
		assert(typeof cost?.GrandTotal === 'number' && Number(cost.RepaymentCost) > 0, `ShippingCost ${JSON.stringify(cost)}`);

		const [file] = await runOnce(live, 'cargus-e2e-return-label', {
			resource: 'document',
			operation: 'getAwbPdf',
			barcodes: barcode,
			printOptions: { printReturn: 1 },
		}, 'file');
		const label = await PDFDocument.load(Buffer.from(String(file?.pdf ?? ''), 'base64'));
		const printed = (label.getKeywords() ?? '').split(' ');
		assert(label.getPageCount() === 2 && printed.join() === [barcode, returnAwb].join(), `the label has ${label.getPageCount()} pages for ${printed.join(', ')}`);
		const [asked] = await control.requests('awbPdf');
		assert(asked.query.printReturn === '1', `Get AWB PDF asked ${JSON.stringify(asked.query)}`);
		return `AWB ${barcode} with return AWB ${returnAwb}, bank repayment 120 (repayment cost ${String(cost.RepaymentCost)}, total ${String(cost.GrandTotal)}); its label: 2 pages, ${printed.join(' and ')}`;
	});

	await check('Ship & Go Point › Get Many reads GET /api/PudoPoints, as every shop plugin does', async () => {
		await control.clearRequests();
		const points = (await runOnce(live, 'cargus-e2e-pudo-points', { resource: 'shipAndGoPoint', operation: 'getMany', returnAll: false, limit: 5, filters: { countyId: CLUJ_COUNTY } }));
		const paths = (await control.requests('shipAndGoPoints')).map((request) => request.path);
		assert(points.length === 5 && points.every((point) => point.CountyId === CLUJ_COUNTY), `${points.length} points: ${JSON.stringify(points.slice(0, 2))}`);
		assert(paths.length > 0 && paths.every((path) => path === '/api/PudoPoints'), `the node asked ${paths.join(', ')}`);
		return `${points.length} points of Cluj from ${paths.join(', ')}`;
	});

	await check('Pickup Order › Get Many of a location answered one order at a time as one object (as OpenCart reads it) gives the same items as answered as lists', async () => {
		const parameters = { resource: 'pickupOrder', operation: 'getMany', findBy: 'location', locationId: ECOM_TEST, status: 1, returnAll: true, options: { pageSize: 1 } };
		const asLists = await runOnce(live, 'cargus-e2e-orders-as-lists', parameters);
		await control.setSettings({ ordersListOfOne: 'object' });
		try {
			await control.clearRequests();
			const asObjects = await runOnce(live, 'cargus-e2e-orders-as-objects', parameters);
			const pages = (await control.requests('ordersByLocation')).filter((request) => request.status === 200).length;
			const ids = (items: Array<Record<string, unknown>>) => items.map((order) => order.OrderId).join(', ');
			assert(asLists.length > 0 && pages === asLists.length, `${asLists.length} orders as lists, ${pages} pages answered as one object`);
			assert(JSON.stringify(asObjects) === JSON.stringify(asLists), `as objects: ${ids(asObjects)}; as lists: ${ids(asLists)}`);
			return `${asObjects.length} validated orders of location ${ECOM_TEST} (${ids(asObjects)}), each page of one answered as the order alone: the same items as from lists`;
		} finally {
			await control.setSettings({ ordersListOfOne: 'list' });
		}
	});

	await check('example 1\'s webhook with the county as its code and the locality as the customer typed it: the AWB goes to the locality Cargus lists; a misspelt one is refused before sending, with the closest names', async () => {
		const typed = (orderNumber: string, locality: string) => {
			const order = shopOrder({ orderNumber });
			return { ...order, shippingAddress: { ...(order.shippingAddress as Record<string, unknown>), county: 'CJ', locality } };
		};
		await control.clearRequests();
		const { answer } = await sendShopOrder(live, typed('E2E-ADDRESS-1', 'mun. cluj napoca'));
		const [sent] = await control.requests('createAwb');
		const recipient = (sent?.body as { Recipient?: Record<string, unknown> } | undefined)?.Recipient;
		assert(/^\d{10}$/.test(String(answer.barcode)) && recipient?.CountyId === CLUJ_COUNTY && recipient.LocalityId === CLUJ_NAPOCA, `answered ${JSON.stringify(answer).slice(0, 200)}; sent ${JSON.stringify(recipient)}`);
		const lists = (await control.requests('localities')).length;

		const before = new Set((await executionsOf(live, SHOP_ORDER_WORKFLOW)).map((run) => run.id));
		await control.clearRequests();
		const refused = await sendShopOrder(live, typed('E2E-ADDRESS-2', 'Cluj Napocaa')).then(() => undefined, (error: Error) => error.message);
		assert(refused !== undefined, 'the webhook answered a misspelt locality with an AWB');
		const failed = await waitFor('the failed execution', 30000, async () => (await executionsOf(live, SHOP_ORDER_WORKFLOW)).find((run) => !before.has(run.id) && run.status === 'error'));
		const message = (await execution(live, failed.id)).error ?? '';
		assert(message.includes('"Cluj Napocaa" is not a locality of Cluj that Cargus knows') && message.includes('CLUJ-NAPOCA'), `the execution failed with: ${message}`);
		assert((await control.requests('createAwb')).length === 0, 'a createAwb request was sent for the misspelt locality');
		return `"CJ", "mun. cluj napoca" -> AWB ${String(answer.barcode)} to CLUJ-NAPOCA (${CLUJ_NAPOCA}), ${lists} locality list read; "Cluj Napocaa" refused: ${message}`;
	});
}
