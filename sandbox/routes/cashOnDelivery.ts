import type { FastifyInstance } from 'fastify';
import { noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { dayAround, parseServiceDate } from '../world/dates';
import { cashRecordView } from '../world/timelines/shipments';
import { defineOperation } from './operation';
import { dateQuery, dayRange } from './inputs';

/**
 * The cash-on-delivery account by date: the AWBs with cash on delivery created in a range (GetByDate), and those
 * repaid on one day (GetByDeductionDate). Invalid input answers 409, as the per-barcode cash account does.
 */
export function registerCashOnDelivery(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;
	const withCashOnDelivery = (clientId: number) => [...store.shipments.values()].filter((s) => s.clientId === clientId && s.codValue > 0);

	defineOperation(app, context, 'GET', '/api/CashAccount/GetByDate', { operation: 'cashAccountByDate', auth: 'bearer', invalidStatus: 409 },
		({ query, spec, account, now }) => {
			const { from, to } = dayRange(query, spec);
			const records = withCashOnDelivery(account.clientId)
				.filter((s) => s.createdAt >= from && s.createdAt <= to && s.createdAt <= now)
				.sort((a, b) => a.createdAt - b.createdAt)
				.map((s) => cashRecordView(s, now));
			return records.length === 0 ? noContent() : ok(records, 'AwbCashRecord');
		});

	defineOperation(app, context, 'GET', '/api/CashAccount/GetByDeductionDate', { operation: 'cashAccountByDeductionDate', auth: 'bearer', invalidStatus: 409 },
		({ query, spec, account, now }) => {
			const day = dayAround(dateQuery(query, 'DeductionDate', spec));
			const records = withCashOnDelivery(account.clientId)
				.map((s) => cashRecordView(s, now))
				.filter((record) => {
					const deducted = parseServiceDate(record.DeductionDate);
					return deducted !== undefined && deducted >= day.start && deducted <= day.end;
				})
				.sort((a, b) => String(a.DeductionDate).localeCompare(String(b.DeductionDate)));
			return records.length === 0 ? noContent() : ok(records, 'AwbCashRecord');
		});
}
