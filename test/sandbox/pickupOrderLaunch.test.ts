import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

type Order = { OrderId: number; LocationId: number; OrdStatus: number; PickupStartDate: string | null; PickupEndDate: string | null; ValidationDate: string | null; NoAwb: number };

const DEPOT = 1005962050;
const window = { PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00' };
const getOrder = async (orderId: number) => (await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId } })).json as Order;
const byLocation = async (locationId: number, status: number, extra: Record<string, number> = {}) =>
	sandbox.client.call('GET', '/api/Orders', { query: { locationId, status, ...extra } });

afterEach(async () => {
	await sandbox.control.reset();
	await sandbox.client.login();
});

describe('launch or cancel a location\'s order (PUT /api/Orders?locationId=&action=)', () => {
	it('launches the location\'s current order: the OrderId, then validated at once, picked up in its window, closed with its AWBs', async () => {
		const current = (await byLocation(DEPOT, 0)).json as Order[];
		expect(current).toEqual([expect.objectContaining({ OrderId: 5500007, OrdStatus: 0, PickupStartDate: null, ValidationDate: null })]);
		const launched = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 1, ...window } });
		expect(launched.status).toBe(200);
		expect(launched.json).toBe(5500007);
		expect(await getOrder(5500007)).toMatchObject({ OrdStatus: 2, PickupStartDate: '2026-11-20T14:00:00', ValidationDate: '2026-11-20T12:00:00' });
		expect((await byLocation(DEPOT, 0)).status).toBe(204);
		expect(((await byLocation(DEPOT, 1)).json as Order[]).map((o) => o.OrderId)).toEqual([5500007]);
		await sandbox.control.advanceClock({ hours: 9 });
		expect(await getOrder(5500007)).toMatchObject({ OrdStatus: 1, NoAwb: 4 });
		const timeline = (await sandbox.control.orders()).find((o) => o.OrderId === 5500007)?.statuses.map((s) => s.OrdStatus);
		expect(timeline).toEqual([0, 2, 3, 1]);
	});

	it.each([
		['the shop plugins\' form, Romania\'s local time without an offset', '2026-11-20 14:00:00', '2026-11-20 18:00:00'],
		['RFC 3339 with an offset', '2026-11-20T12:00:00Z', '2026-11-20T11:00:00-05:00'],
	])('reads the window given in %s as the same Bucharest times', async (_form, PickupStartDate, PickupEndDate) => {
		const launched = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 1, PickupStartDate, PickupEndDate } });
		expect(launched.status).toBe(200);
		expect(await getOrder(5500007)).toMatchObject({ PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00' });
	});

	it('launches an open order sent with POST at once too; 409 when the location has none, or is unknown; locationId 0 is the headquarters', async () => {
		const nothing = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: 1005962051, action: 1, ...window } });
		expect(nothing.status).toBe(409);
		expect(nothing.json).toHaveProperty('Error');
		expect(JSON.stringify(nothing.json)).toContain('1005962051');
		const headquarters = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: 0, action: 1, ...window } });
		expect(headquarters.json).toBe(5500006);
		expect(await getOrder(5500006)).toMatchObject({ OrdStatus: 2, ValidationDate: '2026-11-20T12:00:00', PickupStartDate: '2026-11-20T14:00:00' });
		for (const locationId of [7, 1005962060]) {
			expect((await sandbox.client.call('PUT', '/api/Orders', { query: { locationId, action: 1, ...window } })).status).toBe(409);
		}
	});

	it('cancels the location\'s latest order not yet being picked up: 4 from then on, out of both lists', async () => {
		const cancelled = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 0 } });
		expect(cancelled.status).toBe(200);
		expect(cancelled.json).toBe(5500007);
		expect(await getOrder(5500007)).toMatchObject({ OrdStatus: 4 });
		expect((await byLocation(DEPOT, 0)).status).toBe(204);
		expect((await byLocation(DEPOT, 1)).status).toBe(204);
		expect((await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 0 } })).status).toBe(409);
		const ecom = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: 0, action: 0 } });
		expect(ecom.json).toBe(5500006);
	});

	it('answers 400 naming a missing or malformed parameter, and for an action, window or dates that make no sense (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['action']);
		const noDates = await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 1 } });
		expect(modelStateFields(noDates.json)).toEqual(['PickupStartDate']);
		const noLocation = await sandbox.client.call('PUT', '/api/Orders', { query: { action: 0 } });
		expect(modelStateFields(noLocation.json)).toEqual(['locationId']);
		for (const query of <Array<Record<string, string | number>>>[
			{ locationId: DEPOT, action: 2 },
			{ locationId: DEPOT, action: 1, PickupStartDate: '2026-11-20T18:00:00', PickupEndDate: '2026-11-20T14:00:00' },
			{ locationId: DEPOT, action: 1, PickupStartDate: '2026-11-19T08:00:00', PickupEndDate: '2026-11-19T10:00:00' },
		]) {
			const result = await sandbox.client.call('PUT', '/api/Orders', { query });
			expect(result.status).toBe(400);
			expect(Array.isArray(result.json)).toBe(true);
		}
		expect(await getOrder(5500007)).toMatchObject({ OrdStatus: 0 });
		expect((await sandbox.client.call('PUT', '/api/Orders', { query: { locationId: DEPOT, action: 0 }, token: null })).status).toBe(401);
	});
});

describe('list pickup orders (GET /api/Orders, GET /api/Orders/GetByDate)', () => {
	it('lists a location\'s validated orders (picked up or not), oldest first, in pages', async () => {
		const validated = (await byLocation(0, 1)).json as Order[];
		expect(validated.map((o) => [o.OrderId, o.OrdStatus])).toEqual([[5500001, 1], [5500003, 5], [5500004, 3], [5500005, 2]]);
		const page2 = await byLocation(1005962049, 1, { itemsPerPage: 3, pageNumber: 2 });
		expect((page2.json as Order[]).map((o) => o.OrderId)).toEqual([5500005]);
		expect((await byLocation(1005962049, 1, { itemsPerPage: 3, pageNumber: 3 })).status).toBe(204);
		expect(((await byLocation(0, 0)).json as Order[]).map((o) => o.OrderId)).toEqual([5500006]);
	});

	it('with the setting ordersListOfOne \'object\', answers a page of one order as that order alone; longer pages stay lists', async () => {
		const asList = ((await byLocation(0, 0)).json as Order[])[0];
		expect(await sandbox.control.setSettings({ ordersListOfOne: 'object' })).toMatchObject({ ordersListOfOne: 'object' });
		expect((await byLocation(0, 0)).json).toEqual(asList);
		expect(((await byLocation(0, 1)).json as Order[]).map((o) => o.OrderId)).toEqual([5500001, 5500003, 5500004, 5500005]);
		expect((await byLocation(1005962049, 1, { itemsPerPage: 3, pageNumber: 2 })).json).toMatchObject({ OrderId: 5500005 });
		expect((await sandbox.control.setSettings({ ordersListOfOne: 'list' })).ordersListOfOne).toBe('list');
		expect((await byLocation(0, 0)).json).toEqual([asList]);
	});

	it('answers 400 for a status other than 0 or 1 (and for a page over the maxItemsPerPage setting), 409 for another client\'s location', async () => {
		expect((await sandbox.client.call('GET', '/api/Orders', { query: { locationId: 0, status: 2 } })).status).toBe(400);
		// OpenCart's own call: 1,000 a page (real-clients.md, "OpenCart's whole flow", call 10).
		expect((await sandbox.client.call('GET', '/api/Orders', { query: { locationId: 1005962050, status: 0, pageNumber: 1, itemsPerPage: 1000 } })).status).toBe(200);
		await sandbox.control.setSettings({ maxItemsPerPage: 100 });
		expect((await sandbox.client.call('GET', '/api/Orders', { query: { locationId: 0, status: 0, itemsPerPage: 101 } })).status).toBe(400);
		expect(modelStateFields((await sandbox.client.call('GET', '/api/Orders', { query: { locationId: 0 } })).json)).toEqual(['status']);
		expect((await byLocation(1005962060, 0)).status).toBe(409);
	});

	it('lists the client\'s orders created in a range of days (a ToDate alone covers its whole day), in every status', async () => {
		const today = await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { FromDate: '2026-11-20', ToDate: '2026-11-20' } });
		expect(today.status).toBe(200);
		expect((today.json as Order[]).map((o) => o.OrderId)).toEqual([5500005, 5500007, 5500006]);
		const week = await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { FromDate: '2026-11-14', ToDate: '2026-11-20', itemsPerPage: 2, pageNumber: 1 } });
		expect((week.json as Order[]).map((o) => o.OrderId)).toEqual([5500001, 5500002]);
		const sent = await sandbox.client.call('POST', '/api/Orders', { body: { LocationId: 1005962049, Parcels: 1, TotalWeight: 1, ...window } });
		const after = (await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { FromDate: '2026-11-20', ToDate: '2026-11-20' } })).json as Order[];
		expect(after.map((o) => o.OrderId)).toContain(sent.json);
		expect((await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { FromDate: '2026-12-01', ToDate: '2026-12-02' } })).status).toBe(204);
	});

	it('answers 400 naming FromDate or ToDate when missing or unparsable, and when FromDate is after ToDate (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { ToDate: '2026-11-20' } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['FromDate']);
		const reversed = await sandbox.client.call('GET', '/api/Orders/GetByDate', { query: { FromDate: '2026-11-21', ToDate: '2026-11-20' } });
		expect(reversed.status).toBe(400);
		expect(Array.isArray(reversed.json)).toBe(true);
	});
});
