import { NodeOperationError, type IDataObject, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import { isBlank } from '../../Cargus/shared/values';
import { commonSettings, optionsOf } from '../parameters';
import { readObject, send } from '../requests';
import type { CommonSettings, TriggerEvent } from '../triggerEvent';
import { pickupOrderProperties } from './description';
import { OrderState, UNKNOWN_ORDER } from './state';

const REQUEST_NAME = 'pickup order request';
const CONCURRENT_REQUESTS = 4;

interface OrderSettings extends CommonSettings {
	orderIds: string[];
}

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
			throw new NodeOperationError(context.getNode(), `"${text}" is not a pickup order ID`, {
				description: 'Fix the Order IDs parameter: each ID is a whole number (the OrderId Cargus gave the order), separated by commas or new lines.',
			});
		}
		if (!ids.includes(String(Number(text)))) ids.push(String(Number(text)));
	}
	return ids;
}

/** Pickup Order Status Changed: each change of a listed order's OrdStatus (GET /api/Orders/GetByOrderId). */
export const pickupOrderStatusChanged: TriggerEvent<OrderSettings, OrderState, string, JsonObject | undefined, StatusChange> = {
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
		return { ...commonSettings(optionsOf(context), test), orderIds: readOrderIds(context) };
	},

	openState(staticData, settings) {
		return new OrderState(staticData, settings.orderIds);
	},

	plan(_state, settings) {
		return settings.orderIds;
	},

	async fetch(context, source, orderId) {
		const response = await send(context, source, REQUEST_NAME, {
			method: 'GET',
			url: `${source.baseUrl}/api/Orders/GetByOrderId`,
			qs: { orderId },
			json: true,
		});
		return readObject(context, REQUEST_NAME, response);
	},

	receive(state, orderId, order, settings) {
		const previous = state.statusOf(orderId);
		// 204: Cargus has no such order (yet); its first status will be news.
		if (order === undefined) {
			if (previous === undefined) state.set(orderId, UNKNOWN_ORDER);
			return { changes: [] };
		}
		const status = Number(order.OrdStatus);
		if (!Number.isInteger(status) || previous === status) return { changes: [] };
		state.set(orderId, status);
		if (previous === undefined && !settings.emitExisting) return { changes: [] };
		return { changes: [{ orderId, previous: previous === undefined || previous === UNKNOWN_ORDER ? null : previous, order }] };
	},

	compare() {
		// Changes keep the order of the list.
		return 0;
	},

	toItem({ orderId, previous, order }) {
		return {
			json: {
				OrderId: order.OrderId ?? Number(orderId),
				PreviousOrdStatus: previous,
				OrdStatus: order.OrdStatus,
				OrdStatusDetails: order.OrdStatusDetails,
				...(order as IDataObject),
			},
		};
	},
};
