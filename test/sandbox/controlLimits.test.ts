import { request } from 'undici';

import { MAX_BODY_DEPTH } from '../../sandbox/gateway/bodyParsers';
import { useSandbox } from './support';

const sandbox = useSandbox();

async function post(path: string, text: string): Promise<{ status: number; json: { message?: string } }> {
	const response = await request(`${sandbox.sandbox.url}/_sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
	return { status: response.statusCode, json: (await response.body.json()) as { message?: string } };
}

function nestedArrays(depth: number): string {
	return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function nestedObjects(depth: number): string {
	return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

afterEach(async () => {
	await sandbox.control.clearFaults();
});

describe('the control API refuses absurd input and stays usable', () => {
	test.each([
		['a fault body nested 100,000 levels deep in arrays', () => `{"kind":"status","status":500,"body":${nestedArrays(100_000)}}`],
		['a fault body nested 100,000 levels deep in objects', () => `{"kind":"status","status":500,"body":${nestedObjects(100_000)}}`],
		['a fault body one level too deep', () => `{"kind":"status","status":500,"body":${nestedArrays(MAX_BODY_DEPTH)}}`],
	])('%s: 400 with a message, and no fault is kept', async (_name, body) => {
		const { status, json } = await post('/faults', body());
		expect(status).toBe(400);
		expect(json.message).toBe(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
		expect(await sandbox.control.faults()).toEqual([]);
	});

	test('a body of 2 MB: 400 with a message, and no fault is kept', async () => {
		const { status, json } = await post('/faults', JSON.stringify({ kind: 'status', status: 500, body: 'x'.repeat(2 * 1024 * 1024) }));
		expect(status).toBe(400);
		expect(json.message).toBe('The request body is larger than 1048576 bytes.');
		expect(await sandbox.control.faults()).toEqual([]);
	});

	test('a body that is not JSON: 400 with a message', async () => {
		const { status, json } = await post('/faults', '{"kind":');
		expect(status).toBe(400);
		expect(json.message).toMatch(/^The request body is not valid JSON/);
	});

	test('more faults than the sandbox keeps: 400 once full, and the 1000 kept stay', async () => {
		for (let index = 0; index < 1000; index++) await sandbox.control.addFault({ kind: 'status', status: 503, operation: 'nothing-matches' });
		const { status, json } = await post('/faults', JSON.stringify({ kind: 'status', status: 500 }));
		expect(status).toBe(400);
		expect(json.message).toBe('at most 1000 faults at once: clear them first');
		expect(await sandbox.control.faults()).toHaveLength(1000);
	});

	test('after the absurd bodies, normal use works: a deep-enough fault body is kept, applied and cleared', async () => {
		await post('/faults', `{"kind":"status","status":500,"body":${nestedArrays(100_000)}}`);
		await post('/faults', JSON.stringify({ kind: 'status', status: 500, body: 'x'.repeat(2 * 1024 * 1024) }));
		const nested = JSON.parse(nestedObjects(MAX_BODY_DEPTH - 2)) as unknown;
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 409, body: { Message: 'injected', nested }, count: 1 });
		expect(await sandbox.control.faults()).toHaveLength(1);
		const [shipment] = await sandbox.control.shipments();
		await sandbox.client.login();
		const refused = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: shipment.barcode } });
		expect(refused.status).toBe(409);
		expect((refused.json as { Message: string }).Message).toBe('injected');
		const traced = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: shipment.barcode } });
		expect(traced.status).toBe(200);
		// The request log kept both traces, the injected fault named on the first; a reset empties it.
		const traces = await sandbox.control.requests('trace');
		expect(traces.map((entry) => [entry.status, entry.fault])).toEqual([[409, 'status'], [200, undefined]]);
		expect((await sandbox.control.clearFaults()).cleared).toBe(true);
		expect((await sandbox.control.reset()).seed).toEqual(expect.any(Number));
		expect(await sandbox.control.requests()).toEqual([]);
	});
});
