/**
 * A local stand-in of the two shop REST APIs the WooCommerce and Shopify examples write the AWB back to, for
 * `npm start` and the end-to-end test: it answers the calls the examples make as the platforms document them,
 * checks their credentials as the platforms do, and keeps every request it received. WooCommerce is a shop of its own
 * (woocommerce-stand-in.ts: orders, products, webhooks it delivers to); so is Shopify (shopify-stand-in.ts: the orders
 * placed in it, with their fulfilments, fulfilment events and financial status; any other order it is asked about
 * exists and nothing of it is kept).
 *
 * For `npm run post-order` (another process), paths outside the platforms' APIs act as the shops' customer:
 * `POST /stand-in/woocommerce/orders` and `POST /stand-in/shopify/orders` (a new order placed, its body the order: a
 * new id and number unless it names an id, which must be new) and `POST /stand-in/woocommerce/orders/{id}/pay`.
 *
 * With a stateFile (npm start's) both shops keep their orders, notes, webhooks and the rest across starts: read at
 * start, written soon after each request that changed something and at stop.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { restoreSnapshot, snapshotOf } from '../../sandbox';

import { ShopifyShop } from './shopify-stand-in';
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
	/** The Shopify shop: the orders placed in it, their fulfilments and payments. */
	shopify: ShopifyShop;
	clear(): void;
	stop(): Promise<void>;
}

const json = (status: number, body: unknown): Answer => ({ status, body });

async function woocommerce(shop: WooCommerceShop, method: string, url: URL, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Promise<Answer> {
	if (!wooCommerceAuthorized(headers, url, STAND_IN_KEYS.wooCommerce)) {
		return json(401, { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
	}
	return await shop.route(method, url, body);
}

/** The first order id the shops give a new order (the sample orders' ids), when they hold none higher. */
export const FIRST_ORDER_IDS = { wooCommerce: 5127, shopify: 6120483274103 };

/** What npm run post-order asks of the shops as their customer would. */
async function customer(shop: WooCommerceShop, shopify: ShopifyShop, method: string, path: string, body: Record<string, unknown>): Promise<Answer> {
	const pay = /^\/stand-in\/woocommerce\/orders\/(\d+)\/pay$/.exec(path);
	try {
		if (method === 'POST' && path === '/stand-in/woocommerce/orders') {
			const order = await shop.placeNewOrder(body, FIRST_ORDER_IDS.wooCommerce);
			return json(201, { order, deliveries: shop.deliveries.filter((delivery) => delivery.orderId === order.id && delivery.topic === 'order.created') });
		}
		if (method === 'POST' && path === '/stand-in/shopify/orders') return json(201, await shopify.placeNewOrder(body, FIRST_ORDER_IDS.shopify));
		if (method === 'POST' && pay) return json(200, { order: await shop.pay(Number(pay[1])), deliveries: shop.deliveries.slice(-shop.webhooks.length) });
	} catch (err) {
		return json(400, { error: err instanceof Error ? err.message : String(err) });
	}
	return json(404, { error: 'not a shop API path' });
}

function shopify(shop: ShopifyShop, method: string, url: URL, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): Answer {
	if (headers['x-shopify-access-token'] !== STAND_IN_KEYS.shopify.accessToken) {
		return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
	}
	return shop.route(method, url, body);
}

/** `onRequest` hears each request's method, path and answer status (never its headers or body). */
export async function startShopStandIn(options: { port?: number; host?: string; onRequest?: (line: string) => void; stateFile?: string } = {}): Promise<ShopStandIn> {
	const host = options.host ?? '127.0.0.1';
	const requests: ShopRequest[] = [];
	let url = '';
	const woo = new WooCommerceShop(() => url);
	const shop = new ShopifyShop();
	const kept = options.stateFile ? keepShops(woo, shop, options.stateFile) : undefined;
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
				platform === 'woocommerce' ? await woocommerce(woo, method, asked, req.headers, object) : platform === 'shopify' ? shopify(shop, method, asked, req.headers, object) : await customer(woo, shop, method, asked.pathname, object);
			requests.push({ platform, method, path: asked.pathname, query: asked.search, headers: req.headers, body, status: answer.status, receivedAt });
			options.onRequest?.(`${method} ${asked.pathname} -> ${answer.status}`);
			res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(answer.body));
			if (method !== 'GET') kept?.soon();
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
		shopify: shop,
		clear: () => void requests.splice(0, requests.length),
		stop: async () => {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await woo.settled();
			kept?.stop();
		},
	};
}

/** Both shops kept in a file: read now if it is there, written soon after a change, every few seconds if changed, and at stop. */
function keepShops(woo: WooCommerceShop, shopify: ShopifyShop, file: string): { soon(): void; stop(): void } {
	if (fs.existsSync(file)) {
		try {
			const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { woo: Parameters<typeof restoreSnapshot>[1]; shopify: Parameters<typeof restoreSnapshot>[1] };
			restoreSnapshot(woo, kept.woo);
			restoreSnapshot(shopify, kept.shopify);
		} catch (error) {
			throw new Error(`the shop stand-in's orders kept in ${file} cannot be read (${error instanceof Error ? error.message : String(error)}); move that file away, or start over (npm start -- --fresh)`);
		}
	}
	let written = '';
	const save = () => {
		const text = JSON.stringify({ woo: snapshotOf(woo), shopify: snapshotOf(shopify) });
		if (text === written) return;
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(`${file}.tmp`, text);
		fs.renameSync(`${file}.tmp`, file);
		written = text;
	};
	let timer: NodeJS.Timeout | undefined;
	const every = setInterval(save, 5000);
	every.unref();
	return {
		soon: () => void (timer ??= setTimeout(() => ((timer = undefined), save()), 200)),
		stop: () => {
			clearInterval(every);
			if (timer) clearTimeout(timer);
			save();
		},
	};
}
