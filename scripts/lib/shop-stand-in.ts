/**
 * A local stand-in of the two shop REST APIs the WooCommerce and Shopify examples write the AWB back to, for
 * `npm start` and the end-to-end test: it answers the calls the examples make as the platforms document them,
 * checks their credentials as the platforms do, and keeps every request it received. WooCommerce is a shop of its own
 * (woocommerce-stand-in.ts: orders, products, webhooks it delivers to); Shopify's answers store nothing: each order it
 * is asked about exists.
 *
 * For `npm run post-order` (another process), two paths outside the platforms' APIs act as the WooCommerce shop's
 * customer: `POST /stand-in/woocommerce/orders` (an order placed, its body the order) and
 * `POST /stand-in/woocommerce/orders/{id}/pay`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { WooCommerceShop, wooCommerceAuthorized, type Answer } from './woocommerce-stand-in';

/** The credentials the stand-in accepts (the "WooCommerce (local stand-in)" and "Shopify (local stand-in)" credentials). */
export const STAND_IN_KEYS = {
	wooCommerce: { consumerKey: 'ck_standin0000000000000000000000000000000', consumerSecret: 'cs_standin0000000000000000000000000000000' },
	shopify: { shopSubdomain: 'atelier-sandbox', accessToken: 'shpat_standin00000000000000000000', appSecretKey: 'standin-app-secret' },
};

export interface ShopRequest {
	platform: 'woocommerce' | 'shopify' | 'unknown';
	method: string;
	path: string;
	/** The query, with its "?" (empty when none). */
	query: string;
	headers: http.IncomingHttpHeaders;
	body: unknown;
	status: number;
	receivedAt: string;
}

export interface ShopStandIn {
	url: string;
	/** Every request received since the start (or the last clear), oldest first. */
	requests: ShopRequest[];
	/** The WooCommerce shop: its orders, notes, products, webhooks and the deliveries it made. */
	woo: WooCommerceShop;
	clear(): void;
	stop(): Promise<void>;
}

const json = (status: number, body: unknown): Answer => ({ status, body });
let nextId = 1000;

async function woocommerce(shop: WooCommerceShop, method: string, url: URL, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Promise<Answer> {
	if (!wooCommerceAuthorized(headers, url, STAND_IN_KEYS.wooCommerce)) {
		return json(401, { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
	}
	return await shop.route(method, url, body);
}

/** What npm run post-order asks of the WooCommerce shop as its customer would. */
async function customer(shop: WooCommerceShop, method: string, path: string, body: Record<string, unknown>): Promise<Answer> {
	const pay = /^\/stand-in\/woocommerce\/orders\/(\d+)\/pay$/.exec(path);
	try {
		if (method === 'POST' && path === '/stand-in/woocommerce/orders') return json(201, { order: await shop.placeOrder(body), deliveries: shop.deliveries.slice(-shop.webhooks.length) });
		if (method === 'POST' && pay) return json(200, { order: await shop.pay(Number(pay[1])), deliveries: shop.deliveries.slice(-shop.webhooks.length) });
	} catch (err) {
		return json(400, { error: err instanceof Error ? err.message : String(err) });
	}
	return json(404, { error: 'not a shop API path' });
}

function shopify(method: string, path: string, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Answer {
	if (headers['x-shopify-access-token'] !== STAND_IN_KEYS.shopify.accessToken) {
		return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
	}
	const fulfillmentOrders = /^\/admin\/api\/[\d-]+\/orders\/(\d+)\/fulfillment_orders\.json$/.exec(path);
	if (fulfillmentOrders && method === 'GET') {
		const orderId = Number(fulfillmentOrders[1]);
		// Admin REST API, FulfillmentOrder: one open fulfillment order for the order's items.
		return json(200, {
			fulfillment_orders: [
				{
					id: orderId + 1,
					shop_id: 70139215991,
					order_id: orderId,
					assigned_location_id: 81234567991,
					request_status: 'unsubmitted',
					status: 'open',
					supported_actions: ['create_fulfillment', 'hold', 'move'],
					line_items: [{ id: orderId + 2, shop_id: 70139215991, fulfillment_order_id: orderId + 1, quantity: 1, line_item_id: orderId + 3, inventory_item_id: orderId + 4, fulfillable_quantity: 1, variant_id: orderId + 5 }],
					fulfill_at: null,
					fulfillment_holds: [],
					delivery_method: { id: orderId + 6, method_type: 'shipping' },
				},
			],
		});
	}
	if (/^\/admin\/api\/[\d-]+\/fulfillments\.json$/.test(path) && method === 'POST') {
		const fulfillment = (body.fulfillment ?? {}) as Record<string, unknown>;
		const groups = fulfillment.line_items_by_fulfillment_order as Array<{ fulfillment_order_id?: number }> | undefined;
		if (!Array.isArray(groups) || groups.length === 0 || typeof groups[0].fulfillment_order_id !== 'number') {
			return json(422, { errors: { line_items_by_fulfillment_order: ['is required'] } });
		}
		const tracking = (fulfillment.tracking_info ?? {}) as Record<string, unknown>;
		// "Create a fulfillment for one or many fulfillment orders": 201 with the fulfillment.
		return json(201, {
			fulfillment: {
				id: nextId++,
				order_id: groups[0].fulfillment_order_id - 1,
				status: 'success',
				created_at: new Date().toISOString(),
				service: 'manual',
				shipment_status: null,
				tracking_company: tracking.company ?? null,
				tracking_number: tracking.number ?? null,
				tracking_numbers: tracking.number ? [tracking.number] : [],
				tracking_url: tracking.url ?? null,
				tracking_urls: tracking.url ? [tracking.url] : [],
				name: '#1042.1',
			},
		});
	}
	const order = /^\/admin\/api\/[\d-]+\/orders\/(\d+)\.json$/.exec(path);
	if (order && method === 'PUT') {
		const changes = (body.order ?? {}) as Record<string, unknown>;
		return json(200, { order: { id: Number(order[1]), updated_at: new Date().toISOString(), ...changes } });
	}
	return json(404, { errors: 'Not Found' });
}

/** `onRequest` hears each request's method, path and answer status (never its headers or body). */
export async function startShopStandIn(options: { port?: number; host?: string; onRequest?: (line: string) => void } = {}): Promise<ShopStandIn> {
	const host = options.host ?? '127.0.0.1';
	const requests: ShopRequest[] = [];
	let url = '';
	const woo = new WooCommerceShop(() => url);
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown = text;
			try {
				body = text ? JSON.parse(text) : {};
			} catch {
				/* kept as text */
			}
			const asked = new URL(req.url ?? '/', `http://${host}`);
			const method = req.method ?? 'GET';
			const object = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
			const platform = asked.pathname.startsWith('/wp-json/') ? 'woocommerce' : asked.pathname.startsWith('/admin/api/') ? 'shopify' : 'unknown';
			const receivedAt = new Date().toISOString();
			const answer =
				platform === 'woocommerce' ? await woocommerce(woo, method, asked, req.headers, object) : platform === 'shopify' ? shopify(method, asked.pathname, req.headers, object) : await customer(woo, method, asked.pathname, object);
			requests.push({ platform, method, path: asked.pathname, query: asked.search, headers: req.headers, body, status: answer.status, receivedAt });
			options.onRequest?.(`${method} ${asked.pathname} -> ${answer.status}`);
			res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	url = `http://${host}:${port}`;
	return {
		url,
		requests,
		woo,
		clear: () => void requests.splice(0, requests.length),
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
