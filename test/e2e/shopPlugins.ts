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
import { nodeMaker } from './webhookFlow';

const ECOM_TEST = 1005962049;
const DEPOT = 1005962050;
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

type Answer = 'allEntries' | 'firstEntryBinary';

/** Webhook → the Cargus node with `parameters` → answers its items (JSON) or its first item's file. */
function oneNodeFlow(id: string, parameters: Record<string, unknown>, answer: Answer) {
	const node = nodeMaker(id);
	return {
		id,
		name: `e2e: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Call', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path: id, responseMode: 'lastNode', responseData: answer, options: {} }, { webhookId: `${id}-hook` }),
			node('Cargus', 'n8n-nodes-cargus.cargus', 1, 240, parameters, { credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } } }),
		],
		connections: { Call: { main: [[{ node: 'Cargus', type: 'main', index: 0 }]] } },
	};
}

/** Saves and publishes the flow, calls it once; answers the webhook's answer as bytes. */
async function runOnce(live: Launched, id: string, parameters: Record<string, unknown>, answer: Answer = 'allEntries'): Promise<Buffer> {
	const created = await live.rest<{ id: string }>('POST', '/rest/workflows', oneNodeFlow(id, parameters, answer));
	await live.activate(created.id);
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(`${live.editorUrl}webhook/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		const bytes = Buffer.from(await response.arrayBuffer());
		// n8n registers a published workflow's webhook a moment later.
		if (response.status === 404 && bytes.toString('utf8').includes('not registered') && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			continue;
		}
		assert(response.ok, `${id}: the webhook answered ${response.status}: ${bytes.toString('utf8').slice(0, 300)}`);
		return bytes;
	}
}

const itemsOf = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as Array<Record<string, unknown>>;

export async function shopPluginChecks(live: Launched, control: SandboxControl): Promise<void> {
	await check('Shipment › Create with a pre-printed return AWB and the repayment paid into the bank, then its label with the return AWB printed (Get AWB PDF › Print Return AWB)', async () => {
		await control.clearRequests();
		const [made] = itemsOf(await runOnce(live, 'cargus-e2e-return-voucher', {
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

		const pdf = await runOnce(live, 'cargus-e2e-return-label', {
			resource: 'document',
			operation: 'getAwbPdf',
			barcodes: barcode,
			printOptions: { printReturn: 1 },
		}, 'firstEntryBinary');
		const label = await PDFDocument.load(pdf);
		const printed = (label.getKeywords() ?? '').split(' ');
		assert(label.getPageCount() === 2 && printed.join() === [barcode, returnAwb].join(), `the label has ${label.getPageCount()} pages for ${printed.join(', ')}`);
		const [asked] = await control.requests('awbPdf');
		assert(asked.query.printReturn === '1', `Get AWB PDF asked ${JSON.stringify(asked.query)}`);
		return `AWB ${barcode} with return AWB ${returnAwb}, bank repayment 120 (repayment cost ${String(cost.RepaymentCost)}, total ${String(cost.GrandTotal)}); its label: 2 pages, ${printed.join(' and ')}`;
	});

	await check('Ship & Go Point › Get Many reads GET /api/PudoPoints, as every shop plugin does', async () => {
		await control.clearRequests();
		const points = itemsOf(await runOnce(live, 'cargus-e2e-pudo-points', { resource: 'shipAndGoPoint', operation: 'getMany', returnAll: false, limit: 5, filters: { countyId: CLUJ_COUNTY } }));
		const paths = (await control.requests('shipAndGoPoints')).map((request) => request.path);
		assert(points.length === 5 && points.every((point) => point.CountyId === CLUJ_COUNTY), `${points.length} points: ${JSON.stringify(points.slice(0, 2))}`);
		assert(paths.length > 0 && paths.every((path) => path === '/api/PudoPoints'), `the node asked ${paths.join(', ')}`);
		return `${points.length} points of Cluj from ${paths.join(', ')}`;
	});

	await check('Pickup Order › Get Many of a location answered as one object (as OpenCart reads it) gives that order as one item', async () => {
		await control.setSettings({ ordersListOfOne: 'object' });
		try {
			await control.clearRequests();
			const orders = itemsOf(await runOnce(live, 'cargus-e2e-list-of-one', { resource: 'pickupOrder', operation: 'getMany', findBy: 'location', locationId: DEPOT, status: 0, returnAll: true }));
			const [asked] = await control.requests('ordersByLocation');
			assert(asked?.status === 200, `the sandbox answered ${asked?.status}`);
			assert(orders.length === 1 && typeof orders[0].OrderId === 'number' && orders[0].OrdStatus === 0, `${orders.length} items: ${JSON.stringify(orders).slice(0, 300)}`);
			return `order ${String(orders[0].OrderId)} of location ${DEPOT} as one item`;
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
