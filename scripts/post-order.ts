/**
 * npm run post-order -- [woocommerce | woocommerce-paid | shopify | shop] [--id N]: places a new order, made now, in
 * the `npm start` running with the same variables (CARGUS_PORT_BASE and the other port variables: lib/ports.ts, the
 * one place both read them; CARGUS_START_DIR), each time another (a new id and number; `--id` chooses the id, which
 * must be new). Prints what the shop or the webhook answered, never the secret.
 *
 * woocommerce (the default): the order is placed in the WooCommerce stand-in, which keeps it and delivers it to the
 * webhooks example 6's WooCommerce Trigger made there, signed with the trigger's secret; `woocommerce-paid` places it
 * as a pending card order and then pays it. shopify: the order is placed in the Shopify stand-in, which keeps it and
 * delivers it to example 7's webhook, signed with this install's secret; `GET …/orders/{id}.json` at the stand-in
 * shows its fulfilment, the fulfilment's events and its payment as example 7 writes them. shop: the generic shop
 * order, posted to example 1's webhook signed with this install's secret (no shop keeps it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/launcher';
import { startPorts } from './lib/ports';
import { shopDelivery } from './lib/shop-deliveries';
import { STAND_IN_KEYS } from './lib/shop-stand-in';
import { startFolder, startVariables } from './lib/start-lock';

const PLATFORMS = ['woocommerce', 'woocommerce-paid', 'shopify', 'shop'] as const;
type Platform = (typeof PLATFORMS)[number];

const sample = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', file), 'utf8')) as Record<string, unknown>;
const ports = startPorts();
const started = `${startVariables()}npm start`;


/** A POST whose failure says which URL was tried and what to check. */
async function post(url: string, headers: Record<string, string>, body: string, what: string): Promise<{ status: number; text: string }> {
	let response: Response;
	try {
		response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(180_000) });
	} catch (error) {
		const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
		throw new Error(
			`could not reach ${what} at ${url} (${cause}). Is \`${started}\` running, with the same variables as here? It prints its ports when ready; ` +
				'CARGUS_PORT_BASE, CARGUS_N8N_PORT and CARGUS_SHOP_PORT must be the same for both commands.',
		);
	}
	return { status: response.status, text: await response.text() };
}

function parsed(text: string): Record<string, unknown> {
	try {
		return JSON.parse(text) as Record<string, unknown>;
	} catch {
		return { text };
	}
}

const now = () => new Date().toISOString().slice(0, 19);

function deliveriesLine(deliveries: unknown, none: string): string {
	const list = Array.isArray(deliveries) ? (deliveries as Array<{ topic: string; status: number; answer?: string }>) : [];
	if (list.length === 0) return none;
	return `delivered ${list.map((delivery) => `${delivery.topic} -> ${delivery.status === 0 ? `not delivered (${delivery.answer ?? ''})` : delivery.status}`).join(', ')}`;
}

async function placeInWooCommerce(paid: boolean, id: string | undefined): Promise<boolean> {
	const shop = `http://127.0.0.1:${ports.shopPort}/stand-in/woocommerce/orders`;
	const { id: _sampleId, number: _sampleNumber, order_key: _key, ...order } = sample('woocommerce-order.json');
	const placed: Record<string, unknown> = { ...order, ...(id ? { id: Number(id) } : {}), date_created: now(), date_created_gmt: now(), ...(paid ? { status: 'pending', payment_method: 'stripe', payment_method_title: 'Card' } : {}) };
	const answer = await post(shop, { 'content-type': 'application/json' }, JSON.stringify(placed), 'the WooCommerce stand-in');
	const body = parsed(answer.text);
	if (answer.status !== 201) {
		process.stderr.write(`POST ${shop}: ${answer.status} ${String(body.error ?? answer.text)}\n`);
		return false;
	}
	const kept = body.order as { id: number; number: string; status: string };
	const noWebhook = 'to no webhook: is example 6 published? (its WooCommerce Triggers make their webhooks in the shop when it is)';
	process.stdout.write(`WooCommerce order ${kept.id} (number ${kept.number}, ${kept.status}) placed at ${shop}: ${deliveriesLine(body.deliveries, noWebhook)}\n`);
	let ok = Array.isArray(body.deliveries) && body.deliveries.length > 0 && (body.deliveries as Array<{ status: number }>).every((delivery) => delivery.status >= 200 && delivery.status < 300);
	if (paid) {
		const pay = `${shop}/${kept.id}/pay`;
		const payment = await post(pay, { 'content-type': 'application/json' }, '{}', 'the WooCommerce stand-in');
		const paidBody = parsed(payment.text);
		process.stdout.write(`POST ${pay}: ${payment.status}; ${deliveriesLine(paidBody.deliveries, noWebhook)}\n`);
		ok &&= payment.status === 200;
	}
	process.stdout.write(`  the order as the shop keeps it: curl -u ${STAND_IN_KEYS.wooCommerce.consumerKey}:${STAND_IN_KEYS.wooCommerce.consumerSecret} http://127.0.0.1:${ports.shopPort}/wp-json/wc/v3/orders/${kept.id}   (/notes: its notes)\n`);
	return ok;
}

async function placeInShopify(id: string | undefined): Promise<boolean> {
	const shop = `http://127.0.0.1:${ports.shopPort}/stand-in/shopify/orders`;
	const { id: _sampleId, admin_graphql_api_id: _gid, ...order } = sample('shopify-order.json');
	const answer = await post(shop, { 'content-type': 'application/json' }, JSON.stringify({ ...order, ...(id ? { id: Number(id) } : {}), created_at: new Date().toISOString(), updated_at: new Date().toISOString() }), 'the Shopify stand-in');
	const body = parsed(answer.text);
	if (answer.status !== 201) {
		process.stderr.write(`POST ${shop}: ${answer.status} ${String(body.error ?? answer.text)}\n`);
		return false;
	}
	const kept = body.order as { id: number; name: string };
	const deliveries = (body.deliveries ?? []) as Array<{ status: number; answer: string }>;
	process.stdout.write(`Shopify order ${kept.id} (${kept.name}) placed at ${shop}: ${deliveriesLine(deliveries, 'to no webhook (npm start subscribes example 7 to orders/create)')}\n`);
	for (const delivery of deliveries) if (delivery.status !== 0) process.stdout.write(`  example 7 answered: ${delivery.answer}\n`);
	process.stdout.write(`  the order as the shop keeps it: curl -H 'X-Shopify-Access-Token: ${STAND_IN_KEYS.shopify.accessToken}' http://127.0.0.1:${ports.shopPort}/admin/api/2025-01/orders/${kept.id}.json\n`);
	const failed = deliveries.find((delivery) => delivery.status === 0 || delivery.status >= 300);
	if (failed) process.stderr.write(`example 7 did not take the order (${failed.status === 0 ? failed.answer : `HTTP ${failed.status}`}): is it published? is n8n up on port ${ports.n8nPort}? its log: the n8n log \`${started}\` printed\n`);
	return deliveries.length > 0 && !failed;
}

async function postToExampleOne(id: string | undefined): Promise<boolean> {
	const secretFile = path.join(startFolder(ROOT), 'webhook-secret');
	if (!fs.existsSync(secretFile)) throw new Error(`no ${secretFile}: \`${started}\` makes it at its first start`);
	const secret = fs.readFileSync(secretFile, 'utf8').trim();
	const url = `http://127.0.0.1:${ports.n8nPort}/webhook/cargus-pickup-order`;
	const order = sample('shop-order.json');
	const orderNumber = id ?? `${String(order.orderNumber)}-${now().replace(/\D/g, '')}`;
	const { headers, body } = shopDelivery({ ...order, orderNumber, createdAt: new Date().toISOString() }, secret);
	const answer = await post(url, headers, body, "example 1's webhook in n8n");
	process.stdout.write(`Shop order ${orderNumber} posted to ${url}: ${answer.status} ${answer.text}\n`);
	if (answer.status === 404) process.stderr.write(`n8n has no such webhook: is example 1 published (in the editor, http://127.0.0.1:${ports.n8nPort}/)?\n`);
	return answer.status >= 200 && answer.status < 300;
}

async function main(): Promise<void> {
	const { values, positionals } = parseArgs({ options: { id: { type: 'string' } }, allowPositionals: true });
	const platform = (positionals[0] ?? 'woocommerce') as Platform;
	if (!PLATFORMS.includes(platform) || positionals.length > 1) throw new Error(`say which order: npm run post-order -- ${PLATFORMS.join(' | ')} [--id N] (default woocommerce)`);
	if (values.id !== undefined && !/^\d+$/.test(values.id) && platform !== 'shop') throw new Error(`--id ${values.id}: an order id is a whole number`);
	const ok =
		platform === 'shopify' ? await placeInShopify(values.id) : platform === 'shop' ? await postToExampleOne(values.id) : await placeInWooCommerce(platform === 'woocommerce-paid', values.id);
	if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
	process.stderr.write(`post-order failed: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
