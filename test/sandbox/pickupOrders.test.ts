import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

const order = (overrides: Record<string, unknown> = {}) => ({
	LocationId: 1005962049, Parcels: 3, Envelopes: 1, TotalWeight: 7,
	PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00', ...overrides,
});

describe('send pickup order (POST /api/Orders)', () => {
	it('answers the new OrderId, which Get pickup order then returns', async () => {
		const sent = await sandbox.client.call('POST', '/api/Orders', { body: order() });
		expect(sent.status).toBe(200);
		const read = await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: sent.json as number } });
		expect(read.status).toBe(200);
		expect(read.json).toMatchObject({
			OrderId: sent.json, LocationId: 1005962049, PickUpSiteName: 'ECOM TEST', NoParcel: 3, NoEnvelop: 1, TotalWeight: 7,
			PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00', OrdStatus: 0, OrderType: 3,
		});
	});

	it('reads PickupStartDate and PickupEndDate written as the shop plugins write them (yyyy-MM-dd HH:mm:ss) as Romania\'s local time', async () => {
		const sent = await sandbox.client.call('POST', '/api/Orders', { body: order({ PickupStartDate: '2026-11-20 14:00:00', PickupEndDate: '2026-11-20 18:00:00' }) });
		expect(sent.status).toBe(200);
		const read = await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: sent.json as number } });
		expect(read.json).toMatchObject({ PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00' });
	});

	it('moves OrdStatus on with the clock: 0 open, 2 validated, 3 pickup in progress, 1 closed', async () => {
		const sent = await sandbox.client.call('POST', '/api/Orders', { body: order() });
		const status = async () => ((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: sent.json as number } })).json as { OrdStatus: number; NoAwb: number });
		expect((await status()).OrdStatus).toBe(0);
		await sandbox.control.advanceClock({ minutes: 20 });
		expect((await status()).OrdStatus).toBe(2);
		await sandbox.control.advanceClock({ hours: 4 });
		expect((await status()).OrdStatus).toBe(3);
		await sandbox.control.advanceClock({ hours: 4 });
		expect(await status()).toMatchObject({ OrdStatus: 1, NoAwb: 4, OrdStatusDetails: 'Inchisa' });
		await sandbox.control.reset();
		await sandbox.client.login();
	});

	it('answers 400 naming missing fields, and for dates or quantities that make no sense (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('POST', '/api/Orders', { body: { Parcels: 1 } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json).sort()).toEqual(['LocationId', 'PickupEndDate', 'PickupStartDate']);
		const unparsable = await sandbox.client.call('POST', '/api/Orders', { body: order({ PickupStartDate: 'tomorrow' }) });
		expect(modelStateFields(unparsable.json)).toEqual(['PickupStartDate']);
		for (const overrides of [
			{ PickupStartDate: '2026-11-20T19:00:00' },
			{ PickupStartDate: '2026-11-19T08:00:00', PickupEndDate: '2026-11-19T10:00:00' },
			{ Parcels: 0, Envelopes: 0 },
			{ Parcels: -1 },
			{ TotalWeight: 0 },
		]) {
			const result = await sandbox.client.call('POST', '/api/Orders', { body: order(overrides) });
			expect(result.status).toBe(400);
			expect(Array.isArray(result.json)).toBe(true);
		}
	});

	it('answers 409 for an unknown LocationId and 401 without a token', async () => {
		const unknown = await sandbox.client.call('POST', '/api/Orders', { body: order({ LocationId: 7 }) });
		expect(unknown.status).toBe(409);
		expect(unknown.json).toHaveProperty('Error');
		expect((await sandbox.client.call('POST', '/api/Orders', { body: order(), token: null })).status).toBe(401);
	});
});

describe('get pickup order (GET /api/Orders/GetByOrderId)', () => {
	it('returns the seeded orders with their statuses', async () => {
		const statuses: number[] = [];
		for (const orderId of [5500001, 5500002, 5500003, 5500004, 5500005, 5500006]) {
			const result = await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId } });
			expect(result.status).toBe(200);
			statuses.push((result.json as { OrdStatus: number }).OrdStatus);
		}
		expect(statuses).toEqual([1, 4, 5, 3, 2, 0]);
	});

	it('answers 204 for an unknown, missing or non-numeric orderId, 401 without a token', async () => {
		expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: 1 } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId')).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: 'abc' } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: 5500001 }, token: null })).status).toBe(401);
	});
});
