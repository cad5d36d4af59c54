import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const STANDARD = '/api/LoginUser';
const LEGAL_ENTITY = '/api/LoginUser/Juridic';
/** Accounts as Cargus may have them: one logs in only where the shop plugins do, one only as a company. */
const STANDARD_ONLY = { username: 'shop-standard', password: 'standard-password', subscriptionKey: 'standard-key', loginPaths: [STANDARD] };
const LEGAL_ENTITY_ONLY = { username: 'shop-company', password: 'company-password', subscriptionKey: 'company-key', loginPaths: [LEGAL_ENTITY] };

const sandbox = useSandbox({ extraUsers: [STANDARD_ONLY, LEGAL_ENTITY_ONLY] });

/** A credential of this account with no other field set: Account Type is whatever its default is. */
function engineAs(account: typeof STANDARD_ONLY, overrides: ICredentialDataDecryptedObject = {}) {
	return engineFor(sandbox, { username: account.username, password: account.password, apiKey: account.subscriptionKey, ...overrides });
}

/** The logins the sandbox saw, as "status path". */
async function loginsSeen(): Promise<string[]> {
	return (await requestsSeen(sandbox, 'login')).map((entry) => `${entry.status} ${entry.path}`);
}

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.control.clearFaults();
});

async function barcodes(count: number): Promise<string[]> {
	return (await sandbox.control.shipments()).slice(0, count).map((shipment) => shipment.barcode);
}

function itemsTracking(codes: string[], count: number) {
	return Array.from({ length: count }, (_, index) => ({ barcode: codes[index % codes.length] }));
}

const trackEachItem = { barcodes: '={{ $json.barcode }}' };

test('100 items with no token yet cause exactly one login', async () => {
	const codes = await barcodes(5);
	const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 100) });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(100);
	expect(await requestsSeen(sandbox, 'login')).toHaveLength(1);
	expect(await requestsSeen(sandbox, 'trace')).toHaveLength(100);
});

test('The token from the login is stored in the credential and reused by the next run', async () => {
	const engine = engineFor(sandbox);
	const [code] = await barcodes(1);
	await runOperation(engine, 'shipment', 'track', { barcodes: code });
	expect(String(engine.storedCredential().token)).not.toBe('');
	await runOperation(engine, 'shipment', 'track', { barcodes: code });
	expect(await requestsSeen(sandbox, 'login')).toHaveLength(1);
});

test('An expired token (401) is renewed during the run and no item fails', async () => {
	const engine = engineFor(sandbox);
	const codes = await barcodes(5);
	await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
	const oldToken = engine.storedCredential().token;
	await sandbox.control.expireTokens();
	await sandbox.control.clearRequests();
	const { items, error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 20) });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(20);
	const log = await requestsSeen(sandbox);
	expect(log.filter((entry) => entry.operation === 'trace' && entry.status === 401).length).toBeGreaterThan(0);
	expect(log.filter((entry) => entry.operation === 'login')).toHaveLength(1);
	expect(engine.storedCredential().token).not.toBe(oldToken);
});

test('An expired token answered with 200 "Failed to authenticate!" is renewed too', async () => {
	const engine = engineFor(sandbox);
	const codes = await barcodes(3);
	await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
	await sandbox.control.setSettings({ expiredTokenAnswer: 'failed-to-authenticate' });
	await sandbox.control.expireTokens();
	const { json, error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 3) });
	expect(error).toBeUndefined();
	expect(json.map((item) => item.Code)).toEqual(codes);
});

test('An expired token on a PDF download (Token query parameter) is renewed and the PDF arrives', async () => {
	const engine = engineFor(sandbox);
	const codes = await barcodes(1);
	await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
	await sandbox.control.expireTokens();
	const { items, error } = await runOperation(engine, 'document', 'getAwbPdf', { barcodes: codes[0] });
	expect(error).toBeUndefined();
	expect(Buffer.from(items[0].binary?.data.data ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
});

test('The credential test passes with the right key and account', async () => {
	expect(await engineFor(sandbox).testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
});

test('The credential test says the subscription key is wrong', async () => {
	const result = await engineFor(sandbox, { apiKey: 'wrong-key' }).testCredential();
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^Cargus rejected the subscription key/);
	expect(result.message).not.toContain('wrong-key');
});

test('The credential test says the account is wrong, naming it but not the password', async () => {
	const result = await engineFor(sandbox, { password: 'not-the-password' }).testCredential();
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^Cargus login failed for account "sandbox"/);
	expect(result.message).not.toContain('not-the-password');
});

test('The credential test of a key-only credential checks the key', async () => {
	expect(await engineFor(sandbox, { username: '', password: '' }).testCredential()).toMatchObject({ status: 'OK' });
	const wrong = await engineFor(sandbox, { username: '', password: '', apiKey: 'wrong-key' }).testCredential();
	expect(wrong.status).toBe('Error');
	expect(wrong.message).toMatch(/subscription key/);
});

test('An expired token answered with 200 "Failed to authenticate!" on a PDF download is renewed too', async () => {
	const engine = engineFor(sandbox);
	const codes = await barcodes(1);
	await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
	await sandbox.control.setSettings({ expiredTokenAnswer: 'failed-to-authenticate' });
	await sandbox.control.expireTokens();
	const { items, error } = await runOperation(engine, 'document', 'getAwbPdf', { barcodes: codes[0] });
	expect(error).toBeUndefined();
	expect(Buffer.from(items[0].binary?.data.data ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
});

test('The standard login endpoint is used when the credential asks for it', async () => {
	const [code] = await barcodes(1);
	const { error } = await runOperation(engineFor(sandbox, { loginEndpoint: '/api/LoginUser' }), 'shipment', 'track', { barcodes: code });
	expect(error).toBeUndefined();
	expect((await requestsSeen(sandbox, 'login')).map((entry) => entry.path)).toEqual(['/api/LoginUser']);
});

test('100 items whose stored token has expired are all answered, with one login', async () => {
	const engine = engineFor(sandbox);
	const codes = await barcodes(5);
	await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
	await sandbox.control.expireTokens();
	await sandbox.control.clearRequests();
	const { items, error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 100) });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(100);
	expect(await requestsSeen(sandbox, 'login')).toHaveLength(1);
});

describe('Account Type left at its default (Automatic)', () => {
	test('an account that logs in only at /api/LoginUser: 100 items, one login', async () => {
		const codes = await barcodes(5);
		const { items, error } = await runOperation(engineAs(STANDARD_ONLY), 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 100) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(await loginsSeen()).toEqual([`200 ${STANDARD}`]);
	});

	test('an account that logs in only at /api/LoginUser/Juridic: 100 items, one refused try and one login', async () => {
		const codes = await barcodes(5);
		const engine = engineAs(LEGAL_ENTITY_ONLY);
		const { items, error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 100) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(await loginsSeen()).toEqual([`409 ${STANDARD}`, `200 ${LEGAL_ENTITY}`]);
		expect(engine.storedCredential().loginPath).toBe(LEGAL_ENTITY);
	});

	test('the path that worked is remembered: renewing goes straight there, in this n8n process and in a newly started one', async () => {
		const codes = await barcodes(5);
		const engine = engineAs(LEGAL_ENTITY_ONLY);
		await runOperation(engine, 'shipment', 'track', { barcodes: codes[0] });
		await sandbox.control.expireTokens();
		await sandbox.control.clearRequests();
		const renewed = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 20) });
		expect(renewed.error).toBeUndefined();
		expect(await loginsSeen()).toEqual([`200 ${LEGAL_ENTITY}`]);

		const restarted = engineAs(LEGAL_ENTITY_ONLY);
		restarted.setCredential(engine.storedCredential());
		await sandbox.control.expireTokens();
		await sandbox.control.clearRequests();
		const afterRestart = await runOperation(restarted, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 20) });
		expect(afterRestart.error).toBeUndefined();
		expect(afterRestart.items).toHaveLength(20);
		expect(await loginsSeen()).toEqual([`200 ${LEGAL_ENTITY}`]);
	});

	test.each([
		['/api/LoginUser', STANDARD_ONLY, [`200 ${STANDARD}`, `200 ${STANDARD}`]],
		['/api/LoginUser/Juridic', LEGAL_ENTITY_ONLY, [`409 ${STANDARD}`, `200 ${LEGAL_ENTITY}`, `200 ${LEGAL_ENTITY}`]],
	])('the credential test passes for an account that logs in only at %s, and its own login goes there', async (_path, account, logins) => {
		expect(await engineAs(account).testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(await loginsSeen()).toEqual(logins);
	});

	test('the credential test of a saved credential, in a newly started n8n, logs in where the account answers', async () => {
		const engine = engineAs(LEGAL_ENTITY_ONLY);
		await runOperation(engine, 'shipment', 'track', { barcodes: (await barcodes(1))[0] });
		const restarted = engineAs(LEGAL_ENTITY_ONLY);
		restarted.setCredential(engine.storedCredential());
		await sandbox.control.clearRequests();
		expect(await restarted.testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
		// The credential's own login first (this process knows no path for these values yet), then the test's.
		expect(await loginsSeen()).toEqual([`200 ${LEGAL_ENTITY}`, `200 ${LEGAL_ENTITY}`]);
	});

	test('a wrong password names both login paths and what each answered, never the password', async () => {
		const engine = engineFor(sandbox, { password: 'not-the-password' });
		const { error } = await runOperation(engine, 'shipment', 'track', { barcodes: (await barcodes(1))[0] });
		const refused = 'Autentificare esuata pentru utilizatorul "sandbox": utilizator sau parola invalide.';
		expect(error?.message).toBe(`Cargus login failed for account "sandbox" (HTTP 409 at ${STANDARD} and at ${LEGAL_ENTITY}: ${refused})`);
		expect(error?.description).toMatch(/^Check the Username and Password in the Cargus API credential: Cargus refused the account at both of its login paths/);
		expect(`${error?.message} ${error?.description}`).not.toContain('not-the-password');
		expect(await loginsSeen()).toEqual([`409 ${STANDARD}`, `409 ${LEGAL_ENTITY}`]);

		const test = await engineFor(sandbox, { password: 'not-the-password' }).testCredential();
		expect(test.status).toBe('Error');
		expect(test.message).toContain(`(HTTP 409 at ${STANDARD} and at ${LEGAL_ENTITY}: ${refused})`);
		expect(test.message).not.toContain('not-the-password');
	});

	test('when the two paths answer differently, each answer is named with its path', async () => {
		await sandbox.control.addFault({ path: STANDARD, kind: 'status', status: 404, body: { Message: 'No HTTP resource was found' } });
		const { error } = await runOperation(engineFor(sandbox, { password: 'not-the-password' }), 'shipment', 'track', { barcodes: (await barcodes(1))[0] });
		expect(error?.message).toBe(
			`Cargus login failed for account "sandbox" (HTTP 404 at ${STANDARD}: No HTTP resource was found; HTTP 409 at ${LEGAL_ENTITY}: Autentificare esuata pentru utilizatorul "sandbox": utilizator sau parola invalide.)`,
		);
	});

	test('Account › Log In outputs the token and the login path that gave it', async () => {
		const { json, error } = await runOperation(engineAs(LEGAL_ENTITY_ONLY), 'account', 'logIn');
		expect(error).toBeUndefined();
		expect(json).toEqual([{ token: expect.any(String), loginPath: LEGAL_ENTITY }]);
	});
});

describe('Account Type chosen explicitly', () => {
	test.each([
		['Company (Legal Entity)', LEGAL_ENTITY, STANDARD_ONLY],
		['Standard Client', STANDARD, LEGAL_ENTITY_ONLY],
	])('%s logs in at %s only, even for an account that the other path would take', async (_name, path, account) => {
		const engine = engineAs(account, { loginEndpoint: path });
		const { error } = await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(await barcodes(3), 20) });
		expect(error?.message).toMatch(new RegExp(`^Cargus login failed for account "${account.username}" \\(HTTP 409: `));
		expect(error?.description).toContain('set Account Type to "Automatic"');
		const test = await engine.testCredential();
		expect(test.status).toBe('Error');
		expect(new Set(await loginsSeen())).toEqual(new Set([`409 ${path}`]));
	});

	test.each([
		['Company (Legal Entity)', LEGAL_ENTITY],
		['Standard Client', STANDARD],
	])('%s logs in, tests and renews at %s only, for an account that both paths take', async (_name, path) => {
		const engine = engineFor(sandbox, { loginEndpoint: path });
		const codes = await barcodes(3);
		expect((await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 20) })).error).toBeUndefined();
		await sandbox.control.expireTokens();
		expect((await runOperation(engine, 'shipment', 'track', trackEachItem, { input: itemsTracking(codes, 20) })).error).toBeUndefined();
		expect(await engine.testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect((await runOperation(engine, 'account', 'logIn')).json).toEqual([{ token: expect.any(String), loginPath: path }]);
		expect(await loginsSeen()).toEqual([`200 ${path}`, `200 ${path}`, `200 ${path}`, `200 ${path}`]);
	});
});
