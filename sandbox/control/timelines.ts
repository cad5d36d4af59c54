import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { toServiceDate } from '../world/dates';
import { byIssue, invoicesOverHours, isIssued, LATE_SHARE } from '../world/timelines/invoices';
import { ORDER_STATUS_DETAILS, orderTimeline } from '../world/timelines/pickupOrders';
import { repaymentMoment } from '../world/timelines/shipments';
import { badRequest, bodyOf, iso, optionalNumber } from './inputs';

/** At most this many invoices per POST /_sandbox/invoices. */
export const MAX_ADDED_INVOICES = 100_000;

/** What changes as the clock moves: invoices issued, cash on delivery repaid, pickup order statuses. */
export function installTimelineControl(control: FastifyInstance, context: SandboxContext): void {
	const { store, clock } = context;
	const usernames = new Map(store.accounts.map((account) => [account.clientId, account.username]));

	control.get('/invoices', async () => {
		const now = clock.now();
		return [...store.invoices].sort(byIssue).map((invoice) => ({
			InvoiceId: invoice.InvoiceId, Series: invoice.Series, Number: invoice.Number, Date: toServiceDate(invoice.Date),
			issuedAt: iso(invoice.issuedAt), issued: isIssued(invoice, now), account: usernames.get(invoice.clientId),
		}));
	});

	control.post('/invoices', async (request, reply) => {
		const input = bodyOf(request.body);
		const count = optionalNumber(input, 'count', 1);
		if (count === undefined || !Number.isInteger(count) || count < 1 || count > MAX_ADDED_INVOICES) return badRequest(reply, `count must be an integer from 1 to ${MAX_ADDED_INVOICES}`);
		const hours = optionalNumber(input, 'hours', 24);
		if (hours === undefined || hours < 0) return badRequest(reply, 'hours must be a number, 0 or more');
		const lateShare = optionalNumber(input, 'lateShare', LATE_SHARE);
		if (lateShare === undefined || lateShare < 0 || lateShare > 1) return badRequest(reply, 'lateShare must be a number from 0 to 1');
		const username = input.account ?? store.accounts[0].username;
		const account = typeof username === 'string' ? store.accounts.find((a) => a.username.toLowerCase() === username.toLowerCase()) : undefined;
		if (!account) return badRequest(reply, `account must be the username of a sandbox account (${store.accounts.map((a) => a.username).join(', ')})`);
		const added = invoicesOverHours(account.clientId, count, hours, lateShare, clock.now(), store.random, store.invoiceNumbers);
		store.addInvoices(added);
		return { added: added.length, first: added[0].InvoiceId, last: added[added.length - 1].InvoiceId };
	});

	control.get('/cash-on-delivery', async () => {
		const now = clock.now();
		const records: Array<{ BarCode: string; RepaymentValue: number; repaidAt: string | null; repaid: boolean; account: string | undefined }> = [];
		for (const shipment of store.shipments.values()) {
			if (shipment.codValue <= 0) continue;
			const moment = repaymentMoment(shipment);
			records.push({
				BarCode: shipment.barcode, RepaymentValue: shipment.codValue, repaidAt: moment === undefined ? null : iso(moment),
				repaid: moment !== undefined && moment <= now, account: usernames.get(shipment.clientId),
			});
		}
		return records;
	});

	control.get('/orders', async () =>
		[...store.orders.values()].map((order) => ({
			OrderId: order.OrderId,
			account: usernames.get(order.clientId),
			statuses: orderTimeline(order).map((change) => ({ OrdStatus: change.OrdStatus, OrdStatusDetails: ORDER_STATUS_DETAILS[change.OrdStatus], at: iso(change.at) })),
		})));
}
