import type { IDataObject } from 'n8n-workflow';

import { SERVICE_DAYS_AHEAD } from '../../nodes/CargusTrigger/idSet';
import { DEFAULT_ACCOUNT, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { repaidBarcodes } from './helpers/account';
import { duplicatesOf, identityOf, sandboxTimePlus } from './helpers/events';
import { changesSince, sendOrders } from './helpers/orders';
import { TriggerHarness, type TriggerParameters } from './helpers/pollHarness';

/**
 * Cargus' clock ahead of n8n's, as when a user moves the clock of `npm start`'s sandbox: here only the sandbox's
 * clock moves (advanceSandboxClockOnly), the nodes' stays where it was.
 */
const sandbox = useSandbox();
const HOURS_AHEAD = 72;

beforeEach(async () => {
	await sandbox.control.reset();
});

function trigger(parameters: TriggerParameters) {
	return new TriggerHarness(sandboxCredential(sandbox.url), parameters);
}

/** The day (YYYY-MM-DD) the nodes see and the sandbox's, to show how far apart they are. */
async function daysApart(): Promise<number> {
	const { now } = await sandbox.control.clock();
	return Math.round((Date.parse(now.slice(0, 10)) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000);
}

/** Invoices of the default account issued after `after` and by now (the sandbox's control API). */
async function invoicesIssuedSince(after: string): Promise<string[]> {
	const { now } = await sandbox.control.clock();
	return (await sandbox.control.invoices())
		.filter((invoice) => invoice.account === DEFAULT_ACCOUNT.username && Date.parse(invoice.issuedAt) > Date.parse(after) && Date.parse(invoice.issuedAt) <= Date.parse(now))
		.map((invoice) => String(invoice.InvoiceId));
}

test(`New Invoice: the sandbox's clock alone moves ${HOURS_AHEAD} hours at once; every invoice issued in the span is emitted once, with its PDF`, async () => {
	const newInvoice = trigger({ event: 'newInvoice', downloadPdf: true });
	expect(await newInvoice.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	await sandbox.control.addInvoices({ count: 12, hours: HOURS_AHEAD, lateShare: 0.25 });

	await sandbox.control.advanceSandboxClockOnly({ hours: HOURS_AHEAD });
	expect(await daysApart()).toBe(3);
	const items = await newInvoice.pollWithBinaries();
	newInvoice.restart();
	expect(await newInvoice.poll()).toEqual([]);

	const issued = await invoicesIssuedSince(activatedAt);
	const ids = items.map(({ json }) => String(json.InvoiceId));
	expect(issued.length).toBeGreaterThanOrEqual(12);
	expect(duplicatesOf(ids)).toEqual([]);
	expect([...ids].sort()).toEqual([...issued].sort());
	for (const { json, binary } of items) expect(binary?.fileName).toBe(`${String(json.Series)}${String(json.Number)}.pdf`);
});

test(`New Invoice: the sandbox's clock alone moves ahead in 12-hour steps, a poll and a restart after each; each invoice once`, async () => {
	const newInvoice = trigger({ event: 'newInvoice', downloadPdf: false });
	expect(await newInvoice.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	await sandbox.control.addInvoices({ count: 12, hours: HOURS_AHEAD, lateShare: 0.5 });
	const emitted: IDataObject[] = [];
	for (let step = 0; step < HOURS_AHEAD / 12; step++) {
		await sandbox.control.advanceSandboxClockOnly({ hours: 12 });
		emitted.push(...(await newInvoice.poll()), ...(await newInvoice.poll()));
		newInvoice.restart();
	}
	const ids = emitted.map((invoice) => String(invoice.InvoiceId));
	expect(duplicatesOf(ids)).toEqual([]);
	expect([...ids].sort()).toEqual((await invoicesIssuedSince(activatedAt)).sort());
});

test(`All Shipments of the Account: shipments created while the sandbox's clock is ${HOURS_AHEAD} hours ahead have every event emitted once`, async () => {
	const tracking = trigger({ version: 2 });
	expect(await tracking.poll()).toEqual([]);
	await sandbox.control.advanceSandboxClockOnly({ hours: HOURS_AHEAD });
	const created = await sandbox.control.addShipments({ count: 10, scenario: 'delivered', startAt: await sandboxTimePlus(sandbox.control, 10), stepMinutes: 30 });
	const emitted: IDataObject[] = [];
	for (let step = 0; step < 4; step++) {
		await sandbox.control.advanceSandboxClockOnly({ hours: 12 });
		emitted.push(...(await tracking.poll()));
	}
	const shipments = await sandbox.control.shipments(created.map((shipment) => shipment.barcode));
	const truth = shipments.flatMap((shipment) => shipment.visibleEvents.map((event) => `${shipment.barcode}|${event.EventId}|${event.Date}`));
	const identities = emitted.map((item) => identityOf(item));
	expect(truth.length).toBeGreaterThan(20);
	expect(duplicatesOf(identities)).toEqual([]);
	expect(truth.filter((identity) => !identities.includes(identity))).toEqual([]);
});

test(`All Pickup Orders of the Account: orders created while the sandbox's clock is ${HOURS_AHEAD} hours ahead have each change emitted once`, async () => {
	const orders = trigger({ event: 'pickupOrderStatusChanged', version: 2 });
	expect(await orders.poll()).toEqual([]);
	await sandbox.control.advanceSandboxClockOnly({ hours: HOURS_AHEAD });
	const { now: sentAfter } = await sandbox.control.clock();
	await sandbox.control.advanceSandboxClockOnly({ minutes: 1 });
	const orderIds = await sendOrders(sandbox, 4);
	await sandbox.control.advanceSandboxClockOnly({ minutes: 1 });
	const emitted: IDataObject[] = [...(await orders.poll())];
	for (let step = 0; step < 14; step++) {
		await sandbox.control.advanceSandboxClockOnly({ hours: 4 });
		emitted.push(...(await orders.poll()));
		orders.restart();
	}
	const made = await changesSince(sandbox.control, orderIds, sentAfter);
	for (const orderId of orderIds) {
		const changes = emitted.filter((item) => String(item.OrderId) === orderId).map((item) => `${String(item.PreviousOrdStatus ?? undefined)}->${String(item.OrdStatus)}`);
		expect(changes).toEqual(made.get(orderId));
		expect(changes[0]).toBe('undefined->0');
		expect(changes.length).toBeGreaterThan(2);
	}
}, 1_200_000);

test(`Cash on Delivery Repaid: repayments made while the sandbox's clock moves ${HOURS_AHEAD} hours ahead are emitted once`, async () => {
	await sandbox.control.addShipments({ count: 8, scenario: 'delivered', codValue: 40 });
	const repayments = trigger({ event: 'cashOnDeliveryRepaid' });
	const before = await repaidBarcodes(sandbox.control);
	expect(await repayments.poll()).toEqual([]);
	await sandbox.control.advanceSandboxClockOnly({ hours: HOURS_AHEAD });
	const emitted = (await repayments.poll()).map((item) => String(item.BarCode));
	repayments.restart();
	expect(await repayments.poll()).toEqual([]);
	const repaid = [...(await repaidBarcodes(sandbox.control))].filter((barcode) => !before.has(barcode));
	expect(repaid.length).toBeGreaterThan(0);
	expect(emitted.sort()).toEqual(repaid.sort());
});

test(`the windows reach ${SERVICE_DAYS_AHEAD} days past n8n's today: an invoice the sandbox issues that far ahead is emitted, once`, async () => {
	const newInvoice = trigger({ event: 'newInvoice', downloadPdf: false });
	expect(await newInvoice.poll()).toEqual([]);
	const { now: activatedAt } = await sandbox.control.clock();
	await sandbox.control.advanceSandboxClockOnly({ days: SERVICE_DAYS_AHEAD });
	expect(await daysApart()).toBe(SERVICE_DAYS_AHEAD);
	const added = await sandbox.control.addInvoices({ count: 2, hours: 0, lateShare: 0 });
	const ids = (await newInvoice.poll()).map((invoice) => String(invoice.InvoiceId));
	expect(ids).toEqual(expect.arrayContaining([String(added.first), String(added.last)]));
	expect(ids.sort()).toEqual((await invoicesIssuedSince(activatedAt)).sort());
	expect(await newInvoice.poll()).toEqual([]);
});
