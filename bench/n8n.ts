/**
 * The real n8n server for the benchmark: started by the project's launcher with its own user folder and
 * ports, the sandbox beside it, and webhook flows of one item per barcode or shop order: three that track
 * the same barcodes (the Cargus node, the HTTP Request node with a Header Auth credential, the HTTP Request
 * node with typed-in headers) and three that create an AWB per shop order (an Edit Fields node mapping the
 * order in one expression for Create's Map Automatically, example 1's Create AWB node with an expression
 * per field, the same Map Automatically with One AWB per Order Reference off, the HTTP Request node with the
 * Header Auth credential sending the same body).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request } from 'undici';

import { launch, ROOT, SANDBOX_CREDENTIAL_ID, type Launched } from '../scripts/lib/launcher';
import { DEFAULT_ACCOUNT, SandboxControl } from '../sandbox';
import { MAPPED_CREATE } from '../test/e2e/mappedOrders';

export type Flow = 'cargus' | 'cargusOtherKey' | 'httpCredential' | 'httpHeaders' | 'cargusCreate' | 'cargusCreateUnchecked' | 'cargusCreateForm' | 'httpCreate' | 'httpCreateForm';

/** The sandbox operation each flow sends once per item. */
const FLOW_OPERATION: Record<Flow, 'trace' | 'createAwb'> = {
	cargus: 'trace',
	cargusOtherKey: 'trace',
	httpCredential: 'trace',
	httpHeaders: 'trace',
	cargusCreate: 'createAwb',
	cargusCreateUnchecked: 'createAwb',
	cargusCreateForm: 'createAwb',
	httpCreate: 'createAwb',
	httpCreateForm: 'createAwb',
};

/** The day (yyyy-MM-dd) of an instant in Romania, as Cargus' by-date lists read days: at 23:30 UTC it is already tomorrow. */
export function bucharestDay(instant: string): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

export interface BenchPorts {
	n8n: number;
	broker: number;
	cliBroker: number;
	sandbox: number;
	smtp: number;
	inspector: number;
}

/** BENCH_PORT_BASE (default 5700) and the five ports after it. */
export function benchPorts(): BenchPorts {
	const base = Number(process.env.BENCH_PORT_BASE ?? 5700);
	return { n8n: base, broker: base + 1, cliBroker: base + 2, sandbox: base + 3, smtp: base + 4, inspector: base + 5 };
}

export interface FlowRun {
	ms: number;
	/** Requests of the flow's operation the sandbox answered with 2xx (200, or 204: nothing to list) during the run. */
	answered: number;
	/** The body of one of those requests, as the sandbox received it. */
	sample: unknown;
	/** Login requests the sandbox received during the run. */
	logins: number;
	/** Requests for the account's AWBs by date (Create's look for an AWB already made for the order). */
	listings: number;
	/** Requests for a county's localities (Create resolving a locality given by name). */
	localityLists: number;
	/** Every request the sandbox answered during the run. */
	requests: number;
}

export interface BenchN8n {
	launched: Launched;
	sandboxUrl: string;
	control: SandboxControl;
	barcodes: string[];
	/** A token from one login, typed into the HTTP Request flows and used by the undici loop. */
	token: string;
	/** The Header Auth credential (the subscription key) of the HTTP Request flows. */
	headerCredentialId: string;
	run(flow: Flow): Promise<FlowRun>;
	/** Posts `body` to an active flow's webhook and counts the sandbox's requests of `operation` during the run. */
	runWebhook(path: string, body: string, operation: string): Promise<FlowRun>;
	/**
	 * Deletes the AWBs the create flows made (order references BENCH-…), so that each run starts from the same
	 * account; answers how many AWBs of the last days the account then holds.
	 */
	deleteBenchAwbs(): Promise<{ deleted: number; remaining: number }>;
	stop(): Promise<void>;
}

export const HEADER_CREDENTIAL = { name: 'Cargus key (Header Auth)', type: 'httpHeaderAuth' };

async function loginToken(sandboxUrl: string): Promise<string> {
	const response = await request(`${sandboxUrl}/api/LoginUser/Juridic`, {
		method: 'POST',
		headers: { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey, 'content-type': 'application/json' },
		body: JSON.stringify({ UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }),
	});
	return (await response.body.json()) as string;
}

async function createShipments(control: SandboxControl, count: number): Promise<string[]> {
	const barcodes: string[] = [];
	while (barcodes.length < count) {
		const shipments = await control.addShipments({ count: Math.min(500, count - barcodes.length), scenario: 'delivered' });
		barcodes.push(...shipments.map((shipment) => shipment.barcode));
	}
	return barcodes;
}

export function node(name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: crypto.randomUUID(), name, type, typeVersion, position: [x, 0], parameters, ...extra };
}

/**
 * Webhook (POST {barcodes: [...]} or {orders: [...]}) → Split Out (one item per barcode, or per order as
 * `body`, as example 1's webhook gives it) → the worker node; answers when done.
 */
function webhookFlow(flow: Flow, ...workers: Array<ReturnType<typeof node>>) {
	const split = FLOW_OPERATION[flow] === 'trace' ? { fieldToSplitOut: 'body.barcodes', destination: 'barcode' } : { fieldToSplitOut: 'body.orders', destination: 'body' };
	const nodes = [
		node('Webhook', 'n8n-nodes-base.webhook', 2, 0, { httpMethod: 'POST', path: `bench-${flow}`, responseMode: 'lastNode', responseData: 'noData', options: {} }, { webhookId: crypto.randomUUID() }),
		node('Split Out', 'n8n-nodes-base.splitOut', 1, 220, { fieldToSplitOut: split.fieldToSplitOut, options: { destinationFieldName: split.destination } }),
		...workers.map((worker, index) => ({ ...worker, position: [440 + 220 * index, 0] })),
	];
	return {
		name: `Bench: 1 item per ${split.destination === 'barcode' ? 'barcode' : 'shop order'} (${flow})`,
		nodes,
		connections: Object.fromEntries(nodes.slice(0, -1).map((from, index) => [from.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
	};
}

const EXAMPLE_1 = path.join(ROOT, 'examples', '1-eshop-order-to-awb-and-label.json');

const cargusNode = (parameters: Record<string, unknown>) =>
	node('Cargus', 'n8n-nodes-cargus.cargus', 1, 440, parameters, { credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } } });

/** Example 1's Create AWB node as it is, an expression per field, one AWB per shop order. */
function cargusFormCreator() {
	const workflow = JSON.parse(fs.readFileSync(EXAMPLE_1, 'utf8')) as { nodes: Array<{ name: string; parameters: Record<string, unknown> }> };
	return cargusNode(workflow.nodes.find((candidate) => candidate.name === 'Create AWB')!.parameters);
}

/**
 * An Edit Fields node mapping the shop order in one expression, then Create with Mapping Mode: Map Automatically (as
 * the e2e run's); `unchecked`: with One AWB per Order Reference off, so Create makes the AWB without looking first.
 */
function cargusMappedCreator(unchecked = false) {
	const fields = MAPPED_CREATE.editFields.parameters;
	const jsonOutput = unchecked ? fields.jsonOutput.replace('orderReference: o.orderNumber,', 'orderReference: o.orderNumber,\n\toneAwbPerReference: false,') : fields.jsonOutput;
	if (jsonOutput === fields.jsonOutput && unchecked) throw new Error('The mapped fields no longer hold orderReference: o.orderNumber');
	return [
		node('AWB Fields', MAPPED_CREATE.editFields.type, MAPPED_CREATE.editFields.typeVersion, 440, { ...fields, jsonOutput }),
		cargusNode(MAPPED_CREATE.create.parameters),
	];
}

/** The body example 1's Create AWB node sends for a courier order, built by the HTTP Request node's expression. */
const CREATE_BODY = `={{ (() => { const o = $json.body, a = o.shippingAddress, kg = Math.max(1, Math.ceil(o.totalWeightKg)); return {
	Sender: { LocationId: 1005962049 },
	Recipient: { Name: o.contact.name, PhoneNumber: o.contact.phone, CountyName: a.county, LocalityName: a.locality, StreetName: a.street, BuildingNumber: a.number, AddressText: a.details, Email: o.contact.email },
	ServiceId: 34,
	CashRepayment: o.paymentMethod === 'cashOnDelivery' ? o.total : 0,
	CustomString: o.orderNumber,
	ParcelCodes: [{ Code: '0', Type: 1, Weight: kg, Length: 0, Width: 0, Height: 0 }],
	Parcels: 1,
	Envelopes: 0,
	TotalWeight: kg,
}; })() }}`;

/**
 * The same body with each of the 13 values example 1's Create AWB node takes from the order as an expression of its
 * own (the weight twice: each parcel's and the total), as a user of the HTTP Request node would write it.
 */
const CREATE_BODY_FIELDS = `={
	"Sender": { "LocationId": 1005962049 },
	"Recipient": {
		"Name": {{ JSON.stringify($json.body.contact.name) }},
		"PhoneNumber": {{ JSON.stringify($json.body.contact.phone) }},
		"CountyName": {{ JSON.stringify($json.body.shippingAddress.county) }},
		"LocalityName": {{ JSON.stringify($json.body.shippingAddress.locality) }},
		"StreetName": {{ JSON.stringify($json.body.shippingAddress.street) }},
		"BuildingNumber": {{ JSON.stringify($json.body.shippingAddress.number) }},
		"AddressText": {{ JSON.stringify($json.body.shippingAddress.details) }},
		"Email": {{ JSON.stringify($json.body.contact.email) }}
	},
	"ServiceId": {{ $json.body.delivery?.method === 'shipAndGo' ? 38 : 34 }},
	"CashRepayment": {{ $json.body.paymentMethod === 'cashOnDelivery' ? $json.body.total : 0 }},
	"CustomString": {{ JSON.stringify($json.body.orderNumber) }},
	"ParcelCodes": [{ "Code": "0", "Type": 1, "Weight": {{ Math.max(1, Math.ceil($json.body.totalWeightKg)) }}, "Length": 0, "Width": 0, "Height": 0 }],
	"Parcels": 1,
	"Envelopes": 0,
	"TotalWeight": {{ Math.max(1, Math.ceil($json.body.totalWeightKg)) }}
}`;

function httpCreator(sandboxUrl: string, token: string, credentialId: string, jsonBody = CREATE_BODY) {
	return node(
		'HTTP Request',
		'n8n-nodes-base.httpRequest',
		4.2,
		440,
		{
			method: 'POST',
			url: `${sandboxUrl}/api/Awbs/WithGetAwb`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
			options: {},
		},
		{ credentials: { httpHeaderAuth: { id: credentialId, name: HEADER_CREDENTIAL.name } } },
	);
}

/**
 * `count` shop orders: examples/data/shop-order.json, each with its own order number and total. Each run (`run`) has
 * orders of its own: the same order again would be the AWB already made (one AWB per order reference), not a new one.
 */
export function shopOrders(count: number, run: number) {
	const order = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', 'shop-order.json'), 'utf8')) as Record<string, unknown>;
	return Array.from({ length: count }, (_, index) => ({ ...order, orderNumber: `BENCH-${run}-${index + 1}`, total: 100 + (index % 500) }));
}

function httpTracker(sandboxUrl: string, token: string, credentialId?: string) {
	const headers = [{ name: 'Authorization', value: `Bearer ${token}` }];
	if (!credentialId) headers.unshift({ name: 'Ocp-Apim-Subscription-Key', value: DEFAULT_ACCOUNT.subscriptionKey });
	return node(
		'HTTP Request',
		'n8n-nodes-base.httpRequest',
		4.2,
		440,
		{
			method: 'GET',
			url: `${sandboxUrl}/api/AwbTrace`,
			...(credentialId ? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' } : {}),
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'barCode', value: '=[{{ $json.barcode }}]' }] },
			sendHeaders: true,
			headerParameters: { parameters: headers },
			options: {},
		},
		credentialId ? { credentials: { httpHeaderAuth: { id: credentialId, name: HEADER_CREDENTIAL.name } } } : {},
	);
}

function cargusTracker(credential = { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' }) {
	return node(
		'Cargus',
		'n8n-nodes-cargus.cargus',
		1,
		440,
		{ resource: 'shipment', operation: 'track', barcodes: '={{ $json.barcode }}' },
		{ credentials: { cargusApi: credential } },
	);
}

/** The sandbox's second account: another subscription key, whose rate limit n8n paces apart from the first one's. */
const OTHER_KEY_CREDENTIAL = {
	name: 'Cargus Sandbox (other key)',
	type: 'cargusApi',
	data: { environment: 'custom', apiKey: 'other-key', username: 'other', password: 'other-password' },
};

export async function startBenchN8n(options: { items: number; nodeArgs?: string[]; log?: (line: string) => void }): Promise<BenchN8n> {
	const ports = benchPorts();
	const log = options.log ?? (() => undefined);
	const launched = await launch({
		n8nPort: ports.n8n,
		brokerPort: ports.broker,
		cliBrokerPort: ports.cliBroker,
		sandboxPort: ports.sandbox,
		smtpPort: ports.smtp,
		sandbox: { clockMode: 'frozen' },
		userFolder: path.join(ROOT, '.n8n-cache', 'bench-user'),
		mailDir: path.join(ROOT, '.n8n-cache', 'bench-mail'),
		fresh: true,
		nodeArgs: options.nodeArgs,
		log,
	});
	try {
		const sandboxUrl = launched.sandbox.url;
		const control = new SandboxControl(sandboxUrl);
		const barcodes = await createShipments(control, options.items);
		const token = await loginToken(sandboxUrl);
		const credential = await launched.rest<{ id: string }>('POST', '/rest/credentials', {
			...HEADER_CREDENTIAL,
			data: { name: 'Ocp-Apim-Subscription-Key', value: DEFAULT_ACCOUNT.subscriptionKey },
		});
		const otherKey = await launched.rest<{ id: string }>('POST', '/rest/credentials', { ...OTHER_KEY_CREDENTIAL, data: { ...OTHER_KEY_CREDENTIAL.data, baseUrl: sandboxUrl } });
		const workflows: Record<Flow, unknown> = {
			cargus: webhookFlow('cargus', cargusTracker()),
			cargusOtherKey: webhookFlow('cargusOtherKey', cargusTracker({ id: otherKey.id, name: OTHER_KEY_CREDENTIAL.name })),
			httpCredential: webhookFlow('httpCredential', httpTracker(sandboxUrl, token, credential.id)),
			httpHeaders: webhookFlow('httpHeaders', httpTracker(sandboxUrl, token)),
			cargusCreate: webhookFlow('cargusCreate', ...cargusMappedCreator()),
			cargusCreateUnchecked: webhookFlow('cargusCreateUnchecked', ...cargusMappedCreator(true)),
			cargusCreateForm: webhookFlow('cargusCreateForm', cargusFormCreator()),
			httpCreate: webhookFlow('httpCreate', httpCreator(sandboxUrl, token, credential.id)),
			httpCreateForm: webhookFlow('httpCreateForm', httpCreator(sandboxUrl, token, credential.id, CREATE_BODY_FIELDS)),
		};
		for (const workflow of Object.values(workflows)) {
			const created = await launched.rest<{ id: string; versionId: string }>('POST', '/rest/workflows', workflow);
			await launched.rest('POST', `/rest/workflows/${created.id}/activate`, { versionId: created.versionId });
		}
		let runs = 0;
		const bodies: Record<'trace' | 'createAwb', () => string> = {
			trace: () => JSON.stringify({ barcodes }),
			createAwb: () => JSON.stringify({ orders: shopOrders(options.items, ++runs) }),
		};
		const runWebhook = async (path: string, body: string, operation: string, attempt = 1): Promise<FlowRun> => {
			await control.clearRequests();
			const started = process.hrtime.bigint();
			const response = await request(`http://127.0.0.1:${ports.n8n}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body,
				headersTimeout: 600_000,
				bodyTimeout: 600_000,
			});
			const text = await response.body.text();
			const ms = Number(process.hrtime.bigint() - started) / 1e6;
			// On an overloaded machine n8n's database ping can time out; it then refuses webhooks for a moment.
			if (response.statusCode === 503 && text.includes('Database is not ready') && attempt < 4) {
				log(`${path}: n8n answered 503 "Database is not ready" (its database ping timed out); running again`);
				await new Promise((resolve) => setTimeout(resolve, 3000));
				return await runWebhook(path, body, operation, attempt + 1);
			}
			// n8n 2.x may register a just-published workflow's webhook a moment after answering.
			if (response.statusCode === 404 && text.includes('is not registered') && attempt < 10) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				return await runWebhook(path, body, operation, attempt + 1);
			}
			if (response.statusCode !== 200) throw new Error(`The ${path} flow answered HTTP ${response.statusCode}: ${text.slice(0, 500)}`);
			const requests = await control.requests();
			const sent = requests.find((entry) => entry.operation === operation);
			return {
				ms,
				answered: requests.filter((entry) => entry.operation === operation && entry.status >= 200 && entry.status < 300).length,
				sample: sent?.body ?? (sent ? { path: sent.path, query: sent.query } : undefined),
				logins: requests.filter((entry) => entry.operation === 'login').length,
				listings: requests.filter((entry) => entry.operation === 'awbsByDate').length,
				localityLists: requests.filter((entry) => entry.operation === 'localities').length,
				requests: requests.length,
			};
		};
		const run = async (flow: Flow): Promise<FlowRun> => await runWebhook(`bench-${flow}`, bodies[FLOW_OPERATION[flow]](), FLOW_OPERATION[flow]);
		const deleteBenchAwbs = async () => {
			const headers = { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey, authorization: `Bearer ${token}` };
			const iso = bucharestDay((await control.clock()).now);
			const day = `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
			const made: string[] = [];
			let listed = 0;
			for (let page = 1; ; page++) {
				const response = await request(`${sandboxUrl}/api/Awbs/GetByDate?FromDate=${day}&ToDate=${day}&pageNumber=${page}&itemsPerPage=100`, { headers });
				const records = response.statusCode === 200 ? ((await response.body.json()) as Array<{ BarCode: string; CustomString?: string; Status?: string }>) : (await response.body.dump(), []);
				// Cargus (and the sandbox) keep a deleted AWB in the list with Status "Deleted": an earlier run's.
				const awbs = records.filter((awb) => awb.Status !== 'Deleted');
				listed += awbs.length;
				made.push(...awbs.filter((awb) => String(awb.CustomString ?? '').startsWith('BENCH-')).map((awb) => String(awb.BarCode)));
				if (records.length < 100) break;
			}
			for (let start = 0; start < made.length; start += 32) {
				await Promise.all(made.slice(start, start + 32).map(async (barcode) => {
					const response = await request(`${sandboxUrl}/api/Awbs?barCode=${barcode}`, { method: 'DELETE', headers });
					await response.body.dump();
					if (response.statusCode !== 200) throw new Error(`Could not delete the bench's AWB ${barcode}: HTTP ${response.statusCode}`);
				}));
			}
			return { deleted: made.length, remaining: listed - made.length };
		};
		return { launched, sandboxUrl, control, barcodes, token, headerCredentialId: credential.id, run, runWebhook, deleteBenchAwbs, stop: () => launched.stop() };
	} catch (error) {
		await launched.stop();
		throw error;
	}
}
