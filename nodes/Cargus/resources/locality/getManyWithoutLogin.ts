import { toQuery } from '../../../shared/form/field';
import { countryField, countyField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerLocality } from '../../../shared/run/output';
import { askWithoutLogin } from '../../../shared/run/asking';
import { countyByName } from './countyByName/countyByName';

export const getManyWithoutLogin = operation({
	name: 'Get Many Without Login',
	value: 'getManyWithoutLogin',
	action: 'Get many localities of a county without login',
	subtitle: 'Localities, no login',
	description: 'Cities and villages of one county, with their IDs and postal codes, using only the subscription key; one item per locality',
	method: 'GET',
	url: '/api/NoAuth/GetLocalities',
	ask: askWithoutLogin,
	isList: true,
	fields: [countryField(toQuery('countryId')), countyField(toQuery('countyId'), true, 'idOrName')],
	preSend: [countyByName('County Name or ID')],
	output: oneItemPerLocality,
});
