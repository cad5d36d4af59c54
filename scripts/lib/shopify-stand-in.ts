/**
 * The Shopify shop of the shop stand-in (scripts/lib/shop-stand-in.ts): the Admin REST API calls example 7 makes and
 * the GraphQL mutations orderMarkAsPaid and fulfillmentEventCreate, as Shopify documents them. An order placed here (placeOrder) is kept as Shopify
 * holds it: its fulfilments with their tracking, their events (a fulfilment's shipment_status is its latest event's)
 * and its financial status. An order not placed here is answered as if it existed and nothing of it is kept.
 */
import { shopifyDelivery } from './shop-deliveries';
import type { Answer } from './woocommerce-stand-in';

/** FulfillmentEvent's statuses (Admin REST API, FulfillmentEvent › status). */
export const FULFILLMENT_EVENT_STATUSES = ['label_printed', 'label_purchased', 'attempted_delivery', 'ready_for_pickup', 'confirmed', 'in_transit', 'out_for_delivery', 'delivered', 'failure', 'carrier_picked_up', 'picked_up', 'delayed'];

export interface ShopifyFulfillmentEvent {
	id: number;
	fulfillment_id: number;
	order_id: number;
	status: string;
	message: string | null;
	happened_at: string;
	created_at: string;
}

export interface ShopifyFulfillment extends Record<string, unknown> {
	id: number;
	order_id: number;
	tracking_number: string | null;
	tracking_numbers: string[];
	shipment_status: string | null;
	events: ShopifyFulfillmentEvent[];
}

export type ShopifyOrder = Record<string, unknown> & {
	id: number;
	name: string;
	financial_status: string;
	total_outstanding: string;
	fulfillments: ShopifyFulfillment[];
	transactions: Array<Record<string, unknown>>;
};

const json = (status: number, body: unknown): Answer => ({ status, body });
const NOT_FOUND = json(404, { errors: 'Not Found' });
const API = /^\/admin\/api\/[\d-]+/;

/** A webhook subscription of the shop (Shopify's app settings: topic, address, the app's secret that signs it). */
export interface ShopifyWebhook {
	topic: string;
	address: string;
	secret: string;
}

/** One delivery the shop made to a webhook, and what it was answered. */
export interface ShopifyDelivery {
	topic: string;
	orderId: number;
	status: number;
	answer: string;
}

export class ShopifyShop {
	readonly orders = new Map<number, ShopifyOrder>();
	readonly webhooks: ShopifyWebhook[] = [];
	readonly deliveries: ShopifyDelivery[] = [];
	private nextId = 1000;

	/** Subscribes an address to a topic (one address per topic: a new one replaces the last). */
	subscribe(topic: string, address: string, secret: string): void {
		this.webhooks.splice(0, this.webhooks.length, ...this.webhooks.filter((hook) => hook.topic !== topic), { topic, address, secret });
	}

	/**
	 * An order a customer places (npm run post-order): a new id, number and name, one more than the shop's highest (at
	 * least `firstId`), unless it names its own id, which must be new; kept, then delivered as orders/create.
	 */
	async placeNewOrder(order: Record<string, unknown>, firstId: number): Promise<{ order: ShopifyOrder; deliveries: ShopifyDelivery[] }> {
		const asked = order.id === undefined || order.id === null || order.id === '' ? undefined : Number(order.id);
		if (asked !== undefined && (!Number.isInteger(asked) || asked < 1)) throw new Error(`an order id is a whole number from 1, not ${JSON.stringify(order.id)}`);
		if (asked !== undefined && this.orders.has(asked)) throw new Error(`the shop has an order ${asked} already (${String(this.orders.get(asked)?.name)}): leave out --id for a new order`);
		const kept = [...this.orders.values()];
		const id = asked ?? Math.max(firstId - 1, ...kept.map((other) => other.id)) + 1;
		const number = Math.max(Number(order.order_number ?? 1001) - 1, ...kept.map((other) => Number(other.order_number ?? 0))) + 1;
		const placed = this.placeOrder({ ...order, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, number: number - 1000, order_number: number, name: `#${number}` });
		const deliveries = await Promise.all(this.webhooks.filter((hook) => hook.topic === 'orders/create').map((hook) => this.deliver(hook, placed)));
		return { order: placed, deliveries };
	}

	private async deliver(hook: ShopifyWebhook, order: ShopifyOrder): Promise<ShopifyDelivery> {
		const { fulfillments: _fulfillments, transactions: _transactions, ...sent } = order;
		const delivery = shopifyDelivery({ ...sent, fulfillments: [] }, hook.secret);
		let outcome: ShopifyDelivery;
		try {
			const response = await fetch(hook.address, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(120_000) });
			outcome = { topic: hook.topic, orderId: order.id, status: response.status, answer: (await response.text()).slice(0, 500) };
		} catch (err) {
			outcome = { topic: hook.topic, orderId: order.id, status: 0, answer: err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err) };
		}
		this.deliveries.push(outcome);
		return outcome;
	}

	/** An order as Shopify's orders/create webhook sends it, kept from now on. */
	placeOrder(order: Record<string, unknown>): ShopifyOrder {
		const kept = { ...order, fulfillments: [], transactions: [] } as unknown as ShopifyOrder;
		this.orders.set(kept.id, kept);
		return kept;
	}

	route(method: string, url: URL, body: Record<string, unknown>): Answer {
		const path = url.pathname.replace(API, '');
		if (path === '/graphql.json' && method === 'POST') return this.graphql(body);
		if (path === '/orders.json' && method === 'GET') return this.listOrders(url.searchParams);
		const fulfillmentOrders = /^\/orders\/(\d+)\/fulfillment_orders\.json$/.exec(path);
		if (fulfillmentOrders && method === 'GET') return this.fulfillmentOrders(Number(fulfillmentOrders[1]));
		if (path === '/fulfillments.json' && method === 'POST') return this.fulfil(body);
		const events = /^\/orders\/(\d+)\/fulfillments\/(\d+)\/events\.json$/.exec(path);
		if (events && method === 'POST') return this.addEvent(Number(events[1]), Number(events[2]), body);
		const order = /^\/orders\/(\d+)\.json$/.exec(path);
		if (order && method === 'GET') return this.orders.has(Number(order[1])) ? json(200, { order: this.orders.get(Number(order[1])) }) : NOT_FOUND;
		if (order && method === 'PUT') return this.updateOrder(Number(order[1]), body);
		return NOT_FOUND;
	}

	/** GET /orders.json: `name` (the order's name, "#1042" or "1042") and `status` (open by default, any). */
	private listOrders(query: URLSearchParams): Answer {
		const name = query.get('name');
		const status = query.get('status') ?? 'open';
		const orders = [...this.orders.values()].filter(
			(order) => (name === null || order.name === name || order.name === `#${name}`) && (status === 'any' || (status === 'open' ? !order.closed_at && !order.cancelled_at : Boolean(order.closed_at))),
		);
		return json(200, { orders });
	}

	private fulfillmentOrders(orderId: number): Answer {
		const fulfilled = (this.orders.get(orderId)?.fulfillments.length ?? 0) > 0;
		// Admin REST API, FulfillmentOrder: one fulfillment order for the order's items, closed once fulfilled.
		return json(200, {
			fulfillment_orders: [
				{
					id: orderId + 1,
					shop_id: 70139215991,
					order_id: orderId,
					assigned_location_id: 81234567991,
					request_status: 'unsubmitted',
					status: fulfilled ? 'closed' : 'open',
					supported_actions: fulfilled ? [] : ['create_fulfillment', 'hold', 'move'],
					line_items: [{ id: orderId + 2, shop_id: 70139215991, fulfillment_order_id: orderId + 1, quantity: 1, line_item_id: orderId + 3, inventory_item_id: orderId + 4, fulfillable_quantity: fulfilled ? 0 : 1, variant_id: orderId + 5 }],
					fulfill_at: null,
					fulfillment_holds: [],
					delivery_method: { id: orderId + 6, method_type: 'shipping' },
				},
			],
		});
	}

	private fulfil(body: Record<string, unknown>): Answer {
		const fulfillment = (body.fulfillment ?? {}) as Record<string, unknown>;
		const groups = fulfillment.line_items_by_fulfillment_order as Array<{ fulfillment_order_id?: number }> | undefined;
		if (!Array.isArray(groups) || groups.length === 0 || typeof groups[0].fulfillment_order_id !== 'number') {
			return json(422, { errors: { line_items_by_fulfillment_order: ['is required'] } });
		}
		const tracking = (fulfillment.tracking_info ?? {}) as Record<string, unknown>;
		const orderId = groups[0].fulfillment_order_id - 1;
		const order = this.orders.get(orderId);
		const number = typeof tracking.number === 'string' ? tracking.number : null;
		const made: ShopifyFulfillment = {
			id: this.nextId++,
			order_id: orderId,
			status: 'success',
			created_at: new Date().toISOString(),
			service: 'manual',
			shipment_status: null,
			tracking_company: tracking.company ?? null,
			tracking_number: number,
			tracking_numbers: number ? [number] : [],
			tracking_url: tracking.url ?? null,
			tracking_urls: tracking.url ? [tracking.url] : [],
			name: `${order?.name ?? '#1042'}.${(order?.fulfillments.length ?? 0) + 1}`,
			events: [],
		};
		made.admin_graphql_api_id = `gid://shopify/Fulfillment/${made.id}`;
		if (order) {
			order.fulfillments.push(made);
			order.fulfillment_status = 'fulfilled';
		}
		const { events: _events, ...shown } = made;
		// "Create a fulfillment for one or many fulfillment orders": 201 with the fulfillment.
		return json(201, { fulfillment: shown });
	}

	/** POST …/fulfillments/{id}/events.json: the fulfilment's shipment_status becomes the event's status. */
	private addEvent(orderId: number, fulfillmentId: number, body: Record<string, unknown>): Answer {
		const fulfillment = this.orders.get(orderId)?.fulfillments.find((candidate) => candidate.id === fulfillmentId);
		if (!fulfillment) return NOT_FOUND;
		const input = (body.event ?? {}) as Record<string, unknown>;
		if (!FULFILLMENT_EVENT_STATUSES.includes(String(input.status))) return json(422, { errors: { status: ['is not included in the list'] } });
		const now = new Date().toISOString();
		const event: ShopifyFulfillmentEvent = {
			id: this.nextId++,
			fulfillment_id: fulfillmentId,
			order_id: orderId,
			status: String(input.status),
			message: typeof input.message === 'string' ? input.message : null,
			happened_at: typeof input.happened_at === 'string' ? input.happened_at : now,
			created_at: now,
		};
		fulfillment.events.push(event);
		fulfillment.shipment_status = event.status;
		return json(201, { fulfillment_event: event });
	}

	private updateOrder(orderId: number, body: Record<string, unknown>): Answer {
		const changes = (body.order ?? {}) as Record<string, unknown>;
		const order = this.orders.get(orderId);
		if (order) Object.assign(order, changes, { updated_at: new Date().toISOString() });
		return json(200, { order: order ?? { id: orderId, updated_at: new Date().toISOString(), ...changes } });
	}

	/** fulfillmentEventCreate: the event on the fulfilment its id names, as POST …/fulfillments/{id}/events.json adds it. */
	private fulfillmentEvent(body: Record<string, unknown>): Answer {
		const input = ((body.variables ?? {}) as { fulfillmentEvent?: Record<string, unknown> }).fulfillmentEvent ?? {};
		const id = Number(/^gid:\/\/shopify\/Fulfillment\/(\d+)$/.exec(String(input.fulfillmentId))?.[1]);
		const order = [...this.orders.values()].find((candidate) => candidate.fulfillments.some((fulfillment) => fulfillment.id === id));
		const refused = (message: string) => json(200, { data: { fulfillmentEventCreate: { fulfillmentEvent: null, userErrors: [{ field: ['fulfillmentEvent'], message }] } } });
		if (!order) return refused('Fulfillment does not exist');
		const added = this.addEvent(order.id, id, { event: { status: String(input.status ?? '').toLowerCase(), message: input.message, happened_at: input.happenedAt } });
		if (added.status !== 201) return refused(`Status is not included in the list: ${String(input.status)}`);
		const event = (added.body as { fulfillment_event: ShopifyFulfillmentEvent }).fulfillment_event;
		return json(200, { data: { fulfillmentEventCreate: { fulfillmentEvent: { id: `gid://shopify/FulfillmentEvent/${event.id}`, status: event.status.toUpperCase() }, userErrors: [] } } });
	}

	/**
	 * The GraphQL Admin API, for orderMarkAsPaid and fulfillmentEventCreate only: "An order can be marked as paid only if it has a positive
	 * outstanding balance and its financial status isn't already PAID"; a refusal is a userError in a 200 answer.
	 */
	private graphql(body: Record<string, unknown>): Answer {
		if (typeof body.query === 'string' && body.query.includes('fulfillmentEventCreate')) return this.fulfillmentEvent(body);
		if (typeof body.query !== 'string' || !body.query.includes('orderMarkAsPaid')) return json(200, { errors: [{ message: 'The shop stand-in answers only orderMarkAsPaid and fulfillmentEventCreate.' }] });
		const input = ((body.variables ?? {}) as { input?: { id?: unknown } }).input ?? {};
		const id = Number(/^gid:\/\/shopify\/Order\/(\d+)$/.exec(String(input.id))?.[1]);
		const order = this.orders.get(id);
		const refused = (message: string) => json(200, { data: { orderMarkAsPaid: { order: null, userErrors: [{ field: ['input', 'id'], message }] } } });
		if (!order) return refused('Order does not exist');
		if (order.financial_status === 'paid' || !(Number(order.total_outstanding) > 0)) return refused('Order cannot be marked as paid.');
		order.transactions.push({ id: this.nextId++, kind: 'sale', gateway: 'manual', status: 'success', amount: order.total_outstanding, created_at: new Date().toISOString() });
		order.financial_status = 'paid';
		order.total_outstanding = '0.00';
		return json(200, { data: { orderMarkAsPaid: { order: { id: order.admin_graphql_api_id, displayFinancialStatus: 'PAID', totalOutstandingSet: { shopMoney: { amount: '0.0', currencyCode: order.currency ?? 'RON' } } }, userErrors: [] } } });
	}
}
