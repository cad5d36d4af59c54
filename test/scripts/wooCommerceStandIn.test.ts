/**
 * The shop stand-in's WooCommerce answers as WooCommerce's REST API v3 does for what n8n's WooCommerce Trigger and
 * example 6 call: webhooks made, pinged before the 201, listed and deleted; orders delivered signed with the secret the
 * webhook was made with; statuses and meta kept as WooCommerce keeps them; weights read in few requests.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';

import { startShopStandIn, STAND_IN_KEYS, type ShopStandIn } from '../../scripts/lib/shop-stand-in';

interface Received {
	headers: http.IncomingHttpHeaders;
	body: string;
}

const AUTH = { authorization: `Basic ${Buffer.from(`${STAND_IN_KEYS.wooCommerce.consumerKey}:${STAND_IN_KEYS.wooCommerce.consumerSecret}`).toString('base64')}`, 'content-type': 'application/json' };
const sample = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', 'woocommerce-order.json'), 'utf8')) as Record<string, unknown>;

let shop: ShopStandIn;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
	shop = await startShopStandIn();
	receiver = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"Workflow was started"}');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/abc/webhook`;
});

afterAll(async () => {
	await shop.stop();
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function rest(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
	const response = await fetch(`${shop.url}/wp-json/wc/v3${route}`, { method, headers: AUTH, body: body === undefined ? undefined : JSON.stringify(body) });
	return { status: response.status, body: await response.json() };
}

describe('the WooCommerce stand-in', () => {
	it('makes a webhook, pings it before answering 201 (form body webhook_id=N, no X-WC-Webhook headers), lists it and deletes it only with force', async () => {
		received.splice(0);
		const made = await rest('POST', '/webhooks', { delivery_url: receiverUrl, topic: 'order.created', secret: 'the-trigger-secret' });
		expect(made.status).toBe(201);
		expect(made.body).toMatchObject({ topic: 'order.created', delivery_url: receiverUrl, status: 'active', secret: 'the-trigger-secret' });
		expect(received).toHaveLength(1);
		expect(received[0].body).toBe(`webhook_id=${String(made.body.id)}`);
		expect(Object.keys(received[0].headers).filter((name) => name.startsWith('x-wc-webhook'))).toEqual([]);

		const listed = await rest('GET', '/webhooks?status=active&per_page=100');
		expect(listed.body.map((hook: { id: number }) => hook.id)).toContain(made.body.id);
		expect(listed.body[0].secret).toBeUndefined();

		expect((await rest('DELETE', `/webhooks/${String(made.body.id)}`)).status).toBe(501);
		expect((await rest('DELETE', `/webhooks/${String(made.body.id)}?force=true`)).status).toBe(200);
		expect((await rest('GET', '/webhooks?status=active&per_page=100')).body).toEqual([]);
	});

	it('delivers a new order and its payment to the webhooks of their topics, signed with the webhook\'s secret', async () => {
		const created = await rest('POST', '/webhooks', { delivery_url: receiverUrl, topic: 'order.created', secret: 'secret-one' });
		const updated = await rest('POST', '/webhooks', { delivery_url: receiverUrl, topic: 'order.updated', secret: 'secret-two' });
		received.splice(0);
		await shop.woo.placeOrder({ ...sample, id: 7001, number: '7001', status: 'pending', payment_method: 'stripe' });
		await shop.woo.pay(7001);
		expect(received.map((delivery) => delivery.headers['x-wc-webhook-topic'])).toEqual(['order.created', 'order.updated']);
		const [first, second] = received;
		expect(first.headers['x-wc-webhook-id']).toBe(String(created.body.id));
		expect(first.headers['x-wc-webhook-signature']).toBe(crypto.createHmac('sha256', 'secret-one').update(first.body).digest('base64'));
		expect(second.headers['x-wc-webhook-signature']).toBe(crypto.createHmac('sha256', 'secret-two').update(second.body).digest('base64'));
		expect(JSON.parse(first.body)).toMatchObject({ id: 7001, status: 'pending', _links: { self: [{ href: `${shop.url}/wp-json/wc/v3/orders/7001` }] } });
		expect(JSON.parse(second.body)).toMatchObject({ id: 7001, status: 'processing' });
		for (const hook of [created, updated]) await rest('DELETE', `/webhooks/${String(hook.body.id)}?force=true`);
	});

	it('keeps an order\'s status as WooCommerce does: an unknown status is refused, cancelled restocks, meta is kept by key', async () => {
		await shop.woo.placeOrder({ ...sample, id: 7002, number: '7002', status: 'processing' });
		const stock = shop.woo.products.get(93)?.stock_quantity ?? 0;
		expect((await rest('PUT', '/orders/7002', { status: 'shipped' })).status).toBe(400);
		await rest('PUT', '/orders/7002', { meta_data: [{ key: 'cargus_awb', value: '1' }] });
		await rest('PUT', '/orders/7002', { meta_data: [{ key: 'cargus_awb', value: '2' }] });
		const cancelled = await rest('PUT', '/orders/7002', { status: 'cancelled' });
		expect(cancelled.body.status).toBe('cancelled');
		expect(cancelled.body.meta_data.filter((entry: { key: string }) => entry.key === 'cargus_awb')).toEqual([expect.objectContaining({ value: '2' })]);
		expect(shop.woo.products.get(93)?.stock_quantity).toBe(stock + 2);
		expect((await rest('POST', '/orders/99999/notes', { note: 'x' })).status).toBe(404);
		await shop.woo.settled();
	});

	it('changes a status as WooCommerce does: its own private note, stock taken once on processing and given back once on cancelled, the way kept', async () => {
		const before = shop.woo.products.get(101)?.stock_quantity ?? 0;
		await shop.woo.placeOrder({ ...sample, id: 7003, number: '7003', status: 'pending' });
		expect(shop.woo.products.get(101)?.stock_quantity).toBe(before);
		await shop.woo.pay(7003);
		expect(shop.woo.products.get(101)?.stock_quantity).toBe(before - 1);
		const completed = await rest('PUT', '/orders/7003', { status: 'completed' });
		expect(completed.body).toMatchObject({ status: 'completed', date_completed: expect.any(String) });
		await rest('PUT', '/orders/7003', { status: 'cancelled' });
		await rest('PUT', '/orders/7003', { status: 'cancelled' });
		expect(shop.woo.products.get(101)?.stock_quantity).toBe(before);
		expect(shop.woo.statusChanges.get(7003)?.map((change) => `${change.from}>${change.to}`)).toEqual(['pending>processing', 'processing>completed', 'completed>cancelled']);
		const notes = (await rest('GET', '/orders/7003/notes')).body as Array<{ note: string; customer_note: boolean }>;
		expect(notes.map((note) => [note.note, note.customer_note]).reverse()).toEqual([
			['Order status changed from Pending payment to Processing.', false],
			['Order status changed from Processing to Completed.', false],
			['Order status changed from Completed to Cancelled.', false],
		]);
		await shop.woo.settled();
	});

	it('gives the products\' and variations\' weights in one request each, and the shop\'s weight unit', async () => {
		const products = await rest('GET', '/products?include=93,101,110&per_page=100');
		expect(products.body.map((product: { id: number; weight: string; type: string }) => [product.id, product.weight, product.type])).toEqual([
			[93, '0.45', 'simple'],
			[101, '1.2', 'simple'],
			[110, '', 'variable'],
		]);
		const variations = await rest('GET', '/products/110/variations?include=111&per_page=100');
		expect(variations.body.map((variation: { id: number; weight: string }) => [variation.id, variation.weight])).toEqual([[111, '0.2']]);
		expect((await rest('GET', '/settings/products/woocommerce_weight_unit')).body.value).toBe('kg');
	});

	it('gives one product, and one variation with its product\'s weight when it has none, as "Retrieve a product variation" does; another product\'s variation is 404', async () => {
		expect((await rest('GET', '/products/101')).body).toMatchObject({ id: 101, weight: '1.2', type: 'simple' });
		expect((await rest('GET', '/products/110/variations/111')).body).toMatchObject({ id: 111, weight: '0.2', parent_id: 110 });
		shop.woo.products.get(110)!.weight = '0.3';
		expect((await rest('GET', '/products/110/variations/112')).body).toMatchObject({ id: 112, weight: '0.3' });
		shop.woo.products.get(110)!.weight = '';
		expect((await rest('GET', '/products/101/variations/111')).status).toBe(404);
		expect((await rest('GET', '/products/111')).status).toBe(404);
	});
});

