import fs from 'node:fs';
import path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WorkflowExpression } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * An item's form expressions of one `{{ }}` each are evaluated by n8n together, in one evaluation
 * (itemExpressions.ts). Each value an expression can give must come out as n8n's evaluation of that expression
 * alone gives it: the same request, the same items, the same error. An expression with a comment naming
 * `$parameter` is the same expression, never evaluated together (it seems to read the node's parameters), so
 * n8n evaluates it alone.
 */
const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

const ORDER = { number: 'SHOP-7', name: 'Ana Pop', weight: 2.5, method: 'courier', total: 120, paid: false };

/** Expressions of Create's form, each field's own; `alone` makes each one n8n evaluates alone. */
function createForm(expressions: Record<'name' | 'service' | 'weight' | 'cash' | 'reference', string>, alone: boolean): INodeParameters {
	const of = (code: string) => (alone ? evaluatedAlone(`={{ ${code} }}`) : `={{ ${code} }}`);
	return {
		...SMALL_SHIPMENT,
		recipientName: of(expressions.name),
		serviceId: of(expressions.service),
		deliveryPudoPoint: { __rl: true, mode: 'id', value: '={{ $json.order.point }}' },
		pieces: { piece: [{ type: 1, weight: of(expressions.weight) }] },
		cashOnDelivery: of(expressions.cash),
		additionalAwbFields: { orderReference: of(expressions.reference), observations: 'Fragil' },
	};
}

function evaluatedAlone<T>(value: T): T {
	if (typeof value === 'string') return (value.startsWith('={{') ? value.replace(/\s*\}\}$/, '\n/* $parameter */ }}') : value) as T;
	if (Array.isArray(value)) return value.map(evaluatedAlone) as T;
	if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, evaluatedAlone(entry)])) as T;
	return value;
}

const EXAMPLE = {
	name: '$json.order.name.toUpperCase()',
	service: "$json.order.method === 'shipAndGo' ? 38 : 34",
	weight: 'Math.max(1, Math.ceil($json.order.weight))',
	cash: '$json.order.paid ? 0 : $json.order.total',
	reference: '`${$json.order.number}-A`',
};

async function outcome(parameters: INodeParameters, input: IDataObject[]) {
	await sandbox.control.reset();
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'create', parameters, { input });
	const sent = (await requestsSeen(sandbox, 'createAwb')).map((request) => request.body);
	return { json, error: error?.message, description: (error as { description?: string } | undefined)?.description, sent };
}

test.each<[string, Partial<typeof EXAMPLE>, IDataObject]>([
	['numbers, text and a template', {}, ORDER],
	['a number as text', { service: "'34'" }, ORDER],
	['a decimal weight from text', { weight: "$json.order.weight + ''" }, ORDER],
	['true where a number is read', { cash: '$json.order.paid === false' }, ORDER],
	['nothing (a missing field)', { name: '$json.order.missing' }, ORDER],
	['null', { name: 'null' }, ORDER],
	['an error (a field of a missing field)', { name: '$json.order.missing.name' }, ORDER],
	['an object', { name: '$json.order' }, ORDER],
	['a list', { reference: '[$json.order.number]' }, ORDER],
	['a date', { reference: '$today' }, ORDER],
	['not a number', { weight: 'Math.ceil($json.order.missing)' }, ORDER],
	['a comment at the end', { name: '$json.order.name // the buyer' }, ORDER],
	['a statement', { name: '$json.order.name;' }, ORDER],
	['a constructor', { name: '$json.order.name.constructor.name' }, ORDER],
	['an n8n function', { reference: '$json.order.number.toLowerCase().isEmpty() ? "none" : $json.order.number' }, ORDER],
	['the item index', { reference: '`SHOP-${$itemIndex}`' }, ORDER],
])('%s: the same outcome as n8n\'s evaluation of each expression alone', async (_case, changes, order) => {
	const expressions = { ...EXAMPLE, ...changes };
	const input = [{ order }, { order: { ...order, number: 'SHOP-8', weight: 0.4, paid: true } }];
	const expected = await outcome(createForm(expressions, true), input);
	expect(await outcome(createForm(expressions, false), input)).toEqual(expected);
});

test('Example 1\'s Create AWB: n8n evaluates one expression per item, and the AWB is the one of each expression alone', async () => {
	const workflow = JSON.parse(fs.readFileSync(path.join(__dirname, '../../examples/1-eshop-order-to-awb-and-label.json'), 'utf8')) as {
		nodes: Array<{ name: string; parameters: INodeParameters }>;
	};
	const parameters = workflow.nodes.find((node) => node.name === 'Create AWB')!.parameters;
	const orders = [1, 2, 3].map((index) => ({
		body: {
			orderNumber: `EX-${index}`,
			contact: { name: 'Ana Pop', phone: '0722000000', email: 'ana@example.com' },
			shippingAddress: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Memorandumului', number: '28', details: 'ap. 3' },
			totalWeightKg: 2.5 * index,
			paymentMethod: index === 2 ? 'card' : 'cashOnDelivery',
			total: 100 * index,
		},
	}));
	const evaluate = jest.spyOn(WorkflowExpression.prototype, 'resolveSimpleParameterValue');
	try {
		const together = await outcome(parameters, orders);
		const expressions = evaluate.mock.calls.filter(([value]) => typeof value === 'string' && value.startsWith('=')).length;
		expect(together.error).toBeUndefined();
		expect(expressions).toBe(orders.length);
		const alone = evaluatedAlone(parameters);
		expect(together).toEqual(await outcome(alone, orders));
	} finally {
		evaluate.mockRestore();
	}
});
