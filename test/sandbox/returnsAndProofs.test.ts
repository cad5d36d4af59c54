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

describe('the AWBs returning to the sender on a day (GET /api/AwbRetur?data=yyyy-mm-dd)', () => {
	it('lists a refused parcel on the day its return begins, once that has happened, and not the day before', async () => {
		const refused = await newShipment('refused');
		const returning = refused.plannedEvents.find((event) => event.EventId === 196);
		if (!returning) throw new Error('a refused parcel goes back to its sender');
		const day = returning.Date.slice(0, 10);
		const before = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: day } });
		expect((before.json as Array<{ BarCode: string }> | undefined)?.map((awb) => awb.BarCode) ?? []).not.toContain(refused.barcode);
		await sandbox.control.advanceClock({ hours: 12 });
		const after = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: day } });
		expect(after.status).toBe(200);
		expect(after.json).toEqual(expect.arrayContaining([expect.objectContaining({ BarCode: refused.barcode, ReturnDate: returning.Date })]));
		const dayBefore = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
		const other = await sandbox.client.call('GET', '/api/AwbRetur', { query: { data: dayBefore } });
		expect((other.json as Array<{ BarCode: string }> | undefined)?.map((awb) => awb.BarCode) ?? []).not.toContain(refused.barcode);
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
