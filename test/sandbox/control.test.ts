import { request } from 'undici';
import { startSandbox } from '../../sandbox/index';
import { SandboxControl } from '../../sandbox/control/client';
import { SANDBOX_NOW } from '../helpers/sandbox';
import { useSandbox } from './support';

const sandbox = useSandbox();

afterEach(async () => {
	await sandbox.control.clearFaults();
});

describe('control API: state', () => {
	it('lists the accounts, the default one first', async () => {
		const accounts = await sandbox.control.accounts();
		expect(accounts[0]).toMatchObject({ username: 'sandbox', password: 'sandbox', subscriptionKey: 'sandbox-key', clientId: expect.any(Number) });
		expect(accounts.length).toBeGreaterThanOrEqual(2);
	});

	it('seeds dozens of shipments in every state', async () => {
		const shipments = await sandbox.control.shipments();
		expect(shipments.length).toBeGreaterThanOrEqual(36);
		const states = new Set(shipments.map((s) => s.state));
		for (const state of ['delivered', 'in-transit', 'out-for-delivery', 'returned', 'delivery-failed', 'not-picked-up']) expect(states).toContain(state);
		const future = shipments.filter((s) => s.plannedEvents.length > s.visibleEvents.length);
		expect(future.length).toBeGreaterThan(5);
	});

	it('is deterministic for a seed and different for another seed', async () => {
		const first = await sandbox.control.shipments();
		const again = await startSandbox({ port: 0, now: SANDBOX_NOW, clockMode: 'frozen', seed: 1 });
		const other = await startSandbox({ port: 0, now: SANDBOX_NOW, clockMode: 'frozen', seed: 2 });
		try {
			expect((await new SandboxControl(again.url).shipments()).map((s) => s.plannedEvents)).toEqual(first.map((s) => s.plannedEvents));
			expect((await new SandboxControl(other.url).shipments()).map((s) => s.barcode)).not.toEqual(first.map((s) => s.barcode));
		} finally {
			await again.stop();
			await other.stop();
		}
	});

	it('filters shipments by barcodes', async () => {
		const [a, , c] = await sandbox.control.shipments();
		expect((await sandbox.control.shipments([a.barcode, c.barcode])).map((s) => s.barcode)).toEqual([a.barcode, c.barcode]);
	});

	it('adds shipments whose events unfold from startAt every stepMinutes', async () => {
		const { now } = await sandbox.control.clock();
		const [created] = await sandbox.control.addShipments({ scenario: 'delivered', stepMinutes: 60 });
		expect(created.scenario).toBe('delivered');
		expect(created.plannedEvents.map((e) => e.EventId)).toEqual([70, 10, 11, 5, 21]);
		expect(created.visibleEvents.map((e) => e.EventId)).toEqual([70]);
		const trace = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: created.barcode } });
		expect((trace.json as Array<{ Event: unknown[] }>)[0].Event).toEqual(created.visibleEvents);
		await sandbox.control.advanceClock({ minutes: 120 });
		const [later] = await sandbox.control.shipments([created.barcode]);
		expect(later.visibleEvents.map((e) => e.EventId)).toEqual([70, 10, 11]);
		expect(new Date(now).getTime()).toBeLessThan(new Date((await sandbox.control.clock()).now).getTime());
	});

	it('adds shipments for each scenario, several at once, and at a given start', async () => {
		const paths = {
			delivered: [70, 10, 11, 5, 21], returned: [70, 10, 11, 5, 6, 10, 198], refused: [70, 10, 11, 5, 186, 197],
			'in-transit': [70, 10, 11], 'out-for-delivery': [70, 10, 11, 5], 'not-picked-up': [],
			'not-at-home': [70, 10, 11, 5, 110, 5, 21], 'wrong-address': [70, 10, 11, 5, 6, 10, 198], delayed: [70, 10, 212, 11, 5, 21],
		} as const;
		for (const [scenario, path] of Object.entries(paths)) {
			const created = await sandbox.control.addShipments({ scenario: scenario as keyof typeof paths, count: 2, startAt: '2026-11-01T08:00:00Z' });
			expect(created).toHaveLength(2);
			expect(created[0].plannedEvents.map((e) => e.EventId)).toEqual(path);
			expect(created[0].visibleEvents).toEqual(created[0].plannedEvents);
		}
		const random = await sandbox.control.addShipments({ scenario: 'random', count: 5 });
		expect(random).toHaveLength(5);
		await expect(sandbox.control.addShipments({ scenario: 'lost' as 'delivered' })).rejects.toThrow(/400/);
	});

	it('resets to the seeded state', async () => {
		await sandbox.control.reset();
		const seeded = await sandbox.control.shipments();
		await sandbox.control.addShipments({ count: 3 });
		expect((await sandbox.control.shipments()).length).toBe(seeded.length + 3);
		await sandbox.control.reset();
		expect(await sandbox.control.shipments()).toEqual(seeded);
		expect((await sandbox.control.clock()).now).toBe(new Date(SANDBOX_NOW).toISOString());
		await sandbox.client.login();
	});
});

describe('control API: clock', () => {
	it('moves forward by seconds, minutes, hours and days', async () => {
		const start = new Date((await sandbox.control.clock()).now).getTime();
		const { now } = await sandbox.control.advanceClock({ days: 1, hours: 1, minutes: 1, seconds: 1 });
		expect(new Date(now).getTime() - start).toBe(((24 + 1) * 60 + 1) * 60000 + 1000);
		await sandbox.control.reset();
		await sandbox.client.login();
	});
});

describe('control API: faults', () => {
	const trace = () => sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: '123456789' } });

	it('injects a status for a number of requests to an operation', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'status', status: 500, count: 2 });
		expect((await trace()).status).toBe(500);
		const second = await trace();
		expect(second.status).toBe(500);
		expect(second.json).toEqual({ Message: 'An error has occurred.' });
		expect((await trace()).status).toBe(204);
	});

	it('injects by path (case-insensitive) with a custom body', async () => {
		await sandbox.control.addFault({ path: '/api/noauth/getawbtrace', kind: 'status', status: 503, body: { message: 'down' }, count: 1 });
		const result = await trace();
		expect(result.status).toBe(503);
		expect(result.json).toEqual({ message: 'down' });
	});

	it('an injected 429 looks like the gateway\'s: Retry-After and its JSON body', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'status', status: 429, count: 1 });
		const result = await trace();
		expect(result.status).toBe(429);
		expect(result.headers['retry-after']).toBe('1');
		expect(result.json).toEqual({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' });
	});

	it('injects malformed bodies', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'malformed', count: 1 });
		const result = await trace();
		expect(result.status).toBe(200);
		expect(() => JSON.parse(result.text)).toThrow();
	});

	it('injects truncated bodies: the connection closes before the declared length', async () => {
		const [shipment] = await sandbox.control.shipments();
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'truncated', count: 1 });
		await sandbox.control.clearRequests();
		await expect(sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: shipment.barcode } })).rejects.toThrow();
		expect((await sandbox.control.requests()).map((e) => e.status)).toEqual([0]);
		expect((await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: shipment.barcode } })).status).toBe(200);
	});

	it('injects connection resets', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'reset', count: 1 });
		await sandbox.control.clearRequests();
		await expect(trace()).rejects.toThrow();
		expect((await sandbox.control.requests()).map((e) => e.status)).toEqual([0]);
		expect((await trace()).status).toBe(204);
	});

	it('injects latency', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'latency', latencyMs: 50, count: 1 });
		expect((await trace()).status).toBe(204);
		expect(await sandbox.control.faults()).toEqual([]);
	});

	it('injects by probability with the seeded random generator, and clears', async () => {
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'status', status: 500, probability: 0.5 });
		const statuses: number[] = [];
		for (let i = 0; i < 40; i++) statuses.push((await trace()).status);
		expect(statuses).toContain(500);
		expect(statuses).toContain(204);
		await sandbox.control.clearFaults();
		expect((await trace()).status).toBe(204);
	});

	it('applies only to the given method', async () => {
		await sandbox.control.addFault({ path: '/api/NoAuth/GetAwbTrace', method: 'POST', kind: 'status', status: 500 });
		expect((await trace()).status).toBe(204);
	});

	it('refuses an unknown fault kind', async () => {
		await expect(sandbox.control.addFault({ kind: 'explode' as 'status' })).rejects.toThrow(/400/);
	});
});

describe('control API: every operation by its name', () => {
	const OPERATIONS: Array<[string, string, string]> = [
		['createClickCollect', 'POST', '/api/PickupLocations/PostClickCollect'], ['updatePickupLocation', 'PUT', '/api/PickupLocations'],
		['sendOrder', 'POST', '/api/Orders'], ['getOrder', 'GET', '/api/Orders/GetByOrderId'], ['createReturnAwb', 'POST', '/api/NoAuth/GenerateRwb'],
		['traceOneRequest', 'GET', '/api/AwbTrace/GetAwbTraceOneRequest'], ['trace', 'GET', '/api/AwbTrace'], ['traceNoAuth', 'GET', '/api/NoAuth/GetAwbTrace'],
		['awbStatus', 'GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode'], ['cashAccount', 'GET', '/api/CashAccount'], ['localities', 'GET', '/api/Localities'],
		['localitiesNoAuth', 'GET', '/api/NoAuth/GetLocalities'], ['invoices', 'GET', '/api/Invoices'], ['invoiceDocument', 'GET', '/api/InvoiceDocuments'],
		['orderDocuments', 'GET', '/api/OrderDocuments/GetByDate'], ['awbPdf', 'GET', '/api/PDF/AwbDocuments'], ['invoicePdf', 'GET', '/api/PDF/InvoiceDocuments'],
		['cashReceipts', 'POST', '/api/CashReceipts'], ['saveComplaint', 'POST', '/api/Complaints/SaveComplaint'],
		['login', 'POST', '/api/LoginUser/Juridic'], ['login', 'POST', '/api/LoginUser'],
	];

	it.each(OPERATIONS)('%s (%s %s) answers an injected 500 with the ASP.NET body and is logged under its name', async (operation, method, path) => {
		await sandbox.control.clearRequests();
		await sandbox.control.addFault({ operation, kind: 'status', status: 500, count: 1 });
		const result = await sandbox.client.call(method, path, { body: method === 'GET' ? undefined : {} });
		expect(result.status).toBe(500);
		expect(result.json).toEqual({ Message: 'An error has occurred.' });
		expect((await sandbox.control.requests()).map((e) => [e.operation, e.status])).toEqual([[operation, 500]]);
	});
});

describe('control API: request log', () => {
	it('records service requests with operation, status and auth kind, with the Token redacted', async () => {
		await sandbox.control.clearRequests();
		await sandbox.client.login();
		await sandbox.client.call('GET', '/api/CashAccount');
		await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { token: null, query: { InvoiceId: 1, Token: 'secret-token' } });
		await sandbox.client.call('GET', '/api/Unknown');
		await sandbox.control.clock();
		const log = await sandbox.control.requests();
		expect(log.map((e) => [e.operation, e.status, e.auth])).toEqual([
			['login', 200, 'none'], ['cashAccount', 200, 'bearer'], ['invoicePdf', 401, 'query-token'], ['unknown', 404, 'bearer'],
		]);
		expect(log[2].query.Token).toBe('[redacted]');
		expect(JSON.stringify(log)).not.toContain('secret-token');
		expect(log.map((e) => e.seq)).toEqual([...log.map((e) => e.seq)].sort((a, b) => a - b));
	});

	it('filters by operation and clears', async () => {
		await sandbox.client.call('POST', '/api/LoginUser', { body: { UserName: 'sandbox', Password: 'sandbox' }, token: null });
		expect((await sandbox.control.requests('login')).length).toBe(2);
		await sandbox.control.clearRequests();
		expect(await sandbox.control.requests()).toEqual([]);
	});

	it('keeps the newest requests, as many as requestLogSize says', async () => {
		const small = await startSandbox({ port: 0, now: SANDBOX_NOW, clockMode: 'frozen', requestLogSize: 3 });
		try {
			for (let i = 1; i <= 5; i++) await (await request(`${small.url}/api/NoAuth/GetAwbTrace?barCode=${i}`)).body.text();
			const log = await new SandboxControl(small.url).requests();
			expect(log.map((e) => e.query.barCode)).toEqual(['3', '4', '5']);
		} finally {
			await small.stop();
		}
	});
});

describe('control API: reach', () => {
	it('needs no subscription key and answers 404 for unknown control paths', async () => {
		const response = await request(`${sandbox.sandbox.url}/_sandbox/nothing`);
		expect(response.statusCode).toBe(404);
		await response.body.text();
	});
});
