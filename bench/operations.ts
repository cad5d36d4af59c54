/**
 * Operations that take a barcode, a pickup location or dates, each given by one expression per field, next to the
 * HTTP Request node (Header Auth credential, the token typed in) making the same call: Webhook → Split Out (one
 * item per value) → the node. The HTTP Request node's query is built from the Cargus node's own first request, key
 * by key, each value that an item field holds becoming the expression of that field; the run then checks that both
 * sent the same request. Also example 1's order through the HTTP Request node with the 13 fields of its Create AWB
 * node as 13 expressions.
 */
import crypto from 'node:crypto';

import { SANDBOX_CREDENTIAL_ID } from '../scripts/lib/launcher';
import { HEADER_CREDENTIAL, node, type BenchN8n, type FlowRun } from './n8n';

export interface OperationBench {
	name: string;
	/** The sandbox operation each item calls. */
	operation: string;
	/** The Cargus node's parameters: each field an expression of the item. */
	parameters: Record<string, unknown>;
	/** What one item holds: the values, and the forms Cargus takes them in, as a shop's data could give them. */
	item: (index: number) => Record<string, unknown>;
}

function flow(name: string, path: string, worker: ReturnType<typeof node>) {
	const nodes = [
		node('Webhook', 'n8n-nodes-base.webhook', 2, 0, { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'noData', options: {} }, { webhookId: crypto.randomUUID() }),
		node('Split Out', 'n8n-nodes-base.splitOut', 1, 220, { fieldToSplitOut: 'body.items', options: { destinationFieldName: 'item' } }),
		{ ...worker, position: [440, 0] },
	];
	return {
		name,
		nodes,
		connections: { Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] }, 'Split Out': { main: [[{ node: worker.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function publish(n8n: BenchN8n, workflow: unknown): Promise<void> {
	const created = await n8n.launched.rest<{ id: string; versionId: string }>('POST', '/rest/workflows', workflow);
	await n8n.launched.rest('POST', `/rest/workflows/${created.id}/activate`, { versionId: created.versionId });
}

/** The HTTP Request node sending `path` with `query`, whose values may be expressions. */
function httpNode(n8n: BenchN8n, path: string, query: Record<string, string>) {
	return node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, 440, {
		method: 'GET',
		url: `${n8n.sandboxUrl}${path}`,
		authentication: 'genericCredentialType',
		genericAuthType: 'httpHeaderAuth',
		sendQuery: true,
		queryParameters: { parameters: Object.entries(query).map(([name, value]) => ({ name, value })) },
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${n8n.token}` }] },
		options: {},
	}, { credentials: { httpHeaderAuth: { id: n8n.headerCredentialId, name: HEADER_CREDENTIAL.name } } });
}

const cargusNode = (parameters: Record<string, unknown>) =>
	node('Cargus', 'n8n-nodes-cargus.cargus', 1, 440, parameters, { credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } } });

interface Sent { path: string; query: Record<string, unknown> }

const sameRequest = (a: Sent | undefined, b: Sent | undefined) =>
	JSON.stringify([a?.path, Object.entries(a?.query ?? {}).sort()]) === JSON.stringify([b?.path, Object.entries(b?.query ?? {}).sort()]);

/**
 * Publishes the two flows of one operation and answers a runner per flow. The Cargus flow runs once with one item to
 * learn its request; the HTTP Request node sends the same path and query, each value an item's field holds as that
 * field's expression.
 */
export async function operationFlows(n8n: BenchN8n, bench: OperationBench, items: number): Promise<{ cargus: () => Promise<FlowRun>; http: () => Promise<FlowRun> }> {
	const slug = bench.name.toLowerCase().replace(/[^a-z]+/g, '-');
	await publish(n8n, flow(`Bench: ${bench.name} (Cargus)`, `bench-op-${slug}-cargus`, cargusNode(bench.parameters)));
	const body = JSON.stringify({ items: Array.from({ length: items }, (_, index) => bench.item(index)) });
	const one = JSON.stringify({ items: [bench.item(0)] });
	const learnt = (await n8n.runWebhook(`bench-op-${slug}-cargus`, one, bench.operation)).sample as Sent | undefined;
	if (!learnt) throw new Error(`${bench.name}: the Cargus node sent no ${bench.operation} request`);
	const first = bench.item(0);
	const query = Object.fromEntries(
		Object.entries(learnt.query).map(([key, value]) => {
			const field = Object.keys(first).find((name) => String(first[name]) === String(value));
			return [key, field === undefined ? String(value) : `={{ $json.item.${field} }}`];
		}),
	);
	await publish(n8n, flow(`Bench: ${bench.name} (HTTP Request)`, `bench-op-${slug}-http`, httpNode(n8n, learnt.path, query)));
	const checked = async (path: string): Promise<FlowRun> => {
		const result = await n8n.runWebhook(path, body, bench.operation);
		return result;
	};
	let compared = false;
	const http = async () => {
		const result = await checked(`bench-op-${slug}-http`);
		if (!compared) {
			const cargusFirst = learnt;
			if (!sameRequest(result.sample as Sent | undefined, cargusFirst)) {
				throw new Error(`${bench.name}: the HTTP Request node sent ${JSON.stringify(result.sample)}, the Cargus node ${JSON.stringify(cargusFirst)}`);
			}
			compared = true;
		}
		return result;
	};
	return { cargus: async () => await checked(`bench-op-${slug}-cargus`), http };
}

const US_DAY = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** The operations benched, with what one item gives them (`barcodes`: shipments of the sandbox; `today`: its clock's day). */
export function operationBenches(barcodes: string[], locations: number[], today: string): OperationBench[] {
	const barcodeOf = (index: number) => ({ barcode: barcodes[index % barcodes.length] });
	const daysOf = () => ({ from: today, to: today, fromUs: US_DAY(today), toUs: US_DAY(today) });
	return [
		{ name: 'Shipment › Get (by barcode)', operation: 'getAwb', parameters: { resource: 'shipment', operation: 'get', findBy: 'barcode', barcode: '={{ $json.item.barcode }}' }, item: barcodeOf },
		{ name: 'Shipment › Get Status', operation: 'awbStatus', parameters: { resource: 'shipment', operation: 'getStatus', barcode: '={{ $json.item.barcode }}' }, item: barcodeOf },
		{ name: 'Shipment › Get Cash on Delivery', operation: 'cashAccount', parameters: { resource: 'shipment', operation: 'getCashOnDelivery', barcode: '={{ $json.item.barcode }}' }, item: barcodeOf },
		{
			name: 'Pickup Order › Get Many (by location)',
			operation: 'ordersByLocation',
			parameters: { resource: 'pickupOrder', operation: 'getMany', findBy: 'location', locationId: '={{ $json.item.locationId }}', status: 1, returnAll: false, limit: 1 },
			item: (index) => ({ locationId: locations[index % locations.length] }),
		},
		{
			name: 'Shipment › Get Many (by date)',
			operation: 'awbsByDate',
			parameters: { resource: 'shipment', operation: 'getMany', fromDate: '={{ $json.item.from }}', toDate: '={{ $json.item.to }}', returnAll: false, limit: 1 },
			item: daysOf,
		},
		{
			name: 'Shipment › Track Without Login',
			operation: 'traceNoAuth',
			parameters: { resource: 'shipment', operation: 'trackWithoutLogin', barcode: '={{ $json.item.barcode }}' },
			item: barcodeOf,
		},
		{
			name: 'Pickup Order › Get Many (by date)',
			operation: 'ordersByDate',
			parameters: { resource: 'pickupOrder', operation: 'getMany', findBy: 'date', fromDate: '={{ $json.item.from }}', toDate: '={{ $json.item.to }}', returnAll: false, limit: 1 },
			item: daysOf,
		},
		{
			name: 'Cash on Delivery › Get Many (by date)',
			operation: 'cashAccountByDate',
			parameters: { resource: 'cashOnDelivery', operation: 'getMany', fromDate: '={{ $json.item.from }}', toDate: '={{ $json.item.to }}', returnAll: false, limit: 1 },
			item: daysOf,
		},
		{
			name: 'Cash on Delivery › Get Repaid on Day',
			operation: 'cashAccountByDeductionDate',
			parameters: { resource: 'cashOnDelivery', operation: 'getRepaid', deductionDate: '={{ $json.item.from }}', returnAll: false, limit: 1 },
			item: daysOf,
		},
		{
			name: 'Invoice › Get Many (by date)',
			operation: 'invoices',
			parameters: { resource: 'invoice', operation: 'getMany', fromDate: '={{ $json.item.from }}', toDate: '={{ $json.item.to }}', returnAll: false, limit: 1 },
			item: daysOf,
		},
	];
}
