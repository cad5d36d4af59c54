import { countryField, countyField } from '../../shared/fields';
import { integer, text } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerLocality } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many localities',
	description: 'Cities and villages Cargus delivers to, with their IDs, postal codes and delivery details; one item per locality',
	method: 'GET',
	url: '/api/Localities',
	send: sendWithToken,
	preSend: [
		integer({ parameter: 'countryId', label: 'Country', to: 'query', property: 'countryId' }),
		integer({ parameter: 'filters.countyId', label: 'County', to: 'query', property: 'countyId', optional: true }),
		text({ parameter: 'filters.postalCode', label: 'Postal Code', to: 'query', property: 'postalCode', optional: true }),
	],
	output: oneItemPerLocality,
});

export const getManyFields = forOperation('locality', 'getMany', [
	countryField,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ ...countyField, required: false },
			{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: '010011' },
		],
	},
]);
