import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok, okJson, preferredXml } from './answers';
import { parseBarcodeList } from './barcodes';
import type { ServiceContext } from '../world/serviceContext';
import { errorObject } from './errorBodies';
import { defineOperation, type OperationInput } from './operation';
import { cashRecordView, deltaRowView, traceEventView, traceJson, traceViews, visibleEvents } from '../world/timelines/shipments';
import { monthDayYearRange } from './awbs';
import type { Shipment } from '../world/types';
import { barcodesQuery, failWith } from './inputs';

/**
 * Tracking and status: three trace operations, the account's events of an interval (GetDeltaEvents), status by
 * barcode and the cash-on-delivery account.
 */
export function registerTracking(app: FastifyInstance, context: ServiceContext): void {
	const known = (barcodes: string[]) =>
		barcodes.map((code) => context.store.shipments.get(code)).filter((s): s is Shipment => s !== undefined);

	const trace = (withOrderStatus: boolean) => ({ request, query, spec, now }: OperationInput) => {
		const shipments = known(barcodesQuery(query, 'barCode', spec));
		if (shipments.length === 0) return noContent();
		if (preferredXml(request)) return ok(shipments.flatMap((s) => traceViews(s, now, withOrderStatus)), 'PackageTrace');
		return okJson(`[${shipments.map((s) => traceJson(s, now, withOrderStatus)).join(',')}]`);
	};

	const ownShipment = (shipment: Shipment, clientId: number) => {
		if (shipment.clientId !== clientId) {
			throw new AnswerError(errorObject(409, `AWB-ul ${shipment.barcode} nu apartine clientului autentificat.`));
		}
	};

	defineOperation(app, context, 'GET', '/api/AwbTrace/GetAwbTraceOneRequest',
		{ operation: 'traceOneRequest', auth: 'bearer', invalidStatus: 400 }, trace(true));
	defineOperation(app, context, 'GET', '/api/AwbTrace', { operation: 'trace', auth: 'bearer', invalidStatus: 400 }, trace(false));
	defineOperation(app, context, 'GET', '/api/NoAuth/GetAwbTrace', { operation: 'traceNoAuth', auth: 'none', invalidStatus: 400 }, trace(false));

	// Cargus' document gives only "the last events of an interval". The setting deltaEvents says how the sandbox answers:
	// `shipment`, one row per shipment with an event dated within FromDate..ToDate (MM-dd-yyyy, whole days), without
	// event ids, as a client that read the document reads it (edinio); `event`, one flat row per event with its shipment's
	// Code and EventId. Only events served by now, the account's own; oldest first; 204 when there is none.
	defineOperation(app, context, 'GET', '/api/AwbTrace/GetDeltaEvents', { operation: 'traceDeltaEvents', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const { from, end } = monthDayYearRange(query, spec);
			const own = [...context.store.shipments.values()].filter((shipment) => shipment.clientId === account.clientId);
			if (context.settings.deltaEvents === 'shipment') {
				const rows: Array<{ latest: number; row: NonNullable<ReturnType<typeof deltaRowView>> }> = [];
				for (const shipment of own) {
					const row = deltaRowView(shipment, now, from, end);
					if (row === undefined) continue;
					const latest = visibleEvents(shipment, now).filter((event) => event.date >= from && event.date <= end).at(-1)?.date ?? 0;
					rows.push({ latest, row });
				}
				if (rows.length === 0) return noContent();
				rows.sort((a, b) => a.latest - b.latest || a.row.BarCode.localeCompare(b.row.BarCode));
				return ok(rows.map(({ row }) => row), 'DeltaEvent');
			}
			const events: Array<{ code: string; date: number; view: ReturnType<typeof traceEventView> }> = [];
			for (const shipment of own) {
				for (const event of visibleEvents(shipment, now)) {
					if (event.date >= from && event.date <= end) events.push({ code: shipment.barcode, date: event.date, view: traceEventView(event) });
				}
			}
			if (events.length === 0) return noContent();
			events.sort((a, b) => a.date - b.date || a.code.localeCompare(b.code));
			return ok(events.map((event) => ({ Code: event.code, ...event.view })), 'TraceEvent');
		});

	defineOperation(app, context, 'GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode',
		{ operation: 'awbStatus', auth: 'bearer', invalidStatus: 400 }, ({ query, spec, now, account }) => {
			const [barcode] = barcodesQuery(query, 'barCode', spec, 1);
			const shipment = context.store.shipments.get(barcode);
			if (!shipment) return noContent();
			ownShipment(shipment, account.clientId);
			return ok(cashRecordView(shipment, now), 'AwbCashRecord');
		});

	defineOperation(app, context, 'GET', '/api/CashAccount', { operation: 'cashAccount', auth: 'bearer', invalidStatus: 409 },
		({ query, spec, now, account }) => {
			const raw = query.value('barCode');
			let shipments: Shipment[];
			if (query.text('barCode') === undefined || raw === undefined) {
				shipments = [...context.store.shipments.values()].filter((s) => s.clientId === account.clientId);
			} else {
				const parsed = parseBarcodeList(raw, 'barCode', spec.strict === true);
				if ('error' in parsed) failWith(spec, parsed.error);
				shipments = known(parsed.barcodes);
				shipments.forEach((s) => ownShipment(s, account.clientId));
			}
			const withCashOnDelivery = shipments.filter((s) => s.codValue > 0);
			if (withCashOnDelivery.length === 0) return noContent();
			return ok(withCashOnDelivery.map((s) => cashRecordView(s, now)), 'AwbCashRecord');
		});
}
