import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerLocality } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';

export const getManyWithoutLogin = operation({
	name: 'Get Many Without Login',
	value: 'getManyWithoutLogin',
	action: 'Get many localities without login',
	description: 'Localities of one county using only the subscription key; one item per locality',
	method: 'GET',
	url: '/api/NoAuth/GetLocalities',
	send: sendWithKeyOnly,
	preSend: [
		integer({ parameter: 'countryId', label: 'Country ID', to: 'query', property: 'countryId' }),
		integer({ parameter: 'countyId', label: 'County ID', to: 'query', property: 'countyId' }),
	],
	output: oneItemPerLocality,
});

export const getManyWithoutLoginFields = forOperation('locality', 'getManyWithoutLogin', [
	{ displayName: 'Country ID', name: 'countryId', type: 'number', default: 1, required: true, description: 'Cargus country ID; Romania is 1' },
	{ displayName: 'County ID', name: 'countyId', type: 'number', default: 44, required: true, description: 'Cargus county ID, e.g. 44 Bucuresti, 27 Ilfov, 15 Cluj' },
]);
