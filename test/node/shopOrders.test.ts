/**
 * Shipment › Create, Map Automatically, with a shop's order as the shop sends it (Input Shape): the WooCommerce REST
 * API v3 order and the Shopify order webhook of examples/data/, each as the platform documents it, and variants of
 * them (a block and an apartment, a Bucharest sector, no shipping phone, an order number that is not the id). Run in
 * n8n's engine against the sandbox: the AWB is checked as the sandbox received it.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ECOM_TEST = 1005962049;

const sample = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', file), 'utf8')) as IDataObject;
const WOO = sample('woocommerce-order.json');
const SHOPIFY = sample('shopify-order.json');
/** The products of the WooCommerce sample's lines as the shop's REST API answers them (GET /products/{id}). */
const WOO_PRODUCTS = [
	{ id: 93, name: 'Cană ceramică „Ceahlău”', type: 'simple', weight: '0.45' },
	{ id: 101, name: 'Set ceai de munte', type: 'simple', weight: '1.2' },
];

/** A WooCommerce order item as a flow gives it to Create: the order, its products, the pickup location. */
const wooItem = (changes: IDataObject = {}): IDataObject => ({ ...WOO, products: WOO_PRODUCTS, senderLocationId: ECOM_TEST, ...changes });
const shopifyItem = (changes: IDataObject = {}): IDataObject => ({ ...SHOPIFY, senderLocationId: ECOM_TEST, ...changes });
const withShipping = (order: IDataObject, key: string, changes: IDataObject): IDataObject => ({ ...order, [key]: { ...(order[key] as IDataObject), ...changes } });

const create = (inputShape: string, input: IDataObject[]) =>
	runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData', inputShape }, { input, continueOnFail: true });

interface SentAwb {
	Recipient: IDataObject;
	CashRepayment: number;
	TotalWeight: number;
	CustomString: string;
	ParcelCodes: IDataObject[];
	Sender: IDataObject;
}

async function sentAwbs(): Promise<SentAwb[]> {
	return (await requestsSeen(sandbox, 'createAwb')).filter((request) => request.status === 200).map((request) => request.body as SentAwb);
}

/** The AWBs sent, by their Order Reference: items run at once, so their requests come in any order. */
async function sentByReference(): Promise<Map<string, SentAwb>> {
	return new Map((await sentAwbs()).map((awb) => [awb.CustomString, awb]));
}

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('Shipment › Create, Map Automatically: a WooCommerce order as the shop sends it', () => {
	it('the REST API v3 order (examples/data): recipient, phone from billing, Cluj by its code, street and number, both address lines, cash on delivery, woo-5127, 0.45 × 2 + 1.2 kg', async () => {
		const { json, error } = await create('wooCommerceOrder', [wooItem()]);
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ OrderReference: 'woo-5127', AlreadyCreated: false, weightKg: { ordered: 2.1, sent: 3 } });
		const [awb] = await sentAwbs();
		expect(awb.Sender).toEqual({ LocationId: ECOM_TEST });
		expect(awb.Recipient).toEqual({
			Name: 'Ștefan Țurcanu',
			PhoneNumber: '0744123456',
			CountyId: 15,
			CountyName: 'Cluj',
			LocalityId: 164,
			LocalityName: 'CLUJ-NAPOCA',
			StreetName: 'Strada Memorandumului',
			BuildingNumber: '28',
			AddressText: 'Strada Memorandumului 28, Ap. 4/B',
			CodPostal: '400114',
			Email: 'stefan.turcanu@sandbox.example',
		});
		expect(awb).toMatchObject({ CashRepayment: 249.9, CustomString: 'woo-5127', TotalWeight: 3, Observations: 'Sunați înainte, vă rog: interfon 4/B.' });
	});

	it('a block and an apartment, a Bucharest sector, a shipping phone: each where Cargus takes it', async () => {
		const { error } = await create('wooCommerceOrder', [
			wooItem({ id: 5130, number: '5130', shipping: { ...(WOO.shipping as IDataObject), address_1: 'Strada Observatorului 12', address_2: 'Bl. A3, Sc. 2, Et. 4, Ap. 14' } }),
			wooItem({ id: 5131, number: '5131', shipping: { ...(WOO.shipping as IDataObject), state: 'B', city: 'Sector 3', postcode: '030823', address_1: 'Bd. Unirii nr. 15', address_2: '', phone: '0731000111' } }),
		]);
		expect(error).toBeUndefined();
		const sent = await sentByReference();
		const [block, bucharest] = [sent.get('woo-5130') as SentAwb, sent.get('woo-5131') as SentAwb];
		expect(block.Recipient).toMatchObject({ StreetName: 'Strada Observatorului', BuildingNumber: '12', AddressText: 'Strada Observatorului 12, Bl. A3, Sc. 2, Et. 4, Ap. 14', PhoneNumber: '0744123456' });
		expect(bucharest.Recipient).toMatchObject({ CountyId: 44, StreetName: 'Bd. Unirii', BuildingNumber: '15', AddressText: 'Bd. Unirii nr. 15', PhoneNumber: '0731000111' });
		expect(bucharest.Recipient.LocalityId ?? bucharest.Recipient.LocalityName).toBeDefined();
		expect([...sent.keys()].sort()).toEqual(['woo-5130', 'woo-5131']);
	});

	it('an order whose number is not its id ("2026-0042", id 5127): the reference keeps the id to find the order again and the number the customer knows', async () => {
		const { json, error } = await create('wooCommerceOrder', [wooItem({ number: '2026-0042' })]);
		expect(error).toBeUndefined();
		expect(json[0].OrderReference).toBe('woo-5127-2026-0042');
		expect((await sentAwbs())[0].CustomString).toBe('woo-5127-2026-0042');
	});

	it('an order shipped before (its AWB made by fields by name with woo-5127), updated after: no second AWB', async () => {
		const before = await runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData' }, {
			input: [{ senderLocationId: ECOM_TEST, recipientName: 'Ștefan Țurcanu', recipientPhone: '0744123456', recipientCountyId: 'CJ', recipientLocalityId: 'Cluj-Napoca', orderReference: 'woo-5127', pieces: [{ type: 1, weight: 2.1 }] }],
		});
		expect(before.error).toBeUndefined();
		const { json, error } = await create('wooCommerceOrder', [wooItem({ status: 'processing', date_modified: '2026-11-28T09:00:00' })]);
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ BarCode: before.json[0].BarCode, AlreadyCreated: true, OrderReference: 'woo-5127' });
		expect(await sentAwbs()).toHaveLength(1);
	});

	it('a card order pays nothing on delivery; a variation weighs its own weight, else its product\'s; "pieces" and "referencePrefix" replace what the order gives', async () => {
		const lines = [...(WOO.line_items as IDataObject[]), { id: 318, name: 'Tricou „Carpați” - M', product_id: 110, variation_id: 111, quantity: 2 }, { id: 319, name: 'Tricou „Carpați” - L', product_id: 110, variation_id: 112, quantity: 1 }];
		const products = [...WOO_PRODUCTS, { id: 111, weight: '0.2' }, { id: 110, weight: '0.3' }];
		const { json, error } = await create('wooCommerceOrder', [
			wooItem({ id: 5140, number: '5140', payment_method: 'stripe', line_items: lines, products }),
			wooItem({ id: 5141, number: '5141', pieces: [{ type: 1, weight: 7 }], products: undefined, referencePrefix: 'woo2' }),
		]);
		expect(error).toBeUndefined();
		expect(json.map((item) => [item.OrderReference, item.weightKg])).toEqual([['woo-5140', { ordered: 2.8, sent: 3 }], ['woo2-5141', { ordered: 7, sent: 7 }]]);
		const sent = await sentByReference();
		expect([sent.get('woo-5140')?.CashRepayment, sent.get('woo2-5141')?.CashRepayment]).toEqual([0, 249.9]);
	});

	it('refuses an order that lacks a value, naming the order\'s field and the item, and sends nothing for it', async () => {
		const { items, error } = await create('wooCommerceOrder', [
			withShipping(wooItem(), 'billing', { phone: '' }),
			withShipping(wooItem(), 'shipping', { city: '' }),
			withShipping(wooItem(), 'shipping', { first_name: '', last_name: '', company: '' }),
			wooItem({ products: undefined }),
			wooItem({ products: [WOO_PRODUCTS[0], { id: 101, weight: '' }] }),
			wooItem({ total: '' }),
			withShipping(wooItem(), 'shipping', { state: 'XX' }),
			wooItem(),
		]);
		expect(error).toBeUndefined();
		const messages = items.map((item) => item.error?.message ?? 'sent');
		expect(messages.slice(0, 7).map((message) => message.replace(/\): .*/, ')'))).toEqual([
			'Order field "shipping.phone" or "billing.phone" (item 1)',
			'Order field "shipping.city" (item 2)',
			'Order field "shipping.first_name" or "shipping.last_name" or "shipping.company" (item 3)',
			'Order field "products" (item 4)',
			'Order field "line_items.1" (item 5)',
			'Order field "total" (item 6)',
			'Order field "shipping.state" (item 7)',
		]);
		expect(messages[4]).toContain('product 101 ("Set ceai de munte") has no weight');
		expect(messages[7]).toBe('sent');
		expect(await sentAwbs()).toHaveLength(1);
	});
});

describe('Shipment › Create, Map Automatically: a Shopify order as its webhook sends it', () => {
	it('the orders/create body (examples/data): recipient, phone from billing, Bucharest by its code, street and number, block, apartment and sector, cash on delivery, total_weight in grams, shopify-<id>-<number>', async () => {
		const { json, error } = await create('shopifyOrder', [shopifyItem()]);
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ OrderReference: 'shopify-6120483274103-1042', weightKg: { ordered: 2.3, sent: 3 } });
		const [awb] = await sentAwbs();
		expect(awb.Recipient).toMatchObject({
			Name: 'Ioana Mureșan',
			PhoneNumber: '0731987654',
			CountyId: 44,
			StreetName: 'Bulevardul Unirii',
			BuildingNumber: '15',
			AddressText: 'Bulevardul Unirii 15, Bl. 3/A, Sc. 2, Et. 5, Ap. 14, Sector 3',
			CodPostal: '030823',
			Email: 'ioana.muresan@sandbox.example',
		});
		expect(awb).toMatchObject({ CashRepayment: 189.5, CustomString: 'shopify-6120483274103-1042', TotalWeight: 3, Observations: 'Livrare după ora 17, vă rog.' });
	});

	it('a sector as the city, a Cluj address with its own phone and a block, a card payment: each where Cargus takes it', async () => {
		const shipping = SHOPIFY.shipping_address as IDataObject;
		const { error } = await create('shopifyOrder', [
			shopifyItem({ id: 6120483274110, order_number: 1050, shipping_address: { ...shipping, city: 'Sector 6', address1: 'Strada Valea Cascadelor 21', address2: '' } }),
			shopifyItem({ id: 6120483274111, order_number: 1051, payment_gateway_names: ['shopify_payments'], financial_status: 'paid', total_outstanding: '0.00', shipping_address: { ...shipping, city: 'Cluj-Napoca', province_code: 'CJ', zip: '400114', address1: 'Calea Dorobanților 7/2', address2: 'Bl. D2, Ap. 9', phone: '0755000222' } }),
		]);
		expect(error).toBeUndefined();
		const sent = await sentByReference();
		const [sector, cluj] = [sent.get('shopify-6120483274110-1050') as SentAwb, sent.get('shopify-6120483274111-1051') as SentAwb];
		expect(sector.Recipient).toMatchObject({ CountyId: 44, StreetName: 'Strada Valea Cascadelor', BuildingNumber: '21', PhoneNumber: '0731987654' });
		expect(cluj.Recipient).toMatchObject({ CountyId: 15, LocalityId: 164, StreetName: 'Calea Dorobanților', BuildingNumber: '7/2', AddressText: 'Calea Dorobanților 7/2, Bl. D2, Ap. 9', PhoneNumber: '0755000222' });
		expect([sector.CashRepayment, cluj.CashRepayment]).toEqual([189.5, 0]);
	});

	it('refuses an order that lacks a value, naming the order\'s field and the item', async () => {
		const { items } = await create('shopifyOrder', [
			shopifyItem({ billing_address: { ...(SHOPIFY.billing_address as IDataObject), phone: null }, customer: { ...(SHOPIFY.customer as IDataObject), phone: null } }),
			shopifyItem({ total_weight: 0 }),
			withShipping(shopifyItem(), 'shipping_address', { province_code: null }),
			shopifyItem({ total_outstanding: null }),
			{ ...SHOPIFY.body as IDataObject, headers: {} },
		]);
		expect(items.map((item) => (item.error?.message ?? 'sent').replace(/\): .*/, ')'))).toEqual([
			'Order field "shipping_address.phone" or "billing_address.phone" or "phone" or "customer.phone" (item 1)',
			'Order field "total_weight" (item 2)',
			'Order field "shipping_address.province_code" (item 3)',
			'Order field "total_outstanding" (item 4)',
			'Order field "id" (item 5)',
		]);
		expect(await sentAwbs()).toHaveLength(0);
	});
});
