import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { countyField, filtersField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { limitField, returnAllField, upToLimit } from '../../shared/pagination';
import { sendWithToken } from '../../shared/send';
import { comparable, isShipAndGoMatch, SHIP_AND_GO_POINTS_PATH } from '../../shared/shipAndGo';
import { isBlank, yesNo } from '../../shared/values';

/** Cargus answers every point at once: the Filters are applied to its answer (their values were checked before sending). */
async function matchingFilters(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	const city = isBlank(filters.city) ? undefined : comparable(filters.city).trim();
	const countyId = isBlank(filters.countyId) ? undefined : Number(filters.countyId);
	return items.filter(({ json }) =>
		isShipAndGoMatch(json, {
			countyId,
			cashOnDeliveryOnly: yesNo(filters.cashOnDeliveryOnly, false),
			search: isBlank(filters.search) ? undefined : String(filters.search),
		}) && (city === undefined || comparable(json.City).trim() === city),
	);
}

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many Ship & Go points',
	subtitle: 'Get Ship & Go points',
	description: 'Cargus Ship & Go points (lockers and shops where customers collect parcels) with their IDs, addresses, opening hours and whether they take cash on delivery; one item per point',
	method: 'GET',
	url: SHIP_AND_GO_POINTS_PATH,
	send: sendWithToken,
	isList: true,
	fields: [
		returnAllField,
		limitField,
		filtersField([
				{
					displayName: 'Cash on Delivery Only',
					name: 'cashOnDeliveryOnly',
					type: 'boolean',
					default: false,
					description: 'Whether to list only the points where the customer can pay cash on delivery',
				},
				{ displayName: 'City', name: 'city', type: 'string', default: '', placeholder: 'Cluj-Napoca', description: 'Only the points in this locality, by name (case and diacritics do not matter)' },
				countyField(undefined, false),
				{
					displayName: 'Search',
					name: 'search',
					type: 'string',
					default: '',
					placeholder: 'Craiova Severinului',
					description: 'Only the points whose ID, name, city, county, street or postal code contain every word given',
				},
		]),
	],
	output: [oneItemPerElement, matchingFilters, upToLimit],
});
