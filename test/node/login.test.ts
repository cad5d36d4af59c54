import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

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
