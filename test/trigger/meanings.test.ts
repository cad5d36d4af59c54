import type { IDataObject } from 'n8n-workflow';

import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { sendOrders } from './helpers/orders';
import { TriggerHarness } from './helpers/pollHarness';

// Windows counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });

/** Each key named in `codes` followed at once by its `<code>Text`. */
function textFollowsCode(item: IDataObject, codes: string[]): boolean {
	const keys = Object.keys(item);
	return codes.every((code) => keys.indexOf(`${code}Text`) === keys.indexOf(code) + 1);
}

async function deliveredSummary() {
	const startAt = await sandboxTimePlus(sandbox.control, 30);
	const [shipment] = await sandbox.control.addShipments({ count: 1, scenario: 'delivered', startAt, stepMinutes: 60 });
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: shipment.barcode, options: { emitExisting: true } });
	expect(await trigger.poll()).toEqual([]);
	await sandbox.control.advanceClock({ hours: 12 });
	const items = await trigger.poll();
	const delivered = items.find((item) => item.EventId === 21);
	const summary = delivered?.Shipment as IDataObject;
	const [truth] = await sandbox.control.shipments([shipment.barcode]);
	expect(summary).toMatchObject({ Type: truth.trace.Type, OrderStatus: 3, OrderStatusText: 'Delivered' });
	expect(textFollowsCode(summary, ['Type', 'OrderStatus'])).toBe(true);
	return { summary, truth };
}

test('New Tracking Event: the shipment summary says what Type and OrderStatus mean, beside them', async () => {
	await deliveredSummary();
});

// Cargus gives Type as text ("Colet", "Plic": the retailer's fixture).
test('New Tracking Event: TypeText says what a Type given as text means ("Colet": Parcel)', async () => {
	const { summary, truth } = await deliveredSummary();
	expect(summary.TypeText).toBe({ Colet: 'Parcel', Plic: 'Envelope' }[String(truth.trace.Type)]);
});

test('Pickup Order Status Changed: OrdStatusText and PreviousOrdStatusText beside the codes, in words matching Cargus\' OrdStatusDetails', async () => {
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { event: 'pickupOrderStatusChanged', version: 2 });
	expect(await trigger.poll()).toEqual([]);
	await sandbox.control.advanceClock({ minutes: 1 });
	const [orderId] = await sendOrders(sandbox, 1);
	await sandbox.control.advanceClock({ minutes: 1 });
	const items: IDataObject[] = (await trigger.poll()).filter((item) => String(item.OrderId) === orderId);
	for (let step = 0; step < 12; step++) {
		await sandbox.control.advanceClock({ hours: 2 });
		items.push(...(await trigger.poll()).filter((item) => String(item.OrderId) === orderId));
	}
	expect(items.map((item) => [item.PreviousOrdStatusText, item.OrdStatus, item.OrdStatusDetails, item.OrdStatusText])).toEqual([
		[null, 0, 'Deschisa', 'Open'],
		['Open', 2, 'Validata', 'Validated'],
		['Validated', 3, 'In curs de ridicare', 'Pickup in progress'],
		['Pickup in progress', 1, 'Inchisa', 'Closed'],
	]);
	for (const item of items) {
		expect(item).toMatchObject({ OrderType: 3, OrderTypeText: 'API' });
		expect(textFollowsCode(item, ['PreviousOrdStatus', 'OrdStatus', 'OrderType'])).toBe(true);
	}
}, 1_200_000);
