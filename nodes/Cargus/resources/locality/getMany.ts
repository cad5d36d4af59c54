import { integer, text } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerLocality } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many localities',
	description: 'Localities of a country, optionally of one county or postal code; one item per locality',
	method: 'GET',
	url: '/api/Localities',
	send: sendWithToken,
	preSend: [
		integer({ parameter: 'countryId', label: 'Country ID', to: 'query', property: 'countryId' }),
		integer({ parameter: 'filters.countyId', label: 'County ID', to: 'query', property: 'countyId', optional: true }),
		text({ parameter: 'filters.postalCode', label: 'Postal Code', to: 'query', property: 'postalCode', optional: true }),
	],
	output: oneItemPerLocality,
});

export const getManyFields = forOperation('locality', 'getMany', [
	{ displayName: 'Country ID', name: 'countryId', type: 'number', default: 1, required: true, description: 'Cargus country ID; Romania is 1' },
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'County ID', name: 'countyId', type: 'number', default: 44, description: 'Cargus county ID, e.g. 44 Bucuresti, 27 Ilfov, 15 Cluj' },
			{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: '010011' },
		],
	},
]);
