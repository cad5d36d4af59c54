/**
 * The WooCommerce shop of the shop stand-in (scripts/lib/shop-stand-in.ts): REST API v3 as WooCommerce documents it
 * for what example 6 and n8n's WooCommerce Trigger call. It keeps orders, products, notes and webhooks:
 * - webhooks: list, create (the ping is sent, synchronously, before the 201, as WC_REST_Webhooks_Controller does),
 *   delete (only with force=true); every order event is delivered to each active webhook of its topic, signed with
 *   that webhook's secret (WC_Webhook::deliver);
 * - orders: read, update (meta data by key; a status among WooCommerce's, with what WooCommerce does along with the
 *   change: its private note "Order status changed from … to …", the dates it sets on processing and completed, the
 *   stock taken on processing, on-hold or completed and given back on cancelled or pending) and notes; each update is
 *   delivered as order.updated, as WooCommerce does. WooCommerce's REST API takes any change between its statuses
 *   (WC_Abstract_Order::set_status checks only that the status exists): an unknown status is refused (400), nothing else;
 * - statusChanges: every status change of an order, in order, for a test to read the way an order went;
 * - products and their variations with weights, in the shop's weight unit (a setting, kg by default).
 */
import crypto from 'node:crypto';
import type http from 'node:http';

import { phpJson, wooCommercePing, type Delivery } from './shop-deliveries';
import { signatureOf } from './webhook-secret';

type Order = Record<string, unknown> & { id: number; status: string };

export interface Answer {
	status: number;
	body: unknown;
}

export interface WooWebhook {
	id: number;
	name: string;
	status: 'active' | 'paused' | 'disabled';
	topic: string;
	delivery_url: string;
	secret: string;
	date_created: string;
}

export interface WooNote {
	id: number;
	note: string;
	customer_note: boolean;
	date_created: string;
}

export interface WooProduct {
	id: number;
	name: string;
	/** In the shop's weight unit, as WooCommerce keeps it (a string, '' when not set). */
	weight: string;
	stock_quantity: number;
	/** A variation's product. */
	parent_id?: number;
}

/** One delivery the shop made to a webhook (the ping too), and what n8n answered. */
export interface WooDelivery {
	webhookId: number;
	topic: string;
	orderId?: number;
	status: number;
	answer: string;
}

export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'checkout-draft'];
/** wc_get_order_status_name: the names WooCommerce writes in its status-change note. */
const STATUS_NAMES: Record<string, string> = { pending: 'Pending payment', processing: 'Processing', 'on-hold': 'On hold', completed: 'Completed', cancelled: 'Cancelled', refunded: 'Refunded', failed: 'Failed', 'checkout-draft': 'Draft' };
/** wc_maybe_reduce_stock_levels runs on these statuses, wc_maybe_increase_stock_levels on the others listed. */
const STOCK_TAKEN_ON = ['processing', 'completed', 'on-hold'];
const STOCK_GIVEN_BACK_ON = ['cancelled', 'pending'];

export interface StatusChange {
	from: string;
	to: string;
	at: string;
}
export const WEIGHT_UNITS = ['kg', 'g', 'lbs', 'oz'];

/** The sample order's products (examples/data/woocommerce-order.json) and a product with variations. */
const PRODUCTS: WooProduct[] = [
	{ id: 93, name: 'Cană ceramică „Ceahlău”', weight: '0.45', stock_quantity: 40 },
	{ id: 101, name: 'Set ceai de munte', weight: '1.2', stock_quantity: 25 },
	{ id: 110, name: 'Tricou „Carpați”', weight: '', stock_quantity: 0 },
	{ id: 111, name: 'Tricou „Carpați” - M', weight: '0.2', stock_quantity: 12, parent_id: 110 },
	{ id: 112, name: 'Tricou „Carpați” - L', weight: '', stock_quantity: 9, parent_id: 110 },
	{ id: 120, name: 'Felicitare', weight: '', stock_quantity: 100 },
];

const json = (status: number, body: unknown): Answer => ({ status, body });
const wooDate = (at = new Date()) => at.toISOString().slice(0, 19);
const NO_ROUTE = json(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
const invalidOrder = () => json(404, { code: 'woocommerce_rest_shop_order_invalid_id', message: 'Invalid ID.', data: { status: 404 } });

export class WooCommerceShop {
	readonly orders = new Map<number, Order>();
	readonly notes = new Map<number, WooNote[]>();
	readonly products = new Map<number, WooProduct>(PRODUCTS.map((product) => [product.id, { ...product }]));
	readonly webhooks: WooWebhook[] = [];
	readonly statusChanges = new Map<number, StatusChange[]>();
	/** The orders whose items were taken from stock (WooCommerce's _order_stock_reduced). */
	private readonly stockTaken = new Set<number>();
	readonly deliveries: WooDelivery[] = [];
	weightUnit = 'kg';
	private nextId = 1;
	private pending: Array<Promise<void>> = [];

	constructor(private readonly baseUrl: () => string) {}

	/** A new order, as a checkout makes it: kept, then delivered as order.created to the webhooks of that topic. */
	async placeOrder(order: Record<string, unknown>): Promise<Order> {
		const kept = { ...order, id: Number(order.id), status: String(order.status ?? 'pending'), meta_data: [...((order.meta_data as unknown[]) ?? [])] } as Order;
		this.orders.set(kept.id, kept);
		if (STOCK_TAKEN_ON.includes(kept.status)) this.moveStock(kept, -1);
		await this.deliver('order.created', kept);
		return kept;
	}

	/**
	 * An order a customer places (npm run post-order): a new id and number, one more than the shop's highest (at least
	 * `firstId`), unless it names its own id, which must be new (a kept order is never replaced).
	 */
	async placeNewOrder(order: Record<string, unknown>, firstId: number): Promise<Order> {
		const asked = order.id === undefined || order.id === null || order.id === '' ? undefined : Number(order.id);
		if (asked !== undefined && (!Number.isInteger(asked) || asked < 1)) throw new Error(`an order id is a whole number from 1, not ${JSON.stringify(order.id)}`);
		if (asked !== undefined && this.orders.has(asked)) throw new Error(`the shop has an order ${asked} already (${String(this.orders.get(asked)?.status)}): leave out --id for a new order`);
		const id = asked ?? Math.max(firstId - 1, ...this.orders.keys()) + 1;
		return await this.placeOrder({ ...order, id, number: String(id), order_key: `wc_order_${crypto.randomBytes(6).toString('hex')}` });
	}

	/** The payment of a pending order arrives (a card payment): payment_complete() puts it in processing; order.updated. */
	async pay(orderId: number): Promise<Order> {
		const order = this.orders.get(orderId);
		if (!order) throw new Error(`the shop has no order ${orderId}`);
		if (['pending', 'on-hold', 'failed', 'cancelled'].includes(order.status)) this.setStatus(order, 'processing');
		await this.deliver('order.updated', order);
		return order;
	}

	/** Delivers an order event to every active webhook of its topic; `secret` signs it otherwise (a forged delivery). */
	async deliver(topic: string, order: Order, secret?: string): Promise<WooDelivery[]> {
		const hooks = this.webhooks.filter((hook) => hook.status === 'active' && hook.topic === topic);
		return await Promise.all(hooks.map((hook) => this.post(hook, topic, this.signed(hook, topic, this.payload(order), secret ?? hook.secret), order.id)));
	}

	/** Pings a webhook again, as *Save webhook* in WooCommerce's settings does. */
	async ping(webhookId: number): Promise<WooDelivery> {
		const hook = this.webhooks.find((candidate) => candidate.id === webhookId);
		if (!hook) throw new Error(`the shop has no webhook ${webhookId}`);
		return await this.post(hook, 'ping', wooCommercePing(hook.id));
	}

	/** Every delivery started by an update has ended (they run after the update's answer, as WooCommerce queues them). */
	async settled(): Promise<void> {
		while (this.pending.length > 0) await Promise.all(this.pending.splice(0));
	}

	/** The order as the REST API and a webhook give it: its links at this shop. */
	payload(order: Order): Order {
		const base = `${this.baseUrl()}/wp-json/wc/v3/orders`;
		return { ...order, _links: { self: [{ href: `${base}/${order.id}` }], collection: [{ href: base }] } };
	}

	async route(method: string, url: URL, body: Record<string, unknown>): Promise<Answer> {
		const path = url.pathname.replace(/^\/wp-json\/wc\/v3/, '');
		if (path === '/webhooks' && method === 'GET') return this.listWebhooks(url.searchParams);
		if (path === '/webhooks' && method === 'POST') return await this.createWebhook(body);
		const webhook = /^\/webhooks\/(\d+)$/.exec(path);
		if (webhook && method === 'DELETE') return this.deleteWebhook(Number(webhook[1]), url.searchParams.get('force'));
		const notes = /^\/orders\/(\d+)\/notes$/.exec(path);
		if (notes && method === 'POST') return this.addNote(Number(notes[1]), body);
		if (notes && method === 'GET') return this.orders.has(Number(notes[1])) ? json(200, [...(this.notes.get(Number(notes[1])) ?? [])].reverse()) : invalidOrder();
		const order = /^\/orders\/(\d+)$/.exec(path);
		if (order && method === 'GET') return this.orders.has(Number(order[1])) ? json(200, this.payload(this.orders.get(Number(order[1])) as Order)) : invalidOrder();
		if (order && (method === 'PUT' || method === 'POST')) return this.updateOrder(Number(order[1]), body);
		if (path === '/products' && method === 'GET') return json(200, this.listed([...this.products.values()].filter((product) => product.parent_id === undefined), url.searchParams));
		const product = /^\/products\/(\d+)$/.exec(path);
		if (product && method === 'GET') return this.oneProduct(Number(product[1]), undefined);
		const variation = /^\/products\/(\d+)\/variations\/(\d+)$/.exec(path);
		if (variation && method === 'GET') return this.oneProduct(Number(variation[2]), Number(variation[1]));
		const variations = /^\/products\/(\d+)\/variations$/.exec(path);
		if (variations && method === 'GET') return json(200, this.listed([...this.products.values()].filter((product) => product.parent_id === Number(variations[1])), url.searchParams));
		if (path === '/settings/products/woocommerce_weight_unit' && method === 'GET') {
			// "Retrieve a setting option": the option as its settings page shows it.
			return json(200, { id: 'woocommerce_weight_unit', label: 'Weight unit', description: 'This controls what unit you will define weights in.', type: 'select', default: 'kg', options: Object.fromEntries(WEIGHT_UNITS.map((unit) => [unit, unit])), tip: 'This controls what unit you will define weights in.', value: this.weightUnit });
		}
		if (path === '/products/categories' && method === 'GET') return json(200, []);
		return NO_ROUTE;
	}

	/**
	 * "Retrieve a product" (`parent` undefined) or "Retrieve a product variation": a variation's weight is its own, else
	 * its product's, as WooCommerce gives it in the view context (WC_Product_Variation::get_weight).
	 */
	private oneProduct(id: number, parent: number | undefined): Answer {
		const found = this.products.get(id);
		if (found === undefined || found.parent_id !== parent) {
			return json(404, { code: parent === undefined ? 'woocommerce_rest_product_invalid_id' : 'woocommerce_rest_product_variation_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
		}
		const [shown] = this.listed([found], new URLSearchParams()) as Array<Record<string, unknown>>;
		const inherited = parent === undefined || found.weight !== '' ? found.weight : (this.products.get(parent)?.weight ?? '');
		return json(200, { ...shown, weight: inherited });
	}

	/** include= and per_page= as the collection endpoints take them (per_page at most 100). */
	private listed(products: WooProduct[], query: URLSearchParams): Answer['body'] {
		const include = (query.get('include') ?? '').split(',').filter(Boolean).map(Number);
		const perPage = Math.min(100, Number(query.get('per_page') ?? 10));
		return products
			.filter((product) => include.length === 0 || include.includes(product.id))
			.slice(0, perPage)
			.map(({ parent_id: parent, ...product }) => ({ ...product, ...(parent === undefined ? { type: [...this.products.values()].some((other) => other.parent_id === product.id) ? 'variable' : 'simple' } : { parent_id: parent }), manage_stock: true }));
	}

	private listWebhooks(query: URLSearchParams): Answer {
		const status = query.get('status') ?? 'all';
		const perPage = Math.min(100, Number(query.get('per_page') ?? 10));
		return json(200, this.webhooks.filter((hook) => status === 'all' || hook.status === status).slice(0, perPage).map((hook) => this.shown(hook, false)));
	}

	/** A webhook as the REST API shows it; its secret only in the edit context (the answer to its creation). */
	private shown(hook: WooWebhook, edit: boolean): Record<string, unknown> {
		const [resource, event] = hook.topic.split('.');
		const { secret, ...rest } = hook;
		return { ...rest, resource, event, hooks: [`woocommerce_${resource}_${event}`], ...(edit ? { secret } : {}), date_created_gmt: hook.date_created, date_modified: hook.date_created, date_modified_gmt: hook.date_created };
	}

	private async createWebhook(body: Record<string, unknown>): Promise<Answer> {
		const missing = ['topic', 'delivery_url'].filter((field) => typeof body[field] !== 'string' || body[field] === '');
		if (missing.length > 0) return json(400, { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${missing.join(', ')}`, data: { status: 400, params: missing } });
		if (!/^(order|product|customer|coupon)\.(created|updated|deleted|restored)$/.test(String(body.topic))) return json(400, { code: 'woocommerce_rest_webhook_invalid_topic', message: 'Webhook topic is required and must be valid.', data: { status: 400 } });
		const hook: WooWebhook = {
			id: this.nextId++,
			name: typeof body.name === 'string' ? body.name : `Webhook created on ${new Date().toUTCString()}`,
			status: 'active',
			topic: String(body.topic),
			delivery_url: String(body.delivery_url),
			secret: typeof body.secret === 'string' && body.secret !== '' ? body.secret : crypto.randomBytes(24).toString('base64url'),
			date_created: wooDate(),
		};
		this.webhooks.push(hook);
		const ping = wooCommercePing(hook.id);
		await this.post(hook, 'ping', ping);
		return json(201, this.shown(hook, true));
	}

	private deleteWebhook(id: number, force: string | null): Answer {
		const index = this.webhooks.findIndex((hook) => hook.id === id);
		if (index < 0) return json(404, { code: 'woocommerce_rest_webhook_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
		if (force !== 'true' && force !== '1') return json(501, { code: 'woocommerce_rest_trash_not_supported', message: 'Webhooks do not support trashing.', data: { status: 501 } });
		const [hook] = this.webhooks.splice(index, 1);
		return json(200, this.shown(hook, true));
	}

	private addNote(orderId: number, body: Record<string, unknown>): Answer {
		if (!this.orders.has(orderId)) return invalidOrder();
		if (typeof body.note !== 'string' || body.note === '') return json(400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): note', data: { status: 400, params: ['note'] } });
		const note = this.keepNote(orderId, body.note, body.customer_note === true);
		// "Create an order note": 201 with the note.
		return json(201, { ...note, author: 'WooCommerce', date_created_gmt: note.date_created, added_by_user: false });
	}

	private updateOrder(orderId: number, body: Record<string, unknown>): Answer {
		const order = this.orders.get(orderId);
		if (!order) return invalidOrder();
		if (body.status !== undefined && !ORDER_STATUSES.includes(String(body.status))) {
			return json(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400, params: { status: `status is not one of ${ORDER_STATUSES.join(', ')}.` } } });
		}
		const meta = (order.meta_data as Array<{ id: number; key: string; value: unknown }>) ?? [];
		for (const entry of Array.isArray(body.meta_data) ? (body.meta_data as Array<{ key: string; value: unknown }>) : []) {
			const kept = meta.find((candidate) => candidate.key === entry.key);
			if (kept) kept.value = entry.value;
			else meta.push({ id: this.nextId++, key: entry.key, value: entry.value });
		}
		order.meta_data = meta;
		if (body.status !== undefined && body.status !== order.status) this.setStatus(order, String(body.status));
		// set_paid runs payment_complete(), which moves only an unpaid order (pending, on-hold, failed, cancelled).
		if (body.set_paid === true && ['pending', 'on-hold', 'failed', 'cancelled'].includes(order.status)) this.setStatus(order, 'processing');
		order.date_modified = wooDate();
		this.later(this.deliver('order.updated', order).then(() => undefined));
		return json(200, this.payload(order));
	}

	private keepNote(orderId: number, text: string, customerNote: boolean): WooNote {
		const note: WooNote = { id: this.nextId++, note: text, customer_note: customerNote, date_created: wooDate() };
		this.notes.set(orderId, [...(this.notes.get(orderId) ?? []), note]);
		return note;
	}

	/** A status change with what WooCommerce does along with it (WC_Order::status_transition and its hooks). */
	private setStatus(order: Order, status: string): void {
		const was = order.status;
		if (status === was) return;
		order.status = status;
		this.statusChanges.set(order.id, [...(this.statusChanges.get(order.id) ?? []), { from: was, to: status, at: wooDate() }]);
		this.keepNote(order.id, `Order status changed from ${STATUS_NAMES[was] ?? was} to ${STATUS_NAMES[status] ?? status}.`, false);
		if ((status === 'processing' || status === 'completed') && !order.date_paid) order.date_paid = wooDate();
		if (status === 'completed') order.date_completed = wooDate();
		if (STOCK_TAKEN_ON.includes(status)) this.moveStock(order, -1);
		if (STOCK_GIVEN_BACK_ON.includes(status)) this.moveStock(order, +1);
	}

	/** Takes the order's items from stock (-1) or gives them back (+1), each once, as _order_stock_reduced keeps it. */
	private moveStock(order: Order, direction: -1 | 1): void {
		if ((direction < 0) === this.stockTaken.has(order.id)) return;
		if (direction < 0) this.stockTaken.add(order.id);
		else this.stockTaken.delete(order.id);
		for (const item of (order.line_items as Array<{ product_id: number; variation_id: number; quantity: number }>) ?? []) {
			const product = this.products.get(item.variation_id || item.product_id);
			if (product) product.stock_quantity += direction * item.quantity;
		}
	}

	private later(work: Promise<void>): void {
		this.pending.push(work.catch(() => undefined));
	}

	private signed(hook: WooWebhook, topic: string, order: Order, secret: string): Delivery {
		const body = phpJson(order);
		const [resource, event] = topic.split('.');
		return {
			body,
			headers: {
				'content-type': 'application/json',
				'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
				'x-wc-webhook-source': `${this.baseUrl()}/`,
				'x-wc-webhook-topic': topic,
				'x-wc-webhook-resource': resource,
				'x-wc-webhook-event': event,
				'x-wc-webhook-signature': signatureOf(body, secret),
				'x-wc-webhook-id': String(hook.id),
				'x-wc-webhook-delivery-id': crypto.randomBytes(16).toString('hex'),
			},
		};
	}

	private async post(hook: WooWebhook, topic: string, delivery: Delivery, orderId?: number): Promise<WooDelivery> {
		let outcome: WooDelivery;
		try {
			const response = await fetch(hook.delivery_url, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(60_000) });
			outcome = { webhookId: hook.id, topic, orderId, status: response.status, answer: (await response.text()).slice(0, 500) };
		} catch (err) {
			outcome = { webhookId: hook.id, topic, orderId, status: 0, answer: err instanceof Error ? err.message : String(err) };
		}
		this.deliveries.push(outcome);
		return outcome;
	}
}

/** Whether a request to the stand-in carries the WooCommerce credential (HTTP Basic, or the keys in the query). */
export function wooCommerceAuthorized(headers: http.IncomingHttpHeaders, url: URL, keys: { consumerKey: string; consumerSecret: string }): boolean {
	const basic = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
	return headers.authorization === basic || (url.searchParams.get('consumer_key') === keys.consumerKey && url.searchParams.get('consumer_secret') === keys.consumerSecret);
}
