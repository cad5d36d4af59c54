import type { ControlInvoice } from '../../sandbox/control/client';
import { parseServiceDate } from '../../sandbox/world/dates';
import { SANDBOX_NOW } from '../helpers/sandbox';
import { useSandbox } from './support';

const sandbox = useSandbox();

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const START = Date.parse(SANDBOX_NOW);
type ServiceInvoice = { InvoiceId: number; Date: string };
type CashRecord = { BarCode: string; RepaymentId: string; RepaymentDate: string | null; RepaymentValue: number };

const dateOf = (invoice: ControlInvoice) => parseServiceDate(invoice.Date) as number;
const lateness = (invoice: ControlInvoice) => Date.parse(invoice.issuedAt) - dateOf(invoice);

/** Moves the sandbox clock to an instant (forward only) and logs in again (tokens last a day). */
async function moveClockTo(ms: number): Promise<void> {
	const { now } = await sandbox.control.clock();
	await sandbox.control.advanceClock({ seconds: (ms - Date.parse(now)) / 1000 });
	await sandbox.client.login();
}

/** Every invoice GET /api/Invoices lists in the range, all pages. */
async function listedInvoices(from: string, to: string): Promise<ServiceInvoice[]> {
	const all: ServiceInvoice[] = [];
	for (let page = 1; ; page++) {
		const result = await sandbox.client.call('GET', '/api/Invoices', { query: { FromDate: from, ToDate: to, itemsPerPage: 100, pageNumber: page } });
		if (result.status === 204) return all;
		expect(result.status).toBe(200);
		all.push(...(result.json as ServiceInvoice[]));
	}
}

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.client.login();
});

describe('invoices are issued over time', () => {
	it('the seed keeps the past year issued and plans at least one invoice every 2 days for the coming weeks', async () => {
		const invoices = await sandbox.control.invoices();
		expect(invoices.map((i) => Date.parse(i.issuedAt))).toEqual(invoices.map((i) => Date.parse(i.issuedAt)).sort((a, b) => a - b));
		for (const invoice of invoices) {
			expect(invoice.issued).toBe(Date.parse(invoice.issuedAt) <= START);
			expect(lateness(invoice)).toBeGreaterThanOrEqual(0);
			expect(lateness(invoice)).toBeLessThanOrEqual(5 * DAY);
		}
		const pastYear = invoices.filter((i) => dateOf(i) <= START - DAY);
		expect(pastYear.length).toBeGreaterThanOrEqual(30);
		expect(pastYear.every((i) => i.issued)).toBe(true);
		const planned = invoices.filter((i) => i.account === 'sandbox' && !i.issued).map((i) => Date.parse(i.issuedAt));
		expect(planned[0] - START).toBeLessThanOrEqual(2 * DAY);
		planned.slice(1).forEach((at, index) => expect(at - planned[index]).toBeLessThanOrEqual(2 * DAY));
		expect(planned[planned.length - 1] - START).toBeGreaterThanOrEqual(28 * DAY);
		const late = invoices.filter((i) => lateness(i) >= DAY).length / invoices.length;
		expect(late).toBeGreaterThan(0.12);
		expect(late).toBeLessThan(0.38);
	});

	it('a planned invoice is absent (list, document, PDF) until its issuedAt, then listed by its earlier Date', async () => {
		const invoices = await sandbox.control.invoices();
		const late = invoices.find((i) => i.account === 'sandbox' && !i.issued && lateness(i) >= DAY) as ControlInvoice;
		expect(late).toBeDefined();
		const range = { from: new Date(dateOf(late) - DAY).toISOString(), to: new Date(dateOf(late) + DAY).toISOString() };
		const visible = async () => ({
			listed: (await listedInvoices(range.from, range.to)).some((i) => i.InvoiceId === late.InvoiceId),
			document: (await sandbox.client.call('GET', '/api/InvoiceDocuments', { query: { InvoiceId: late.InvoiceId } })).status,
			pdf: (await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { query: { InvoiceId: late.InvoiceId, Token: sandbox.client.token as string } })).status,
		});
		await moveClockTo(Date.parse(late.issuedAt) - 1000);
		expect(await visible()).toEqual({ listed: false, document: 204, pdf: 204 });
		await moveClockTo(Date.parse(late.issuedAt));
		expect(await visible()).toEqual({ listed: true, document: 200, pdf: 200 });
		expect((await listedInvoices(range.from, range.to)).find((i) => i.InvoiceId === late.InvoiceId)?.Date).toBe(late.Date);
		expect((await sandbox.control.invoices()).find((i) => i.InvoiceId === late.InvoiceId)?.issued).toBe(true);
	});

	it('POST /_sandbox/invoices plans 10,000 invoices over the coming hours; the service lists exactly those issued', async () => {
		const added = await sandbox.control.addInvoices({ count: 10_000, hours: 100 });
		expect(added).toEqual({ added: 10_000, first: expect.any(Number), last: added.first + 9_999 });
		const mine = (await sandbox.control.invoices()).filter((i) => i.InvoiceId >= added.first && i.InvoiceId <= added.last);
		expect(mine).toHaveLength(10_000);
		expect(mine.every((i) => i.account === 'sandbox' && !i.issued)).toBe(true);
		const moments = mine.map((i) => Date.parse(i.issuedAt)).sort((a, b) => a - b);
		expect(moments[0]).toBeGreaterThan(START);
		expect(moments[moments.length - 1]).toBe(START + 100 * HOUR);
		const lateShare = mine.filter((i) => lateness(i) >= DAY).length / mine.length;
		expect(lateShare).toBeGreaterThan(0.22);
		expect(lateShare).toBeLessThan(0.28);
		expect(mine.every((i) => lateness(i) === 0 || (lateness(i) >= DAY && lateness(i) <= 5 * DAY))).toBe(true);

		await moveClockTo(START + 50 * HOUR);
		const issued = (await sandbox.control.invoices()).filter((i) => i.account === 'sandbox' && i.issued);
		const addedIssued = issued.filter((i) => i.InvoiceId >= added.first);
		expect(addedIssued.length).toBeGreaterThanOrEqual(4_990);
		expect(addedIssued.length).toBeLessThanOrEqual(5_010);
		const listed = await listedInvoices('2025-01-01', new Date(START + 60 * HOUR).toISOString());
		expect(listed.map((i) => i.InvoiceId).sort((a, b) => a - b)).toEqual(issued.map((i) => i.InvoiceId).sort((a, b) => a - b));
		const dates = listed.map((i) => parseServiceDate(i.Date) as number);
		expect(dates).toEqual([...dates].sort((a, b) => a - b));
	});

	it('POST /_sandbox/invoices takes an account, a late share and 0 hours (issued now); refuses bad input naming the field', async () => {
		const other = await sandbox.control.addInvoices({ count: 3, hours: 0, lateShare: 0, account: 'OTHER' });
		const invoices = await sandbox.control.invoices();
		const added = invoices.filter((i) => i.InvoiceId >= other.first && i.InvoiceId <= other.last);
		expect(added.map((i) => [i.account, i.issued, lateness(i)])).toEqual([['other', true, 0], ['other', true, 0], ['other', true, 0]]);
		expect((await listedInvoices('2025-01-01', '2027-01-01')).some((i) => i.InvoiceId === other.first)).toBe(false);
		for (const [input, field] of [[{ count: 0 }, 'count'], [{ hours: -1 }, 'hours'], [{ hours: 'x' }, 'hours'], [{ lateShare: 2 }, 'lateShare'], [{ account: 'nobody' }, 'account']] as const) {
			await expect(sandbox.control.addInvoices(input as never)).rejects.toThrow(new RegExp(`400: .*${field}`));
		}
		expect(await sandbox.control.invoices()).toHaveLength(invoices.length);
	});
});

describe('cash on delivery is repaid two days after delivery', () => {
	it('10,000 shipments with a cash-on-delivery amount are delivered and repaid as the clock moves', async () => {
		const created = await sandbox.control.addShipments({ count: 10_000, scenario: 'delivered', startAt: SANDBOX_NOW, stepMinutes: 60, codValue: 125.5 });
		const barcodes = new Set(created.map((s) => s.barcode));
		expect(created.every((s) => s.codValue === 125.5)).toBe(true);
		const records = (await sandbox.control.cashOnDelivery()).filter((r) => barcodes.has(r.BarCode));
		expect(records).toHaveLength(10_000);
		const repaidAt = new Date(START + 4 * HOUR + 2 * DAY).toISOString();
		expect(records.every((r) => r.repaidAt === repaidAt && !r.repaid && r.RepaymentValue === 125.5 && r.account === 'sandbox')).toBe(true);

		await moveClockTo(Date.parse(repaidAt) - 1000);
		const before = (await sandbox.client.call('GET', '/api/CashAccount')).json as CashRecord[];
		expect(before.filter((r) => barcodes.has(r.BarCode) && r.RepaymentId !== '')).toHaveLength(0);
		await moveClockTo(Date.parse(repaidAt));
		const after = (await sandbox.client.call('GET', '/api/CashAccount')).json as CashRecord[];
		const repaid = after.filter((r) => barcodes.has(r.BarCode));
		expect(repaid).toHaveLength(10_000);
		expect(repaid.every((r) => r.RepaymentId !== '' && r.RepaymentDate === '2026-11-22T16:00:00' && r.RepaymentValue === 125.5)).toBe(true);
		const control = await sandbox.control.cashOnDelivery();
		const repaidNow = new Set(control.filter((r) => r.repaid && r.account === 'sandbox').map((r) => r.BarCode));
		expect(new Set(after.filter((r) => r.RepaymentId !== '').map((r) => r.BarCode))).toEqual(repaidNow);
	});

	it('lists every seeded record (null repaidAt when no delivery is planned); codValue 0 adds none; a bad codValue is refused', async () => {
		const records = await sandbox.control.cashOnDelivery();
		const shipments = await sandbox.control.shipments();
		expect(records.map((r) => r.BarCode).sort()).toEqual(shipments.filter((s) => s.codValue > 0).map((s) => s.barcode).sort());
		const planned = new Map(shipments.map((s) => [s.barcode, s.plannedEvents.some((e) => e.EventId === 21)]));
		expect(records.every((r) => (r.repaidAt === null) === !planned.get(r.BarCode))).toBe(true);
		const [none] = await sandbox.control.addShipments({ codValue: 0 });
		expect((await sandbox.control.cashOnDelivery()).some((r) => r.BarCode === none.barcode)).toBe(false);
		await expect(sandbox.control.addShipments({ codValue: -1 })).rejects.toThrow(/400: .*codValue/);
		await expect(sandbox.control.addShipments({ count: 10_001 })).rejects.toThrow(/400: .*count/);
	});
});

describe('pickup orders move through OrdStatus', () => {
	it('GET /_sandbox/orders gives each order its status timeline, which Get pickup order follows', async () => {
		const sent = await sandbox.client.call('POST', '/api/Orders', {
			body: { LocationId: 1005962049, Parcels: 2, Envelopes: 0, TotalWeight: 4, PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00' },
		});
		const orders = await sandbox.control.orders();
		expect(orders.find((o) => o.OrderId === 5500002)?.statuses).toEqual([{ OrdStatus: 4, OrdStatusDetails: 'Anulata', at: expect.any(String) }]);
		const timeline = orders.find((o) => o.OrderId === sent.json)?.statuses ?? [];
		expect(timeline).toEqual([
			{ OrdStatus: 0, OrdStatusDetails: 'Deschisa', at: SANDBOX_NOW.replace('Z', '.000Z') },
			{ OrdStatus: 2, OrdStatusDetails: 'Validata', at: '2026-11-20T10:15:00.000Z' },
			{ OrdStatus: 3, OrdStatusDetails: 'In curs de ridicare', at: '2026-11-20T12:00:00.000Z' },
			{ OrdStatus: 1, OrdStatusDetails: 'Inchisa', at: '2026-11-20T16:00:00.000Z' },
		]);
		for (const [index, change] of timeline.entries()) {
			if (index > 0) {
				await moveClockTo(Date.parse(change.at) - 1000);
				expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: sent.json as number } })).json)
					.toMatchObject({ OrdStatus: timeline[index - 1].OrdStatus });
			}
			await moveClockTo(Date.parse(change.at));
			expect((await sandbox.client.call('GET', '/api/Orders/GetByOrderId', { query: { orderId: sent.json as number } })).json)
				.toMatchObject({ OrdStatus: change.OrdStatus, OrdStatusDetails: change.OrdStatusDetails });
		}
	});
});
