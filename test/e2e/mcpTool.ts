/**
 * The Cargus node as a tool of n8n's MCP Server Trigger, called as an MCP client calls it: the official MCP SDK's
 * Client over its Streamable HTTP transport at /mcp/<path> (initialize, tools/list, tools/call). Three Cargus Tools
 * whose fields the model fills with $fromAI: Ship & Go Point › Get Many
 * (city, postal code, words), Shipment › Track (barcodes) and Shipment › Create (a weight in kilograms). tools/list gives
 * each a description saying what it needs; `{}` to the points is refused naming `city` and `postalCode`, with a
 * place they are a bounded list, and a list cut at its cap ends with an entry saying so; an unknown barcode is
 * answered Found: false beside a known one; the model's 2.5 kg reaches the sandbox as 3 kg and the answer shows
 * both; the same order asked again gives the same AWB.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, sleep } from './checks';

/** Expediere returnata: at the sender's, the recipient's or Cargus' request (the day AwbRetur lists it). */
const RETURNED_EVENT_IDS = [196, 197, 198];

const CARGUS_TOOL = 'n8n-nodes-cargus.cargusTool';
const MCP_PATH = 'cargus-e2e';

/** An MCP client connected to the trigger: n8n registers the webhook a moment after activation, so a refused connection is tried again. */
async function connect(url: string): Promise<Client> {
	let refused = '';
	for (let attempt = 0; attempt < 10; attempt++) {
		const client = new Client({ name: 'cargus-e2e', version: '1' });
		try {
			await client.connect(new StreamableHTTPClientTransport(new URL(url)));
			return client;
		} catch (error) {
			refused = String(error);
			await client.close().catch(() => undefined);
			await sleep(2000);
		}
	}
	throw new Error(`initialize: ${refused}`);
}

export async function mcpToolCheck(live: Launched, control: SandboxControl, credentialId: string): Promise<void> {
	await check('tool over MCP: the MCP Server Trigger\'s Cargus Tools say what they need and take the model\'s $fromAI values; Ship & Go points need a place (`{}` refused naming city and postalCode) and are a bounded list that says when it is cut; an unknown barcode is answered Found: false; 2.5 kg is sent as 3', async () => {
		const credentials = { cargusApi: { id: credentialId, name: 'Cargus Sandbox' } };
		const nodes = [
			{ id: 'mcp-trigger', name: 'MCP Server Trigger', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0], webhookId: 'cargus-e2e-mcp', parameters: { path: MCP_PATH } },
			{
				id: 'mcp-points', name: 'ship_and_go_points', type: CARGUS_TOOL, typeVersion: 1, position: [-200, 200], credentials,
				parameters: {
					resource: 'shipAndGoPoint', operation: 'getMany', returnAll: true,
					filters: { city: "={{ $fromAI('city', 'The city to list Ship & Go points in, e.g. Cluj-Napoca', 'string', '') }}", postalCode: "={{ $fromAI('postalCode', 'A Romanian postal code of 6 digits, or empty', 'string', '') }}", search: "={{ $fromAI('words', 'Words of the point\\'s address, such as a street, or empty', 'string', '') }}" },
				},
			},
			{
				id: 'mcp-track', name: 'track_shipments', type: CARGUS_TOOL, typeVersion: 1, position: [0, 200], credentials,
				parameters: { resource: 'shipment', operation: 'track', barcodes: "={{ $fromAI('barcodes', 'AWB numbers, separated by commas', 'string') }}" },
			},
			{
				id: 'mcp-create', name: 'create_awb', type: CARGUS_TOOL, typeVersion: 1, position: [200, 200], credentials,
				parameters: {
					resource: 'shipment', operation: 'create', senderLocationId: 1005962049, serviceId: 34,
					recipientName: "={{ $fromAI('recipientName', 'Who receives the parcel', 'string') }}",
					recipientPhone: "={{ $fromAI('recipientPhone', 'The recipient\\'s phone', 'string') }}",
					recipientCountyId: "={{ $fromAI('county', 'The county, e.g. CJ', 'string') }}",
					recipientLocalityId: "={{ $fromAI('locality', 'The locality, e.g. Cluj-Napoca', 'string') }}",
					pieces: { piece: [{ type: 1, weight: "={{ $fromAI('weightKg', 'The parcel\\'s weight in kilograms, decimals allowed', 'number') }}" }] },
					cashOnDelivery: 0,
					additionalAwbFields: { orderReference: "={{ $fromAI('orderReference', 'The order number', 'string') }}" },
				},
			},
		];
		const connections = {
			ship_and_go_points: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			track_shipments: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			create_awb: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
		};
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', { name: 'Cargus over MCP (e2e)', nodes, connections, active: false, settings: { executionOrder: 'v1' } });
		await live.activate(created.id);
		const state = await live.rest<{ active?: boolean; activeVersionId?: string | null }>('GET', `/rest/workflows/${created.id}`);
		const client = await connect(`${live.editorUrl}mcp/${MCP_PATH}`).catch((error: unknown) => {
			throw new Error(`${String(error)} (workflow active ${String(state.active)}, version ${String(state.activeVersionId)})`);
		});
		try {
			assert(client.getServerVersion() !== undefined, 'initialize: no server information');
			const { tools } = await client.listTools();
			const names = tools.map((tool) => tool.name);
			assert(['ship_and_go_points', 'track_shipments', 'create_awb'].every((name) => names.includes(name)), `tools/list: ${names.join(', ')}`);
			const described = (name: string) => tools.find((tool) => tool.name === name)?.description ?? '';
			assert(/Needs a place: a city .* or a postal code/.test(described('ship_and_go_points')), `ship_and_go_points is described "${described('ship_and_go_points')}"`);
			assert(/Needs barcodes/.test(described('track_shipments')) && /Found: false/.test(described('track_shipments')), `track_shipments is described "${described('track_shipments')}"`);
			assert(/confirm the details with the user/.test(described('create_awb')) && /RON/.test(described('create_awb')), `create_awb is described "${described('create_awb')}"`);
			const call = async (name: string, args: Record<string, unknown>) => {
				try {
					const answer = await client.callTool({ name, arguments: args });
					const content = (answer.content ?? []) as Array<{ type: string; text?: string }>;
					return { text: content.map((part) => part.text ?? '').join('\n'), isError: answer.isError === true };
				} catch (error) {
					return { text: error instanceof Error ? error.message : String(error), isError: true };
				}
			};

			const nowhere = await call('ship_and_go_points', {});
			assert(nowhere.isError && /Refused, nothing was sent to Cargus\. `city`, `postalCode` or `words`: no place given/.test(nowhere.text) && !/Filters|item 1/.test(nowhere.text), `{}: ${nowhere.text.slice(0, 300)}`);
			const streets = await call('ship_and_go_points', { words: 'Strada' });
			const streetEntries = JSON.parse(streets.isError ? '[]' : streets.text) as Array<{ Id?: unknown; ListCut?: boolean; Shown?: number; Matching?: number; HowToNarrow?: string }>;
			const cut = streetEntries[streetEntries.length - 1] ?? {};
			assert(cut.ListCut === true && cut.Shown === 10 && (cut.Matching ?? 0) > 10 && /`postalCode` or `words`/.test(cut.HowToNarrow ?? '') && streetEntries.filter((entry) => entry.Id !== undefined).length === 10,
				`"Strada": ${streets.text.slice(0, 200)} … ${JSON.stringify(cut)}`);
			const cluj = await call('ship_and_go_points', { city: 'Cluj-Napoca', postalCode: '' });
			const clujPoints = (cluj.text.match(/"Id":/g) ?? []).length;
			assert(!cluj.isError && clujPoints > 0 && clujPoints <= 10 && !/BUCURESTI/.test(cluj.text), `Cluj-Napoca: ${clujPoints} points, ${cluj.text.length} characters: ${cluj.text.slice(0, 200)}`);

			const [known] = (await control.shipments()).filter((shipment) => shipment.visibleEvents.length > 0).map((shipment) => shipment.barcode);
			const traced = await call('track_shipments', { barcodes: `1234567890, ${known}` });
			const traces = JSON.parse(traced.isError ? '[]' : traced.text) as Array<{ Code?: string; Found?: boolean; Event?: unknown[] }>;
			assert(traces.length === 2 && traces[0].Code === '1234567890' && traces[0].Found === false && traces[1].Code === known && Array.isArray(traces[1].Event),
				`track 1234567890 and ${known}: ${traced.text.slice(0, 300)}`);

			await control.clearRequests();
			const awb = await call('create_awb', { recipientName: 'Ana Pop', recipientPhone: '0722000000', county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2.5, orderReference: 'mcp-e2e-1' });
			const sent = (await control.requests('createAwb')).map((request) => (request.body as { TotalWeight?: number }).TotalWeight);
			const [made] = JSON.parse(awb.isError ? '[{}]' : awb.text) as Array<{ BarCode?: string; Next?: string; weightKg?: { ordered?: number; sent?: number }; Currency?: string; ShippingCost?: { GrandTotal?: number } }>;
			assert(made.weightKg?.ordered === 2.5 && made.weightKg.sent === 3 && sent.join() === '3', `create: sent ${sent.join()}; ${awb.text.slice(0, 400)}`);
			assert(made.Currency === 'RON' && typeof made.ShippingCost?.GrandTotal === 'number', `create's ShippingCost without its currency: ${awb.text.slice(0, 400)}`);
			assert(made.Next?.includes(`"Get AWB PDF" (resource Document, barcode ${String(made.BarCode)})`) && !made.Next.includes('›'), `Next: ${String(made.Next)}`);
			const again = await call('create_awb', { recipientName: 'Ana Pop', recipientPhone: '0722000000', county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2.5, orderReference: 'mcp-e2e-1' });
			const [same] = JSON.parse(again.isError ? '[{}]' : again.text) as Array<{ BarCode?: string; AlreadyCreated?: boolean }>;
			assert(same.BarCode === made.BarCode && same.AlreadyCreated === true && (await control.requests('createAwb')).length === 1, `the same order again: ${again.text.slice(0, 200)}`);
			return `tools ${names.join(', ')} (descriptions of ${tools.map((tool) => String(tool.description?.length ?? 0)).join(', ')} characters); {}: ${nowhere.text.slice(0, 110)}…; Cluj-Napoca: ${clujPoints} points in ${cluj.text.length} characters; "Strada": 10 of ${String(cut.Matching)} and the cut said; 1234567890: Found false beside ${known}; 2.5 kg sent as ${sent.join()} kg, AWB ${String(made.BarCode)} costing ${String(made.ShippingCost?.GrandTotal)} ${String(made.Currency)}, the same order again the same AWB`;
		} finally {
			await client.close();
		}
	});
}

/** Every answer of a tool stays under this many characters (issue 63). */
const MAX_ANSWER = 20_000;
const ALL_PATH = 'cargus-e2e-all';

/** A value the model fills, optional in the tool's schema (a default), so `{}` reaches the node. */
const ai = (key: string, type: 'string' | 'number' = 'string', fallback: string | number = '') =>
	`={{ $fromAI('${key}', 'The ${key}', '${type}', ${typeof fallback === 'number' ? fallback : `'${fallback}'`}) }}`;

/** A tool of the node that lists or reads: its resource, operation and parameters, the model's values by $fromAI. */
interface ReadingTool {
	name: string;
	resource: string;
	operation: string;
	parameters: Record<string, unknown>;
}

const PERIOD = { fromDate: ai('from'), toDate: ai('to') };

/** Every operation that lists or reads (Account › Log In, which answers a token, and the operations that write are left out; Create is in the check above). */
const READING_TOOLS: ReadingTool[] = [
	{ name: 'cash_on_delivery', resource: 'cashOnDelivery', operation: 'getMany', parameters: { ...PERIOD, returnAll: true } },
	{ name: 'cash_repaid', resource: 'cashOnDelivery', operation: 'getRepaid', parameters: { deductionDate: ai('day'), returnAll: true } },
	{ name: 'counties', resource: 'county', operation: 'getMany', parameters: {} },
	{ name: 'awb_labels', resource: 'document', operation: 'getAwbPdf', parameters: { barcodes: ai('barcodes') } },
	{ name: 'pickup_documents', resource: 'document', operation: 'getOrderDocuments', parameters: { ...PERIOD } },
	{ name: 'pickup_order_summary', resource: 'document', operation: 'getPickupOrderSummary', parameters: { orderId: ai('orderId') } },
	{ name: 'invoice_document', resource: 'invoice', operation: 'getDocument', parameters: { invoiceId: ai('invoiceId') } },
	{ name: 'invoices', resource: 'invoice', operation: 'getMany', parameters: { ...PERIOD, returnAll: true } },
	{ name: 'invoice_pdf', resource: 'invoice', operation: 'getPdf', parameters: { invoiceId: ai('invoiceId') } },
	{ name: 'localities', resource: 'locality', operation: 'getMany', parameters: { filters: { countyId: ai('county'), postalCode: ai('postalCode') } } },
	{ name: 'localities_no_login', resource: 'locality', operation: 'getManyWithoutLogin', parameters: { countyId: ai('county') } },
	{ name: 'pickup_locations', resource: 'pickupLocation', operation: 'getMany', parameters: {} },
	{ name: 'pickup_order', resource: 'pickupOrder', operation: 'get', parameters: { orderId: ai('orderId') } },
	{ name: 'pickup_orders', resource: 'pickupOrder', operation: 'getMany', parameters: { findBy: 'date', ...PERIOD, returnAll: true } },
	{ name: 'points', resource: 'shipAndGoPoint', operation: 'getMany', parameters: { returnAll: true, filters: { city: ai('city'), postalCode: ai('postalCode'), search: ai('words') } } },
	{
		name: 'price', resource: 'shipment', operation: 'calculatePrice',
		parameters: { shipFrom: 'pickupLocation', fromLocationId: 1005962049, toCountyId: ai('county'), toLocalityId: ai('locality'), serviceId: 34, parcels: 1, envelopes: 0, totalWeight: ai('weightKg', 'number', 1) },
	},
	{ name: 'awb_record', resource: 'shipment', operation: 'get', parameters: { findBy: 'barcode', barcode: ai('barcode') } },
	{ name: 'awb_cash_on_delivery', resource: 'shipment', operation: 'getCashOnDelivery', parameters: { barcode: ai('barcode') } },
	{ name: 'delivery_picture', resource: 'shipment', operation: 'getDeliveryPicture', parameters: { barcode: ai('barcode') } },
	{ name: 'awbs', resource: 'shipment', operation: 'getMany', parameters: { ...PERIOD, returnAll: true } },
	{ name: 'returning', resource: 'shipment', operation: 'getReturning', parameters: { day: ai('day') } },
	{ name: 'awb_status', resource: 'shipment', operation: 'getStatus', parameters: { barcode: ai('barcode') } },
	{ name: 'track', resource: 'shipment', operation: 'track', parameters: { barcodes: ai('barcodes') } },
	{ name: 'track_redirects', resource: 'shipment', operation: 'trackWithRedirects', parameters: { barcode: ai('barcode') } },
	{ name: 'track_status', resource: 'shipment', operation: 'trackWithStatus', parameters: { barcodes: ai('barcodes') } },
	{ name: 'track_no_login', resource: 'shipment', operation: 'trackWithoutLogin', parameters: { barcode: ai('barcode') } },
	{ name: 'streets', resource: 'street', operation: 'getMany', parameters: { countyId: ai('county'), localityId: ai('locality'), returnAll: true } },
];

interface Answer {
	tool: string;
	args: Record<string, unknown>;
	text: string;
	isError: boolean;
	entries?: Array<Record<string, unknown>>;
}

/**
 * Every tool of the node that lists or reads, under the MCP Server Trigger, called with the official SDK with `{}`
 * and with the widest arguments it takes (issue 63): every answer under 20,000 characters, every list cut by its
 * bound ending with the entry that says so; Localities with "CJ" answer Cluj's; Calculate Price gives its currency;
 * Get Returning takes today, 2026-11-29 and 29.11.2026 (or refuses with the format); the delivery picture's cases
 * read differently.
 */
export async function mcpEveryToolCheck(live: Launched, control: SandboxControl, credentialId: string): Promise<void> {
	await check('tool over MCP, every tool that lists or reads: `{}` and the widest arguments each answer under 20,000 characters, a cut list says so, Localities "CJ" are Cluj\'s, prices say RON, Get Returning\'s day forms, the picture\'s cases apart', async () => {
		const credentials = { cargusApi: { id: credentialId, name: 'Cargus Sandbox' } };
		const nodes = [
			{ id: 'mcp-all-trigger', name: 'MCP Server Trigger', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0], webhookId: 'cargus-e2e-mcp-all', parameters: { path: ALL_PATH } },
			...READING_TOOLS.map((tool, index) => ({
				id: `mcp-all-${tool.name}`, name: tool.name, type: CARGUS_TOOL, typeVersion: 1, position: [index * 40 - 500, 200], credentials,
				parameters: { resource: tool.resource, operation: tool.operation, ...tool.parameters },
			})),
		];
		const connections = Object.fromEntries(READING_TOOLS.map((tool) => [tool.name, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }]));
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', { name: 'Cargus over MCP, every reading tool (e2e)', nodes, connections, active: false, settings: { executionOrder: 'v1' } });
		await live.activate(created.id);
		const client = await connect(`${live.editorUrl}mcp/${ALL_PATH}`);
		try {
			const { tools } = await client.listTools();
			const listed = tools.map((tool) => tool.name);
			assert(READING_TOOLS.every((tool) => listed.includes(tool.name)), `tools/list: ${listed.join(', ')}`);
			const answers: Answer[] = [];
			const call = async (tool: string, args: Record<string, unknown>): Promise<Answer> => {
				let answer: Answer;
				try {
					const result = await client.callTool({ name: tool, arguments: args });
					const text = ((result.content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
					answer = { tool, args, text, isError: result.isError === true };
				} catch (error) {
					answer = { tool, args, text: error instanceof Error ? error.message : String(error), isError: true };
				}
				if (!answer.isError) {
					try {
						const parsed = JSON.parse(answer.text) as unknown;
						answer.entries = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
					} catch {
						// A text that is no JSON is read as it is.
					}
				}
				answers.push(answer);
				return answer;
			};

			const shipments = (await control.shipments()).filter((shipment) => shipment.clientId === 70001);
			const inState = (state: string) => shipments.find((shipment) => shipment.state === state)?.barcode;
			const delivered = inState('delivered');
			const inTransit = inState('in-transit') ?? inState('out-for-delivery') ?? inState('not-picked-up');
			const refused = inState('refused') ?? inState('returning') ?? inState('returned');
			assert(delivered && inTransit && refused, `the account's shipments: ${shipments.map((shipment) => shipment.state).join(', ')}`);
			const own = shipments.map((shipment) => shipment.barcode);
			const order = (await control.orders()).find((entry) => entry.account === 'sandbox')?.OrderId;
			const invoice = (await control.invoices()).find((entry) => entry.issued && entry.account === 'sandbox')?.InvoiceId;
			const now = new Date((await control.clock()).now);
			const today = now.toISOString().slice(0, 10);
			const yearAgo = new Date(now.getTime() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
			const returningDay = String(shipments.flatMap((shipment) => shipment.visibleEvents).find((event) => RETURNED_EVENT_IDS.includes(Number(event.EventId)))?.Date ?? today).slice(0, 10);
			const widest: Record<string, Array<Record<string, unknown>>> = {
				cash_on_delivery: [{ from: yearAgo, to: today }],
				cash_repaid: [{ day: today }],
				counties: [],
				awb_labels: [{ barcodes: own.slice(0, 20).join(',') }],
				pickup_documents: [{ from: yearAgo, to: today }],
				pickup_order_summary: [{ orderId: String(order) }],
				invoice_document: [{ invoiceId: String(invoice) }],
				invoices: [{ from: yearAgo, to: today }],
				invoice_pdf: [{ invoiceId: String(invoice) }],
				localities: [{ county: '' }, { county: 'CJ' }],
				localities_no_login: [{ county: 'CJ' }],
				pickup_locations: [],
				pickup_order: [{ orderId: String(order) }],
				pickup_orders: [{ from: yearAgo, to: today }],
				points: [{ words: 'Strada' }],
				price: [{ county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2.5 }],
				awb_record: [{ barcode: delivered }],
				awb_cash_on_delivery: [{ barcode: delivered }],
				delivery_picture: [{ barcode: delivered }, { barcode: inTransit }, { barcode: refused }, { barcode: '1234567890' }],
				awbs: [{ from: yearAgo, to: today }],
				returning: [{ day: 'today' }, { day: returningDay }, { day: returningDay.split('-').reverse().join('.') }, { day: 'tomorrow' }],
				awb_status: [{ barcode: delivered }],
				track: [{ barcodes: own.slice(0, 120).join(',') }],
				track_redirects: [{ barcode: delivered }],
				track_status: [{ barcodes: own.slice(0, 100).join(',') }],
				track_no_login: [{ barcode: delivered }],
				streets: [{ county: '44', locality: '150' }],
			};
			for (const tool of READING_TOOLS) {
				await call(tool.name, {});
				for (const args of widest[tool.name] ?? []) await call(tool.name, args);
			}

			const over = answers.filter((answer) => answer.text.length >= MAX_ANSWER);
			assert(over.length === 0, `over ${MAX_ANSWER} characters: ${over.map((answer) => `${answer.tool} ${JSON.stringify(answer.args)} ${answer.text.length}`).join('; ')}`);
			// A cut list is marked: no answer holds the bound's 50 entries without the note, and a note counts what it shows.
			for (const answer of answers) {
				const entries = answer.entries ?? [];
				const note = entries.at(-1)?.ListCut === true ? entries.at(-1) : undefined;
				const shown = note === undefined ? entries.length : entries.length - 1;
				assert(note !== undefined || (shown < 50 && answer.text.length < 15_400), `${answer.tool} ${JSON.stringify(answer.args)}: ${shown} entries, ${answer.text.length} characters, not marked as cut`);
				assert(note === undefined || (note.Shown === shown && (note.MoreMayExist === true || Number(note.Matching) > shown) && typeof note.HowToNarrow === 'string'), `${answer.tool}: ${JSON.stringify(note)}`);
			}
			const find = (tool: string, args: Record<string, unknown>) => answers.find((answer) => answer.tool === tool && JSON.stringify(answer.args) === JSON.stringify(args)) as Answer;
			const romania = find('localities', { county: '' });
			const romaniaNote = romania.entries?.at(-1);
			assert(romaniaNote?.ListCut === true && Number(romaniaNote.Matching) > 700, `localities {county: ""}: ${romania.text.slice(-300)}`);
			const cluj = find('localities', { county: 'CJ' });
			const clujIds = new Set((cluj.entries ?? []).filter((entry) => entry.ListCut !== true).map((entry) => entry.CountyId));
			assert(!cluj.isError && (cluj.entries?.length ?? 0) > 5 && clujIds.size === 1 && /CLUJ/i.test(String(cluj.entries?.[0]?.CountyName ?? cluj.text)), `localities CJ: ${cluj.text.slice(0, 300)}`);
			const price = find('price', { county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2.5 }).entries?.[0] ?? {};
			assert(price.Currency === 'RON' && /VAT/.test(String(price.Amounts)) && typeof price.GrandTotal === 'number', `price: ${JSON.stringify(price)}`);
			const returning = ['today', returningDay, returningDay.split('-').reverse().join('.')].map((day) => find('returning', { day }));
			assert(returning.every((answer) => !answer.isError && (answer.entries?.length ?? 0) > 0), `returning: ${returning.map((answer) => answer.text.slice(0, 120)).join(' | ')}`);
			assert(returning.slice(1).every((answer) => answer.text === returning[1].text && answer.entries?.[0]?.NoneFound === undefined), `returning ${returningDay} and its dd.mm.yyyy differ: ${returning[1].text.slice(0, 200)} | ${returning[2].text.slice(0, 200)}`);
			const tomorrow = find('returning', { day: 'tomorrow' });
			assert(tomorrow.isError && /give a day as YYYY-MM-DD, such as 2026-11-29/.test(tomorrow.text) && !/Ask the user/.test(tomorrow.text), `returning "tomorrow": ${tomorrow.text}`);
			const pictures = [delivered, inTransit, refused, '1234567890'].map((code) => find('delivery_picture', { barcode: code }));
			const meanings = pictures.map((answer) => String(answer.entries?.[0]?.Meaning ?? answer.text));
			assert(new Set(meanings).size === 4 && pictures[0].entries?.[0]?.Picture === true && pictures[3].entries?.[0]?.Found === false && pictures[2].entries?.[0]?.Outcome !== undefined
				&& !pictures.some((answer) => /iVBOR|base64/i.test(answer.text)), `pictures: ${pictures.map((answer) => answer.text.slice(0, 200)).join(' | ')}`);
			const largest = [...answers].sort((a, b) => b.text.length - a.text.length)[0];
			const cut = answers.filter((answer) => answer.entries?.at(-1)?.ListCut === true);
			return `${READING_TOOLS.length} tools, ${answers.length} calls (${answers.filter((answer) => answer.isError).length} refused or errors); largest answer ${largest.text.length} characters (${largest.tool} ${JSON.stringify(largest.args).slice(0, 60)}); ${cut.length} cut and marked (${cut.map((answer) => `${answer.tool} ${String(answer.entries?.at(-1)?.Shown)}/${String(answer.entries?.at(-1)?.Matching ?? 'more')}`).join(', ')}); localities CJ: ${(cluj.entries ?? []).length} of Cluj; price ${String(price.GrandTotal)} ${String(price.Currency)}; returning today/ISO/dd.mm.yyyy: ${returning.map((answer) => answer.entries?.length ?? 0).join('/')} entries, "tomorrow" refused with the format; pictures: ${meanings.map((meaning) => meaning.slice(0, 40)).join(' | ')}`;
		} finally {
			await client.close();
		}
	});
}
