/** Example 1 in the real n8n server: a shop order posted to its webhook, as the shop would. */
import fs from 'node:fs';
import path from 'node:path';

import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import { postToWebhook } from './webhookFlow';
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

/** Posts the order to example 1's webhook (the example must be published) and answers what the webhook answered. */
export async function sendShopOrder(live: Launched, order: ShopOrder): Promise<{ text: string; answer: ShopOrderAnswer }> {
	const webhook = example(SHOP_ORDER_WORKFLOW).nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!webhook) throw new Error('example 1 has no Webhook node');
	const text = await postToWebhook(live, String(webhook.parameters.path), order);
	return { text, answer: JSON.parse(text) as ShopOrderAnswer };
}
