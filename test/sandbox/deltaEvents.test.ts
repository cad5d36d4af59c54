import { useSandbox } from './support';

const sandbox = useSandbox();

function monthDayYear(iso: string): string {
	return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

describe('the account\'s events of an interval (GET /api/AwbTrace/GetDeltaEvents), one flat row per event (deltaEvents: event)', () => {
	beforeAll(async () => {
		await sandbox.control.setSettings({ deltaEvents: 'event' });
	});

	it('answers every event served by now and dated within the days, with its shipment\'s Code, oldest first, as the trace shows it', async () => {
		const { now } = await sandbox.control.clock();
		const from = new Date(Date.parse(now) - 2 * 86_400_000).toISOString();
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query: { FromDate: monthDayYear(from), ToDate: monthDayYear(now) } });
		expect(result.status).toBe(200);
		const events = result.json as Array<{ Code: string; Date: string; EventId: number }>;
		expect(events.length).toBeGreaterThan(0);
		expect(events.map((event) => event.Date)).toEqual(events.map((event) => event.Date).sort());

		const shipments = await sandbox.control.shipments();
		const expected = shipments
			.flatMap((shipment) => shipment.visibleEvents.map((event) => ({ Code: shipment.barcode, ...event })))
			.filter((event) => event.Date.slice(0, 10) >= from.slice(0, 10) && event.Date.slice(0, 10) <= now.slice(0, 10));
		const own = new Set(events.map((event) => event.Code));
		const byCode = (code: string) => (list: Array<{ Code: string }>) => list.filter((event) => event.Code === code);
		for (const code of [...own].slice(0, 20)) expect(byCode(code)(events)).toEqual(byCode(code)(expected));
	});

	it('shows an event from the moment the trace serves it', async () => {
		const [shipment] = await sandbox.control.addShipments({ count: 1, scenario: 'in-transit' });
		const { now } = await sandbox.control.clock();
		const query = { FromDate: monthDayYear(now), ToDate: monthDayYear(now) };
		const before = await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query });
		const listed = before.status === 200 ? (before.json as Array<{ Code: string }>).filter((event) => event.Code === shipment.barcode) : [];
		await sandbox.control.addEvent(shipment.barcode, { EventId: 3 });
		const after = await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query });
		const served = (after.json as Array<{ Code: string; EventId: number }>).filter((event) => event.Code === shipment.barcode);
		expect(served).toHaveLength(listed.length + 1);
		expect(served.map((event) => event.EventId)).toContain(3);
	});
});

interface DeltaRow {
	BarCode: string;
	StatusExpression: string;
	ConfirmationDate: string | null;
	ConfirmationPersonaName: string | null;
	Packages: Array<{ Code: string; Events: Array<{ Date: string; Description: string }> }>;
}

describe('the account\'s shipments that moved in an interval (GET /api/AwbTrace/GetDeltaEvents), one row per shipment (deltaEvents: shipment)', () => {
	beforeAll(async () => {
		await sandbox.control.reset();
		await sandbox.client.login();
		await sandbox.control.setSettings({ deltaEvents: 'shipment' });
	});
	afterAll(async () => {
		await sandbox.control.setSettings({ deltaEvents: 'event' });
	});

	const delta = async (from: string, to: string) =>
		sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query: { FromDate: monthDayYear(from), ToDate: monthDayYear(to) } });

	it('answers one row per shipment with an event in the days, in the shape a client of Cargus\' document reads: no event ids', async () => {
		const { now } = await sandbox.control.clock();
		const from = new Date(Date.parse(now) - 2 * 86_400_000).toISOString();
		const answer = await delta(from, now);
		expect(answer.status).toBe(200);
		const rows = answer.json as DeltaRow[];
		expect(new Set(rows.map((row) => row.BarCode)).size).toBe(rows.length);
		const shipments = new Map((await sandbox.control.shipments()).map((shipment) => [shipment.barcode, shipment]));
		const inDays = (date: string) => date.slice(0, 10) >= from.slice(0, 10) && date.slice(0, 10) <= now.slice(0, 10);
		const moved = [...shipments.values()].filter((shipment) => shipment.clientId === 70001 && shipment.visibleEvents.some((event) => inDays(event.Date)));
		expect(rows.map((row) => row.BarCode).sort()).toEqual(moved.map((shipment) => shipment.barcode).sort());
		for (const row of rows) {
			expect(Object.keys(row)).toEqual(['BarCode', 'StatusExpression', 'ConfirmationDate', 'ConfirmationPersonaName', 'Packages']);
			const shipment = shipments.get(row.BarCode);
			if (!shipment) throw new Error(`row of an unknown shipment ${row.BarCode}`);
			const within = shipment.visibleEvents.filter((event) => inDays(event.Date));
			expect(row.Packages).toEqual([{ Code: row.BarCode, Events: within.map((event) => ({ Date: event.Date, Description: event.Description })) }]);
			const delivered = shipment.visibleEvents.find((event) => event.EventId === 21);
			expect(row.ConfirmationDate).toBe(delivered?.Date ?? null);
			expect(row.ConfirmationPersonaName).toBe(delivered ? shipment.trace.ConfirmationName : null);
		}
		// "Preluat" and "Rambursat" are what clients see live (tracking-as-clients-see-it.md).
		expect(rows.map((row) => row.StatusExpression)).toEqual(expect.arrayContaining(['Preluat', 'Rambursat']));
	});

	it('lists a shipment once it moves, with only its events of the interval, one package per parcel of a multi-parcel AWB', async () => {
		const { now } = await sandbox.control.clock();
		const [shipment] = await sandbox.control.addShipments({ count: 1, scenario: 'delivered', parcels: 2, startAt: new Date(Date.parse(now) + 3600_000).toISOString(), stepMinutes: 60 });
		const listed = async () => ((await delta(now, now)).json as DeltaRow[] | undefined ?? []).find((row) => row.BarCode === shipment.barcode);
		expect(await listed()).toBeUndefined();
		await sandbox.control.advanceClock({ hours: 2 });
		await sandbox.client.login();
		const row = await listed();
		expect(row?.StatusExpression).toBe('Preluat');
		expect(row?.Packages.map((piece) => piece.Code)).toEqual([shipment.barcode, `${shipment.barcode}002`]);
		expect(row?.Packages[0].Events.map((event) => event.Description)).toEqual(['Ridicare din comanda client', 'Intrare in depozit']);
		expect(row?.Packages[1].Events).toHaveLength(2);
		await sandbox.control.reset();
		await sandbox.client.login();
		await sandbox.control.setSettings({ deltaEvents: 'shipment' });
	});

	it('answers 204 for days with no event', async () => {
		expect((await delta('2020-01-01', '2020-01-02')).status).toBe(204);
	});

	it.each([
		['no FromDate', { ToDate: '11-20-2026' }],
		['a date that is not one', { FromDate: '13-45-2026', ToDate: '11-20-2026' }],
	])('refuses %s with 400', async (_name, query) => {
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query });
		expect(result.status).toBe(400);
	});

	it('answers nothing for FromDate after ToDate, and refuses it with 400 with strictChecks', async () => {
		const query = { FromDate: '11-21-2026', ToDate: '11-20-2026' };
		expect((await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query })).status).toBe(204);
		await sandbox.control.setSettings({ strictChecks: true });
		expect((await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query })).status).toBe(400);
	});

	it('needs a token', async () => {
		const result = await sandbox.client.call('GET', '/api/AwbTrace/GetDeltaEvents', { query: { FromDate: '11-20-2026', ToDate: '11-20-2026' }, token: null });
		expect(result.status).toBe(401);
	});
});
