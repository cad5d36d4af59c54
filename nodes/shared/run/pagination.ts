import type { IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { field } from '../form/field';
import { optionsField } from '../form/fields';
import type { Sender } from '../transport/send';
import { applyOutput, requestWithToken, requireAccount } from '../transport/send';
import { isToolNode } from '../values/toolArguments';
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
	let lastPageFull = false;
	for (let pageNumber = 1; results.length < limit; pageNumber++) {
		const qs = { ...requestData.options.qs, itemsPerPage: pageSize, pageNumber };
		const response = await requestWithToken(this, { ...requestData.options, qs }, credentials);
		const page = await applyOutput(this, requestData, response);
		results.push(...page);
		lastPageFull = page.length >= pageSize;
		if (!lastPageFull) break;
	}
	const shown = results.slice(0, limit);
	return results.length > limit || (lastPageFull && !returnAll) ? withCutNote(this, shown, undefined, NARROW) : shown;
};

const NARROW = 'ask for a higher limit, or narrow what is asked (the filters, a shorter period)';

/**
 * A list cut short by its limit, as an AI agent's tool, ends with an entry saying so (how many were shown, how many
 * matched when known) and how to narrow it, so a model does not take it for the whole list. A workflow's items are
 * unchanged: its Limit is its own choice.
 */
export function withCutNote(context: IExecuteSingleFunctions, shown: INodeExecutionData[], matching: number | undefined, narrow: string): INodeExecutionData[] {
	if (!isToolNode(context.getNode())) return shown;
	const count = matching === undefined ? { MoreMayExist: true } : { Matching: matching };
	return [...shown, { json: { ListCut: true, Shown: shown.length, ...count, HowToNarrow: narrow } }];
}

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
	const shown = items.slice(0, Number(this.getNodeParameter('limit', 50)));
	return shown.length < items.length ? withCutNote(this, shown, items.length, NARROW) : shown;
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
