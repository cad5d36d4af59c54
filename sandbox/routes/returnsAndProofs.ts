import type { FastifyInstance } from 'fastify';
import { noContent, ok, okJson } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { defineOperation } from './operation';
import { dayAround, parseServiceDate, toServiceDate } from '../world/dates';
import { traceJson, visibleEvents } from '../world/timelines/shipments';
import type { Shipment } from '../world/types';
import { deliveryPicture } from '../world/picture';
import { barcodesQuery, failWith, requiredQuery } from './inputs';

/** Event 196: the parcel goes back to its sender (after a refusal or a failed delivery). */
const RETURNING_EVENT_ID = 196;
const DELIVERED_EVENT_ID = 21;

/**
 * Three calls of Cargus' API document v3 whose answers no source shows (beyond-the-interface.md): the AWBs going
 * back to the sender on a day, the delivery confirmation picture, the trace with redirects. The shapes are the
 * sandbox's choice, said in docs/sandbox.md.
 */
export function registerReturnsAndProofs(app: FastifyInstance, context: ServiceContext): void {
	const own = (clientId: number) => [...context.store.shipments.values()].filter((shipment) => shipment.clientId === clientId);

	// The account's AWBs whose return to the sender (event 196) began on the Bucharest day `data` (yyyy-mm-dd), by now.
	defineOperation(app, context, 'GET', '/api/AwbRetur', { operation: 'returningAwbs', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const text = requiredQuery(query, 'data', spec);
			const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseServiceDate(text) : undefined;
			if (day === undefined) failWith(spec, `data trebuie sa fie o zi yyyy-mm-dd, nu "${text}".`);
			const { start, end } = dayAround(day);
			const returning = own(account.clientId)
				.map((shipment) => ({ shipment, event: visibleEvents(shipment, now).find((event) => event.EventId === RETURNING_EVENT_ID) }))
				.filter(({ event }) => event !== undefined && event.date >= start && event.date <= end)
				.sort((a, b) => (a.event?.date ?? 0) - (b.event?.date ?? 0) || a.shipment.barcode.localeCompare(b.shipment.barcode));
			if (returning.length === 0) return noContent();
			return ok(returning.map(({ shipment, event }) => returnView(shipment, event?.date ?? now, now)), 'AwbRetur');
		});

	// The delivery confirmation picture of a delivered parcel of the account, as a JSON string of base64 PNG bytes (Cargus'
	// document says "base64" and nothing more). No picture (an unknown AWB, another account's, not delivered): 200 with
	// JSON null, as the real AwbScan answers, the same for every reason.
	defineOperation(app, context, 'GET', '/api/AwbScan', { operation: 'deliveryPicture', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const [barcode] = barcodesQuery(query, 'barCodes', spec, 1);
			const shipment = context.store.shipments.get(barcode);
			const delivered = shipment?.clientId === account.clientId ? visibleEvents(shipment, now).find((event) => event.EventId === DELIVERED_EVENT_ID) : undefined;
			if (!shipment || !delivered) return okJson('null');
			return ok(deliveryPicture(shipment.barcode, delivered.date).toString('base64'), 'base64Binary');
		});

	// No AWB of the sandbox is redirected: the trace is AwbTrace's.
	defineOperation(app, context, 'GET', '/api/AwbTrace/WithRedirect', { operation: 'traceWithRedirect', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, now }) => {
			const shipments = barcodesQuery(query, 'barCode', spec)
				.map((code) => context.store.shipments.get(code))
				.filter((shipment): shipment is Shipment => shipment !== undefined);
			if (shipments.length === 0) return noContent();
			return okJson(`[${shipments.map((shipment) => traceJson(shipment, now, false)).join(',')}]`);
		});
}

function returnView(shipment: Shipment, returningSince: number, now: number) {
	const last = visibleEvents(shipment, now).at(-1);
	return {
		BarCode: shipment.barcode,
		CustomString: shipment.customString,
		RecipientName: shipment.receiver,
		RecipientLocality: shipment.receiverLocality,
		ReturnDate: toServiceDate(returningSince),
		LastEventId: last?.EventId ?? null,
		LastEvent: last?.Description ?? '',
	};
}
