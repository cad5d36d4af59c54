/**
 * npm run post-order -- woocommerce | shopify | shop: posts the sample order of examples/data/ to the example's
 * webhook in the n8n `npm start` runs, as the platform would: made now, signed with this install's secret
 * (.n8n-cache/webhook-secret), with the platform's headers. Prints the webhook's answer, never the secret.
 * Another n8n port: $CARGUS_N8N_PORT.
 *
 * WooCommerce: the order is placed in the shop stand-in ($CARGUS_SHOP_PORT, 4100), which delivers it to the webhooks
 * example 6's WooCommerce Trigger made there, signed with the trigger's secret; `woocommerce-paid` places it as a
 * pending card order and then pays it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/launcher';
import { shopDelivery, shopifyDelivery, type Delivery } from './lib/shop-deliveries';

const SECRET_FILE = path.join(ROOT, '.n8n-cache', 'webhook-secret');
const sample = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', file), 'utf8')) as Record<string, unknown>;

const PLATFORMS: Record<string, { path: string; delivery: (secret: string, now: string) => Delivery }> = {
	shopify: { path: 'cargus-shopify-order', delivery: (secret, now) => shopifyDelivery({ ...sample('shopify-order.json'), created_at: now }, secret) },
	shop: { path: 'cargus-pickup-order', delivery: (secret, now) => shopDelivery({ ...sample('shop-order.json'), createdAt: now }, secret) },
};

/** Places the sample order in the shop stand-in (and pays it); prints what the stand-in's webhooks were answered. */
async function placeInWooCommerce(paid: boolean): Promise<void> {
	const shop = `http://127.0.0.1:${process.env.CARGUS_SHOP_PORT ?? 4100}/stand-in/woocommerce/orders`;
	const now = new Date().toISOString().slice(0, 19);
	const order: Record<string, unknown> = { ...sample('woocommerce-order.json'), date_created: now, date_created_gmt: now, ...(paid ? { status: 'pending', payment_method: 'stripe', payment_method_title: 'Card' } : {}) };
	const steps: Array<[string, unknown]> = [[shop, order], ...(paid ? ([[`${shop}/${String(order.id)}/pay`, {}]] as Array<[string, unknown]>) : [])];
	for (const [url, body] of steps) {
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		const answer = (await response.json()) as { deliveries?: Array<{ topic: string; status: number }>; error?: string };
		process.stdout.write(`POST ${url}: ${response.status}; delivered ${(answer.deliveries ?? []).map((delivery) => `${delivery.topic} -> ${delivery.status}`).join(', ') || 'to no webhook (is example 6 published?)'}${answer.error ? ` ${answer.error}` : ''}\n`);
		if (!response.ok) process.exitCode = 1;
	}
}

async function main(): Promise<void> {
	if (process.argv[2] === 'woocommerce' || process.argv[2] === 'woocommerce-paid') return await placeInWooCommerce(process.argv[2] === 'woocommerce-paid');
	const platform = PLATFORMS[process.argv[2] ?? ''];
	if (!platform) throw new Error(`say which order: npm run post-order -- woocommerce | woocommerce-paid | ${Object.keys(PLATFORMS).join(' | ')}`);
	if (!fs.existsSync(SECRET_FILE)) throw new Error(`no ${path.relative(ROOT, SECRET_FILE)}: npm start makes it`);
	const secret = fs.readFileSync(SECRET_FILE, 'utf8').trim();
	const url = `http://127.0.0.1:${process.env.CARGUS_N8N_PORT ?? 5678}/webhook/${platform.path}`;
	const { headers, body } = platform.delivery(secret, new Date().toISOString());
	const response = await fetch(url, { method: 'POST', headers, body });
	process.stdout.write(`POST ${url}: ${response.status} ${await response.text()}\n`);
	if (!response.ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
	process.stderr.write(`post-order failed: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
