/**
 * What `npm start` and `npm run post-order` lean on to make one world that goes on: the ports both read from one
 * place, the lock that lets one start run per folder (a crashed one's taken over), the shops' customer paths that
 * place a new order each time, and the shop stand-in's orders kept across starts.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { DEFAULT_PORTS, startPorts } from '../../scripts/lib/ports';
import { startShopStandIn } from '../../scripts/lib/shop-stand-in';
import { takeStartLock } from '../../scripts/lib/start-lock';

const sample = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', file), 'utf8')) as Record<string, unknown>;

let folder: string;
beforeEach(() => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-start-'));
});
afterEach(() => {
	fs.rmSync(folder, { recursive: true, force: true });
});

describe('the ports npm start and post-order read (startPorts)', () => {
	it('are the defaults, all moved by CARGUS_PORT_BASE, then each by its own variable', () => {
		expect(startPorts({})).toEqual(DEFAULT_PORTS);
		expect(startPorts({ CARGUS_PORT_BASE: '6100' })).toMatchObject({ n8nPort: 6100, brokerPort: 6101, cliBrokerPort: 6102, sandboxPort: 6103, smtpPort: 6104, shopPort: 6111 });
		expect(startPorts({ CARGUS_PORT_BASE: '6100', CARGUS_SHOP_PORT: '7000', CARGUS_N8N_PORT: '7100' })).toMatchObject({ n8nPort: 7100, brokerPort: 7101, sandboxPort: 6103, shopPort: 7000 });
		expect(startPorts({ CARGUS_PORT_BASE: '' })).toEqual(DEFAULT_PORTS);
	});

	it('refuses a value that is no port, naming the variable', () => {
		expect(() => startPorts({ CARGUS_PORT_BASE: 'abc' })).toThrow('CARGUS_PORT_BASE=abc is not a port');
		expect(() => startPorts({ CARGUS_PORT_BASE: '65530' })).toThrow(/CARGUS_PORT_BASE=65530.*eleven after it/);
	});
});

describe('the lock of one npm start per folder', () => {
	it('is taken by the first start, names its process and addresses, and is free again once released', () => {
		const file = path.join(folder, 'start.lock');
		const first = takeStartLock(file, { sandbox: 'http://127.0.0.1:4000' });
		expect('release' in first).toBe(true);
		// The second start is another process: the lock names this one, which is alive and runs this script's command.
		const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; addresses: Record<string, string> };
		expect(held).toMatchObject({ pid: process.pid, addresses: { sandbox: 'http://127.0.0.1:4000' } });
		if ('release' in first) first.release();
		expect(fs.existsSync(file)).toBe(false);
	});

	it('is taken over from a start that is gone (its process ended without releasing it)', async () => {
		const file = path.join(folder, 'start.lock');
		const gone = spawn(process.execPath, ['-e', '0']);
		await new Promise((resolve) => gone.once('exit', resolve));
		fs.writeFileSync(file, JSON.stringify({ pid: gone.pid, startedAt: new Date().toISOString(), addresses: {} }));
		const taken = takeStartLock(file, { sandbox: 'http://127.0.0.1:6103' });
		expect('release' in taken).toBe(true);
		expect((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number }).pid).toBe(process.pid);
		if ('release' in taken) taken.release();
	});

	it('is taken over from a process that is alive but no npm start (a pid given to another program since)', async () => {
		const file = path.join(folder, 'start.lock');
		const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
		try {
			fs.writeFileSync(file, JSON.stringify({ pid: other.pid, startedAt: new Date().toISOString(), addresses: {} }));
			expect('release' in takeStartLock(file, {})).toBe(true);
		} finally {
			other.kill();
		}
	});

	it('stops a second start while the first runs', async () => {
		const file = path.join(folder, 'start.lock');
		// A stand-in of a running npm start: a process whose command line names scripts/start.ts.
		const script = path.join(folder, 'scripts', 'start.ts');
		fs.mkdirSync(path.dirname(script));
		fs.writeFileSync(script, 'setTimeout(() => {}, 20000);\n');
		const runningStart = spawn(process.execPath, [script]);
		try {
			fs.writeFileSync(file, JSON.stringify({ pid: runningStart.pid, startedAt: '2026-11-29T06:00:00.000Z', addresses: { 'n8n editor': 'http://127.0.0.1:6100/' } }));
			expect(takeStartLock(file, {})).toEqual({ running: { pid: runningStart.pid, startedAt: '2026-11-29T06:00:00.000Z', addresses: { 'n8n editor': 'http://127.0.0.1:6100/' } } });
		} finally {
			runningStart.kill();
		}
	});
});

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, body: await response.json() };
}

describe('the shops\' customer paths (npm run post-order)', () => {
	it('place a new WooCommerce order each time, and refuse an id the shop has', async () => {
		const shop = await startShopStandIn();
		try {
			const { id: _id, number: _number, ...order } = sample('woocommerce-order.json');
			const first = await post(`${shop.url}/stand-in/woocommerce/orders`, order);
			const second = await post(`${shop.url}/stand-in/woocommerce/orders`, order);
			expect([first.status, first.body.order.id, first.body.order.number]).toEqual([201, 5127, '5127']);
			expect([second.status, second.body.order.id, second.body.order.number]).toEqual([201, 5128, '5128']);
			expect(second.body.order.order_key).not.toBe(first.body.order.order_key);
			const again = await post(`${shop.url}/stand-in/woocommerce/orders`, { ...order, id: 5127 });
			expect(again).toEqual({ status: 400, body: { error: 'the shop has an order 5127 already (processing): leave out --id for a new order' } });
			expect(shop.woo.orders.size).toBe(2);
		} finally {
			await shop.stop();
		}
	});

	it('place a new Shopify order each time, kept and delivered signed to the subscribed webhook', async () => {
		const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
		const webhook = http.createServer((request, response) => {
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk.toString()));
			request.on('end', () => {
				received.push({ headers: request.headers, body });
				response.end('{"received":true}');
			});
		});
		await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', () => resolve()));
		const shop = await startShopStandIn();
		try {
			shop.shopify.subscribe('orders/create', `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook/cargus-shopify-order`, 'the-secret-of-this-install');
			const { id: _id, ...order } = sample('shopify-order.json');
			const first = await post(`${shop.url}/stand-in/shopify/orders`, order);
			const second = await post(`${shop.url}/stand-in/shopify/orders`, order);
			expect([first.body.order.id, first.body.order.name, second.body.order.id, second.body.order.name]).toEqual([6120483274103, '#1042', 6120483274104, '#1043']);
			expect(second.body.order.admin_graphql_api_id).toBe('gid://shopify/Order/6120483274104');
			expect(second.body.deliveries).toEqual([{ topic: 'orders/create', orderId: 6120483274104, status: 200, answer: '{"received":true}' }]);
			expect(received.map((delivery) => (JSON.parse(delivery.body) as { name: string }).name)).toEqual(['#1042', '#1043']);
			const signature = crypto.createHmac('sha256', 'the-secret-of-this-install').update(received[1].body).digest('base64');
			expect(received[1].headers).toMatchObject({ 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': signature });
			expect(shop.shopify.orders.get(6120483274104)).toMatchObject({ name: '#1043', fulfillments: [], transactions: [] });
			expect((await post(`${shop.url}/stand-in/shopify/orders`, { ...order, id: 6120483274103 })).status).toBe(400);
		} finally {
			await shop.stop();
			webhook.close();
		}
	});
});

describe('the shop stand-in with a state file (npm start\'s)', () => {
	it('keeps both shops\' orders across starts, and the next order goes on from them', async () => {
		const file = path.join(folder, 'shop-stand-in.json');
		const first = await startShopStandIn({ stateFile: file });
		const { id: _id, number: _number, ...order } = sample('woocommerce-order.json');
		await post(`${first.url}/stand-in/woocommerce/orders`, order);
		first.shopify.placeOrder({ ...sample('shopify-order.json') });
		await first.stop();

		const second = await startShopStandIn({ stateFile: file });
		try {
			expect([...second.woo.orders.keys()]).toEqual([5127]);
			expect([...second.shopify.orders.keys()]).toEqual([6120483274103]);
			expect((await post(`${second.url}/stand-in/woocommerce/orders`, order)).body.order.id).toBe(5128);
		} finally {
			await second.stop();
		}
	});
});
