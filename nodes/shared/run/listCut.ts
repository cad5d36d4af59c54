import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { isToolNode } from '../values/toolArguments';
import { yesNo } from '../values/values';

export const NARROW = 'ask for a higher limit, or narrow what is asked (the filters, a shorter period)';

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

/** Return All + Limit over a list Cargus answers whole (no paging): the first Limit items unless Return All. */
export async function upToLimit(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (yesNo(this.getNodeParameter('returnAll', false), false)) return items;
	const shown = items.slice(0, Number(this.getNodeParameter('limit', 50)));
	return shown.length < items.length ? withCutNote(this, shown, items.length, NARROW) : shown;
}
