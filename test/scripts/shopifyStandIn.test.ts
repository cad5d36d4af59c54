/**
 * The shop stand-in's Shopify keeps an order placed in it as Shopify holds it: found by its name, fulfilled with its
 * tracking, its fulfilment events (the latest is the shipment status), and paid once by orderMarkAsPaid.
 */
import fs from 'node:fs';
import path from 'node:path';

import { startShopStandIn, STAND_IN_KEYS, type ShopStandIn } from '../../scripts/lib/shop-stand-in';

const sample = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', 'shopify-order.json'), 'utf8')) as Record<string, unknown>;
const MARK_AS_PAID = 'mutation orderMarkAsPaid($input: OrderMarkAsPaidInput!) { orderMarkAsPaid(input: $input) { order { id displayFinancialStatus } userErrors { field message } } }';

let shop: ShopStandIn;

beforeAll(async () => {
	shop = await startShopStandIn();
});

afterAll(async () => {
	await shop.stop();
});

async function admin(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
	const response = await fetch(`${shop.url}/admin/api/2025-01${route}`, {
		method,
		headers: { 'x-shopify-access-token': STAND_IN_KEYS.shopify.accessToken, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: await response.json() };
}

describe('the Shopify stand-in', () => {
	it('finds a placed order by its name, keeps its fulfilment with the tracking number, and its events as the shipment status', async () => {
		shop.shopify.placeOrder({ ...sample, id: 6120483279001, name: '#2001', order_number: 2001 });
		const found = await admin('GET', `/orders.json?name=${encodeURIComponent('#2001')}&status=any`);
		expect(found.body.orders.map((order: { id: number }) => order.id)).toEqual([6120483279001]);
		expect((await admin('GET', `/orders.json?name=${encodeURIComponent('#2999')}&status=any`)).body.orders).toEqual([]);

		const open = await admin('GET', '/orders/6120483279001/fulfillment_orders.json');
		const made = await admin('POST', '/fulfillments.json', { fulfillment: { line_items_by_fulfillment_order: [{ fulfillment_order_id: open.body.fulfillment_orders[0].id }], tracking_info: { company: 'Cargus', number: '1200000009' } } });
		expect(made.status).toBe(201);
		const fulfillmentId = made.body.fulfillment.id as number;
		expect((await admin('GET', '/orders/6120483279001/fulfillment_orders.json')).body.fulfillment_orders[0].status).toBe('closed');

		expect((await admin('POST', `/orders/6120483279001/fulfillments/${fulfillmentId}/events.json`, { event: { status: 'refused' } })).status).toBe(422);
		expect((await admin('POST', `/orders/6120483279001/fulfillments/${fulfillmentId + 1000}/events.json`, { event: { status: 'delivered' } })).status).toBe(404);
		const event = await admin('POST', `/orders/6120483279001/fulfillments/${fulfillmentId}/events.json`, { event: { status: 'attempted_delivery', message: 'refused' } });
		expect(event.status).toBe(201);
		const [fulfillment] = (await admin('GET', '/orders/6120483279001.json')).body.order.fulfillments;
		expect(fulfillment).toMatchObject({ tracking_number: '1200000009', shipment_status: 'attempted_delivery', events: [expect.objectContaining({ status: 'attempted_delivery', message: 'refused' })] });
	});

	it('marks an order with an outstanding balance paid once: a second orderMarkAsPaid is refused with a userError', async () => {
		shop.shopify.placeOrder({ ...sample, id: 6120483279002, name: '#2002', order_number: 2002 });
		const input = { input: { id: 'gid://shopify/Order/6120483279002' } };
		const first = await admin('POST', '/graphql.json', { query: MARK_AS_PAID, variables: input });
		expect(first.body.data.orderMarkAsPaid).toMatchObject({ order: { displayFinancialStatus: 'PAID' }, userErrors: [] });
		const second = await admin('POST', '/graphql.json', { query: MARK_AS_PAID, variables: input });
		expect(second.status).toBe(200);
		expect(second.body.data.orderMarkAsPaid.userErrors).toHaveLength(1);
		const order = shop.shopify.orders.get(6120483279002);
		expect(order).toMatchObject({ financial_status: 'paid', total_outstanding: '0.00' });
		expect(order?.transactions).toHaveLength(1);
	});

	it('adds a fulfilment event by fulfillmentEventCreate, the fulfilment named by its GraphQL id, as the REST events endpoint does', async () => {
		shop.shopify.placeOrder({ ...sample, id: 6120483279003, name: '#2003', order_number: 2003 });
		const open = await admin('GET', '/orders/6120483279003/fulfillment_orders.json');
		const made = await admin('POST', '/fulfillments.json', { fulfillment: { line_items_by_fulfillment_order: [{ fulfillment_order_id: open.body.fulfillment_orders[0].id }], tracking_info: { company: 'Cargus', number: '1200000010' } } });
		const query = 'mutation fulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) { fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) { fulfillmentEvent { id status } userErrors { field message } } }';
		const fulfillmentId = made.body.fulfillment.admin_graphql_api_id as string;
		const added = await admin('POST', '/graphql.json', { query, variables: { fulfillmentEvent: { fulfillmentId, status: 'DELIVERED', message: 'Cargus: Livrat' } } });
		expect(added.body.data.fulfillmentEventCreate).toMatchObject({ fulfillmentEvent: { status: 'DELIVERED' }, userErrors: [] });
		const unknown = await admin('POST', '/graphql.json', { query, variables: { fulfillmentEvent: { fulfillmentId: 'gid://shopify/Fulfillment/1', status: 'DELIVERED' } } });
		expect(unknown.body.data.fulfillmentEventCreate.userErrors).toHaveLength(1);
		const [fulfillment] = shop.shopify.orders.get(6120483279003)!.fulfillments;
		expect(fulfillment).toMatchObject({ shipment_status: 'delivered', events: [expect.objectContaining({ status: 'delivered', message: 'Cargus: Livrat' })] });
	});
});

