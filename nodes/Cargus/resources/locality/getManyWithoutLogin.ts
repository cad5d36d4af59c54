import { countryField, countyField } from '../../shared/fields';
import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerLocality } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';

export const getManyWithoutLogin = operation({
	name: 'Get Many Without Login',
	value: 'getManyWithoutLogin',
	action: 'Get many localities of a county without login',
	description: 'Cities and villages of one county, with their IDs and postal codes, using only the subscription key; one item per locality',
	method: 'GET',
	url: '/api/NoAuth/GetLocalities',
	send: sendWithKeyOnly,
	preSend: [
		integer({ parameter: 'countryId', label: 'Country', to: 'query', property: 'countryId' }),
		integer({ parameter: 'countyId', label: 'County', to: 'query', property: 'countyId' }),
	],
	output: oneItemPerLocality,
});

export const getManyWithoutLoginFields = forOperation('locality', 'getManyWithoutLogin', [
	countryField,
	countyField,
]);
