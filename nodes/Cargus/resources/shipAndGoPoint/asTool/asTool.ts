import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { refuse } from '../../../../shared/values/refusal';
import { upToLimit, withCutNote } from '../../../../shared/run/listCut';
import { isToolNode, keysOr, toolArgumentsOf } from '../../../../shared/values/toolArguments';
import { isBlank, yesNo } from '../../../../shared/values/values';

/*
 * Ship & Go Point › Get Many as an AI agent's tool (n8n's cargusTool, e.g. under the MCP Server Trigger): the
 * whole list (336 points in the sandbox, about 105,000 characters of JSON) is more than a model should read. As a
 * tool it needs a place to look in (a city, a postal code, a county or search words) and answers at most
 * TOOL_MAX_POINTS points, a cut list ending with an entry that says so; in a workflow it is unchanged.
 */

export const TOOL_MAX_POINTS = 10;

const PLACE_FILTERS = ['city', 'postalCode', 'countyId', 'search'];

/** What the tool's form says above its fields (shown only on the tool). */
export const toolNotice: INodeProperties = {
	displayName: `As a tool, this operation needs a place to look in: let the model fill Filters › City or Postal Code (or County, or Search) with $fromAI. It answers at most ${TOOL_MAX_POINTS} points.`,
	name: 'toolNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { '@tool': [true] } },
};

/** A tool without a place filter is refused before asking Cargus. */
export async function placeForTool(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (!isToolNode(this.getNode())) return options;
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	if (PLACE_FILTERS.every((name) => isBlank(filters[name]))) {
		const keys = toolArgumentsOf(this.getNode()).filter(({ path }) => path[0] === 'filters' && PLACE_FILTERS.includes(path[1])).map(({ key }) => key);
		throw refuse(
			this,
			'Filters',
			`no place given: give one (a city such as Cluj-Napoca, or a postal code of 6 digits). The tool lists the Ship & Go points of one place, at most ${TOOL_MAX_POINTS}; without one it would list every point in Romania`,
			[...new Set(keys)],
		);
	}
	return options;
}

/** Limit and Return All; as a tool, at most TOOL_MAX_POINTS points whatever they say, a cut list saying so. */
export async function upToLimitOrToolCap(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (!isToolNode(this.getNode())) return await upToLimit.call(this, items);
	const limit = yesNo(this.getNodeParameter('returnAll', false), false) ? TOOL_MAX_POINTS : Number(this.getNodeParameter('limit', 50));
	const shown = items.slice(0, Math.min(limit, TOOL_MAX_POINTS));
	if (shown.length === items.length) return shown;
	const narrowers = toolArgumentsOf(this.getNode()).filter(({ path }) => path[0] === 'filters' && ['postalCode', 'search'].includes(path[1])).map(({ key }) => key);
	const narrow = narrowers.length > 0 ? `call again with ${keysOr([...new Set(narrowers)])} to narrow it (a postal code, or a street or neighbourhood)` : 'ask the user for a postal code, a street or a neighbourhood to narrow it';
	return withCutNote(this, shown, items.length, narrow);
}
