import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

async function seeded(state?: string) {
	const shipments = await sandbox.control.shipments();
	return state ? shipments.filter((s) => s.state === state) : shipments;
}

describe('trace in one request (GET /api/AwbTrace/GetAwbTraceOneRequest)', () => {
	it('answers one PackageTrace per known barcode with OrderStatus, OrderLate and the visible events', async () => {
		const [delivered, inTransit] = [(await seeded('delivered'))[0], (await seeded('in-transit'))[0]];
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { rawQuery: `barCode=[${delivered.barcode},${inTransit.barcode}]` });
		expect(result.status).toBe(200);
		const traces = result.json as Array<Record<string, unknown>>;
		expect(traces.map((t) => t.Code)).toEqual([delivered.barcode, inTransit.barcode]);
		expect(traces[0]).toMatchObject({ Type: delivered.type === '1' ? 'Colet' : 'Plic', OrderStatus: 3, OrderLate: false });
		expect(traces[0].Event).toEqual(delivered.visibleEvents);
		expect((traces[0].Event as Array<{ EventId: number }>).at(-1)?.EventId).toBe(21);
		expect(traces[1].Event).toEqual(inTransit.visibleEvents);
		expect(inTransit.plannedEvents.length).toBeGreaterThanOrEqual(inTransit.visibleEvents.length);
	});

	it('writes dates as Bucharest local time without a zone', async () => {
		const [shipment] = await seeded('delivered');
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: shipment.barcode } });
		for (const event of (result.json as Array<{ Event: Array<{ Date: string }> }>)[0].Event) {
			expect(event.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{0,2}[1-9])?$/);
		}
	});

	it('writes a fraction of a second as .NET does, without its trailing zeros (the retailer\'s fixture: "09:20:43.44")', async () => {
		const [shipment] = await sandbox.control.addShipments({ scenario: 'in-transit', startAt: '2026-11-20T07:00:00.440Z', stepMinutes: 30 });
		expect(shipment.visibleEvents.map((event) => event.Date)).toEqual(['2026-11-20T09:00:00.44', '2026-11-20T09:30:00.44', '2026-11-20T10:00:00.44']);
	});

	it.each([
		['[A,B] unencoded', (a: string, b: string) => `barCode=[${a},${b}]`],
		['["A","B"] URL-encoded', (a: string, b: string) => `barCode=${encodeURIComponent(`["${a}","${b}"]`)}`],
		['A,B', (a: string, b: string) => `barCode=${a},${b}`],
		['A%2CB', (a: string, b: string) => `barCode=${a}%2C${b}`],
		['repeated parameter', (a: string, b: string) => `barCode=${a}&barCode=${b}`],
		['lower-case parameter name', (a: string, b: string) => `barcode=${a},${b}`],
	])('accepts the barcode list form %s', async (_name, form) => {
		const [a, b] = await seeded();
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { rawQuery: form(a.barcode, b.barcode) });
		expect(result.status).toBe(200);
		expect((result.json as Array<{ Code: string }>).map((t) => t.Code)).toEqual([a.barcode, b.barcode]);
	});

	it('answers 204 with no body when no barcode is known', async () => {
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: '999999999' } });
		expect(result.status).toBe(204);
		expect(result.text).toBe('');
	});

	it('answers 400 naming barCode when it is missing, invalid or lists more than 50 barcodes (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest');
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['barCode']);
		const invalid = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: 'abc' } });
		expect(invalid.status).toBe(400);
		expect((invalid.json as string[])[0]).toContain('barCode');
		const many = Array.from({ length: 51 }, (_, i) => String(100000000 + i)).join(',');
		const tooMany = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: `[${many}]` } });
		expect(tooMany.status).toBe(400);
		expect((tooMany.json as string[])[0]).toMatch(/barCode.*50/);
	});

	it('accepts exactly 50 barcodes', async () => {
		const all = await seeded();
		const fifty = all.slice(0, 50).map((s) => s.barcode);
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: fifty.join(',') } });
		expect(result.status).toBe(200);
		expect((result.json as unknown[]).length).toBe(50);
	});

	it('answers 401 without a token', async () => {
		const [shipment] = await seeded();
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: shipment.barcode }, token: null });
		expect(result.status).toBe(401);
	});
});

describe('trace by barcode (GET /api/AwbTrace) and without authentication (GET /api/NoAuth/GetAwbTrace)', () => {
	it('answers the same events without OrderStatus and OrderLate', async () => {
		const [shipment] = await seeded('out-for-delivery');
		for (const [path, token] of [['/api/AwbTrace', undefined], ['/api/NoAuth/GetAwbTrace', null]] as const) {
			const result = await sandbox.client.call('GET', path, { query: { barCode: shipment.barcode }, token });
			expect(result.status).toBe(200);
			const [trace] = result.json as Array<Record<string, unknown>>;
			expect(trace).not.toHaveProperty('OrderStatus');
			expect(trace).not.toHaveProperty('OrderLate');
			expect(Object.keys(trace)).toEqual(['Code', 'Type', 'MeasuredWeight', 'VolumetricWeight', 'ConfirmationName', 'Observation', 'ResponseCode', 'Event']);
			expect(trace.Event).toEqual(shipment.visibleEvents);
		}
	});

	it('answers 204 for unknown barcodes and 400 for a missing barCode on both', async () => {
		for (const [path, token] of [['/api/AwbTrace', undefined], ['/api/NoAuth/GetAwbTrace', null]] as const) {
			expect((await sandbox.client.call('GET', path, { query: { barCode: '123456789' }, token })).status).toBe(204);
			expect((await sandbox.client.call('GET', path, { token })).status).toBe(400);
		}
	});

	it('GET /api/AwbTrace needs a token; GET /api/NoAuth/GetAwbTrace does not', async () => {
		const [shipment] = await seeded();
		expect((await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: shipment.barcode }, token: null })).status).toBe(401);
		expect((await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: shipment.barcode }, token: 'not-a-token' })).status).toBe(200);
	});

	it('shows new events as the sandbox clock moves on', async () => {
		const [shipment] = await seeded('out-for-delivery');
		const before = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: shipment.barcode } });
		await sandbox.control.advanceClock({ hours: 20 });
		const after = await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: shipment.barcode } });
		const events = (r: typeof before) => (r.json as Array<{ Event: Array<{ EventId: number }> }>)[0].Event.map((e) => e.EventId);
		expect(events(before)).toEqual([70, 10, 11, 5]);
		expect(events(after)).toEqual([70, 10, 11, 5, 21]);
		await sandbox.control.reset();
		await sandbox.client.login();
	});
});

describe('the trace as the retailer\'s fixture shows it (tracking-as-clients-see-it.md)', () => {
	const trace = async (barcode: string) =>
		(await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: barcode } })).json as Array<Record<string, unknown>>;

	it('gives the Type as text, ConfirmationName null until delivered, and the shop\'s own text as Observation', async () => {
		const [inTransit] = await seeded('in-transit');
		const [answer] = await trace(inTransit.barcode);
		expect(answer.Type).toBe(inTransit.type === '1' ? 'Colet' : 'Plic');
		expect(answer.ConfirmationName).toBeNull();
		expect(answer.Observation).toBe(inTransit.orderReference);
		const [delivered] = await seeded('delivered');
		expect((await trace(delivered.barcode))[0].ConfirmationName).toEqual(expect.any(String));
	});

	it('repeats an event id: a parcel not at home (110) goes out for delivery (5) again, then is delivered', async () => {
		const [shipment] = await sandbox.control.addShipments({ scenario: 'not-at-home', stepMinutes: 30 });
		await sandbox.control.advanceClock({ hours: 4 });
		const [answer] = await trace(shipment.barcode);
		const events = answer.Event as Array<{ EventId: number; Description: string }>;
		expect(events.map((event) => event.EventId)).toEqual([70, 10, 11, 5, 110, 5, 21]);
		expect(events[4].Description).toBe('Destinatar negasit la domiciliu: Avizat cu bileta la adresa');
		expect(events[6].Description).toBe('Livrat la destinatar (confirmat) ');
		await sandbox.control.reset();
		await sandbox.client.login();
	});

	it('answers a multi-parcel AWB with one element per parcel: its own barcode, then <AWB>002, <AWB>003, the same events a little apart', async () => {
		const [shipment] = await sandbox.control.addShipments({ scenario: 'delivered', parcels: 3, startAt: '2026-11-20T08:00:00Z', stepMinutes: 30 });
		expect(shipment.pieceCodes).toEqual([shipment.barcode, `${shipment.barcode}002`, `${shipment.barcode}003`]);
		const elements = await trace(shipment.barcode);
		expect(elements.map((element) => element.Code)).toEqual(shipment.pieceCodes);
		const events = elements.map((element) => element.Event as Array<{ EventId: number; Date: string }>);
		expect(events[0]).toEqual(shipment.visibleEvents);
		for (const parcel of events.slice(1)) expect(parcel.map((event) => event.EventId)).toEqual(events[0].map((event) => event.EventId));
		expect([events[0][0].Date, events[1][0].Date, events[2][0].Date]).toEqual(['2026-11-20T10:00:00', '2026-11-20T10:00:01.73', '2026-11-20T10:00:03.46']);
		expect(elements.every((element) => element.Type === 'Colet')).toBe(true);
		// The other endpoints answer it the same way.
		const oneRequest = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: shipment.barcode } });
		expect((oneRequest.json as Array<{ Code: string }>).map((element) => element.Code)).toEqual(shipment.pieceCodes);
		const redirect = await sandbox.client.call('GET', '/api/AwbTrace/WithRedirect', { query: { barCode: shipment.barcode } });
		expect(redirect.json).toEqual(elements);
	});

	it('gives StatusExpression "Preluat" once picked up, "Confirmat" once delivered, "Rambursat" once the cash on delivery is repaid', async () => {
		const [shipment] = await sandbox.control.addShipments({ scenario: 'delivered', stepMinutes: 60, codValue: 120 });
		const status = async () => ((await sandbox.client.call('GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode', { query: { barCode: shipment.barcode } })).json as { StatusExpression: string }).StatusExpression;
		expect(await status()).toBe('Preluat');
		await sandbox.control.advanceClock({ hours: 5 });
		await sandbox.client.login();
		expect(await status()).toBe('Confirmat');
		await sandbox.control.advanceClock({ days: 2 });
		await sandbox.client.login();
		expect(await status()).toBe('Rambursat');
		await sandbox.control.reset();
		await sandbox.client.login();
	});
});

describe('AWB status by barcode (GET /api/AwbStatus/GetAwbSyncStatusByBarCode)', () => {
	it('answers one AwbCashRecord coherent with the trace', async () => {
		const shipment = (await seeded('delivered')).find((candidate) => candidate.codValue === 0) as Awaited<ReturnType<typeof seeded>>[number];
		const result = await sandbox.client.call('GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode', { query: { barCode: shipment.barcode } });
		expect(result.status).toBe(200);
		const record = result.json as Record<string, unknown>;
		expect(record.BarCode).toBe(shipment.barcode);
		expect(record.StatusExpression).toBe('Confirmat');
		expect(record.ConfirmationDate).toBe(shipment.visibleEvents.at(-1)?.Date.slice(0, 19));
		expect(record.ConfirmationPersonName).toBe((shipment.trace as { ConfirmationName: string }).ConfirmationName);
	});

	it('answers 204 for an unknown barcode, 400 for a missing or malformed one, 409 for another client\'s AWB, 401 without a token (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const other = (await seeded()).find((s) => s.clientId !== 70001);
		expect(other).toBeDefined();
		const path = '/api/AwbStatus/GetAwbSyncStatusByBarCode';
		expect((await sandbox.client.call('GET', path, { query: { barCode: '123456789' } })).status).toBe(204);
		expect((await sandbox.client.call('GET', path)).status).toBe(400);
		expect((await sandbox.client.call('GET', path, { query: { barCode: 'x1' } })).status).toBe(400);
		const foreign = await sandbox.client.call('GET', path, { query: { barCode: other!.barcode } });
		expect(foreign.status).toBe(409);
		expect(foreign.json).toHaveProperty('Error');
		expect((await sandbox.client.call('GET', path, { query: { barCode: other!.barcode }, token: null })).status).toBe(401);
	});
});

describe('cash-on-delivery AWB (GET /api/CashAccount)', () => {
	it('answers every cash-on-delivery record of the client without a barcode, and one with it', async () => {
		const all = await sandbox.client.call('GET', '/api/CashAccount');
		expect(all.status).toBe(200);
		const records = all.json as Array<{ BarCode: string; RepaymentValue: number }>;
		const own = (await seeded()).filter((s) => s.clientId === 70001 && s.codValue > 0);
		expect(records.map((r) => r.BarCode).sort()).toEqual(own.map((s) => s.barcode).sort());
		const one = await sandbox.client.call('GET', '/api/CashAccount', { query: { barCode: own[0].barcode } });
		expect(one.status).toBe(200);
		expect(one.json).toEqual([records.find((r) => r.BarCode === own[0].barcode)]);
	});

	it('answers 204 for a barcode without cash on delivery, 409 for invalid or foreign barcodes, 401 without a token (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const shipments = await seeded();
		const noCod = shipments.find((s) => s.clientId === 70001 && s.codValue === 0);
		const foreign = shipments.find((s) => s.clientId !== 70001 && s.codValue > 0) ?? shipments.find((s) => s.clientId !== 70001);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { query: { barCode: noCod!.barcode } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { query: { barCode: 'abc' } })).status).toBe(409);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { query: { barCode: foreign!.barcode } })).status).toBe(409);
		expect((await sandbox.client.call('GET', '/api/CashAccount', { token: null })).status).toBe(401);
	});
});
