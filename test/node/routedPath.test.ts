/**
 * n8n runs the node's operations as customOperations in a workflow, but through its declarative engine (the
 * node's routing) where it calls a node's execute: as an AI agent's tool. Both paths give the same items and errors.
 */
import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { WorkflowExpression } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { CARGUS_NODE_TYPE, createEngine, type Engine } from '../helpers/engine';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, SMALL_SHIPMENT } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

/** The node as n8n's engine routes it when it has no custom operation for it. */
function routedOnly(): INodeType {
	const node = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(node);
	return Object.assign(node, { customOperations: undefined });
}

const engines = (): Record<'custom' | 'routed', Engine> => ({
	custom: engineFor(sandbox),
	routed: createEngine({ credential: sandboxCredential(sandbox.url), nodeTypes: { [CARGUS_NODE_TYPE]: routedOnly() } }),
});

/** What a flow sees of the items: their JSON (barcodes made by the run replaced), binary names and types, errors. */
function seen(items: INodeExecutionData[], made: string[] = []): unknown[] {
	const text = (value: unknown) => made.reduce((json, barcode, index) => json.split(barcode).join(`<AWB ${index}>`), JSON.stringify(value));
	return items.map((item) => ({
		json: JSON.parse(text(item.json)) as IDataObject,
		binary: Object.fromEntries(Object.entries(item.binary ?? {}).map(([key, file]) => [key, [file.fileName, file.mimeType]])),
		error: item.error?.message,
	}));
}

/** Runs the parameters both ways; `evaluations` counts how often n8n evaluated the expression `counted` in each. */
async function both(parameters: INodeParameters, input: IDataObject[] = [{}], counted?: string, evaluations: number[] = []) {
	const original = WorkflowExpression.prototype.resolveSimpleParameterValue;
	let count = 0;
	const spy = jest.spyOn(WorkflowExpression.prototype, 'resolveSimpleParameterValue').mockImplementation(function (this: WorkflowExpression, ...args) {
		if (args[0] === counted) count++;
		return original.apply(this, args);
	});
	const results = [];
	try {
		for (const engine of Object.values(engines())) {
			count = 0;
			results.push(await engine.run(parameters, { input, continueOnFail: true }));
			evaluations.push(count);
		}
	} finally {
		spy.mockRestore();
	}
	return results;
}

test('Track, Get Status and a refused barcode: the same items both ways', async () => {
	const shipments = await sandbox.control.shipments();
	const barcodes = shipments.slice(0, 3).map((shipment) => shipment.barcode);
	const evaluations: number[] = [];
	const [custom, routed] = await both({ resource: 'shipment', operation: 'track', barcodes: '={{ $json.barcode }}' }, barcodes.map((barcode) => ({ barcode })), '={{ $json.barcode }}', evaluations);
	// The customOperations read a field the expression names from the item; n8n's engine evaluates it, per property of its name.
	expect(evaluations[0]).toBe(0);
	expect(evaluations[1]).toBeGreaterThanOrEqual(3);
	expect(custom.items).toHaveLength(3);
	expect(seen(routed.items)).toEqual(seen(custom.items));
	await sandbox.control.clearRequests();
	const [customStatus, routedStatus] = await both({ resource: 'shipment', operation: 'getStatus', barcode: '={{ $json.barcode }}' }, [{ barcode: barcodes[0] }, { barcode: 'not a barcode' }]);
	// The first item is answered; the second is refused by the node, naming its field and item, and never sent.
	expect(customStatus.items[0].json.BarCode).toBe(barcodes[0]);
	expect(customStatus.items[1].error?.message).toMatch(/^Barcode \(item 2\): "not" is not a Cargus barcode/);
	const sent = (await sandbox.control.requests()).filter((entry) => entry.operation !== 'login');
	expect(sent.map((entry) => JSON.stringify(entry.query))).toEqual([barcodes[0], barcodes[0]].map((barcode) => expect.stringContaining(barcode)));
	expect(seen(routedStatus.items)).toEqual(seen(customStatus.items));
});

test('Shipment › Create and the AWB\'s label: the same items both ways', async () => {
	const [custom, routed] = await both({ resource: 'shipment', operation: 'create', ...SMALL_SHIPMENT });
	const made = [String(custom.items[0].json.BarCode), String(routed.items[0].json.BarCode)];
	expect(made.every((barcode) => /^\d{10}$/.test(barcode))).toBe(true);
	expect(seen(routed.items, [made[1]])).toEqual(seen(custom.items, [made[0]]));
	const [customLabel, routedLabel] = await both({ resource: 'document', operation: 'getAwbPdf', barcodes: made[0] });
	expect(customLabel.items[0].binary?.data?.mimeType).toBe('application/pdf');
	expect(seen(routedLabel.items)).toEqual(seen(customLabel.items));
});
