import { request } from 'undici';
import type { TraceEventView } from '../../sandbox/control/client';
import { useSandbox } from './support';

const sandbox = useSandbox();

/** A shipment picked up two hours before now with events an hour apart: 70, 10, 11 visible. */
async function inTransitShipment(): Promise<string> {
	const { now } = await sandbox.control.clock();
	const startAt = new Date(new Date(now).getTime() - 2 * 3600_000).toISOString();
	const [shipment] = await sandbox.control.addShipments({ scenario: 'in-transit', startAt, stepMinutes: 60 });
	expect(shipment.visibleEvents.map((e) => e.EventId)).toEqual([70, 10, 11]);
	return shipment.barcode;
}

/** The events each trace operation answers for one barcode. */
async function servedEvents(barcode: string): Promise<TraceEventView[][]> {
	const answers = [
		await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: barcode } }),
		await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: barcode } }),
		await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: barcode } }),
	];
	return answers.map((answer) => {
		expect(answer.status).toBe(200);
		return (answer.json as Array<{ Event: TraceEventView[] }>)[0].Event;
	});
}

async function post(path: string, body: unknown): Promise<{ status: number; json: { message?: string } }> {
	const response = await request(`${sandbox.sandbox.url}/_sandbox${path}`, {
		method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
	});
	return { status: response.statusCode, json: (await response.body.json()) as { message?: string } };
}

describe('control API: POST /_sandbox/shipments/:barcode/events', () => {
	it('adds an event at now by default, with the usual description and locality, served at once', async () => {
		const barcode = await inTransitShipment();
		const updated = await sandbox.control.addEvent(barcode, { EventId: 5 });
		expect(updated.barcode).toBe(barcode);
		expect(updated.visibleEvents.map((e) => e.EventId)).toEqual([70, 10, 11, 5]);
		expect(updated.state).toBe('out-for-delivery');
		expect(updated.visibleEvents[3]).toEqual({
			Date: '2026-11-20T12:00:00', EventId: 5, Description: 'Spre destinatar', LocalityName: expect.any(String),
		});
		expect(updated.trace).toMatchObject({ OrderStatus: 2 });
		const [listed] = await sandbox.control.shipments([barcode]);
		expect(listed).toEqual(updated);
		for (const events of await servedEvents(barcode)) expect(events).toEqual(updated.visibleEvents);
	});

	it('adds a late event dated before the events already served: traces answer it in Date order', async () => {
		const barcode = await inTransitShipment();
		const updated = await sandbox.control.addEvent(barcode, {
			EventId: 11, Date: '2026-11-20T10:30:00', Description: 'Sosire in depozit', LocalityName: 'PITESTI',
		});
		expect(updated.visibleEvents.map((e) => [e.EventId, e.Date])).toEqual([
			[70, '2026-11-20T10:00:00'], [11, '2026-11-20T10:30:00'], [10, '2026-11-20T11:00:00'], [11, '2026-11-20T12:00:00'],
		]);
		expect(updated.visibleEvents[1]).toEqual({ Date: '2026-11-20T10:30:00', EventId: 11, Description: 'Sosire in depozit', LocalityName: 'PITESTI' });
		// The latest event still decides the state.
		expect(updated.state).toBe('in-transit');
		for (const events of await servedEvents(barcode)) expect(events).toEqual(updated.visibleEvents);
	});

	it('adds an event sharing the exact Date of another one, and refuses the same (EventId, Date) twice with 409', async () => {
		const barcode = await inTransitShipment();
		const updated = await sandbox.control.addEvent(barcode, { EventId: 6, Date: '2026-11-20T11:00:00' });
		expect(updated.visibleEvents.map((e) => [e.EventId, e.Date])).toEqual([
			[70, '2026-11-20T10:00:00'], [10, '2026-11-20T11:00:00'], [6, '2026-11-20T11:00:00'], [11, '2026-11-20T12:00:00'],
		]);
		for (const events of await servedEvents(barcode)) expect(events).toEqual(updated.visibleEvents);
		const twice = await post(`/shipments/${barcode}/events`, { EventId: 6, Date: '2026-11-20T09:00:00Z' });
		expect(twice.status).toBe(409);
		expect(twice.json.message).toMatch(/EventId/);
		expect((await sandbox.control.shipments([barcode]))[0].plannedEvents).toHaveLength(4);
	});

	it('serves an event only from visibleAt, and a future-dated one only once its Date comes', async () => {
		const barcode = await inTransitShipment();
		const hidden = await sandbox.control.addEvent(barcode, { EventId: 10, Date: '2026-11-20T10:15:00.250', visibleAt: '2026-11-20T10:30:00Z' });
		const future = await sandbox.control.addEvent(barcode, { EventId: 5, Date: '2026-11-20T13:00:00' });
		expect(hidden.plannedEvents.map((e) => e.Date)).toContain('2026-11-20T10:15:00.25'); // .NET writes no trailing zeros
		expect(future.visibleEvents.map((e) => e.EventId)).toEqual([70, 10, 11]);
		expect(future.plannedEvents.map((e) => e.EventId)).toEqual([70, 10, 10, 11, 5]);
		for (const events of await servedEvents(barcode)) expect(events.map((e) => e.EventId)).toEqual([70, 10, 11]);

		await sandbox.control.advanceClock({ minutes: 30 });
		const [later] = await sandbox.control.shipments([barcode]);
		expect(later.visibleEvents.map((e) => e.Date)).toEqual([
			'2026-11-20T10:00:00', '2026-11-20T10:15:00.25', '2026-11-20T11:00:00', '2026-11-20T12:00:00',
		]);
		for (const events of await servedEvents(barcode)) expect(events).toEqual(later.visibleEvents);

		await sandbox.control.advanceClock({ minutes: 30 });
		const [last] = await sandbox.control.shipments([barcode]);
		expect(last.visibleEvents.map((e) => e.EventId)).toEqual([70, 10, 10, 11, 5]);
		expect(last.state).toBe('out-for-delivery');
	});

	it('answers 404 {message} for an unknown barcode', async () => {
		const result = await post('/shipments/1999999999/events', { EventId: 5 });
		expect(result.status).toBe(404);
		expect(result.json.message).toMatch(/1999999999/);
		await expect(sandbox.control.addEvent('1999999999', { EventId: 5 })).rejects.toThrow(/404/);
	});

	it('answers 400 {message} naming the field for invalid input, and changes nothing', async () => {
		const barcode = await inTransitShipment();
		const cases: Array<[unknown, string]> = [
			[{}, 'EventId'],
			[{ EventId: '5' }, 'EventId'],
			[{ EventId: 5.5 }, 'EventId'],
			[{ EventId: -1 }, 'EventId'],
			[{ EventId: 5, Date: 'yesterday' }, 'Date'],
			[{ EventId: 5, Date: 20261120 }, 'Date'],
			[{ EventId: 5, visibleAt: 'soon' }, 'visibleAt'],
			[{ EventId: 5, Description: 42 }, 'Description'],
			[{ EventId: 5, LocalityName: ['X'] }, 'LocalityName'],
		];
		for (const [body, field] of cases) {
			const result = await post(`/shipments/${barcode}/events`, body);
			expect({ body, status: result.status }).toEqual({ body, status: 400 });
			expect(result.json.message).toContain(field);
		}
		expect((await sandbox.control.shipments([barcode]))[0].plannedEvents).toHaveLength(3);
	});
});
