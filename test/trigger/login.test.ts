import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();
const CREDENTIAL_ID = 'cargus-credential';
const INVALID_KEY_BODY = { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' };

let barcodes: string[] = [];

beforeAll(async () => {
	const startAt = await sandboxTimePlus(sandbox.control, 10);
	for (let created = 0; created < 1000; created += 500) {
		const shipments = await sandbox.control.addShipments({ count: 500, scenario: 'random', startAt, stepMinutes: 60 });
		barcodes.push(...shipments.map((shipment) => shipment.barcode));
	}
});

afterEach(async () => {
	await sandbox.control.clearFaults();
	await sandbox.control.setSettings({ expiredTokenAnswer: '401' });
});

function watchAll(): TriggerHarness {
	return new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: barcodes.join('\n') });
}

async function loginsDuring(poll: () => Promise<unknown>): Promise<number> {
	await sandbox.control.clearRequests();
	await poll();
	return (await sandbox.control.requests('login')).length;
}

test('a poll of 1,000 shipments (20 requests, 4 at a time) with no token logs in once', async () => {
	const trigger = watchAll();
	expect(await loginsDuring(async () => await trigger.poll())).toBe(1);
	expect((await sandbox.control.requests('traceOneRequest')).map((entry) => entry.status)).toEqual(Array(20).fill(200));
});

test.each(['401', 'failed-to-authenticate'] as const)('a poll of 1,000 shipments right after the token expired (%s) logs in once and traces every batch', async (answer) => {
	const trigger = watchAll();
	await trigger.poll();
	await sandbox.control.setSettings({ expiredTokenAnswer: answer });
	await sandbox.control.expireTokens();
	expect(await loginsDuring(async () => await trigger.poll())).toBe(1);
	// Each of the 20 batches answered once with the new token; at most the 4 in flight met the refusal first.
	const traces = await sandbox.control.requests('traceOneRequest');
	expect(traces.filter((entry) => entry.status === 200 && entry.account === 'sandbox')).toHaveLength(20);
	const refused = traces.filter((entry) => entry.account === undefined).length;
	expect(refused).toBeGreaterThanOrEqual(1);
	expect(refused).toBeLessThanOrEqual(4);
});

test('a gateway 401 about the subscription key fails the poll with the key message and no login', async () => {
	const trigger = watchAll();
	await trigger.poll();
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 401, body: INVALID_KEY_BODY });
	let message = '';
	expect(await loginsDuring(async () => await trigger.poll().catch((error: Error) => (message = error.message)))).toBe(0);
	expect(message).toBe(`Cargus rejected the subscription key (HTTP 401: ${INVALID_KEY_BODY.message})`);
});

test('after the password changes, the trigger never sends the old token', async () => {
	const trigger = watchAll();
	await trigger.poll();
	trigger.credentials.set(CREDENTIAL_ID, { ...trigger.credentials.get(CREDENTIAL_ID), password: 'not-the-password' });
	await sandbox.control.clearRequests();
	await expect(trigger.poll()).rejects.toThrow(/^Cargus login failed for account "sandbox"/);
	// Account Type Automatic: the path that worked, then the other one once.
	expect((await sandbox.control.requests()).map((entry) => `${entry.operation} ${entry.status} ${entry.auth} ${entry.path}`)).toEqual([
		'login 409 none /api/LoginUser',
		'login 409 none /api/LoginUser/Juridic',
	]);
});
