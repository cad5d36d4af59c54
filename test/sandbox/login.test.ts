import { DEFAULT_ACCOUNT } from '../../sandbox/index';
import { modelStateFields, useSandbox } from './support';

const STANDARD_ONLY = { username: 'standard-only', password: 'standard-password', subscriptionKey: 'standard-key', loginPaths: ['/api/LoginUser'] };
const LEGAL_ENTITY_ONLY = { username: 'company-only', password: 'company-password', subscriptionKey: 'company-key', loginPaths: ['/api/LoginUser/Juridic'] };
const sandbox = useSandbox({ extraUsers: [STANDARD_ONLY, LEGAL_ENTITY_ONLY] });

describe.each(['/api/LoginUser/Juridic', '/api/LoginUser'])('login (POST %s)', (path) => {
	it('answers the token as a bare JSON string that then authorizes calls', async () => {
		const result = await sandbox.client.call('POST', path, { body: { UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }, token: null });
		expect(result.status).toBe(200);
		expect(result.text.startsWith('"')).toBe(true);
		const token = result.json as string;
		expect(token.length).toBeGreaterThan(20);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token })).status).toBe(200);
	});

	it('refuses a wrong password or unknown user with 409 and a bare string naming the user', async () => {
		for (const body of [{ UserName: 'sandbox', Password: 'wrong' }, { UserName: 'nobody', Password: 'sandbox' }]) {
			const result = await sandbox.client.call('POST', path, { body, token: null });
			expect(result.status).toBe(409);
			expect(typeof result.json).toBe('string');
			expect(result.json).toContain(body.UserName);
			expect(result.text).not.toContain(body.Password === 'wrong' ? 'wrong' : '"sandbox"');
		}
	});

	it('answers 409 naming the missing fields', async () => {
		const result = await sandbox.client.call('POST', path, { body: { UserName: 'sandbox' }, token: null });
		expect(result.status).toBe(409);
		expect(modelStateFields(result.json)).toEqual(['Password']);
		const empty = await sandbox.client.call('POST', path, { token: null });
		expect(empty.status).toBe(409);
	});

	it('accepts an XML body and answers XML when asked', async () => {
		const result = await sandbox.client.call('POST', path, {
			rawBody: '<Account><UserName>sandbox</UserName><Password>sandbox</Password></Account>',
			contentType: 'application/xml', accept: 'application/xml', token: null,
		});
		expect(result.status).toBe(200);
		expect(result.headers['content-type']).toContain('application/xml');
		const token = /<string>([^<]+)<\/string>/.exec(result.text)?.[1];
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token })).status).toBe(200);
	});
});

describe('a second account', () => {
	it('logs in with its own credentials and sees only its own data', async () => {
		const [, other] = await sandbox.control.accounts();
		const result = await sandbox.client.call('POST', '/api/LoginUser', { body: { UserName: other.username, Password: other.password }, token: null, subscriptionKey: other.subscriptionKey });
		expect(result.status).toBe(200);
		const records = await sandbox.client.call('GET', '/api/CashAccount', { token: result.json as string, subscriptionKey: other.subscriptionKey });
		const own = (await sandbox.control.shipments()).filter((s) => s.clientId === other.clientId && s.codValue > 0).map((s) => s.barcode).sort();
		expect((records.json as Array<{ BarCode: string }>).map((r) => r.BarCode).sort()).toEqual(own);
	});
});

describe('an account that logs in at one path only (loginPaths)', () => {
	it.each([
		['standard-only', '/api/LoginUser', '/api/LoginUser/Juridic', STANDARD_ONLY],
		['company-only', '/api/LoginUser/Juridic', '/api/LoginUser', LEGAL_ENTITY_ONLY],
	])('%s gets a token at %s and, at %s, the 409 bare string of a wrong account', async (_name, accepted, refused, account) => {
		const body = { UserName: account.username, Password: account.password };
		const ok = await sandbox.client.call('POST', accepted, { body, token: null, subscriptionKey: account.subscriptionKey });
		expect(ok.status).toBe(200);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token: ok.json as string, subscriptionKey: account.subscriptionKey })).status).toBe(200);
		const wrong = await sandbox.client.call('POST', refused, { body, token: null, subscriptionKey: account.subscriptionKey });
		expect(wrong.status).toBe(409);
		expect(wrong.json).toBe(`Autentificare esuata pentru utilizatorul "${account.username}": utilizator sau parola invalide.`);
	});

	it('is listed with its login paths; the default accounts have none and log in at both', async () => {
		const accounts = await sandbox.control.accounts();
		expect(accounts.map((account) => [account.username, account.loginPaths])).toEqual([
			['sandbox', undefined],
			['other', undefined],
			['standard-only', ['/api/LoginUser']],
			['company-only', ['/api/LoginUser/Juridic']],
		]);
	});
});
