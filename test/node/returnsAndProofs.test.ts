import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

async function newShipment(scenario: 'refused' | 'delivered') {
	const [shipment] = await sandbox.control.addShipments({ count: 1, scenario, stepMinutes: 60 });
	return shipment;
}

/** Cargus answering `body` with 200 to the sandbox operation, once. */
async function cargusAnswers(operation: string, body: unknown): Promise<void> {
	await sandbox.control.addFault({ operation, kind: 'status', status: 200, body, count: 1 });
}

describe('Shipment › Get Returning', () => {
	it('gives a refused parcel on the day its return begins, one item per AWB as Cargus answers it', async () => {
		const refused = await newShipment('refused');
		const returning = refused.plannedEvents.find((event) => event.EventId === 197);
		if (!returning) throw new Error('a refused parcel is returned at the recipient\'s request');
		await sandbox.control.advanceClock({ hours: 12 });
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: returning.Date.slice(0, 10) });
		expect(error).toBeUndefined();
		expect(json).toEqual(expect.arrayContaining([expect.objectContaining({ Awb: expect.objectContaining({ BarCode: refused.barcode }), TimestampDeparture: returning.Date.slice(0, 19) })]));
		expect((await requestsSeen(sandbox, 'returningAwbs'))[0].query).toEqual({ data: returning.Date.slice(0, 10) });
	});

	it('sends the day as the workflow gives it, whatever its offset', async () => {
		await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2026-11-21T00:30:00+09:00' });
		expect((await requestsSeen(sandbox, 'returningAwbs'))[0].query).toEqual({ data: '2026-11-21' });
	});

	it.each([
		['204', undefined],
		['[]', []],
	])('gives no item for %s', async (_name, body) => {
		if (body !== undefined) await cargusAnswers('returningAwbs', body);
		const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2020-01-01' });
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('passes a bare string and a list of values through, each as an item { value }', async () => {
		await cargusAnswers('returningAwbs', 'Nu exista retururi');
		const one = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2026-11-20' });
		expect(one.json).toEqual([{ value: 'Nu exista retururi' }]);
		await cargusAnswers('returningAwbs', [1200000042, 1200000043]);
		const two = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2026-11-20' });
		expect(two.json).toEqual([{ value: 1200000042 }, { value: 1200000043 }]);
	});

	it('says Cargus\' refusal in a 200', async () => {
		await cargusAnswers('returningAwbs', { Error: 'Data invalida' });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'getReturning', { day: '2026-11-20' });
		expect(error?.message).toBe('Cargus answered with an error: Data invalida');
	});
});

describe('Shipment › Get Delivery Picture', () => {
	it('is an error saying the parcel is not delivered yet until it is, then a file with a name and a MIME type', async () => {
		const parcel = await newShipment('delivered');
		const engine = engineFor(sandbox);
		const before = await runOperation(engine, 'shipment', 'getDeliveryPicture', { barcode: parcel.barcode });
		expect(before.error?.message).toBe(`${parcel.barcode} is not delivered yet: no delivery picture so far`);
		expect(before.error?.description).toMatch(/^Its latest event: .*The picture comes once the parcel is delivered\./);
		await sandbox.control.advanceClock({ hours: 12 });
		const after = await runOperation(engine, 'shipment', 'getDeliveryPicture', { barcode: parcel.barcode });
		expect(after.error).toBeUndefined();
		expect(after.json).toEqual([expect.objectContaining({ barcode: parcel.barcode, fileName: `delivery-${parcel.barcode}.png`, mimeType: 'image/png' })]);
		const file = after.items[0].binary?.data;
		expect(file).toMatchObject({ fileName: `delivery-${parcel.barcode}.png`, mimeType: 'image/png' });
		expect(Buffer.from(file?.data ?? '', 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
		expect((await requestsSeen(sandbox, 'deliveryPicture'))[0].query).toEqual({ barCodes: parcel.barcode });
	});

	it.each([
		['[]', []],
		['JSON null (no picture)', null],
		['a bare string that is no picture', 'Nu exista scanare'],
	])('copes with %s', async (_name, body) => {
		const parcel = await newShipment('delivered');
		await cargusAnswers('deliveryPicture', body);
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: parcel.barcode });
		expect(error?.message).toBe(typeof body === 'string' ? 'Cargus answered "Nu exista scanare" where a delivery picture was expected' : `${parcel.barcode} is not delivered yet: no delivery picture so far`);
	});

	it('a delivered parcel without a picture is said so, with its delivery', async () => {
		const parcel = await newShipment('delivered');
		await sandbox.control.advanceClock({ hours: 12 });
		await cargusAnswers('deliveryPicture', null);
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: parcel.barcode });
		expect(error?.message).toMatch(new RegExp(`^Cargus has no delivery picture for ${parcel.barcode}, delivered \\d{4}-`));
	});

	it('reads a JPEG inside a record of a list', async () => {
		const parcel = await newShipment('delivered');
		const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64');
		await cargusAnswers('deliveryPicture', [{ BarCode: parcel.barcode, Scan: jpeg }]);
		const { json } = await runOperation(engineFor(sandbox), 'shipment', 'getDeliveryPicture', { barcode: parcel.barcode });
		expect(json).toEqual([expect.objectContaining({ fileName: `delivery-${parcel.barcode}.jpg`, mimeType: 'image/jpeg', fileSize: 12 })]);
	});
});

describe('Shipment › Track With Redirects', () => {
	it('gives the trace Cargus answers, one item per AWB; nothing for 204 and []', async () => {
		const parcel = await newShipment('delivered');
		await sandbox.control.advanceClock({ hours: 2 });
		const engine = engineFor(sandbox);
		const { json } = await runOperation(engine, 'shipment', 'trackWithRedirects', { barcode: parcel.barcode });
		expect(json).toEqual([expect.objectContaining({ Code: parcel.barcode, Event: expect.any(Array) })]);
		expect((await runOperation(engine, 'shipment', 'trackWithRedirects', { barcode: '1299999999' })).items).toEqual([]);
		await cargusAnswers('traceWithRedirect', []);
		expect((await runOperation(engine, 'shipment', 'trackWithRedirects', { barcode: parcel.barcode })).items).toEqual([]);
	});
});
