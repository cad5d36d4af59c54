import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

async function someBarcodes(count: number): Promise<string[]> {
	const shipments = await sandbox.control.shipments();
	return shipments.filter((shipment) => shipment.visibleEvents.length > 0).slice(0, count).map((shipment) => shipment.barcode);
}

test('Track gives one item per shipment with the events the sandbox serves now', async () => {
	const barcodes = await someBarcodes(2);
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: barcodes.join(', ') });
	expect(error).toBeUndefined();
	expect(json.map((item) => item.Code)).toEqual(barcodes);
	const truth = await sandbox.control.shipments(barcodes);
	expect(json.map((item) => (item.Event as unknown[]).length)).toEqual(truth.map((shipment) => shipment.visibleEvents.length));
});

test('Track logs in, then sends the token as a Bearer header and the barcodes in the documented list form', async () => {
	const barcodes = await someBarcodes(2);
	await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: barcodes.join('\n') });
	const log = await requestsSeen(sandbox);
	expect(log.map((entry) => [entry.operation, entry.auth])).toEqual([
		['login', 'none'],
		['trace', 'bearer'],
	]);
	expect(log[1].query.barCode).toBe(`[${barcodes.join(',')}]`);
});

test('Track accepts barcodes as an array from an expression', async () => {
	const barcodes = await someBarcodes(3);
	const { json } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: `={{ ${JSON.stringify(barcodes)} }}` });
	expect(json.map((item) => item.Code)).toEqual(barcodes);
});

test.each(['track', 'trackWithStatus'])('%s traces a list longer than 50 barcodes in requests of at most 50, one item per shipment', async (operation) => {
	const added = await sandbox.control.addShipments({ count: 60, scenario: 'in-transit' });
	const barcodes = added.map((shipment) => shipment.barcode);
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: barcodes.join('\n') });
	expect(error).toBeUndefined();
	expect(json.map((item) => item.Code)).toEqual(barcodes);
	const sent = (await requestsSeen(sandbox)).filter((entry) => entry.operation !== 'login');
	expect(sent.map((entry) => String(entry.query.barCode).split(',').length)).toEqual([50, 10]);
});

test('Track With Status adds OrderStatus and OrderLate to each shipment', async () => {
	const barcodes = await someBarcodes(2);
	const { json } = await runOperation(engineFor(sandbox), 'shipment', 'trackWithStatus', { barcodes: barcodes.join(',') });
	expect(json).toHaveLength(2);
	for (const item of json) {
		expect(item).toHaveProperty('OrderStatus');
		expect(item).toHaveProperty('OrderLate');
	}
	expect((await requestsSeen(sandbox, 'traceOneRequest'))[0].auth).toBe('bearer');
});

test('Track Without Login works with a key-only credential and sends no Authorization', async () => {
	const [barcode] = await someBarcodes(1);
	const engine = engineFor(sandbox, { username: '', password: '' });
	const { json, error } = await runOperation(engine, 'shipment', 'trackWithoutLogin', { barcode });
	expect(error).toBeUndefined();
	expect(json.map((item) => item.Code)).toEqual([barcode]);
	const log = await requestsSeen(sandbox);
	expect(log.map((entry) => [entry.operation, entry.auth])).toEqual([['traceNoAuth', 'none']]);
});

test('Track Without Login never logs in, even when the credential has an account and no token yet', async () => {
	const [barcode] = await someBarcodes(1);
	const engine = engineFor(sandbox);
	await runOperation(engine, 'shipment', 'trackWithoutLogin', { barcode }, { input: [{}, {}, {}] });
	expect(await requestsSeen(sandbox, 'login')).toEqual([]);
	expect(engine.storedCredential().token ?? '').toBe('');
});

test('Get Status gives one item with the shipment\'s status record', async () => {
	const [barcode] = await someBarcodes(1);
	const { json } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode });
	expect(json).toHaveLength(1);
	expect(json[0].BarCode).toBe(barcode);
});

test('Get Cash on Delivery gives one item per record', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'getCashOnDelivery', { barcode: '' });
	expect(error).toBeUndefined();
	expect(json.length).toBeGreaterThan(0);
	for (const item of json) expect(item).toHaveProperty('BarCode');
});

describe('Every barcode asked for gets an item, in the order given', () => {
	test.each(['track', 'trackWithStatus'])('%s of 3 barcodes, the middle one unknown, gives 3 items in order, the unknown one marked Found: false, the others as Cargus sent them', async (operation) => {
		const [first, last] = await someBarcodes(2);
		const unknown = '999999999999';
		const alone = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: `${first}, ${last}` });
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: `${first}, ${unknown}, ${last}` });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.Code)).toEqual([first, unknown, last]);
		expect(json[1]).toEqual({ Code: unknown, Found: false });
		expect([json[0], json[2]]).toEqual(alone.json);
		expect(json[0]).not.toHaveProperty('Found');
	});

	test('an unknown barcode alone gives one item saying so, and nothing fails with Continue On Fail off', async () => {
		const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: '999999999999' });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ Code: '999999999999', Found: false }]);
		expect(items[0].error).toBeUndefined();
	});

	test('Track Without Login of an unknown barcode gives one item saying so', async () => {
		const { json, error } = await runOperation(engineFor(sandbox, { username: '', password: '' }), 'shipment', 'trackWithoutLogin', { barcode: '999999999999' });
		expect(error).toBeUndefined();
		expect(json).toEqual([{ Code: '999999999999', Found: false }]);
	});

	test('an unknown barcode among 60 keeps its place across the requests of 50', async () => {
		const added = (await sandbox.control.addShipments({ count: 60, scenario: 'in-transit' })).map((shipment) => shipment.barcode);
		const asked = [...added.slice(0, 55), '999999999999', ...added.slice(55)];
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: asked.join('\n') });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.Code)).toEqual(asked);
		expect(json[55]).toEqual({ Code: '999999999999', Found: false });
	});
});

describe('Simplify (on for new nodes) puts the current status at the top of each shipment', () => {
	async function deliveredAndNot(): Promise<{ delivered: string; onItsWay: string }> {
		const shipments = (await sandbox.control.shipments()).filter((shipment) => shipment.visibleEvents.length > 1);
		const isDelivered = (shipment: (typeof shipments)[number]) => shipment.visibleEvents.some((event) => Number(event.EventId) === 21);
		return { delivered: shipments.find(isDelivered)!.barcode, onItsWay: shipments.find((shipment) => !isDelivered(shipment))!.barcode };
	}

	/** Bucharest's offset from UTC at a Cargus date (its wall clock there): "+02:00" in winter, "+03:00" in summer, as Intl knows it. */
	function bucharestOffset(date: string): string {
		const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Bucharest', timeZoneName: 'longOffset' });
		const offsetAt = (instant: number) => zone.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value.replace('GMT', '') || '+00:00';
		const minutes = (offset: string) => (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
		const wallClockAsUtc = Date.parse(`${date}Z`);
		// The offset at the wall clock read as UTC, then at the instant that offset makes of it (they differ only near a change).
		return offsetAt(wallClockAsUtc - minutes(offsetAt(wallClockAsUtc)) * 60_000);
	}

	/** PackageTrace OrderStatus in words (Track With Status; codeMeanings.ts has the same table). */
	const ORDER_STATUS_TEXT: Record<number, string> = { 0: 'Not picked up', 1: 'In transit', 2: 'Out for delivery', 3: 'Delivered', 4: 'Delivery failed or returning', 5: 'Returned' };

	test.each(['track', 'trackWithStatus'])('%s: latest event, its date with zone and locality, and whether delivered, first; events kept; TypeText and OrderStatusText beside the codes', async (operation) => {
		const { delivered, onItsWay } = await deliveredAndNot();
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: `${delivered}, ${onItsWay}` });
		expect(error).toBeUndefined();
		const truth = await sandbox.control.shipments([delivered, onItsWay]);
		expect(json).toHaveLength(2);
		json.forEach((item, index) => {
			const events = [...truth[index].visibleEvents].sort((a, b) => String(a.Date).localeCompare(String(b.Date)) || Number(a.EventId) - Number(b.EventId));
			const latest = events[events.length - 1];
			expect(Object.keys(item).slice(0, 7)).toEqual(['Status', 'Outcome', 'StatusEventId', 'StatusDate', 'StatusTimestamp', 'StatusLocality', 'Delivered']);
			expect(item).toMatchObject({
				Status: latest.Description,
				StatusEventId: latest.EventId,
				StatusDate: latest.Date,
				StatusLocality: latest.LocalityName,
				Delivered: index === 0,
				Code: truth[index].barcode,
			});
			const offset = bucharestOffset(String(latest.Date));
			expect(String(item.StatusTimestamp).slice(-6)).toBe(offset);
			expect(Date.parse(String(item.StatusTimestamp))).toBe(Date.parse(`${String(latest.Date)}${offset}`));
			expect(item.Event).toHaveLength(events.length);
		});
		// Beside Cargus' codes, what they mean (TypeText of a Type given as text: the test below): only Track With Status has an OrderStatus.
		const orderStatusTexts = operation === 'trackWithStatus' ? truth.map((shipment) => ORDER_STATUS_TEXT[Number(shipment.trace.OrderStatus)]) : [undefined, undefined];
		expect(orderStatusTexts[0]).toBe(operation === 'trackWithStatus' ? 'Delivered' : undefined);
		expect(json.map((item) => item.OrderStatusText)).toEqual(orderStatusTexts);
	});

	// Cargus gives Type as text ("Colet", "Plic": the retailer's fixture).
	test.each(['track', 'trackWithStatus'])('%s: TypeText says what a Type given as text means ("Colet": Parcel)', async (operation) => {
		const { delivered, onItsWay } = await deliveredAndNot();
		const { json } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: `${delivered}, ${onItsWay}` });
		const truth = await sandbox.control.shipments([delivered, onItsWay]);
		json.forEach((item, index) => expect(item.TypeText).toBe({ Colet: 'Parcel', Plic: 'Envelope' }[String(truth[index].trace.Type)]));
	});

	test('off: the shipment exactly as Cargus serves it', async () => {
		const { onItsWay } = await deliveredAndNot();
		const { json } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: onItsWay, simplify: false });
		expect(json).toHaveLength(1);
		expect(Object.keys(json[0]).filter((key) => key.startsWith('Status') || key === 'Delivered')).toEqual([]);
		expect(json[0].Code).toBe(onItsWay);
	});
});

test('Get Status of a shipment Cargus does not know fails with a message naming the barcode', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: '999999999' });
	expect(items).toEqual([]);
	expect(error?.message).toBe('Cargus has no shipment 999999999');
});
