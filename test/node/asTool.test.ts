import { DirectoryLoader } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { TOOL_MAX_POINTS } from '../../nodes/Cargus/resources/shipAndGoPoint/asTool';
import { createEngine } from '../helpers/engine';
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

function runTool(resource: string, operation: string, parameters: INodeParameters) {
	const tool = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(tool);
	const engine = createEngine({ credential: sandboxCredential(sandbox.url), nodeTypes: { [TOOL_TYPE]: Object.assign(tool, { customOperations: undefined }) } });
	return runOperation(engine, resource, operation, parameters, { nodeType: TOOL_TYPE });
}

describe('Ship & Go Point › Get Many as a tool answers a bounded list of one place', () => {
	it('without a City, Postal Code, County or Search it is refused, and Cargus is not asked', async () => {
		for (const filters of [{}, { cashOnDeliveryOnly: true }, { city: '' }]) {
			const { error } = await runTool('shipAndGoPoint', 'getMany', { returnAll: true, filters });
			expect(error?.message).toMatch(/^Filters \(item 1\): no place given: as a tool, Ship & Go Point › Get Many needs a City or a Postal Code/);
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
		expect(json).toEqual(all.slice(0, TOOL_MAX_POINTS));
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

	it('in a workflow (not a tool) it still lists every point without a filter', async () => {
		const { json } = await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true });
		expect(json.length).toBeGreaterThan(100);
	});
});

describe('Shipment › Create as a tool', () => {
	it('takes the agent\'s 2.5 kg and says what to do next by the operations\' names, not by menus', async () => {
		const { json, error } = await runTool('shipment', 'create', {
			senderLocationId: 1005962049, serviceId: 34, recipientName: 'Ana Pop', recipientPhone: '0722000000', recipientCountyId: 'CJ', recipientLocalityId: 'Cluj-Napoca',
			pieces: { piece: [{ type: 1, weight: 2.5 }] }, cashOnDelivery: 0, additionalAwbFields: { orderReference: 'agent-1' },
		});
		expect(error).toBeUndefined();
		expect(json[0].weightKg).toEqual({ ordered: 2.5, sent: 3 });
		expect(json[0].Next).toContain(`"Get AWB PDF" (resource Document, barcode ${String(json[0].BarCode)})`);
		expect(json[0].Next).not.toContain('›');
	});
});
