/**
 * Track and Track With Status say what happened to each parcel (Outcome, from the latest event's id and text) and give
 * one item per AWB, a multi-parcel AWB included (Cargus answers it one trace element per parcel).
 */
import { useSandbox } from '../helpers/sandbox';
import { engineFor, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

/** Shipments of a scenario whose every event is served by now. */
async function finished(scenario: 'delivered' | 'refused' | 'wrong-address' | 'not-at-home', parcels = 1): Promise<string> {
	const { now } = await sandbox.control.clock();
	const startAt = new Date(Date.parse(now) - 5 * 24 * 3600_000).toISOString();
	const [shipment] = await sandbox.control.addShipments({ count: 1, scenario, startAt, stepMinutes: 60, parcels });
	return shipment.barcode;
}

test.each(['track', 'trackWithStatus'])('%s with Simplify says what happened: delivered, returned after a refusal, returned after a wrong address', async (operation) => {
	const barcodes = [await finished('delivered'), await finished('refused'), await finished('wrong-address'), await finished('not-at-home')];
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: barcodes.join(','), simplify: true });
	expect(error).toBeUndefined();
	expect(json.map((item) => [item.Code, item.Outcome, item.Delivered])).toEqual([
		[barcodes[0], 'delivered', true],
		[barcodes[1], 'returned', false],
		[barcodes[2], 'returned', false],
		[barcodes[3], 'delivered', true],
	]);
	// Cargus' own words stay beside it.
	expect(json[1].Status).toMatch(/^Expediere returnata/);
});

test('a refused parcel reads refused until its return begins', async () => {
	const { now } = await sandbox.control.clock();
	const startAt = new Date(Date.parse(now) - 2 * 24 * 3600_000).toISOString();
	const [shipment] = await sandbox.control.addShipments({ count: 1, scenario: 'out-for-delivery', startAt, stepMinutes: 60 });
	await sandbox.control.refuse(shipment.barcode, { refusal: 153, stepMinutes: 60 });
	await sandbox.control.advanceClock({ minutes: 2 });
	const refused = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: shipment.barcode, simplify: true });
	expect([refused.json[0].StatusEventId, refused.json[0].Outcome]).toEqual([153, 'refused']);
	await sandbox.control.advanceClock({ minutes: 60 });
	const returned = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: shipment.barcode, simplify: true });
	expect([returned.json[0].StatusEventId, returned.json[0].Outcome]).toEqual([197, 'returned']);
});

test.each(['track', 'trackWithStatus'])('%s gives one item for a multi-parcel AWB, with its own barcode', async (operation) => {
	const single = await finished('delivered');
	const multi = await finished('delivered', 3);
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes: `${multi}, ${single}` });
	expect(error).toBeUndefined();
	expect(json.map((item) => item.Code)).toEqual([multi, single]);
});
