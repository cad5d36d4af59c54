import type { IDataObject } from 'n8n-workflow';

import { startRewritingProxy, type RewritingProxy } from '../helpers/rewritingProxy';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { accountClient, repaidBarcodes } from './helpers/account';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness, type TriggerParameters } from './helpers/pollHarness';

// Windows counted from n8n's clock: the sandbox starts now.
const sandbox = useSandbox({ now: new Date().toISOString() });
let proxy: RewritingProxy;

beforeEach(async () => {
	proxy = await startRewritingProxy(sandbox.url);
});
afterEach(async () => {
	await proxy.stop();
});

function throughProxy(parameters: TriggerParameters) {
	return new TriggerHarness(sandboxCredential(proxy.url), parameters);
}

test('New Invoice: Fetch Test Event shows the newest invoice by date, whatever order Cargus lists them in', async () => {
	// Cargus does not document the order of its list: here the newest comes first.
	proxy.rewrite = (path, body) => (path === '/api/Invoices' && Array.isArray(body) ? [...(body as IDataObject[])].reverse() : undefined);
	const trigger = throughProxy({ event: 'newInvoice', downloadPdf: false, options: { lookBackDays: 120 } });
	const sample = await trigger.fetchTestEvent();
	const listed = await throughProxy({ event: 'newInvoice', downloadPdf: false, options: { emitExisting: true, lookBackDays: 120 } }).poll();
	expect(listed.length).toBeGreaterThan(2);
	const newest = [...listed].sort((a, b) => String(a.Date).localeCompare(String(b.Date)) || Number(a.InvoiceId) - Number(b.InvoiceId)).pop();
	expect(sample.map((invoice) => invoice.InvoiceId)).toEqual([newest?.InvoiceId]);
});

test('Cash on Delivery Repaid: a repayment dated a year ahead is emitted once and does not hide the ones after it', async () => {
	const first = await sandbox.control.addShipments({ count: 8, scenario: 'delivered', codValue: 40 });
	const typo = first[0].barcode;
	// A typing error at Cargus: this repayment's date is a year ahead.
	proxy.rewrite = (path, body) =>
		path === '/api/CashAccount' && Array.isArray(body)
			? (body as IDataObject[]).map((record) =>
					record.BarCode === typo && typeof record.RepaymentDate === 'string'
						? { ...record, RepaymentDate: `${Number(record.RepaymentDate.slice(0, 4)) + 1}${record.RepaymentDate.slice(4)}` }
						: record,
				)
			: undefined;
	const trigger = throughProxy({ event: 'cashOnDeliveryRepaid' });
	const before = await repaidBarcodes(sandbox.control);
	expect(await trigger.poll()).toEqual([]);

	await sandbox.control.advanceClock({ days: 4 });
	const firstBatch = (await trigger.poll()).map((item) => String(item.BarCode));
	expect(firstBatch).toContain(typo);

	const second = await sandbox.control.addShipments({ count: 8, scenario: 'delivered', codValue: 40 });
	await sandbox.control.advanceClock({ days: 4 });
	trigger.restart();
	const secondBatch = (await trigger.poll()).map((item) => String(item.BarCode));
	expect(await trigger.poll()).toEqual([]);

	const repaid = [...(await repaidBarcodes(sandbox.control))].filter((barcode) => !before.has(barcode));
	expect([...firstBatch, ...secondBatch].sort()).toEqual(repaid.sort());
	for (const shipment of second) expect(secondBatch).toContain(shipment.barcode);
});

test('Pickup Order Status Changed: an order unknown at activation keeps its first change across a restart', async () => {
	const client = await accountClient(sandbox.url);
	const sendOrder = async () => {
		const start = await sandboxTimePlus(sandbox.control, 8 * 60);
		const end = await sandboxTimePlus(sandbox.control, 16 * 60);
		const sent = await client.call('POST', '/api/Orders', {
			body: { LocationId: 1005962049, Parcels: 1, Envelopes: 0, TotalWeight: 2, PickupStartDate: start.slice(0, 19), PickupEndDate: end.slice(0, 19) },
		});
		if (sent.status !== 200) throw new Error(`POST /api/Orders answered ${sent.status}: ${sent.text}`);
		return String(sent.json);
	};
	const known = await sendOrder();
	const later = String(Number(known) + 1);
	const trigger = throughProxy({ event: 'pickupOrderStatusChanged', orderIds: `${known}, ${later}` });
	// Activation: Cargus does not know the second order yet (204).
	expect(await trigger.poll()).toEqual([]);

	expect(await sendOrder()).toBe(later);
	const emitted: IDataObject[] = [...(await trigger.poll())];
	trigger.restart();
	for (let poll = 0; poll < 12; poll++) {
		await sandbox.control.advanceClock({ hours: 4 });
		emitted.push(...(await trigger.poll()));
		trigger.restart();
	}
	const timeline = (await sandbox.control.orders()).find((order) => String(order.OrderId) === later)?.statuses.map((status) => status.OrdStatus) ?? [];
	const changes = emitted.filter((item) => String(item.OrderId) === later).map((item) => `${String(item.PreviousOrdStatus)}->${String(item.OrdStatus)}`);
	expect(changes).toEqual(timeline.map((status, index) => `${index === 0 ? 'null' : String(timeline[index - 1])}->${status}`));
	expect(timeline.length).toBeGreaterThan(2);
}, 1_200_000);
