/**
 * The Cargus node's PDFs (invoice PDF and document, AWB PDF, order documents) in n8n's filesystem binary data mode, the mode
 * n8n 3.0 keeps: each is answered by a webhook byte for byte as Cargus sent it, and n8n stored it as a file in
 * its binary data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ACCOUNT, type SandboxControl } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, type Launched } from '../../scripts/lib/launcher';
import { assert, waitFor } from './checks';
import { execution, executionsOf, outputOf } from './n8n-api';
import { nodeMaker, notYetServed } from './webhookFlow';

export const FILESYSTEM_BINARY_DATA = { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' };

const WORKFLOW_ID = 'cargusE2ePdfFiles';
const LOGIN_ENDPOINT = '/api/LoginUser/Juridic';

interface PdfFlow {
	/** The webhook path, the Cargus node's name and the sandbox's name of the operation. */
	path: string;
	node: string;
	operation: string;
	parameters: Record<string, unknown>;
	/** A Cargus node before the PDF one, if the PDF needs something looked up first. */
	before?: { node: string; parameters: Record<string, unknown> };
}

/** Cargus › Invoice › Get Many, the first invoice between the webhook's `from` and `to`. */
function firstInvoice(node: string): PdfFlow['before'] {
	return { node, parameters: { resource: 'invoice', operation: 'getMany', fromDate: '={{ $json.query.from }}', toDate: '={{ $json.query.to }}', returnAll: false, limit: 1 } };
}

const FLOWS: PdfFlow[] = [
	{
		path: 'cargus-e2e-invoice-pdf',
		node: 'Invoice PDF',
		operation: 'invoicePdf',
		before: firstInvoice('First Invoice'),
		parameters: { resource: 'invoice', operation: 'getPdf', invoiceId: '={{ $json.InvoiceId }}', options: {} },
	},
	{
		path: 'cargus-e2e-invoice-document',
		node: 'Invoice Document',
		operation: 'invoiceDocument',
		before: firstInvoice('First Invoice Again'),
		parameters: { resource: 'invoice', operation: 'getDocument', invoiceId: '={{ $json.InvoiceId }}', options: {} },
	},
	{
		path: 'cargus-e2e-awb-pdf',
		node: 'AWB PDF',
		operation: 'awbPdf',
		parameters: { resource: 'document', operation: 'getAwbPdf', barcodes: '={{ $json.query.barcodes }}', printOptions: {} },
	},
	{
		path: 'cargus-e2e-order-documents',
		node: 'Order Documents',
		operation: 'orderDocuments',
		parameters: { resource: 'document', operation: 'getOrderDocuments', fromDate: '={{ $json.query.from }}', toDate: '={{ $json.query.to }}', docType: 0 },
	},
];

/** One workflow with a webhook per PDF: Webhook -> (lookup) -> Cargus PDF operation -> Respond to Webhook with the file. */
function workflow() {
	const node = nodeMaker(WORKFLOW_ID);
	const credentials = { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } };
	const nodes: Array<ReturnType<typeof node>> = [];
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	for (const flow of FLOWS) {
		const chain = [`Webhook ${flow.node}`, ...(flow.before ? [flow.before.node] : []), flow.node, `Respond ${flow.node}`];
		nodes.push(node(chain[0], 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'GET', path: flow.path, responseMode: 'responseNode', options: {} }, { webhookId: `${WORKFLOW_ID}-${flow.path}` }));
		if (flow.before) nodes.push(node(flow.before.node, 'n8n-nodes-cargus.cargus', 1, 240, flow.before.parameters, { credentials }));
		nodes.push(node(flow.node, 'n8n-nodes-cargus.cargus', 1, 480, flow.parameters, { credentials }));
		nodes.push(node(chain[chain.length - 1], 'n8n-nodes-base.respondToWebhook', 1.5, 720, { respondWith: 'binary', options: {} }));
		for (let i = 0; i + 1 < chain.length; i++) connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	}
	return { id: WORKFLOW_ID, name: 'e2e: Cargus PDFs in filesystem binary data mode', active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

/** GETs a webhook of an active workflow and returns the answer; waits while n8n is still registering it. */
async function getFromWebhook(url: string): Promise<{ status: number; type: string; body: Buffer }> {
	return await waitFor(`the webhook ${url}`, 60000, async () => {
		const response = await fetch(url);
		const body = Buffer.from(await response.arrayBuffer());
		if (notYetServed(response.status, body.toString('utf8'))) return undefined;
		return { status: response.status, type: String(response.headers.get('content-type')), body };
	});
}

/** The same request the node made, sent to the sandbox again with a token of our own: the bytes Cargus serves. */
async function fromCargus(control: SandboxControl, sandboxUrl: string, operation: string): Promise<Buffer> {
	const sent = (await control.requests(operation)).filter((q) => q.status === 200).pop();
	assert(sent, `the sandbox saw no successful ${operation} request`);
	const key = { 'Ocp-Apim-Subscription-Key': DEFAULT_ACCOUNT.subscriptionKey };
	const login = await fetch(`${sandboxUrl}${LOGIN_ENDPOINT}`, {
		method: 'POST',
		headers: { ...key, 'content-type': 'application/json' },
		body: JSON.stringify({ UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }),
	});
	const token = (await login.text()).trim().replace(/^"|"$/g, '');
	assert(login.ok && token, `logging in to the sandbox answered ${login.status}`);
	const url = new URL(`${sandboxUrl}${sent.path}`);
	for (const [name, value] of Object.entries(sent.query)) {
		for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, name.toLowerCase() === 'token' ? token : String(one));
	}
	const headers = { ...key, accept: 'application/json', ...(sent.auth === 'bearer' ? { authorization: `Bearer ${token}` } : {}) };
	const response = await fetch(url, { headers });
	assert(response.ok, `${operation} again answered ${response.status}`);
	const body = Buffer.from(await response.arrayBuffer());
	// The PDF itself, or (invoice and order documents) the PDF in base64 as a JSON string.
	return body.subarray(0, 5).toString('latin1') === '%PDF-' ? body : Buffer.from(JSON.parse(body.toString('utf8')) as string, 'base64');
}

/**
 * Where n8n's filesystem mode keeps a binary file `filesystem-v2:<path>`: under <user folder>/.n8n/storage (n8n 2.x,
 * and 3.0) or .n8n/binaryData (n8n 1.x).
 */
function storedFile(n8n: Launched, id: string): string {
	const [mode, relative] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
	assert(mode.startsWith('filesystem'), `the PDF is stored as ${id}, not in the filesystem`);
	const candidates = ['storage', 'binaryData'].map((folder) => path.join(n8n.userFolder, '.n8n', folder, relative));
	const file = candidates.find((candidate) => fs.existsSync(candidate));
	assert(file, `${id} is in neither ${candidates.join(' nor ')}`);
	return file;
}

export async function pdfsInFilesystemMode(n8n: Launched, control: SandboxControl): Promise<string> {
	const created = await n8n.rest<{ id: string }>('POST', '/rest/workflows', workflow());
	await n8n.activate(created.id);
	const { now } = await control.clock();
	const to = new Date(now);
	const query: Record<string, string> = {
		from: new Date(to.getTime() - 365 * 24 * 3600 * 1000).toISOString(),
		to: to.toISOString(),
		barcodes: (await control.shipments()).slice(0, 2).map((s) => s.barcode).join(','),
	};
	const said: string[] = [];
	const seen = new Set<string>();
	const folders = new Set<string>();
	for (const flow of FLOWS) {
		await control.clearRequests();
		const answer = await getFromWebhook(`${n8n.editorUrl}webhook/${flow.path}?${new URLSearchParams(query).toString()}`);
		assert(answer.status === 200, `${flow.node}: HTTP ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
		assert(answer.type.startsWith('application/pdf'), `${flow.node}: content-type ${answer.type}`);
		const cargus = await fromCargus(control, n8n.sandbox.url, flow.operation);
		assert(cargus.subarray(0, 5).toString('latin1') === '%PDF-', `${flow.node}: the sandbox did not answer a PDF`);
		assert(answer.body.equals(cargus), `${flow.node}: the webhook answered ${answer.body.length} bytes, Cargus sent ${cargus.length}`);

		const run = await waitFor(`the execution of ${flow.node}`, 30000, async () => {
			const done = (await executionsOf(n8n, created.id)).filter((e) => !seen.has(e.id) && e.status === 'success');
			return done.length === 1 ? done[0] : undefined;
		});
		seen.add(run.id);
		const binary = outputOf(await execution(n8n, run.id), flow.node)[0]?.binary?.data;
		assert(binary?.id, `${flow.node}: execution ${run.id} kept no binary id (${JSON.stringify(binary)})`);
		const file = storedFile(n8n, binary.id);
		folders.add(path.relative(n8n.userFolder, file).split(path.sep).slice(0, 2).join('/'));
		assert(fs.readFileSync(file).equals(cargus), `${flow.node}: the stored file differs from what Cargus sent`);
		assert(binary.mimeType === 'application/pdf' && binary.fileName?.endsWith('.pdf'), `${flow.node}: stored as ${binary.fileName} (${binary.mimeType})`);
		said.push(`${flow.node} ${binary.fileName} ${cargus.length} bytes`);
	}
	return `${said.join(', ')}: answered byte for byte as Cargus sent them, each stored as a file under ${[...folders].join(', ')}`;
}
