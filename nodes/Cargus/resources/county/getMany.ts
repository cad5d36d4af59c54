import { toQuery } from '../../shared/field';
import { countryField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many counties',
	subtitle: 'Get counties',
	description: 'The counties (județe) of Romania with Cargus\' County IDs and abbreviations; one item per county',
	method: 'GET',
	url: '/api/Counties',
	send: sendWithToken,
	isList: true,
	fields: [countryField(toQuery('countryId'))],
	output: oneItemPerElement,
});
