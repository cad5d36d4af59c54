import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { countiesLike, countyNamed } from '../../../shared/places/counties';
import { field } from '../../../shared/form/field';
import { countyField, filtersField } from '../../../shared/form/fields';
import { refuse } from '../../../shared/values/refusal';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, returnAllField } from '../../../shared/form/listFields';
import { askOnce } from '../../../shared/run/asking';
import { oneOf, placeKey } from '../../../shared/places/placeNames';
import { isShipAndGoMatch, SHIP_AND_GO_POINTS_PATH } from '../../../shared/places/shipAndGo';
import { isBlank, yesNo } from '../../../shared/values/values';
import { placeForTool, toolNotice, upToLimitOrToolCap } from './asTool/asTool';

/** The county filter's id: chosen from the list, or a county's name or code from an expression. */
function countyFilterOf(filters: IDataObject): number | undefined {
	if (isBlank(filters.countyId)) return undefined;
	return typeof filters.countyId === 'string' && !/^\s*\d+\s*$/.test(filters.countyId) ? countyNamed(filters.countyId)?.id : Number(filters.countyId);
}

/** A county filter given by a name or code no county has is refused before asking. */
async function knownCounty(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	if (!isBlank(filters.countyId) && countyFilterOf(filters) === undefined) {
		throw refuse(this, 'Filters › County Name or ID', `"${String(filters.countyId)}" is not a county Cargus knows: give its name or its code (CJ; B for Bucharest). The closest: ${oneOf(countiesLike(filters.countyId))}`);
	}
	return options;
}

/** Cargus answers every point at once: the Filters are applied to its answer (their values were checked before sending). */
async function matchingFilters(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	const city = isBlank(filters.city) ? undefined : placeKey(filters.city);
	const countyId = countyFilterOf(filters);
	const postalCode = isBlank(filters.postalCode) ? undefined : String(filters.postalCode).trim().padStart(6, '0');
	return items.filter(({ json }) =>
		isShipAndGoMatch(json, {
			countyId,
			cashOnDeliveryOnly: yesNo(filters.cashOnDeliveryOnly, false),
			search: isBlank(filters.search) ? undefined : String(filters.search),
		}) && (city === undefined || placeKey(json.City) === city) && (postalCode === undefined || String(json.PostalCode) === postalCode),
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
	ask: askOnce,
	isList: true,
	fields: [
		toolNotice,
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
				{ displayName: 'City', name: 'city', type: 'string', default: '', placeholder: 'Cluj-Napoca', description: 'Only the points in this locality, by name as a customer types it (case, diacritics, hyphens, "Mun." and Bucharest\'s sectors do not matter)' },
				countyField(undefined, false, 'idOrName'),
				field(
					{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: '400001', description: 'Only the points with this postal code' },
					{ rule: 'postalCode' },
				),
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
	preSend: [knownCounty, placeForTool],
	output: [oneItemPerElement, matchingFilters, upToLimitOrToolCap],
});
