import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { errorObject } from './errorBodies';
import { orderStatusAt, orderView } from '../world/timelines/pickupOrders';
import type { Account, PickupLocation, PickupOrder } from '../world/types';
import { defineOperation } from './operation';
import { ADDRESS_FIELDS, checkEmail } from './address';
import { dateQuery, dayRange, failWith, intQuery, pageOf, pagingQuery, requireBody, validateOrFail } from './inputs';
import type { OperationSpec, QueryReader } from './operation';

/** Orders listed as "validated" (status=1): every order that was validated, whether picked up yet or not. */
const VALIDATED = new Set([1, 2, 3, 5]);

/**
 * Pickup orders: send one (answers the OrderId), read one (OrdStatus moves on with the clock), launch or cancel a
 * location's current order, list them by location and status or by creation date.
 */
export function registerPickupOrders(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;

	/** The `locationId` parameter's location of the client (0 = headquarters), or 409 as for the other location operations. */
	const locationParameter = (query: QueryReader, spec: OperationSpec, account: Account): PickupLocation => {
		const locationId = intQuery(query, 'locationId', spec, true) as number;
		const location = store.locationOfClient(account.clientId, locationId);
		if (!location) throw new AnswerError(errorObject(409, `Punctul de ridicare ${locationId} nu exista.`));
		return location;
	};
	const byCreation = (a: PickupOrder, b: PickupOrder) => a.CreationDate - b.CreationDate || a.OrderId - b.OrderId;

	defineOperation(app, context, 'PUT', '/api/Orders', { operation: 'launchOrCancelOrder', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const action = intQuery(query, 'action', spec, true);
			if (action !== 0 && action !== 1) failWith(spec, 'action trebuie sa fie 1 (lansare) sau 0 (anulare).');
			const window = action === 1 ? { start: dateQuery(query, 'PickupStartDate', spec), end: dateQuery(query, 'PickupEndDate', spec) } : undefined;
			if (spec.strict && window && window.start >= window.end) failWith(spec, 'PickupStartDate trebuie sa fie inainte de PickupEndDate.');
			if (spec.strict && window && window.end <= now) failWith(spec, 'PickupEndDate este in trecut.');
			const location = locationParameter(query, spec, account);
			const latestIn = (statuses: number[]) => [...store.orders.values()]
				.filter((o) => o.LocationId === location.LocationId && statuses.includes(orderStatusAt(o, now)))
				.sort(byCreation)
				.pop();
			if (window) {
				const order = latestIn([0]);
				if (!order) throw new AnswerError(errorObject(409, `Nu exista o comanda curenta de lansat pentru punctul de ridicare ${location.LocationId}.`));
				// Validated now, whatever would have validated it otherwise; AWBs then open a new current order.
				Object.assign(order, { awaitsLaunch: true, launchedAt: now, PickupStartDate: window.start, PickupEndDate: window.end });
				return ok(order.OrderId, 'int');
			}
			const order = latestIn([0, 2]);
			if (!order) throw new AnswerError(errorObject(409, `Nu exista o comanda de anulat pentru punctul de ridicare ${location.LocationId}.`));
			order.cancelledAt = now;
			return ok(order.OrderId, 'int');
		});

	defineOperation(app, context, 'GET', '/api/Orders', { operation: 'ordersByLocation', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const status = intQuery(query, 'status', spec, true);
			if (status !== 0 && status !== 1) failWith(spec, 'status trebuie sa fie 0 (comenzi curente) sau 1 (comenzi validate).');
			const paging = pagingQuery(query, spec, context.settings.maxItemsPerPage);
			const location = locationParameter(query, spec, account);
			const matches = [...store.orders.values()]
				.filter((o) => o.LocationId === location.LocationId)
				.filter((o) => (status === 0 ? orderStatusAt(o, now) === 0 : VALIDATED.has(orderStatusAt(o, now))))
				.sort(byCreation);
			const page = pageOf(matches, paging);
			if (page.length === 1 && context.settings.ordersListOfOne === 'object') return ok(orderView(page[0], now), 'Order');
			return page.length === 0 ? noContent() : ok(page.map((o) => orderView(o, now)), 'Order');
		});

	defineOperation(app, context, 'GET', '/api/Orders/GetByDate', { operation: 'ordersByDate', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const { from, to } = dayRange(query, spec);
			const paging = pagingQuery(query, spec, context.settings.maxItemsPerPage);
			const matches = [...store.orders.values()]
				.filter((o) => o.clientId === account.clientId && o.CreationDate >= from && o.CreationDate <= to && o.CreationDate <= now)
				.sort(byCreation);
			const page = pageOf(matches, paging);
			return page.length === 0 ? noContent() : ok(page.map((o) => orderView(o, now)), 'Order');
		});

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
			if (spec.strict) checkOrderStrictly(spec, { parcels, envelopes, weight, start, end, now });
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

/** The sandbox's own checks of a pickup order, which no source shows Cargus making: only with `strictChecks`. */
function checkOrderStrictly(spec: OperationSpec, order: { parcels: number; envelopes: number; weight: number; start: number; end: number; now: number }): void {
	const { parcels, envelopes, weight, start, end, now } = order;
	if (parcels < 0 || envelopes < 0) failWith(spec, 'Parcels si Envelopes nu pot fi negative.');
	if (parcels + envelopes < 1) failWith(spec, 'Comanda trebuie sa contina cel putin un colet sau un plic (Parcels, Envelopes).');
	if (weight < 0 || (parcels > 0 && weight < 1)) failWith(spec, 'TotalWeight trebuie sa fie cel putin 1 kg pentru colete.');
	if (start >= end) failWith(spec, 'PickupStartDate trebuie sa fie inainte de PickupEndDate.');
	if (end <= now) failWith(spec, 'PickupEndDate este in trecut.');
}
