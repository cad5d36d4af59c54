import { DirectoryLoader } from 'n8n-core';
import type { INode, INodeParameters, INodeType, INodeTypeDescription, UsableAsToolDescription } from 'n8n-workflow';
import { deepCopy, NodeHelpers } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { TOOL_MAX_POINTS } from '../../nodes/Cargus/resources/shipAndGoPoint/asTool/asTool';
import { createEngine, type RunOptions } from '../helpers/engine';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

/*
 * The node as an AI agent's tool. n8n runs a tool under the node's type name with "Tool" appended
 * (n8n-nodes-cargus.cargusTool, NodeTypes.getByNameAndVersion in n8n's cli), through its declarative engine (the
 * node's routing, not its customOperations): the same node, here registered under that name and routed so. What
 * the agent's $fromAI gives arrives as the parameters' values.
 */

const sandbox = useSandbox();
const TOOL_TYPE = 'n8n-nodes-cargus.cargusTool';

beforeEach(async () => {
	await sandbox.control.reset();
});

/** City and Postal Code filled by the model, as a Ship & Go tool is set up. */
const PLACE_FROM_AI = {
	city: "={{ $fromAI('city', 'The city to list Ship & Go points in', 'string', '') }}",
	postalCode: "={{ $fromAI('postalCode', 'A Romanian postal code of 6 digits', 'string', '') }}",
};

function runTool(resource: string, operation: string, parameters: INodeParameters, options: RunOptions = {}) {
	const tool = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(tool);
	const engine = createEngine({ credential: sandboxCredential(sandbox.url), nodeTypes: { [TOOL_TYPE]: Object.assign(tool, { customOperations: undefined }) } });
	return runOperation(engine, resource, operation, parameters, { ...options, nodeType: TOOL_TYPE });
}

describe('Ship & Go Point › Get Many as a tool answers a bounded list of one place', () => {
	it('without a City, Postal Code, County or Search it is refused, and Cargus is not asked', async () => {
		for (const filters of [{}, { cashOnDeliveryOnly: true }, { city: '' }]) {
			const { error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters });
			expect(error?.message).toMatch(/^Refused, nothing was sent to Cargus\. Filters \(a field set in the tool's form, not an argument: tell the user\): no place given/);
		}
		expect(await requestsSeen(sandbox, 'shipAndGoPoints')).toHaveLength(0);
	});

	it('with a city it answers that city\'s points', async () => {
		const all = (await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { city: 'București' } })).json;
		const { json, error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters: { city: 'București' } });
		expect(error).toBeUndefined();
		expect(json.length).toBeGreaterThan(0);
		expect(json).toEqual(all.slice(0, TOOL_MAX_POINTS));
		expect(json.every((point) => point.City === 'BUCURESTI')).toBe(true);
	});

	it(`at most ${TOOL_MAX_POINTS} points, even with Return All, where a workflow gets them all`, async () => {
		const parameters = { returnAll: true, filters: { search: 'Strada' } };
		const all = (await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', parameters)).json;
		expect(all.length).toBeGreaterThan(TOOL_MAX_POINTS);
		const { json, error } = await runTool('shipAndGoPoint', 'getMany', parameters);
		expect(error).toBeUndefined();
		expect(json.slice(0, TOOL_MAX_POINTS)).toEqual(all.slice(0, TOOL_MAX_POINTS));
		expect(json.slice(TOOL_MAX_POINTS)).toEqual([{ ListCut: true, Shown: TOOL_MAX_POINTS, Matching: all.length, HowToNarrow: expect.stringMatching(/^ask the user for a postal code/) }]);
	});

	it('with a postal code it answers the points of that postal code', async () => {
		const all = (await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true })).json;
		const postalCode = String(all.find((point) => point.City === 'CLUJ-NAPOCA')!.PostalCode);
		const { json, error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: false, limit: 50, filters: { postalCode } });
		expect(error).toBeUndefined();
		expect(json.length).toBeGreaterThan(0);
		expect(json.length).toBeLessThanOrEqual(TOOL_MAX_POINTS);
		expect(json.map((point) => point.PostalCode)).toEqual(json.map(() => postalCode));
		expect(json).toEqual(all.filter((point) => point.PostalCode === postalCode).slice(0, TOOL_MAX_POINTS));
	});

	it('`{}` from the model is refused naming the tool\'s own arguments, city and postalCode, not the form\'s labels', async () => {
		const { error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters: PLACE_FROM_AI }, { input: [{}] });
		expect(error?.message).toMatch(/^Refused, nothing was sent to Cargus\. `city` or `postalCode`: no place given/);
		expect(error?.message).not.toMatch(/Filters|\(item 1\)|City or a Postal Code/);
		expect(await requestsSeen(sandbox, 'shipAndGoPoints')).toHaveLength(0);
	});

	it('a list cut at its cap ends with an entry saying how many matched and which argument narrows it; the points are unchanged', async () => {
		const all = (await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { search: 'Strada' } })).json;
		const { json, error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters: { ...PLACE_FROM_AI, search: "={{ $fromAI('words', 'Words of the address', 'string', '') }}" } }, { input: [{ words: 'Strada' }] });
		expect(error).toBeUndefined();
		expect(json.slice(0, TOOL_MAX_POINTS)).toEqual(all.slice(0, TOOL_MAX_POINTS));
		expect(json).toHaveLength(TOOL_MAX_POINTS + 1);
		expect(json[TOOL_MAX_POINTS]).toEqual({ ListCut: true, Shown: TOOL_MAX_POINTS, Matching: all.length, HowToNarrow: expect.stringContaining('`postalCode` or `words`') });
	});

	it('a list the cap does not cut has no such entry', async () => {
		const all = (await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true })).json;
		const postalCode = String(all.find((point) => point.City === 'CLUJ-NAPOCA')!.PostalCode);
		const { json } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters: PLACE_FROM_AI }, { input: [{ postalCode }] });
		expect(json.length).toBeGreaterThan(0);
		expect(json.length).toBeLessThanOrEqual(TOOL_MAX_POINTS);
		expect(json.some((entry) => 'ListCut' in entry)).toBe(false);
	});

	it('a county no one has is refused naming the argument, its closest counties offered as a question for the user', async () => {
		const { error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: "={{ $fromAI('county', 'The county', 'string', '') }}" } }, { input: [{ county: 'Atlantis' }] });
		expect(error?.message).toMatch(/^Refused, nothing was sent to Cargus\. `county`: "Atlantis" is not a county Cargus knows: .*\. Ask the user whether they meant .+; do not pick one for them$/);
		expect(error?.message).not.toMatch(/The closest|Filters/);
	});

	it('in a workflow (not a tool) it still lists every point without a filter', async () => {
		const { json } = await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true });
		expect(json.length).toBeGreaterThan(100);
	});
});

describe('A list cut by its Limit, as a tool', () => {
	async function lastYear(): Promise<{ fromDate: string; toDate: string }> {
		const { now } = await sandbox.control.clock();
		return { fromDate: new Date(Date.parse(now) - 366 * 24 * 3600 * 1000).toISOString(), toDate: new Date(now).toISOString() };
	}

	it('a paged list (Invoice › Get Many) ends with an entry saying more may exist; the workflow\'s items are the same without it', async () => {
		const parameters = { ...(await lastYear()), returnAll: false, limit: 2 };
		const workflow = await runOperation(engineFor(sandbox), 'invoice', 'getMany', parameters);
		expect(workflow.json).toHaveLength(2);
		expect(workflow.json.some((item) => 'ListCut' in item)).toBe(false);
		const { json, error } = await runTool('invoice', 'getMany', parameters);
		expect(error).toBeUndefined();
		expect(json.slice(0, 2)).toEqual(workflow.json);
		expect(json.slice(2)).toEqual([{ ListCut: true, Shown: 2, MoreMayExist: true, HowToNarrow: expect.stringContaining('higher limit') }]);
	});

	it('a list under its Limit has no such entry', async () => {
		const { json } = await runTool('invoice', 'getMany', { ...(await lastYear()), returnAll: false, limit: 100 });
		expect(json.length).toBeGreaterThan(2);
		expect(json.length).toBeLessThan(100);
		expect(json.some((item) => 'ListCut' in item)).toBe(false);
	});
});

describe('Shipment › Track as a tool', () => {
	it('answers every barcode asked for: an unknown one as { Code, Found: false }', async () => {
		const [known] = (await sandbox.control.shipments()).filter((shipment) => shipment.visibleEvents.length > 0).map((shipment) => shipment.barcode);
		const { json, error } = await runTool('shipment', 'track', { barcodes: "={{ $fromAI('barcodes', 'AWB numbers', 'string') }}" }, { input: [{ barcodes: `1234567890, ${known}` }] });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.Code)).toEqual(['1234567890', known]);
		expect(json[0]).toEqual({ Code: '1234567890', Found: false });
	});
});

describe('Shipment › Create as a tool', () => {
	const fromModel = {
		senderLocationId: 1005962049, serviceId: 34,
		recipientName: "={{ $fromAI('recipientName', 'Who receives the parcel', 'string') }}",
		recipientPhone: "={{ $fromAI('recipientPhone', 'The recipient\\'s phone', 'string') }}",
		recipientCountyId: "={{ $fromAI('county', 'The county, e.g. CJ', 'string') }}",
		recipientLocalityId: "={{ $fromAI('locality', 'The locality, e.g. Cluj-Napoca', 'string') }}",
		pieces: { piece: [{ type: 1, weight: "={{ $fromAI('weightKg', 'The parcel\\'s weight in kilograms', 'number') }}" }] },
		cashOnDelivery: 0,
	};
	const order = { recipientName: 'Ana Pop', recipientPhone: '0722000000', county: 'CJ', locality: 'Cluj-Napoca', weightKg: 2 };

	it.each([
		['a county no one has', { county: 'Atlantis' }, /^Refused, nothing was sent to Cargus\. `county`: "Atlantis" is not a county Cargus knows: .*\. Ask the user whether they meant .+; do not pick one for them$/],
		['a locality the county lacks', { locality: 'Atlantida' }, /^Refused, nothing was sent to Cargus\. `locality`: "Atlantida" is not a locality of Cluj .*\. Ask the user whether they meant .+; do not pick one for them$/],
	])('%s is refused naming the model\'s argument, the closest offered as a question for the user', async (_case, change, message) => {
		const { error } = await runTool('shipment', 'create', fromModel, { input: [{ ...order, ...change }] });
		expect(error?.message).toMatch(message);
		expect(error?.message).not.toMatch(/Recipient|item 1|The closest/);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(0);
	});

	it.each([
		['a weight that is no number', { weightKg: 'heavy' }, 'weightKg'],
		['no recipient name', { recipientName: '' }, 'recipientName'],
	])('%s is refused naming the model\'s argument', async (_case, change, key) => {
		const { error } = await runTool('shipment', 'create', fromModel, { input: [{ ...order, ...change }] });
		expect(error?.message).toMatch(new RegExp(`^Refused, nothing was sent to Cargus\\. \`${key}\`: `));
	});

	it('the same refusals in a workflow still name the form\'s field and the item', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...fromModel, recipientCountyId: 'Atlantis', recipientLocalityId: 'Cluj-Napoca', recipientName: 'Ana Pop', recipientPhone: '0722000000', pieces: { piece: [{ type: 1, weight: 2 }] } });
		expect(error?.message).toMatch(/^Recipient County Name or ID \(item 1\): "Atlantis" is not a county Cargus knows: .* The closest: /);
	});

	it('takes the agent\'s 2.5 kg and says what to do next by the operations\' names, not by menus', async () => {
		const { json, error } = await runTool('shipment', 'create', {
			senderLocationId: 1005962049, serviceId: 34, recipientName: 'Ana Pop', recipientPhone: '0722000000', recipientCountyId: 'CJ', recipientLocalityId: 'Cluj-Napoca',
			pieces: { piece: [{ type: 1, weight: 2.5 }] }, cashOnDelivery: 0, additionalAwbFields: { orderReference: 'agent-1' },
		});
		expect(error).toBeUndefined();
		expect(json[0].weightKg).toEqual({ ordered: 2.5, sent: 3 });
		expect(json[0].Next).toContain(`"Get AWB PDF" (resource Document, barcode ${String(json[0].BarCode)})`);
		expect(json[0].Next).not.toContain('›');
		expect(json[0].Next).toMatch(/Without a tool for one of these, tell the user it is still to be done\.$/);
	});
});

describe('What a model reads about each tool', () => {
	/** The tool's description as n8n gives it to the agent or the MCP client: its type made as n8n makes cargusTool, its parameters with their defaults. */
	function toolDescriptionFor(parameters: INodeParameters, nodeType: 'cargusTool' | 'cargus' = 'cargusTool'): { description: string; parameters: INodeParameters } {
		const node = new Cargus().description;
		const replacements = (node.usableAsTool as UsableAsToolDescription).replacements ?? {};
		const description = { ...deepCopy(node), ...replacements, name: nodeType } as INodeTypeDescription;
		const tool: INode = { id: 'tool', name: 'tool', type: `n8n-nodes-cargus.${nodeType}`, typeVersion: 1, position: [0, 0], parameters };
		tool.parameters = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, tool, description) ?? {};
		return { description: NodeHelpers.getToolDescriptionForNode(tool, { description } as INodeType), parameters: tool.parameters };
	}

	it('Ship & Go Point › Get Many says it needs a city or a postal code, and its cap', () => {
		const { description } = toolDescriptionFor({ resource: 'shipAndGoPoint', operation: 'getMany' });
		expect(description).toMatch(/Needs a place: a city .* or a postal code of 6 digits; without one it is refused/);
		expect(description).toContain(`at most ${TOOL_MAX_POINTS} points`);
		expect(description).toContain('ListCut');
	});

	it('Track says what it needs and how an unknown barcode is answered', () => {
		const { description } = toolDescriptionFor({ resource: 'shipment', operation: 'track' });
		expect(description).toMatch(/^Track Cargus shipments\. Needs barcodes \(AWB numbers/);
		expect(description).toContain('{ Code, Found: false }');
	});

	it('Create asks for the user\'s confirmation and says cash on delivery is in RON', () => {
		const { description } = toolDescriptionFor({ resource: 'shipment', operation: 'create' });
		expect(description).toContain('confirm the details with the user first');
		expect(description).toContain('Cash on delivery is in RON');
	});

	it.each([['cashOnDelivery', 'getMany'], ['cashOnDelivery', 'getRepaid'], ['shipment', 'getCashOnDelivery']])('%s › %s says cash-on-delivery amounts are in RON, the one currency Cargus\' document gives', (resource, operation) => {
		expect(toolDescriptionFor({ resource, operation }).description).toContain('Cash-on-delivery amounts are in RON.');
	});

	it('every operation has more than n8n\'s one line ("<action> in Cargus")', () => {
		const operations = new Cargus().description.properties.filter((property) => property.name === 'operation');
		for (const selector of operations) {
			const resource = String(selector.displayOptions?.show?.resource?.[0]);
			for (const option of selector.options as Array<{ value: string; action: string }>) {
				const { description } = toolDescriptionFor({ resource, operation: option.value });
				expect(description.length).toBeGreaterThan(`${option.action} in Cargus`.length + 40);
			}
		}
	});

	it('a description the user writes in the tool\'s form is the one the model reads', () => {
		expect(toolDescriptionFor({ resource: 'shipment', operation: 'track', toolDescription: 'Where is my parcel?' }).description).toBe('Where is my parcel?');
	});

	it('the workflow\'s Cargus node has no such field', () => {
		expect(toolDescriptionFor({ resource: 'shipment', operation: 'track' }, 'cargus').parameters).not.toHaveProperty('toolDescription');
	});
});
