import type { FastifyInstance } from 'fastify';
import { noContent, ok, okJson } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { defineOperation } from './operation';
import { dayAround, parseServiceDate, toServiceDate } from '../world/dates';
import { pieceCodes, returnBarcodeOf, returnEventOf, shopText, traceJson, visibleEvents } from '../world/timelines/shipments';
import { DELIVERIES } from '../world/timelines/cargusEvents';
import type { Shipment } from '../world/types';
import { deliveryPicture } from '../world/picture';
import { barcodesQuery, failWith, requiredQuery } from './inputs';

/**
 * Three calls of Cargus' API document v3 beyond the interface: the AWBs returned on a day (nested rows, as a warehouse
 * system found on real answers), the delivery confirmation picture, the trace with redirects (AwbTrace's shape, as
 * four clients read it). docs/sandbox.md says the source of each.
 */
export function registerReturnsAndProofs(app: FastifyInstance, context: ServiceContext): void {
	const own = (clientId: number) => [...context.store.shipments.values()].filter((shipment) => shipment.clientId === clientId);

	// The account's AWBs whose return (196, 197 or 198) began on the Bucharest day `data` (yyyy-mm-dd), by now.
	defineOperation(app, context, 'GET', '/api/AwbRetur', { operation: 'returningAwbs', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const text = requiredQuery(query, 'data', spec);
			const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseServiceDate(text) : undefined;
			if (day === undefined) failWith(spec, `data trebuie sa fie o zi yyyy-mm-dd, nu "${text}".`);
			const { start, end } = dayAround(day);
			const returned = own(account.clientId)
				.map((shipment) => ({ shipment, event: returnEventOf(shipment, now) }))
				.filter((entry): entry is { shipment: Shipment; event: NonNullable<typeof entry.event> } => entry.event !== undefined && entry.event.date >= start && entry.event.date <= end)
				.sort((a, b) => a.event.date - b.event.date || a.shipment.barcode.localeCompare(b.shipment.barcode));
			if (returned.length === 0) return noContent();
			return ok(returned.map(({ shipment, event }) => returnView(shipment, event.date, now)), 'AwbRetur');
		});

	// The delivery confirmation picture of a delivered parcel of the account, as a JSON string of base64 PNG bytes (Cargus'
	// document says "base64" and nothing more). No picture (an unknown AWB, another account's, not delivered): 200 with
	// JSON null, as the real AwbScan answers, the same for every reason.
	defineOperation(app, context, 'GET', '/api/AwbScan', { operation: 'deliveryPicture', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const [barcode] = barcodesQuery(query, 'barCodes', spec, 1);
			const shipment = context.store.shipments.get(barcode);
			const delivered = shipment?.clientId === account.clientId ? visibleEvents(shipment, now).find((event) => DELIVERIES.includes(event.EventId)) : undefined;
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

/**
 * One AwbRetur row, nested as the warehouse system found it on real answers (PetricaH/product_wms): the parcel's AWB,
 * the return AWB it travels back under, the shop's text, and when the return left (its return event).
 */
function returnView(shipment: Shipment, returnedAt: number, now: number) {
	return {
		Awb: { BarCode: shipment.barcode, ParcelCodes: pieceCodes(shipment) },
		AwbReturn: {
			BarCode: returnBarcodeOf(shipment, now) as string,
			Sender: shipment.receiver,
			SenderLocality: shipment.receiverLocality,
			Recipient: shipment.sender,
			RecipientLocality: shipment.senderLocality,
		},
		ClientObservation: shopText(shipment),
		TimestampDeparture: toServiceDate(returnedAt),
	};
}
