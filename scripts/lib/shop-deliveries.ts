/**
 * Orders as the platforms deliver them to a webhook, headers and bytes: WooCommerce (PHP's `wp_json_encode`, its
 * ping), Shopify, and the generic shop of example 1 (signed the same way, header X-Shop-Signature). Used by the
 * end-to-end runs and `npm run post-order`.
 */
import crypto from 'node:crypto';

import { signatureOf } from './webhook-secret';

type Order = Record<string, unknown>;

export interface Delivery {
	headers: Record<string, string>;
	body: string;
}

/** JSON as PHP's json_encode (WordPress' wp_json_encode) writes it without flags: "/" as `\/`, every non-ASCII character as `\uXXXX`. */
export function phpJson(value: unknown): string {
	return JSON.stringify(value)
		.replace(/\//g, '\\/')
		.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An order.created delivery as WooCommerce's WC_Webhook::deliver() sends it. */
export function wooCommerceDelivery(order: Order, secret: string): Delivery {
	const body = phpJson(order);
	return {
		body,
		headers: {
			'content-type': 'application/json',
			'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
			'x-wc-webhook-source': 'https://magazin.sandbox.example/',
			'x-wc-webhook-topic': 'order.created',
			'x-wc-webhook-resource': 'order',
			'x-wc-webhook-event': 'created',
			'x-wc-webhook-signature': signatureOf(body, secret),
			'x-wc-webhook-id': '12',
			'x-wc-webhook-delivery-id': crypto.randomBytes(16).toString('hex'),
		},
	};
}

/** The ping WooCommerce sends when a webhook is saved (WC_Webhook::deliver_ping): form-encoded, unsigned, no topic. */
export function wooCommercePing(webhookId = 12): Delivery {
	return {
		body: `webhook_id=${webhookId}`,
		headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)' },
	};
}

/** An orders/create delivery as Shopify sends it. */
export function shopifyDelivery(order: Order, secret: string): Delivery {
	const body = JSON.stringify(order);
	return {
		body,
		headers: {
			'content-type': 'application/json',
			'user-agent': 'Shopify-Captain-Hook',
			'x-shopify-topic': 'orders/create',
			'x-shopify-hmac-sha256': signatureOf(body, secret),
			'x-shopify-shop-domain': 'atelier-sandbox.myshopify.com',
			'x-shopify-api-version': '2025-01',
			'x-shopify-webhook-id': crypto.randomUUID(),
			'x-shopify-event-id': crypto.randomUUID(),
			'x-shopify-triggered-at': new Date().toISOString(),
		},
	};
}

/** An order to example 1's webhook, signed as its check wants: X-Shop-Signature, the base64 HMAC-SHA256 of the body. */
export function shopDelivery(order: Order, secret: string): Delivery {
	const body = JSON.stringify(order);
	return { body, headers: { 'content-type': 'application/json', 'x-shop-signature': signatureOf(body, secret) } };
}
