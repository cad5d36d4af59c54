/**
 * A local stand-in of the two shop REST APIs the WooCommerce and Shopify examples write the AWB back to, for
 * `npm start` and the end-to-end test: it answers the few calls the examples make as the platforms document them
 * (WooCommerce REST API v3: order notes and order update; Shopify Admin REST API: fulfillment orders, fulfillments,
 * order update), checks their credentials as the platforms do, and keeps every request it received. It stores
 * nothing else: each order it is asked about exists.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the stand-in accepts (the "WooCommerce (local stand-in)" and "Shopify (local stand-in)" credentials). */
export const STAND_IN_KEYS = {
	wooCommerce: { consumerKey: 'ck_standin0000000000000000000000000000000', consumerSecret: 'cs_standin0000000000000000000000000000000' },
	shopify: { shopSubdomain: 'atelier-sandbox', accessToken: 'shpat_standin00000000000000000000', appSecretKey: 'standin-app-secret' },
};

export interface ShopRequest {
	platform: 'woocommerce' | 'shopify' | 'unknown';
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	body: unknown;
	status: number;
	receivedAt: string;
}

export interface ShopStandIn {
	url: string;
	/** Every request received since the start (or the last clear), oldest first. */
	requests: ShopRequest[];
	clear(): void;
	stop(): Promise<void>;
}

interface Answer {
	status: number;
	body: unknown;
}

const json = (status: number, body: unknown): Answer => ({ status, body });
let nextId = 1000;

function woocommerce(method: string, path: string, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Answer {
	const { consumerKey, consumerSecret } = STAND_IN_KEYS.wooCommerce;
	const basic = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
	if (headers.authorization !== basic) {
		return json(401, { code: 'woocommerce_rest_cannot_create', message: 'Sorry, you are not allowed to create resources.', data: { status: 401 } });
	}
	const now = new Date().toISOString().slice(0, 19);
	const note = /^\/wp-json\/wc\/v3\/orders\/(\d+)\/notes$/.exec(path);
	if (note && method === 'POST') {
		if (typeof body.note !== 'string' || body.note === '') return json(400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): note', data: { status: 400, params: ['note'] } });
		// woocommerce-rest-api-docs, "Create an order note": 201 with the note.
		return json(201, { id: nextId++, author: 'WooCommerce', date_created: now, date_created_gmt: now, note: body.note, customer_note: body.customer_note === true, added_by_user: false });
	}
	const order = /^\/wp-json\/wc\/v3\/orders\/(\d+)$/.exec(path);
	if (order && (method === 'PUT' || method === 'POST')) {
		// "Update an Order": 200 with the whole order; here the fields that were sent, meta data with ids.
		const meta = Array.isArray(body.meta_data) ? (body.meta_data as Array<Record<string, unknown>>).map((entry) => ({ id: nextId++, ...entry })) : [];
		return json(200, { id: Number(order[1]), status: 'processing', date_modified: now, ...body, meta_data: meta });
	}
	if (path === '/wp-json/wc/v3/products/categories' && method === 'GET') return json(200, []);
	return json(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
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
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown = text;
			try {
				body = text ? JSON.parse(text) : {};
			} catch {
				/* kept as text */
			}
			const url = new URL(req.url ?? '/', `http://${host}`);
			const method = req.method ?? 'GET';
			const object = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
			const platform = url.pathname.startsWith('/wp-json/') ? 'woocommerce' : url.pathname.startsWith('/admin/api/') ? 'shopify' : 'unknown';
			const answer =
				platform === 'woocommerce' ? woocommerce(method, url.pathname, req.headers, object) : platform === 'shopify' ? shopify(method, url.pathname, req.headers, object) : json(404, { error: 'not a shop API path' });
			requests.push({ platform, method, path: url.pathname, headers: req.headers, body, status: answer.status, receivedAt: new Date().toISOString() });
			options.onRequest?.(`${method} ${url.pathname} -> ${answer.status}`);
			res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host}:${port}`,
		requests,
		clear: () => void requests.splice(0, requests.length),
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
