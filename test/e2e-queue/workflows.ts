/**
 * Workflows the queue-mode test adds besides the examples: last month's invoices mailed on "Run now", and two
 * behind a webhook so that main receives the call, a worker runs it and main answers with what the worker produced:
 *  - the invoice flow's "Download PDF" node answering one invoice PDF as the response body;
 *  - tracking: one item per posted barcode through the Cargus node's Shipment > Track, all items answered.
 */
import fs from 'node:fs';
import path from 'node:path';

import { SANDBOX_CREDENTIAL_ID } from '../../scripts/lib/launcher';
import type { ExampleWorkflow } from '../e2e/n8n-api';

export const INVOICE_PDF_PATH = 'cargus-queue-invoice-pdf';
export const TRACK_PATH = 'cargus-queue-track';

const credentials = { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } };

function webhook(path: string, method: 'GET' | 'POST', uuid: string) {
	return {
		parameters: { httpMethod: method, path, responseMode: 'responseNode', options: {} },
		id: `${uuid}01`,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId: `${uuid}ff`,
	};
}

function chain(names: string[]) {
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	for (let i = 0; i + 1 < names.length; i++) connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return connections;
}

/**
 * "Run now" lists last month's invoices (Invoice › Get Many), downloads each PDF (Invoice › Get PDF) and mails it:
 * a manual run whose binary files are made on a worker. (The invoice example now uses the New Invoice trigger.)
 */
export function lastMonthInvoicesWorkflow(): ExampleWorkflow & { connections: object } {
	return JSON.parse(fs.readFileSync(path.join(__dirname, 'invoices-last-month.json'), 'utf8')) as ExampleWorkflow & { connections: object };
}

/** GET /webhook/cargus-queue-invoice-pdf?invoiceId=N answers invoice N's PDF, downloaded by the invoice workflow's own node. */
export function invoicePdfWorkflow() {
	const download = lastMonthInvoicesWorkflow().nodes.find((n) => n.name === 'Download PDF');
	if (!download) throw new Error('the invoice workflow has no "Download PDF" node');
	const uuid = '7d1f3c70-0013-4000-8000-0000000001';
	return {
		name: 'Queue test: invoice PDF over a webhook',
		nodes: [
			webhook(INVOICE_PDF_PATH, 'GET', uuid),
			{ ...download, id: `${uuid}02`, position: [220, 0], parameters: { ...download.parameters, invoiceId: '={{ $json.query.invoiceId }}' } },
			{
				parameters: { respondWith: 'binary', options: {} },
				id: `${uuid}03`,
				name: 'Respond with the PDF',
				type: 'n8n-nodes-base.respondToWebhook',
				typeVersion: 1.4,
				position: [440, 0],
			},
		],
		connections: chain(['Webhook', 'Download PDF', 'Respond with the PDF']),
		settings: { executionOrder: 'v1' },
	};
}

/** POST /webhook/cargus-queue-track with {"barcodes": [...]} answers one tracking item per shipment. */
export function trackWorkflow() {
	const uuid = '7d1f3c70-0013-4000-8000-0000000002';
	return {
		name: 'Queue test: track the posted shipments',
		nodes: [
			webhook(TRACK_PATH, 'POST', uuid),
			{
				parameters: { fieldToSplitOut: 'body.barcodes', options: { destinationFieldName: 'barcode' } },
				id: `${uuid}02`,
				name: 'One item per barcode',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
			},
			{
				parameters: { resource: 'shipment', operation: 'track', barcodes: '={{ $json.barcode }}' },
				id: `${uuid}03`,
				name: 'Track',
				type: 'n8n-nodes-cargus.cargus',
				typeVersion: 1,
				position: [440, 0],
				credentials,
			},
			{
				parameters: { respondWith: 'allIncomingItems', options: {} },
				id: `${uuid}04`,
				name: 'Respond with the tracking',
				type: 'n8n-nodes-base.respondToWebhook',
				typeVersion: 1.4,
				position: [660, 0],
			},
		],
		connections: chain(['Webhook', 'One item per barcode', 'Track', 'Respond with the tracking']),
		settings: { executionOrder: 'v1' },
	};
}
