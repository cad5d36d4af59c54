import { toQuery } from '../../../shared/form/field';
import { countryField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many counties',
	subtitle: 'Get counties',
	description: 'The counties (județe) of Romania with Cargus\' County IDs and abbreviations; one item per county',
	method: 'GET',
	url: '/api/Counties',
	ask: askOnce,
	isList: true,
	fields: [countryField(toQuery('countryId'))],
	output: oneItemPerElement,
});
