import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';

import { PICKUP_ORDER_CODES, withMeanings } from '../../shared/cargus/codeMeanings';
import { refuseSetting } from '../../shared/values/refusal';
import { isBlank } from '../../shared/values/values';
import { dayOf, latestServiceDay } from '../idSet';
import { cargusDay } from '../../shared/values/cargusDate';
import { commonSettings, numberOr, optionsOf, watchesAccount } from '../parameters';
import { readList, readObject } from '../readAnswer';
import { sendPollRequest } from '../sendRequest';
import type { CommonSettings, TriggerEvent } from '../triggerEvent';
import { DEFAULT_ACCOUNT_DAYS, pickupOrderProperties } from './description';
import { OrderState, UNKNOWN_ORDER } from './state';

const REQUEST_NAME = 'pickup order request';
const CONCURRENT_REQUESTS = 4;

interface OrderSettings extends CommonSettings {
	/** Watch = All Pickup Orders of the Account: the creation days asked for (YYYY-MM-DD, by n8n's clock); undefined: the listed orders. */
	account?: { from: string; to: string };
	orderIds: string[];
}

/** An order ID (Listed Order IDs), or a page of the account's orders by creation date. */
type OrderRequest = string | { page: number };

const ITEMS_PER_PAGE = 100;

interface StatusChange {
	orderId: string;
	previous: number | null;
	order: JsonObject;
}

function readOrderIds(context: IPollFunctions): string[] {
	const value = context.getNodeParameter('orderIds', '');
	if (isBlank(value)) return [];
	const entries: unknown[] = Array.isArray(value) ? value : String(value).split(/[\s,;]+/);
	const ids: string[] = [];
	for (const entry of entries) {
		const text = String(entry ?? '').trim();
		if (text === '') continue;
		if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
			throw refuseSetting(
				context.getNode(),
				`"${text}" is not a pickup order ID`,
				'Fix the Order IDs parameter: each ID is a whole number (the OrderId Cargus gave the order), separated by commas or new lines.',
			);
		}
		if (!ids.includes(String(Number(text)))) ids.push(String(Number(text)));
	}
	return ids;
}

/** One order's status as an answer shows it: the change to emit, if any. */
function receiveOrder(state: OrderState, orderId: string, order: JsonObject, settings: OrderSettings): StatusChange[] {
	const status = Number(order.OrdStatus);
	const previous = state.statusOf(orderId);
	if (!Number.isInteger(status) || previous === status) return [];
	state.set(orderId, status);
	// An order that shows up after the account was first read is new: its first status is a change (and gets saved).
	if (previous === undefined && !settings.emitExisting && !state.accountWatched) return [];
	return [{ orderId, previous: previous === undefined || previous === UNKNOWN_ORDER ? null : previous, order }];
}

/** One page of the account's orders: their changes, and the next page if this one was full. */
function receivePage(state: OrderState, page: number, orders: JsonObject[], settings: OrderSettings) {
	const changes: StatusChange[] = [];
	for (const order of orders) {
		if (order === null || typeof order !== 'object') continue;
		const orderId = String(order.OrderId ?? '').trim();
		const day = dayOf(order.CreationDate);
		if (!/^\d+$/.test(orderId) || day === undefined) continue;
		state.created?.add(orderId, day);
		changes.push(...receiveOrder(state, orderId, order, settings));
	}
	return { changes, more: orders.length >= ITEMS_PER_PAGE ? [{ page: page + 1 }] : [] };
}

/**
 * Pickup Order Status Changed: each change of an order's OrdStatus, for the account's orders created in the
 * window (GET /api/Orders/GetByDate, 100 a page) or the listed ones (GET /api/Orders/GetByOrderId, one a request).
 */
export const pickupOrderStatusChanged: TriggerEvent<OrderSettings, OrderState, OrderRequest, JsonObject | JsonObject[] | undefined, StatusChange> = {
	option: {
		name: 'Pickup Order Status Changed',
		value: 'pickupOrderStatusChanged',
		description: 'One item each time a watched pickup order gets a new status (OrdStatus), with the previous one',
	},
	properties: pickupOrderProperties,
	requestName: REQUEST_NAME,
	concurrency: CONCURRENT_REQUESTS,
	noTestEvent: {
		message: 'Cargus knows none of the watched pickup orders',
		description: 'Check the Order IDs: they are the OrderId that Pickup Order › Send answers, for this account.',
	},
	nothingToWatch: { message: 'No pickup orders to watch', description: 'Enter at least one order ID in the Order IDs parameter.' },

	readSettings(context, test) {
		const options = optionsOf(context);
		if (!watchesAccount(context)) return { ...commonSettings(options, test), orderIds: readOrderIds(context) };
		const days = Math.max(1, Math.floor(numberOr(options.accountDays, DEFAULT_ACCOUNT_DAYS)));
		return { ...commonSettings(options, test), account: { from: cargusDay(days), to: latestServiceDay() }, orderIds: [] };
	},

	openState(staticData, settings) {
		return new OrderState(staticData, settings.account === undefined ? settings.orderIds : undefined);
	},

	plan(_state, settings) {
		return settings.account === undefined ? settings.orderIds : [{ page: 1 }];
	},

	async send(context, source, request, settings) {
		if (typeof request !== 'string') {
			const listed = await sendPollRequest(context, source, REQUEST_NAME, {
				method: 'GET',
				url: `${source.baseUrl}/api/Orders/GetByDate`,
				qs: { FromDate: settings.account?.from, ToDate: settings.account?.to, pageNumber: request.page, itemsPerPage: ITEMS_PER_PAGE },
				json: true,
			});
			return readList<JsonObject>(context, REQUEST_NAME, listed);
		}
		const orderId = request;
		const answer = await sendPollRequest(context, source, REQUEST_NAME, {
			method: 'GET',
			url: `${source.baseUrl}/api/Orders/GetByOrderId`,
			qs: { orderId },
			json: true,
		});
		return readObject(context, REQUEST_NAME, answer);
	},

	receive(state, request, answer, settings) {
		if (typeof request !== 'string') return receivePage(state, request.page, (answer ?? []) as JsonObject[], settings);
		// 204: Cargus has no such order (yet); its first status will be news.
		if (answer === undefined) {
			if (state.statusOf(request) === undefined) state.set(request, UNKNOWN_ORDER);
			return { changes: [] };
		}
		return { changes: receiveOrder(state, request, answer as JsonObject, settings) };
	},

	settle(state, outcomes, settings) {
		if (settings.account !== undefined && outcomes.every((outcome) => outcome.done === true)) state.complete(settings.account.from);
	},

	compare() {
		// Changes keep the order of the list.
		return 0;
	},

	toItem({ orderId, previous, order }) {
		const json: IDataObject = {
			OrderId: order.OrderId ?? Number(orderId),
			PreviousOrdStatus: previous,
			OrdStatus: order.OrdStatus,
			OrdStatusDetails: order.OrdStatusDetails,
			...(order as IDataObject),
		};
		return { json: withMeanings(json, PICKUP_ORDER_CODES) };
	},
};
