import type { INodeProperties } from 'n8n-workflow';

import { field } from './field';
import { optionsField } from './fields';

/** The most records Cargus gives in one page. */
export const MAX_PAGE_SIZE = 100;

export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField: INodeProperties = field({
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
}, { rule: 'limit' });

/** The Options of a paged list: how many `records` one request asks for. */
export function pagingOptionsFor(records: string): INodeProperties {
	return optionsField([
		field(
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: MAX_PAGE_SIZE,
				description: `How many ${records} to ask Cargus for per request, at most 100`,
			},
			{ rule: 'pageSize' },
		),
	]);
}
