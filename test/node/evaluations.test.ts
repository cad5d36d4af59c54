import fs from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WorkflowExpression } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

afterEach(() => {
	jest.restoreAllMocks();
});

/**
 * How many times n8n evaluates each of `expressions` while `run` runs, alone or with the item's others
 * (itemExpressions.ts), and under `all` how many evaluations n8n made in all.
 */
async function evaluationsOf(expressions: string[], run: () => Promise<unknown>): Promise<Record<string, number>> {
	const counts: Record<string, number> = Object.fromEntries([...expressions, 'all'].map((expression) => [expression, 0]));
	const codeOf = (expression: string) => expression.replace(/^=\{\{([\s\S]*)\}\}$/, '$1');
	const original = WorkflowExpression.prototype.resolveSimpleParameterValue;
	jest.spyOn(WorkflowExpression.prototype, 'resolveSimpleParameterValue').mockImplementation(function (this: WorkflowExpression, ...args) {
		const [value] = args;
		if (typeof value === 'string' && value.startsWith('=')) {
			counts.all++;
			for (const expression of expressions) if (value === expression || value.includes(codeOf(expression))) counts[expression]++;
		}
		return original.apply(this, args);
	});
	await run();
	return counts;
}

async function someBarcodes(count: number): Promise<string[]> {
	const shipments = await sandbox.control.shipments();
	return shipments.slice(0, count).map((shipment) => shipment.barcode);
}

test('An expression in a field that five operations share (Barcode) is evaluated once per item', async () => {
	const barcodes = await someBarcodes(5);
	const barcode = '={{ String($json.barcode).trim() }}';
	const counts = await evaluationsOf([barcode], async () => {
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode }, { input: barcodes.map((entry) => ({ barcode: ` ${entry} ` })) });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(5);
	});
	expect(counts[barcode]).toBe(5);
	expect(counts.all).toBe(5);
});

test('From and To Date, each shared by five operations, are evaluated once per item each, together', async () => {
	const fromDate = '={{ $now.minus({ days: 1 }).toISODate() }}';
	const toDate = '={{ $now.toISODate() }}';
	const counts = await evaluationsOf([fromDate, toDate], async () => {
		const { error } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { fromDate, toDate, returnAll: false, limit: 1 }, { input: [{}, {}, {}] });
		expect(error).toBeUndefined();
	});
	expect(counts).toEqual({ [fromDate]: 3, [toDate]: 3, all: 3 });
});

test('An expression that cannot be evaluated stops its item before anything is sent, named as n8n names it', async () => {
	const { error } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: '={{ $("No Such Node").item.json.barcode }}' });
	expect(error?.message).toBe('Referenced node doesn\'t exist');
	expect((error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(0);
	expect(await requestsSeen(sandbox, 'awbStatus')).toHaveLength(0);
});

test('Example 1\'s Create AWB evaluates each of its expressions at most once per order, together in one evaluation (those that read one field of the order not at all)', async () => {
	const examples = path.join(__dirname, '..', '..', 'examples');
	const workflow = JSON.parse(fs.readFileSync(path.join(examples, '1-eshop-order-to-awb-and-label.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: INodeParameters }> };
	const order = JSON.parse(fs.readFileSync(path.join(examples, 'data', 'shop-order.json'), 'utf8')) as IDataObject;
	const { resource, operation, ...create } = workflow.nodes.find((node) => node.name === 'Create AWB')!.parameters;
	const expressions = [...JSON.stringify(create).matchAll(/"(=\{\{[^"]*\}\})"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
	expect(expressions.length).toBeGreaterThanOrEqual(13);
	const orders = [1, 2, 3].map((index) => ({ body: { ...order, orderNumber: `SHOP-EVAL-${index}` } }));
	const counts = await evaluationsOf(expressions, async () => {
		const { json, error } = await runOperation(engineFor(sandbox), String(resource), String(operation), create, { input: orders });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.OrderReference)).toEqual(['SHOP-EVAL-1', 'SHOP-EVAL-2', 'SHOP-EVAL-3']);
	});
	for (const [expression, count] of Object.entries(counts)) {
		expect({ expression, count: count <= orders.length }).toEqual({ expression, count: true });
	}
	expect(counts.all).toBe(orders.length);
});

describe('the node\'s Options, as n8n\'s declarative engine applies them', () => {
	test('Batching: items sent in batches of Items per Batch, Batch Interval apart', async () => {
		const barcodes = await someBarcodes(4);
		const batchInterval = 400;
		const requestOptions = { batching: { batch: { batchSize: 2, batchInterval } } };
		const started = Date.now();
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: '={{ $json.barcode }}', requestOptions }, { input: barcodes.map((barcode) => ({ barcode })) });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(4);
		const sent = (await requestsSeen(sandbox, 'awbStatus')).map((entry) => ({ barcode: entry.query?.barCode, at: Date.parse(entry.realTime) }));
		const firstBatch = sent.filter((entry) => barcodes.slice(0, 2).includes(String(entry.barcode)));
		const secondBatch = sent.filter((entry) => barcodes.slice(2).includes(String(entry.barcode)));
		expect([firstBatch.length, secondBatch.length]).toEqual([2, 2]);
		// The second batch waits Batch Interval after the first is under way: only a lower bound holds on a loaded machine.
		expect(Math.min(...secondBatch.map((entry) => entry.at))).toBeGreaterThanOrEqual(Math.max(...firstBatch.map((entry) => entry.at)));
		expect(Math.min(...secondBatch.map((entry) => entry.at)) - started).toBeGreaterThanOrEqual(batchInterval - 2);
	});

	test('Timeout: an answer slower than the timeout fails the item with n8n\'s timeout error, the other items answered', async () => {
		const barcodes = await someBarcodes(2);
		await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: barcodes[0] });
		await sandbox.control.addFault({ operation: 'awbStatus', kind: 'latency', latencyMs: 5000, count: 1 });
		const { items } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: '={{ $json.barcode }}', requestOptions: { timeout: 1500 } }, { input: barcodes.map((barcode) => ({ barcode })), continueOnFail: true });
		expect(items).toHaveLength(2);
		const failed = items.filter((item) => item.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(String(failed[0].error?.message)).toMatch(/^Cargus at http:\/\/127\.0\.0\.1:\d+ did not answer in time \(timeout of 1500ms exceeded\)$/);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

test('Each operation is one of the node\'s customOperations, and no field routes itself (they run the operation\'s routing only)', () => {
	const node = new Cargus();
	const operations = node.description.properties.filter((property) => property.name === 'operation');
	const pairs = operations.flatMap((property) =>
		(property.options as Array<{ value: string }>).map((option) => `${String(property.displayOptions?.show?.resource?.[0])}.${option.value}`),
	);
	const custom = Object.entries(node.customOperations).flatMap(([resource, byOperation]) => Object.keys(byOperation).map((operation) => `${resource}.${operation}`));
	expect(custom.sort()).toEqual(pairs.sort());
	const routed = (properties: unknown[]): string[] =>
		properties.flatMap((property) => {
			const { name, routing, options, values } = property as { name?: string; routing?: unknown; options?: unknown[]; values?: unknown[] };
			const own = routing !== undefined && name !== undefined ? [name] : [];
			return [...own, ...routed(options ?? []), ...routed(values ?? [])];
		});
	expect(routed(node.description.properties.filter((property) => property.name !== 'operation'))).toEqual([]);
});
