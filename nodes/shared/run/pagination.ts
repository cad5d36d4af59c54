import type { IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { field } from '../form/field';
import { optionsField } from '../form/fields';
import type { Sender } from '../transport/send';
import { applyOutput, requestWithToken, requireAccount } from '../transport/send';
import { yesNo } from '../values/values';

const MAX_PAGE_SIZE = 100;

/** Pages through `itemsPerPage`/`pageNumber` (1-based) until a short page, a 204, or the limit. */
export const sendPages: Sender = async function (this, requestData, credentials) {
	requireAccount(this, credentials);
	const returnAll = yesNo(this.getNodeParameter('returnAll', false), false);
	const limit = returnAll ? Number.POSITIVE_INFINITY : Number(this.getNodeParameter('limit', 50));
	const requestedPageSize = Number(this.getNodeParameter('options.pageSize', MAX_PAGE_SIZE)) || MAX_PAGE_SIZE;
	const pageSize = Math.min(limit, requestedPageSize, MAX_PAGE_SIZE);
	const results: INodeExecutionData[] = [];
	for (let pageNumber = 1; results.length < limit; pageNumber++) {
		const qs = { ...requestData.options.qs, itemsPerPage: pageSize, pageNumber };
		const response = await requestWithToken(this, { ...requestData.options, qs }, credentials);
		const page = await applyOutput(this, requestData, response);
		results.push(...page);
		if (page.length < pageSize) break;
	}
	return results.slice(0, limit);
};

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

/** Return All + Limit over a list Cargus answers whole (no paging): the first Limit items unless Return All. */
export async function upToLimit(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (yesNo(this.getNodeParameter('returnAll', false), false)) return items;
	return items.slice(0, Number(this.getNodeParameter('limit', 50)));
}

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

export const pagingOptions = pagingOptionsFor('invoices');
