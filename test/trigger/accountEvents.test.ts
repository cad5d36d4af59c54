import { NodeOperationError } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { sandboxCredential } from '../helpers/sandbox';
import { TriggerHarness, type TriggerParameters } from './helpers/pollHarness';

const sandbox = useSandbox();

function trigger(parameters: TriggerParameters) {
	return new TriggerHarness(sandboxCredential(sandbox.url), parameters);
}

test.each([
	['Cash on Delivery Repaid', { event: 'cashOnDeliveryRepaid' }, 'BarCode'],
	['Pickup Order Status Changed', { event: 'pickupOrderStatusChanged', orderIds: '5500001, 5500004' }, 'OrdStatusDetails'],
])('%s: Fetch Test Event shows a real one and changes nothing', async (_name, parameters, field) => {
	const watching = trigger(parameters);
	const sample = await watching.fetchTestEvent();
	expect(sample).toHaveLength(1);
	expect(sample[0]).toHaveProperty(field);
	expect(watching.manualRunChangedStaticData).toBe(false);
	expect(watching.staticData).toEqual({});
});

test('Pickup Order Status Changed: an order ID that is not a number stops the poll with a message naming it, before any request', async () => {
	await sandbox.control.clearRequests();
	const watching = trigger({ event: 'pickupOrderStatusChanged', orderIds: '5500001, 55x' });
	const error = await watching.poll().catch((thrown: unknown) => thrown);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect((error as Error).message).toBe('"55x" is not a pickup order ID');
	expect(await sandbox.control.requests('getOrder')).toEqual([]);
});

test('Cash on Delivery Repaid with a barcode list asks only about those barcodes, 50 per request', async () => {
	const shipments = await sandbox.control.addShipments({ count: 60, scenario: 'delivered', codValue: 99.5 });
	await sandbox.control.clearRequests();
	const watching = trigger({ event: 'cashOnDeliveryRepaid', barcodes: shipments.map((shipment) => shipment.barcode).join('\n') });
	expect(await watching.poll()).toEqual([]);
	await sandbox.control.advanceClock({ days: 4 });
	const items = await watching.poll();
	expect(items.map((item) => item.BarCode).sort()).toEqual(shipments.map((shipment) => shipment.barcode).sort());
	expect(items.every((item) => item.RepaymentValue === 99.5)).toBe(true);
	// Two polls of two requests (the token expired over the four days: those requests were sent again after a login,
	// in whichever order the login freed them).
	const answered = (await sandbox.control.requests('cashAccount')).filter((request) => request.status === 200);
	const sizes = answered.map((request) => String(request.query.barCode).split(',').length);
	expect([sizes.slice(0, 2).sort(), sizes.slice(2).sort()]).toEqual([[10, 50], [10, 50]]);
});
