import { request } from 'undici';
import type { ControlShipment } from '../../sandbox/control/client';
import { useSandbox } from './support';

const sandbox = useSandbox();

const ECOM = 1005962049;
const CLUJ = 164;
/** The retailer's list (tracking-as-clients-see-it.md): 186 refused after opening, 197 returned at the recipient's request. */
const REFUSED = 186;
const RETURNED = 197;
const TO_THE_DOOR = [70, 10, 11, 5];
const REFUSAL = [REFUSED, RETURNED];

const ids = (events: Array<{ EventId: number }>) => events.map((event) => event.EventId);

async function post(path: string, body: unknown): Promise<{ status: number; json: { message?: string } }> {
	const response = await request(`${sandbox.sandbox.url}/_sandbox${path}`, {
		method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
	});
	return { status: response.statusCode, json: (await response.body.json()) as { message?: string } };
}

/** An AWB made through the API, as a shop makes it (it follows the delivered path until refused). */
async function createdAwb(): Promise<string> {
	const created = await sandbox.client.call('POST', '/api/Awbs', {
		body: {
			Sender: { LocationId: ECOM },
			Recipient: { Name: 'Maria Ionescu', LocalityId: CLUJ, AddressText: 'Strada Memorandumului 1', ContactPerson: 'Maria Ionescu', PhoneNumber: '0722000000', Email: 'maria@example.com' },
			Parcels: 1, Envelopes: 0, TotalWeight: 2, ServiceId: 34, CashRepayment: 149.9, CustomString: 'Comanda #2077',
			ParcelCodes: [{ Code: '0', Type: 1, Weight: 2, Length: 30, Width: 20, Height: 10 }],
		},
	});
	expect(created.status).toBe(200);
	return created.json as string;
}

/** The events GetAwbTraceOneRequest serves for the barcode now. */
async function served(barcode: string): Promise<Array<{ EventId: number; Date: string; Description: string }>> {
	const answer = await sandbox.client.call('GET', '/api/AwbTrace/GetAwbTraceOneRequest', { query: { barCode: barcode } });
	return (answer.json as Array<{ Event: Array<{ EventId: number; Date: string; Description: string }> }>)[0].Event;
}

describe('a parcel refused at the door and returned at the recipient\'s request', () => {
	it('a share of the world\'s own parcels were refused and some are returned', async () => {
		const shipments = await sandbox.control.shipments();
		const refused = shipments.filter((shipment) => shipment.scenario === 'refused');
		expect(refused.length).toBeGreaterThanOrEqual(4);
		for (const shipment of refused) expect(ids(shipment.plannedEvents)).toEqual([...TO_THE_DOOR, ...REFUSAL]);
		expect(refused.map((shipment) => shipment.state)).toEqual(expect.arrayContaining(['returned', 'refused']));
		// The other returned parcels met a wrong address (6) and were returned by Cargus (198).
		expect(shipments.some((shipment) => shipment.scenario === 'returned' && ids(shipment.plannedEvents).join() === '70,10,11,5,6,10,198')).toBe(true);
	});

	it('an AWB made through the API, refused on request: its events come out for delivery, refused, returned, as the clock moves', async () => {
		const barcode = await createdAwb();
		const refused: ControlShipment = await sandbox.control.refuse(barcode, { stepMinutes: 60 });
		expect(refused.scenario).toBe('refused');
		expect(ids(refused.plannedEvents)).toEqual([...TO_THE_DOOR, ...REFUSAL]);
		expect(refused.plannedEvents.find((event) => event.EventId === REFUSED)?.Description).toBe('Expediere refuzata: Colet refuzat dupa deschidere');
		expect(refused.plannedEvents.find((event) => event.EventId === RETURNED)?.Description).toBe('Expediere returnata: Solicitare destinatar');

		await sandbox.control.advanceClock({ days: 3 });
		// Three days on, the login token has expired.
		await sandbox.client.login();
		const events = await served(barcode);
		expect(ids(events)).toEqual([...TO_THE_DOOR, ...REFUSAL]);
		// Oldest first, each after the one before.
		expect(events.map((event) => event.Date)).toEqual([...events.map((event) => event.Date)].sort());
		expect(new Set(events.map((event) => event.Date)).size).toBe(events.length);
		const [shipment] = await sandbox.control.shipments([barcode]);
		expect(shipment.state).toBe('returned');
		expect(shipment.trace.ConfirmationName).toBeNull();
		// The trace's Observation is the shop's own text on the AWB.
		expect(shipment.trace.Observation).toBe('Comanda #2077');
		expect(shipment.returnBarcode).toMatch(/^9\d{9}$/);
		// Nothing is delivered, so no cash on delivery is repaid.
		const cash = (await sandbox.control.cashOnDelivery()).find((record) => record.BarCode === barcode);
		expect(cash?.repaid).toBe(false);
	});

	it('a parcel already out for delivery is refused at once when asked with at: now; its served events stay as they were', async () => {
		const { now } = await sandbox.control.clock();
		const startAt = new Date(Date.parse(now) - 4 * 3600_000).toISOString();
		const [shipment] = await sandbox.control.addShipments({ scenario: 'out-for-delivery', startAt, stepMinutes: 60 });
		const before = await served(shipment.barcode);
		expect(ids(before)).toEqual(TO_THE_DOOR);
		const refused = await sandbox.control.refuse(shipment.barcode, { at: now });
		expect(refused.state).toBe('refused');
		const after = await served(shipment.barcode);
		expect(after.slice(0, 4)).toEqual(before);
		expect(ids(after)).toEqual([...TO_THE_DOOR, REFUSED]);
	});

	it('takes which refusal: 153, the cash on delivery not paid, then returned with 197', async () => {
		const barcode = await createdAwb();
		const refused = await sandbox.control.refuse(barcode, { stepMinutes: 60, refusal: 153 });
		expect(ids(refused.plannedEvents)).toEqual([...TO_THE_DOOR, 153, RETURNED]);
		expect(refused.plannedEvents.find((event) => event.EventId === 153)?.Description).toBe('Expediere refuzata: Refuz plata');
	});

	it('refuses to refuse a delivered parcel (409), an unknown barcode (404) and a bad input (400), changing nothing', async () => {
		const delivered = (await sandbox.control.shipments()).find((shipment) => shipment.state === 'delivered') as ControlShipment;
		const conflict = await post(`/shipments/${delivered.barcode}/refuse`, {});
		expect(conflict.status).toBe(409);
		expect(conflict.json.message).toContain('already has event 21');
		expect((await post('/shipments/999999999/refuse', {})).status).toBe(404);
		const barcode = await createdAwb();
		const bad = await post(`/shipments/${barcode}/refuse`, { stepMinutes: -5 });
		expect(bad.status).toBe(400);
		expect(bad.json.message).toContain('stepMinutes');
		expect((await post(`/shipments/${barcode}/refuse`, { at: 'tomorrow' })).json.message).toContain('at must be');
		// 197 is a return, not a refusal.
		expect((await post(`/shipments/${barcode}/refuse`, { refusal: 197 })).json.message).toContain('refusal must be one of');
		const [unchanged] = await sandbox.control.shipments([barcode]);
		expect(unchanged.scenario).toBe('delivered');
	});
});
