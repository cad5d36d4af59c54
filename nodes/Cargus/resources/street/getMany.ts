import { field, toQuery } from '../../../shared/form/field';
import { countyField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { limitField, returnAllField } from '../../../shared/form/listFields';
import { upToLimit } from '../../../shared/run/listCut';
import { askOnce } from '../../../shared/run/asking';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many streets',
	subtitle: 'Get streets',
	description: 'The streets Cargus knows in one locality, with their Street IDs for addresses; one item per street',
	method: 'GET',
	url: '/api/Streets',
	ask: askOnce,
	isList: true,
	fields: [
		{ ...countyField(undefined, false), hint: 'Only to choose the locality from a list: Cargus lists streets by locality' },
		field(
			{
				displayName: 'Locality Name or ID',
				name: 'localityId',
				type: 'options',
				description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				typeOptions: { loadOptionsMethod: 'getCountyLocalities', loadOptionsDependsOn: ['countyId'] },
				default: '',
				required: true,
				hint: 'Choose the County first: the list shows its localities, loaded from Cargus',
			},
			{ rule: 'id', to: toQuery('localityId') },
		),
		returnAllField,
		limitField,
	],
	output: [oneItemPerElement, upToLimit],
});
