import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok } from './answers';
import type { SandboxContext } from '../context';
import { errorObject } from './errorBodies';
import { orderView } from '../world/timelines/pickupOrders';
import { defineOperation } from './operation';
import { ADDRESS_FIELDS, checkEmail } from './address';
import { failWith, requireBody, validateOrFail } from './inputs';

/** Pickup orders: send one (answers the OrderId), read one (OrdStatus moves on with the clock). */
export function registerPickupOrders(app: FastifyInstance, context: SandboxContext): void {
	const { store } = context;

	defineOperation(app, context, 'POST', '/api/Orders', { operation: 'sendOrder', auth: 'bearer', invalidStatus: 400 },
		({ body, spec, account, now }) => {
			const fields = validateOrFail(requireBody(body, spec), {
				...ADDRESS_FIELDS,
				LocationId: { type: 'int', required: true },
				Parcels: { type: 'int' },
				Envelopes: { type: 'int' },
				TotalWeight: { type: 'int' },
				PickupStartDate: { type: 'date', required: true },
				PickupEndDate: { type: 'date', required: true },
			}, spec);
			checkEmail(fields, spec);
			const parcels = (fields.Parcels as number | undefined) ?? 0;
			const envelopes = (fields.Envelopes as number | undefined) ?? 0;
			const weight = (fields.TotalWeight as number | undefined) ?? 0;
			const start = fields.PickupStartDate as number;
			const end = fields.PickupEndDate as number;
			if (parcels < 0 || envelopes < 0) failWith(spec, 'Parcels si Envelopes nu pot fi negative.');
			if (parcels + envelopes < 1) failWith(spec, 'Comanda trebuie sa contina cel putin un colet sau un plic (Parcels, Envelopes).');
			if (weight < 0 || (parcels > 0 && weight < 1)) failWith(spec, 'TotalWeight trebuie sa fie cel putin 1 kg pentru colete.');
			if (start >= end) failWith(spec, 'PickupStartDate trebuie sa fie inainte de PickupEndDate.');
			if (end <= now) failWith(spec, 'PickupEndDate este in trecut.');
			const location = store.locations.get(fields.LocationId as number);
			if (!location || location.clientId !== account.clientId) {
				throw new AnswerError(errorObject(409, `Punctul de ridicare ${String(fields.LocationId)} nu exista.`));
			}
			const order = store.addOrder({
				clientId: account.clientId,
				LocationId: location.LocationId,
				PickUpSiteName: location.Name,
				PickupStartDate: start,
				PickupEndDate: end,
				NoParcel: parcels,
				NoEnvelop: envelopes,
				TotalWeight: weight,
				Observations: '',
				PackageContent: '',
				CreationDate: now,
				AdresaExp: `${location.AddressText}, ${location.LocalityName}, ${location.CountyName}`,
				Email: String(fields.Email ?? location.Email),
				OrderType: 3,
			});
			return ok(order.OrderId, 'int');
		});

	defineOperation(app, context, 'GET', '/api/Orders/GetByOrderId', { operation: 'getOrder', auth: 'bearer', invalidStatus: 204 },
		({ query, account, now }) => {
			const text = query.text('orderId');
			const orderId = text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : undefined;
			const order = orderId === undefined ? undefined : store.orders.get(orderId);
			if (!order || order.clientId !== account.clientId) return noContent();
			return ok(orderView(order, now), 'Order');
		});
}
