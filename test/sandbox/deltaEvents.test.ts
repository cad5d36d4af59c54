import { useSandbox } from './support';

const sandbox = useSandbox();

function monthDayYear(iso: string): string {
	return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

describe('the account\'s events of an interval (GET /api/AwbTrace/GetDeltaEvents)', () => {
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
