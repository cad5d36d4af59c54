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
			const [made] = JSON.parse(awb.isError ? '[{}]' : awb.text) as Array<{ BarCode?: string; Next?: string; weightKg?: { ordered?: number; sent?: number } }>;
			assert(made.weightKg?.ordered === 2.5 && made.weightKg.sent === 3 && sent.join() === '3', `create: sent ${sent.join()}; ${awb.text.slice(0, 400)}`);
			assert(made.Next?.includes(`"Get AWB PDF" (resource Document, barcode ${String(made.BarCode)})`) && !made.Next.includes('›'), `Next: ${String(made.Next)}`);
			const again = await call('create_awb', { recipientName: 'Ana Pop', recipientPhone: '0722000000', county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2.5, orderReference: 'mcp-e2e-1' });
			const [same] = JSON.parse(again.isError ? '[{}]' : again.text) as Array<{ BarCode?: string; AlreadyCreated?: boolean }>;
			assert(same.BarCode === made.BarCode && same.AlreadyCreated === true && (await control.requests('createAwb')).length === 1, `the same order again: ${again.text.slice(0, 200)}`);
			return `tools ${names.join(', ')} (descriptions of ${tools.map((tool) => String(tool.description?.length ?? 0)).join(', ')} characters); {}: ${nowhere.text.slice(0, 110)}…; Cluj-Napoca: ${clujPoints} points in ${cluj.text.length} characters; "Strada": 10 of ${String(cut.Matching)} and the cut said; 1234567890: Found false beside ${known}; 2.5 kg sent as ${sent.join()} kg, AWB ${String(made.BarCode)}, the same order again the same AWB`;
		} finally {
			await client.close();
		}
	});
}
