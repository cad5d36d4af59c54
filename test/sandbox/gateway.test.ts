import { useSandbox } from './support';

const sandbox = useSandbox();

/** Every operation with a valid request shape (enough to get past the gateway and the token check). */
const OPERATIONS: Array<{ method: string; path: string; auth: 'bearer' | 'query-token' | 'none' }> = [
	{ method: 'POST', path: '/api/PickupLocations/PostClickCollect', auth: 'bearer' },
	{ method: 'PUT', path: '/api/PickupLocations', auth: 'bearer' },
	{ method: 'POST', path: '/api/Orders', auth: 'bearer' },
	{ method: 'GET', path: '/api/Orders/GetByOrderId', auth: 'bearer' },
	{ method: 'POST', path: '/api/NoAuth/GenerateRwb', auth: 'none' },
	{ method: 'GET', path: '/api/AwbTrace/GetAwbTraceOneRequest', auth: 'bearer' },
	{ method: 'GET', path: '/api/AwbTrace', auth: 'bearer' },
	{ method: 'GET', path: '/api/NoAuth/GetAwbTrace', auth: 'none' },
	{ method: 'GET', path: '/api/AwbStatus/GetAwbSyncStatusByBarCode', auth: 'bearer' },
	{ method: 'GET', path: '/api/CashAccount', auth: 'bearer' },
	{ method: 'GET', path: '/api/Localities', auth: 'bearer' },
	{ method: 'GET', path: '/api/NoAuth/GetLocalities', auth: 'none' },
	{ method: 'GET', path: '/api/Invoices', auth: 'bearer' },
	{ method: 'GET', path: '/api/InvoiceDocuments', auth: 'bearer' },
	{ method: 'GET', path: '/api/OrderDocuments/GetByDate', auth: 'bearer' },
	{ method: 'GET', path: '/api/PDF/AwbDocuments', auth: 'query-token' },
	{ method: 'GET', path: '/api/PDF/InvoiceDocuments', auth: 'query-token' },
	{ method: 'POST', path: '/api/CashReceipts', auth: 'none' },
	{ method: 'POST', path: '/api/Complaints/SaveComplaint', auth: 'none' },
	{ method: 'POST', path: '/api/LoginUser/Juridic', auth: 'none' },
	{ method: 'POST', path: '/api/LoginUser', auth: 'none' },
];

const bodyFor = (method: string) => (method === 'GET' ? undefined : {});

describe('gateway layer', () => {
	it.each(OPERATIONS)('$method $path answers the gateway 401 without a subscription key', async ({ method, path }) => {
		const result = await sandbox.client.call(method, path, { subscriptionKey: null, body: bodyFor(method) });
		expect(result.status).toBe(401);
		expect(result.json).toEqual({ statusCode: 401, message: expect.stringContaining('missing subscription key') });
	});

	it.each(OPERATIONS)('$method $path answers the gateway 401 with a wrong subscription key', async ({ method, path }) => {
		const result = await sandbox.client.call(method, path, { subscriptionKey: 'wrong', body: bodyFor(method) });
		expect(result.status).toBe(401);
		expect(result.json).toEqual({ statusCode: 401, message: expect.stringContaining('invalid subscription key') });
	});

	it('answers the gateway 404 for an unknown path or method', async () => {
		for (const [method, path] of [['GET', '/api/Nothing'], ['DELETE', '/api/Orders'], ['GET', '/']]) {
			const result = await sandbox.client.call(method, path);
			expect(result.status).toBe(404);
			expect(result.json).toEqual({ statusCode: 404, message: 'Resource not found' });
		}
	});

	it('matches paths case-insensitively', async () => {
		const result = await sandbox.client.call('GET', '/API/noauth/GETAWBTRACE', { query: { barCode: '123456789' } });
		expect(result.status).toBe(204);
	});

	it('answers 429 with Retry-After beyond a configured rate limit, and lifts it', async () => {
		await sandbox.control.setRateLimit(3);
		const results = await Promise.all(Array.from({ length: 10 }, () =>
			sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: '123456789' } })));
		const statuses = results.map((r) => r.status);
		const limited = results.find((r) => r.status === 429);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
		expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		expect(limited!.json).toEqual({ statusCode: 429, message: expect.stringMatching(/^Rate limit is exceeded\. Try again in \d+ seconds\.$/) });
		await sandbox.control.setRateLimit(null);
		expect((await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: '123456789' } })).status).toBe(204);
	});
});

describe('token rules', () => {
	const withToken = OPERATIONS.filter((o) => o.auth !== 'none');

	it.each(withToken)('$method $path answers 401 without a token', async ({ method, path }) => {
		const result = await sandbox.client.call(method, path, { token: null, body: bodyFor(method) });
		expect(result.status).toBe(401);
		expect(result.json).toEqual({ Message: 'Authorization has been denied for this request.' });
	});

	it.each(withToken)('$method $path answers 401 with an invalid token', async ({ method, path, auth }) => {
		const options = auth === 'bearer' ? { token: 'invalid-token' } : { token: null, query: { Token: 'invalid-token' } };
		expect((await sandbox.client.call(method, path, { ...options, body: bodyFor(method) })).status).toBe(401);
	});

	it('the PDF operations take the token from the Token query parameter, not the header', async () => {
		const token = sandbox.client.token!;
		const [invoice] = (await sandbox.client.call('GET', '/api/Invoices', { query: { FromDate: '2025-01-01', ToDate: '2026-12-31' } })).json as Array<{ InvoiceId: number }>;
		expect((await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { query: { InvoiceId: invoice.InvoiceId } })).status).toBe(401);
		expect((await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { token: null, query: { InvoiceId: invoice.InvoiceId, Token: token } })).status).toBe(200);
	});

	it('the no-auth operations work without a token', async () => {
		const result = await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { token: null, query: { countryId: 1, countyId: 27 } });
		expect(result.status).toBe(200);
	});

	it('a token expires after its lifetime on the sandbox clock; a new login works', async () => {
		const token = await sandbox.client.login();
		const trace = () => sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: '123456789' }, token });
		expect((await trace()).status).toBe(204);
		await sandbox.control.advanceClock({ hours: 23, minutes: 59 });
		expect((await trace()).status).toBe(204);
		await sandbox.control.advanceClock({ minutes: 1 });
		expect((await trace()).status).toBe(401);
		await sandbox.client.login();
		expect((await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: '123456789' } })).status).toBe(204);
	});

	it('token lifetime is configurable, and all tokens can be expired at once', async () => {
		await sandbox.control.setTokenLifetime(60);
		const shortLived = await sandbox.client.login();
		await sandbox.control.advanceClock({ seconds: 61 });
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token: shortLived })).status).toBe(401);
		await sandbox.control.setTokenLifetime(86400);
		const token = await sandbox.client.login();
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token })).status).toBe(200);
		await sandbox.control.expireTokens();
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token })).status).toBe(401);
	});

	it('can answer an expired token with 200 "Failed to authenticate!" instead of 401', async () => {
		const token = await sandbox.client.login();
		await sandbox.control.setSettings({ expiredTokenAnswer: 'failed-to-authenticate' });
		await sandbox.control.expireTokens();
		const result = await sandbox.client.call('GET', '/api/CashAccount', { token });
		expect(result.status).toBe(200);
		expect(result.json).toBe('Failed to authenticate!');
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token: 'never-issued' })).status).toBe(401);
		await sandbox.control.setSettings({ expiredTokenAnswer: '401' });
		await sandbox.client.login();
	});
});

describe('robustness', () => {
	it('refuses bodies over the size limit with the operation\'s invalid-input status and keeps serving', async () => {
		// ASP.NET's default request limit, 4,096 KB: a complaint of 3 MB is a complaint, one of 5 MB is refused.
		const complaint = (size: number) => JSON.stringify({ PersonName: 'Ana', Email: 'ana@example.com', ComplaintDetails: 'x'.repeat(size) });
		expect((await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { rawBody: complaint(3 * 1024 * 1024) })).status).toBe(200);
		const result = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { rawBody: complaint(5 * 1024 * 1024) });
		expect([result.status, result.json]).toEqual([409, { Message: 'The request is invalid.', ModelState: { request: ['The request body is larger than 4194304 bytes.'] } }]);
		expect((await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: '123456789' } })).status).toBe(204);
	});

	it('answers garbage bodies and odd media types without failing', async () => {
		const cases = [
			{ rawBody: '{"UserName":', contentType: 'application/json' },
			{ rawBody: '<<<>', contentType: 'application/xml' },
			{ rawBody: '\u0000\u0001', contentType: 'application/octet-stream' },
			{ rawBody: '[1,2,3]', contentType: 'application/json' },
			{ rawBody: 'null', contentType: 'application/json' },
			{ rawBody: '"text"', contentType: 'text/plain' },
		];
		for (const options of cases) {
			const result = await sandbox.client.call('POST', '/api/LoginUser', { ...options, token: null });
			expect(result.status).toBe(409);
		}
	});

	it('answers deeply nested JSON or XML and badly encoded URLs without failing', async () => {
		const deepJson = await sandbox.client.call('POST', '/api/LoginUser', { rawBody: '['.repeat(200000), token: null });
		expect(deepJson.status).toBe(409);
		const deepXml = await sandbox.client.call('POST', '/api/LoginUser', { rawBody: '<a>'.repeat(80000), contentType: 'application/xml', token: null });
		expect(deepXml.status).toBe(409);
		const badPath = await sandbox.client.call('GET', '/api/AwbTrace/%E0%A4%A');
		expect(badPath.status).toBe(404);
		expect(badPath.json).toEqual({ statusCode: 404, message: 'Resource not found' });
		const badQuery = await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { rawQuery: 'barCode=%E0%A4%A' });
		expect(badQuery.status).toBe(400);
	});

	it('serves many concurrent requests', async () => {
		const results = await Promise.all(Array.from({ length: 200 }, (_, i) =>
			sandbox.client.call(i % 2 ? 'GET' : 'POST', i % 2 ? '/api/NoAuth/GetAwbTrace' : '/api/LoginUser', i % 2 ? { query: { barCode: '123456789' } } : { body: { UserName: 'sandbox', Password: 'sandbox' }, token: null })));
		expect(results.map((r) => r.status).every((s) => s === 204 || s === 200)).toBe(true);
	});
});
