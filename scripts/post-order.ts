/**
 * npm run post-order -- woocommerce | shopify | shop: posts the sample order of examples/data/ to the example's
 * webhook in the n8n `npm start` runs, as the platform would: made now, signed with this install's secret
 * (.n8n-cache/webhook-secret), with the platform's headers. Prints the webhook's answer, never the secret.
 * Another n8n port: $CARGUS_N8N_PORT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/launcher';
import { shopDelivery, shopifyDelivery, wooCommerceDelivery, type Delivery } from './lib/shop-deliveries';

const SECRET_FILE = path.join(ROOT, '.n8n-cache', 'webhook-secret');
const sample = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', file), 'utf8')) as Record<string, unknown>;

const PLATFORMS: Record<string, { path: string; delivery: (secret: string, now: string) => Delivery }> = {
	woocommerce: {
		path: 'cargus-woocommerce-order',
		delivery: (secret, now) => wooCommerceDelivery({ ...sample('woocommerce-order.json'), date_created: now.slice(0, 19), date_created_gmt: now.slice(0, 19) }, secret),
	},
	shopify: { path: 'cargus-shopify-order', delivery: (secret, now) => shopifyDelivery({ ...sample('shopify-order.json'), created_at: now }, secret) },
	shop: { path: 'cargus-pickup-order', delivery: (secret, now) => shopDelivery({ ...sample('shop-order.json'), createdAt: now }, secret) },
};

async function main(): Promise<void> {
	const platform = PLATFORMS[process.argv[2] ?? ''];
	if (!platform) throw new Error(`say which order: npm run post-order -- ${Object.keys(PLATFORMS).join(' | ')}`);
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
