import { inflateSync } from 'node:zlib';
import { parseServiceDate } from '../../sandbox/world/dates';
import { deliveryPicture } from '../../sandbox/world/picture';
import { useSandbox } from './support';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.client.login();
});

/** A new shipment of the scenario, its events an hour apart from now; its planned events. */
async function newShipment(scenario: 'refused' | 'delivered') {
	const [shipment] = await sandbox.control.addShipments({ count: 1, scenario, stepMinutes: 60 });
	return shipment;
}

interface ReturnRow { Awb: { BarCode: string; ParcelCodes: string[] }; AwbReturn: { BarCode: string }; ClientObservation: string; TimestampDeparture: string }

const barcodesOf = (json: unknown) => (json as ReturnRow[] | undefined)?.map((row) => row.Awb.BarCode) ?? [];

describe('the AWBs returned on a day (GET /api/AwbRetur?data=yyyy-mm-dd)', () => {
	it('lists a refused parcel on the day its return begins (197), once that has happened, nested as real answers are', async () => {
		const refused = await newShipment('refused');
		const returned = refused.plannedEvents.find((event) => event.EventId === 197);
		if (!returned) throw new Error('a refused parcel is returned at the recipient\'s request');
		const day = returned.Date.slice(0, 10);
		const before = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: day } });
		expect(barcodesOf(before.json)).not.toContain(refused.barcode);
		await sandbox.control.advanceClock({ hours: 12 });
		const after = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: day } });
		expect(after.status).toBe(200);
		const [shipment] = await sandbox.control.shipments([refused.barcode]);
		const row = (after.json as ReturnRow[]).find((candidate) => candidate.Awb.BarCode === refused.barcode);
		expect(row).toEqual({
			Awb: { BarCode: refused.barcode, ParcelCodes: [refused.barcode] },
			AwbReturn: expect.objectContaining({ BarCode: shipment.returnBarcode }),
			ClientObservation: refused.orderReference,
			TimestampDeparture: returned.Date.slice(0, 19),
		});
		// The return travels under an AWB of its own.
		expect(row?.AwbReturn.BarCode).toMatch(/^9\d{9}$/);
		expect(row?.AwbReturn.BarCode).not.toBe(refused.barcode);
		const dayBefore = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
		const other = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: dayBefore } });
		expect(barcodesOf(other.json)).not.toContain(refused.barcode);
	});

	it('lists a parcel at a wrong address on the day Cargus returns it (198)', async () => {
		const [parcel] = await sandbox.control.addShipments({ count: 1, scenario: 'wrong-address', stepMinutes: 60 });
		const returned = parcel.plannedEvents.find((event) => event.EventId === 198);
		if (!returned) throw new Error('a parcel at a wrong address is returned by Cargus');
		await sandbox.control.advanceClock({ hours: 12 });
		const answer = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: returned.Date.slice(0, 10) } });
		expect(barcodesOf(answer.json)).toContain(parcel.barcode);
	});

	it('answers 204 on a day nothing returns, and 400 naming data when it is missing', async () => {
		expect((await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: '2020-01-01' } })).status).toBe(204);
		const missing = await sandbox.client.call('GET', '/api/AwbRetur');
		expect(missing.status).toBe(400);
		expect(missing.text).toMatch(/data/);
	});
});

describe('the delivery confirmation picture (GET /api/AwbScan?barCodes=)', () => {
	it('is JSON null until the parcel is delivered, then a base64 PNG of 480 x 320 in a JSON string, dated its delivery', async () => {
		const parcel = await newShipment('delivered');
		const before = await sandbox.client.call('GET', '/api/AwbScan', { query: { barCodes: parcel.barcode } });
		expect([before.status, before.text]).toEqual([200, 'null']);
		await sandbox.control.advanceClock({ hours: 12 });
		const scan = await sandbox.client.call('GET', '/api/AwbScan', { query: { barCodes: parcel.barcode } });
		expect(scan.status).toBe(200);
		const png = Buffer.from(scan.json as string, 'base64');
		expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([480, 320]);
		// One IDAT: 320 rows of a filter byte and 480 RGB pixels.
		const idat = png.indexOf('IDAT', 0, 'latin1');
		expect(inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4))).length).toBe(320 * (480 * 3 + 1));
		const delivered = (await sandbox.control.shipments([parcel.barcode]))[0].visibleEvents.find((event) => event.EventId === 21);
		expect(png.equals(deliveryPicture(parcel.barcode, parseServiceDate(delivered?.Date) ?? 0))).toBe(true);
		expect(png.equals(deliveryPicture(parcel.barcode, (parseServiceDate(delivered?.Date) ?? 0) + 86_400_000))).toBe(false);
	});

	it('answers JSON null for an unknown AWB too', async () => {
		const unknown = await sandbox.client.call('GET', '/api/AwbScan', { query: { barCodes: '1299999999' } });
		expect([unknown.status, unknown.text]).toEqual([200, 'null']);
	});
});

describe('the trace with redirects (GET /api/AwbTrace/WithRedirect?barCode=)', () => {
	it('answers AwbTrace\'s trace for a known barcode, 204 for an unknown one', async () => {
		const parcel = await newShipment('delivered');
		await sandbox.control.advanceClock({ hours: 2 });
		const trace = await sandbox.client.call('GET', '/api/AwbTrace/WithRedirect', { query: { barCode: parcel.barcode } });
		expect(trace.json).toEqual((await sandbox.client.call('GET', '/api/AwbTrace', { query: { barCode: parcel.barcode } })).json);
		expect((trace.json as Array<{ Code: string }>)[0].Code).toBe(parcel.barcode);
		expect((await sandbox.client.call('GET', '/api/AwbTrace/WithRedirect', { query: { barCode: '1299999999' } })).status).toBe(204);
	});
});
