import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok, okJson, preferredXml } from './answers';
import { parseBarcodeList } from './barcodes';
import type { SandboxContext } from '../context';
import { errorObject } from './errorBodies';
import { defineOperation, type OperationInput } from './operation';
import { cashRecordView, traceJson, traceView } from '../world/timelines/shipments';
import type { Shipment } from '../world/types';
import { barcodesQuery, failWith } from './inputs';

/** Tracking and status: three trace operations, status by barcode and the cash-on-delivery account. */
export function registerTracking(app: FastifyInstance, context: SandboxContext): void {
	const known = (barcodes: string[]) =>
		barcodes.map((code) => context.store.shipments.get(code)).filter((s): s is Shipment => s !== undefined);

	const trace = (withOrderStatus: boolean) => ({ request, query, spec, now }: OperationInput) => {
		const shipments = known(barcodesQuery(query, 'barCode', spec));
		if (shipments.length === 0) return noContent();
		if (preferredXml(request)) return ok(shipments.map((s) => traceView(s, now, withOrderStatus)), 'PackageTrace');
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
				const parsed = parseBarcodeList(raw, 'barCode');
				if ('error' in parsed) failWith(spec, parsed.error);
				shipments = known(parsed.barcodes);
				shipments.forEach((s) => ownShipment(s, account.clientId));
			}
			const withCashOnDelivery = shipments.filter((s) => s.codValue > 0);
			if (withCashOnDelivery.length === 0) return noContent();
			return ok(withCashOnDelivery.map((s) => cashRecordView(s, now)), 'AwbCashRecord');
		});
}
