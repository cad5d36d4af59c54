import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { isToolNode, keysOr, toolArgumentsOf } from '../values/toolArguments';
import { yesNo } from '../values/values';

export const NARROW = 'ask for a higher limit, or narrow what is asked (the filters, a shorter period)';

/** As an AI agent's tool, an answer holds at most this many entries... */
export const TOOL_MAX_ENTRIES = 50;
/** ...and at most this many characters of JSON, the entry saying it was cut included (n8n hands the model the items' JSON as text). */
export const TOOL_MAX_CHARACTERS = 16_000;

/** How a model narrows a list an operation answers: the parameters that narrow it (`filters.countyId`) and what to give, in the model's words. */
export interface ToolNarrowing {
	parameters: string[];
	/** "a county (its code, such as CJ) or a postal code" */
	give: string;
}

const FEWER = 'call again asking for less (fewer barcodes, a narrower filter or a shorter period)';

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

/** How to narrow, naming the tool's own arguments that fill the narrowing parameters, else asking the user. */
function howToNarrow(context: IExecuteSingleFunctions, narrowing: ToolNarrowing | undefined): string {
	if (narrowing === undefined) return FEWER;
	const keys = toolArgumentsOf(context.getNode())
		.filter(({ path }) => narrowing.parameters.includes(path.join('.')))
		.map(({ key }) => key);
	return keys.length > 0 ? `call again with ${keysOr([...new Set(keys)])} to narrow it (${narrowing.give})` : `ask the user for ${narrowing.give} to narrow it`;
}

/**
 * Every answer of an AI agent's tool bounded: at most TOOL_MAX_ENTRIES entries and TOOL_MAX_CHARACTERS characters,
 * a cut answer ending with the entry that says so (one an earlier step made, as Ship & Go's cap or a Limit, is
 * kept, its counts brought up to date). A workflow's items are unchanged.
 */
export function boundedForTool(context: IExecuteSingleFunctions, items: INodeExecutionData[], narrowing?: ToolNarrowing): INodeExecutionData[] {
	if (!isToolNode(context.getNode())) return items;
	const earlier = items.at(-1)?.json.ListCut === true ? items[items.length - 1].json : undefined;
	const entries = earlier === undefined ? items : items.slice(0, -1);
	// Room for the note itself: its counts and a HowToNarrow of a few hundred characters.
	const budget = TOOL_MAX_CHARACTERS - 600;
	let size = 2;
	let fitting = 0;
	for (const { json } of entries.slice(0, TOOL_MAX_ENTRIES)) {
		const length = JSON.stringify(json).length + 1;
		if (size + length > budget) break;
		size += length;
		fitting++;
	}
	if (fitting === entries.length) return items;
	const matching = earlier === undefined ? entries.length : (earlier.Matching as number | undefined);
	const note: IDataObject = {
		ListCut: true,
		Shown: fitting,
		...(matching === undefined ? { MoreMayExist: true } : { Matching: matching }),
		HowToNarrow: howToNarrow(context, narrowing),
	};
	return [...entries.slice(0, fitting), { json: note }];
}
