import { request } from 'undici';

import { bindToken, fingerprintOf } from '../../nodes/shared/transport/boundToken';
import type { Engine } from '../helpers/engine';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ITEMS = 1000;
// Thousands of credential reads, one at a time as n8n's database serves them: slow on a busy machine.
jest.setTimeout(1_200_000);
const trackEachItem = { barcodes: '={{ $json.barcode }}' };

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.control.clearFaults();
});

async function itemsTracking(count: number) {
	const codes = (await sandbox.control.shipments()).slice(0, 20).map((shipment) => shipment.barcode);
	return Array.from({ length: count }, (_, index) => ({ barcode: codes[index % codes.length] }));
}

/** Runs the tracking of `count` items and returns what the sandbox saw. */
async function trackAll(engine: Engine, count = ITEMS) {
	const { items, error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: await itemsTracking(count) });
	const log = await requestsSeen(sandbox);
	return {
		items,
		error,
		logins: log.filter((entry) => entry.operation === 'login').length,
		/** Items that came out with their shipment's trace. */
		answered: items.filter((item) => typeof item.json.Code === 'string' && Array.isArray(item.json.Event)).length,
	};
}

type StoredToken = 'none' | '401' | 'failed-to-authenticate';

/** A fresh engine, with no token, or with a stored token the sandbox has just expired (answering 401 or "Failed to authenticate!"). */
async function engineWith(token: StoredToken): Promise<Engine> {
	const engine = engineFor(sandbox);
	if (token === 'none') return engine;
	await trackAll(engine, 1);
	await sandbox.control.setSettings({ expiredTokenAnswer: token });
	await sandbox.control.expireTokens();
	await sandbox.control.clearRequests();
	return engine;
}

test.each([
	['no token yet', 'none'],
	['a stored token that expired (401)', '401'],
	['a stored token that expired (200 "Failed to authenticate!")', 'failed-to-authenticate'],
] as Array<[string, StoredToken]>)('1,000 items with %s: one login, every item answered', async (_situation, token) => {
	const { items, error, logins, answered } = await trackAll(await engineWith(token));
	expect(error).toBeUndefined();
	expect(items).toHaveLength(ITEMS);
	expect(answered).toBe(ITEMS);
	expect(logins).toBe(1);
});

test.each([
	['with no token', 'none'],
	['right after the token expired', '401'],
] as Array<[string, StoredToken]>)('5 executions of 100 items started together %s: one login', async (_situation, token) => {
	const engine = await engineWith(token);
	const input = await itemsTracking(100);
	const runs = await Promise.all(Array.from({ length: 5 }, async () => await runOperation(engine, 'shipment', 'track', trackEachItem, { input })));
	expect(runs.map((run) => run.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
	expect(runs.map((run) => run.items.length)).toEqual([100, 100, 100, 100, 100]);
	expect(await requestsSeen(sandbox, 'login')).toHaveLength(1);
});

test('The credential store reads like a database: a fresh copy per item, never one shared object', async () => {
	const engine = engineFor(sandbox);
	const before = engine.credentials.reads;
	await trackAll(engine, 100);
	expect(engine.credentials.reads - before).toBeGreaterThanOrEqual(100);
});

test('The token another n8n process saved and this process\'s own both expire: one login, no item fails', async () => {
	const engine = await engineWith('none');
	await trackAll(engine, 1);
	// Another process logged in and saved its token in the shared database.
	const credential = engine.storedCredential();
	const login = await request(`${sandbox.url}/api/LoginUser/Juridic`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': String(credential.apiKey) },
		body: JSON.stringify({ UserName: credential.username, Password: credential.password }),
	});
	const othersToken = JSON.parse(await login.body.text()) as string;
	engine.setCredential({ ...credential, token: bindToken(othersToken, fingerprintOf(credential)) });
	await sandbox.control.expireTokens();
	await sandbox.control.clearRequests();

	const { items, error, logins, answered } = await trackAll(engine, 200);
	expect(error).toBeUndefined();
	expect(items).toHaveLength(200);
	expect(answered).toBe(200);
	expect(logins).toBe(1);
});

test('Each item reads the credential once (n8n reads it from its database every time), and nothing else reads it', async () => {
	const engine = await engineWith('none');
	await trackAll(engine, 1);
	const before = engine.credentials.reads;
	const { answered } = await trackAll(engine, 100);
	expect(answered).toBe(100);
	expect(engine.credentials.reads - before).toBe(100);
});
