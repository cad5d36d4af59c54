import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * Fields that hold `{{ $json.field }}` are read from the item without n8n's expression sandbox
 * (itemField.ts). Each value an item can carry must give exactly what n8n's own evaluation gives:
 * the same request, the same items, the same error. `{{ $json["field"] }}` is the same expression
 * that the shortcut does not recognise, so n8n evaluates it.
 */
const sandbox = useSandbox();
const SHORTCUT = '={{ $json.barcode }}';
const EVALUATED_BY_N8N = '={{ $json["barcode"] }}';

beforeEach(async () => {
	await sandbox.control.reset();
});

async function outcome(barcodes: string, input: IDataObject[]) {
	await sandbox.control.clearRequests();
	const engine = engineFor(sandbox);
	const { json, error } = await runOperation(engine, 'shipment', 'track', { barcodes }, { input });
	const sent = (await requestsSeen(sandbox, 'trace')).map((entry) => entry.query);
	return { json, error: error?.message, description: (error as { description?: string } | undefined)?.description, sent };
}

test.each<[string, (barcode: string) => unknown]>([
	['a barcode as text', (barcode) => barcode],
	['a barcode as a number', (barcode) => Number(barcode)],
	['a barcode with spaces around it', (barcode) => `  ${barcode} `],
	['two barcodes as a list in text', (barcode) => `${barcode}, ${barcode}`],
	['empty text', () => ''],
	['letters', () => 'abc123'],
	['null', () => null],
	['true', () => true],
	['an object', (barcode) => ({ code: barcode })],
	['a list', (barcode) => [barcode]],
	['a negative number', () => -5],
	['a fraction', () => 1.5],
])('%s: the same outcome as n8n\'s own evaluation', async (_case, valueOf) => {
	const [shipment] = await sandbox.control.shipments();
	const input = [{ barcode: valueOf(shipment.barcode) as never }];
	const expected = await outcome(EVALUATED_BY_N8N, input);
	expect(await outcome(SHORTCUT, input)).toEqual(expected);
});

test('an item without the field: the same outcome as n8n\'s own evaluation', async () => {
	const input = [{ other: '1' }];
	const expected = await outcome(EVALUATED_BY_N8N, input);
	expect(expected.error).toBeDefined();
	expect(await outcome(SHORTCUT, input)).toEqual(expected);
});

test('many items, each with its own barcode: each request carries its item\'s barcode', async () => {
	const shipments = (await sandbox.control.shipments()).slice(0, 5);
	const input = shipments.map((shipment) => ({ barcode: shipment.barcode }));
	const { sent, json } = await outcome(SHORTCUT, input);
	// n8n sends the items' requests at once: they reach the sandbox in any order.
	const byBarcode = (list: unknown[]) => list.map((query) => JSON.stringify(query)).sort();
	expect(byBarcode(sent)).toEqual(byBarcode(shipments.map((shipment) => ({ barCode: `[${shipment.barcode}]` }))));
	expect(json.map((item) => item.Code)).toEqual(shipments.map((shipment) => shipment.barcode));
});

test.each<[string, (barcode: string) => IDataObject]>([
	['a barcode two levels down', (barcode) => ({ order: { shipment: { barcode } } })],
	['a barcode as a number two levels down', (barcode) => ({ order: { shipment: { barcode: Number(barcode) } } })],
	['a missing level', () => ({ order: {} })],
	['a level that is null', () => ({ order: null })],
	['a level that is a list', (barcode) => ({ order: [{ shipment: { barcode } }] })],
	['a level that is text', () => ({ order: 'abc' })],
])('a field of a field (%s): the same outcome as n8n\'s own evaluation', async (_case, itemOf) => {
	const [shipment] = await sandbox.control.shipments();
	const input = [itemOf(shipment.barcode)];
	const expected = await outcome('={{ $json["order"]["shipment"]["barcode"] }}', input);
	expect(await outcome('={{ $json.order.shipment.barcode }}', input)).toEqual(expected);
});

test.each<[string, IDataObject, 'sent' | 'refused']>([
	['every field there', { order: { number: 'SHOP-1', email: 'ana@example.com' } }, 'sent'],
	['a number where text is read', { order: { number: 1042, email: 'ana@example.com' } }, 'sent'],
	['one field missing', { order: { number: 'SHOP-1' } }, 'sent'],
	['one field an object', { order: { number: 'SHOP-1', email: { at: 'example.com' } } }, 'refused'],
])('a collection of such expressions and a typed-in value (%s): the same AWB and item as n8n\'s own evaluation', async (_case, item, outcome) => {
	const createWith = async (reference: string, email: string) => {
		await sandbox.control.reset();
		const additionalAwbFields = { orderReference: reference, email, observations: 'Fragil' };
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, additionalAwbFields }, { input: [item] });
		const [sent] = await requestsSeen(sandbox, 'createAwb');
		return { json, error: error?.message, body: sent?.body };
	};
	const expected = await createWith('={{ $json["order"]["number"] }}', '={{ $json["order"]["email"] }}');
	expect(expected.body === undefined ? 'refused' : 'sent').toBe(outcome);
	expect(await createWith('={{ $json.order.number }}', '={{ $json.order.email }}')).toEqual(expected);
});
