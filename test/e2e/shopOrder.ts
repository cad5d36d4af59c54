/** Example 1 in the real n8n server: a shop order posted to its webhook, as the shop would. */
import fs from 'node:fs';
import path from 'node:path';

import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import { shopDelivery } from '../../scripts/lib/shop-deliveries';
import { notYetServed } from './webhookFlow';
import { example } from './n8n-api';

export const SHOP_ORDER_WORKFLOW = 'cargusExample001';

export interface ShopOrder {
	orderNumber: string;
	total: number;
	[key: string]: unknown;
}

export interface ShopOrderAnswer {
	barcode?: string;
	orderNumber?: string;
	label?: { base64?: string };
	[key: string]: unknown;
}

/** examples/data/shop-order.json, with changes. */
export function shopOrder(changes: Partial<ShopOrder> = {}): ShopOrder {
	const order = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'shop-order.json'), 'utf8')) as ShopOrder;
	return { ...order, ...changes };
}

/** Example 1's webhook path. */
export function shopOrderPath(): string {
	const webhook = example(SHOP_ORDER_WORKFLOW).nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!webhook) throw new Error('example 1 has no Webhook node');
	return String(webhook.parameters.path);
}

/** Posts a delivery (headers and body) to example 1's webhook (published); answers its status and text, once n8n serves the webhook. */
export async function postShopOrder(live: Launched, delivery: { headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(`${live.editorUrl}webhook/${shopOrderPath()}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
		const text = await response.text();
		if (notYetServed(response.status, text) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			continue;
		}
		return { status: response.status, text };
	}
}

/** Posts the order to example 1's webhook, signed with the install's secret, and answers what the webhook answered. */
export async function sendShopOrder(live: Launched, order: ShopOrder): Promise<{ text: string; answer: ShopOrderAnswer }> {
	const { status, text } = await postShopOrder(live, shopDelivery(order, live.webhookSecret.value));
	if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}: ${text.slice(0, 300)}`);
	return { text, answer: JSON.parse(text) as ShopOrderAnswer };
}
