import { field, toQuery } from '../../../shared/form/field';
import { countryField, countyField, filtersField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerLocality } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';
import { countyByName } from './countyByName/countyByName';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many localities',
	subtitle: 'Get localities',
	description: 'Cities and villages Cargus delivers to, with their IDs, postal codes and delivery details; one item per locality',
	method: 'GET',
	url: '/api/Localities',
	ask: askOnce,
	isList: true,
	fields: [
		countryField(toQuery('countryId')),
		filtersField([
			countyField(toQuery('countyId'), false, 'idOrName'),
			field({ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: '010011' }, { rule: 'postalCode', to: toQuery('postalCode') }),
		]),
	],
	preSend: [countyByName('Filters › County Name or ID')],
	output: oneItemPerLocality,
	toolNarrowing: { parameters: ['filters.countyId', 'filters.postalCode'], give: 'a county, by its code such as CJ or its name, or a postal code of 6 digits' },
});
