import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Engine } from '../helpers/engine';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

const OTHER_ACCOUNT = { username: 'other', password: 'other-password', apiKey: 'other-key' };

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.control.clearFaults();
});

async function barcodes(count: number): Promise<string[]> {
	return (await sandbox.control.shipments()).slice(0, count).map((shipment) => shipment.barcode);
}

/** The user edits the credential in its dialog and saves: the hidden token stays as it was. */
function editCredential(engine: Engine, changes: ICredentialDataDecryptedObject): void {
	engine.setCredential({ ...engine.storedCredential(), ...changes });
}

/** An engine that has logged in once and has the token stored. */
async function engineWithToken(): Promise<Engine> {
	const engine = engineFor(sandbox);
	const [code] = await barcodes(1);
	const { error } = await runOperation(engine, 'shipment', 'track', { barcodes: code });
	expect(error).toBeUndefined();
	expect(String(engine.storedCredential().token)).not.toBe('');
	await sandbox.control.clearRequests();
	return engine;
}

function trackEach(codes: string[], count: number) {
	return { input: Array.from({ length: count }, (_, index) => ({ barcode: codes[index % codes.length] })) };
}

test('After the password changes, Test fails with the login error and no request carries the old token', async () => {
	const engine = await engineWithToken();
	editCredential(engine, { password: 'not-the-password' });

	const result = await engine.testCredential();
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^Cargus login failed for account "sandbox" \(HTTP 409 at \/api\/LoginUser and at \/api\/LoginUser\/Juridic: /);
	expect(result.message).not.toContain('not-the-password');

	const { error } = await runOperation(engine, 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, trackEach(await barcodes(3), 20));
	expect(error?.message).toMatch(/^Cargus login failed for account "sandbox"/);
	const log = await requestsSeen(sandbox);
	expect(log.filter((entry) => entry.auth !== 'none')).toEqual([]);
	// The test's login tried both paths; the run was told at once (a refused login is not repeated for a minute).
	expect(log.filter((entry) => entry.operation === 'login').map((entry) => `${entry.status} ${entry.path}`)).toEqual(['409 /api/LoginUser', '409 /api/LoginUser/Juridic']);
});

test('After switching to another account (username, password and key), every request carries the new account\'s token', async () => {
	const engine = await engineWithToken();
	editCredential(engine, OTHER_ACCOUNT);

	expect(await engine.testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
	const { items, error } = await runOperation(engine, 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, trackEach(await barcodes(3), 50));
	expect(error).toBeUndefined();
	expect(items).toHaveLength(50);

	const log = await requestsSeen(sandbox);
	const traces = log.filter((entry) => entry.operation === 'trace');
	expect(traces).toHaveLength(50);
	expect(new Set(traces.map((entry) => `${entry.auth} ${entry.status} ${entry.account}`))).toEqual(new Set(['bearer 200 other']));
	expect(log.filter((entry) => entry.operation === 'login').map((entry) => entry.account)).toEqual(['other', 'other']);
});

test('Test logs in with what the dialog shows even when a valid token is stored', async () => {
	const engine = await engineWithToken();
	expect(await engine.testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
	expect((await requestsSeen(sandbox)).map((entry) => `${entry.operation} ${entry.status}`)).toEqual(['login 200']);
});

test.each([
	['the environment', { baseUrl: 'http://127.0.0.1:1' }],
	['the login type', { loginEndpoint: '/api/LoginUser' }],
	['the username', { username: ' sandbox2 ' }],
])('Changing %s makes the stored token unusable: no request carries a token before a login with the new values', async (_what, change) => {
	const engine = await engineWithToken();
	editCredential(engine, change);
	await runOperation(engine, 'shipment', 'track', { barcodes: (await barcodes(1))[0] });
	const log = await requestsSeen(sandbox);
	const firstWithToken = log.findIndex((entry) => entry.auth !== 'none');
	const firstLogin = log.findIndex((entry) => entry.operation === 'login' && entry.status === 200);
	expect(firstWithToken === -1 || (firstLogin !== -1 && firstLogin < firstWithToken)).toBe(true);
});

test('A gateway 401 about the subscription key is reported at once, with no login, for every item', async () => {
	const engine = await engineWithToken();
	const body = { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' };
	await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 401, body });

	const { items, error } = await runOperation(engine, 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, {
		...trackEach(await barcodes(3), 100),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(100);
	expect(new Set(items.map((item) => item.error?.message))).toEqual(
		new Set(['Cargus rejected the subscription key (HTTP 401: Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.)']),
	);
	const log = await requestsSeen(sandbox);
	expect(log.filter((entry) => entry.operation === 'login')).toHaveLength(0);
	expect(log.filter((entry) => entry.operation === 'trace')).toHaveLength(100);
});

test('A wrong subscription key with no usable token: one login attempt for 100 items, reported as a key problem', async () => {
	const engine = engineFor(sandbox, { apiKey: 'wrong-key' });
	const { error } = await runOperation(engine, 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, trackEach(await barcodes(3), 100));
	expect(error?.message).toMatch(/^Cargus rejected the subscription key/);
	expect(error?.message).not.toContain('wrong-key');
	const log = await requestsSeen(sandbox);
	expect(log.map((entry) => `${entry.operation} ${entry.status}`)).toEqual(['login 401']);
});
