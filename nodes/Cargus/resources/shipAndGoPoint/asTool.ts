import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { refuse } from '../../../shared/values/input';
import { isBlank } from '../../../shared/values/values';

/*
 * Ship & Go Point › Get Many as an AI agent's tool (n8n's cargusTool, e.g. under the MCP Server Trigger): the
 * whole list (336 points in the sandbox, about 105,000 characters of JSON) is more than a model should read. As a
 * tool it needs a place to look in (a city, a postal code, a county or search words) and answers at most
 * TOOL_MAX_POINTS points; in a workflow it is unchanged.
 */

export const TOOL_MAX_POINTS = 10;

const PLACE_FILTERS = ['city', 'postalCode', 'countyId', 'search'];

/** n8n runs the node as a tool under the type name it gives tools: the node's own with "Tool" appended. */
function isTool(context: IExecuteSingleFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

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
	if (!isTool(this)) return options;
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	if (PLACE_FILTERS.every((name) => isBlank(filters[name]))) {
		throw refuse(
			this,
			'Filters',
			`no place given: as a tool, Ship & Go Point › Get Many needs a City or a Postal Code (or a County, or Search words) to list the points there, at most ${TOOL_MAX_POINTS}; without one it would list every point in Romania`,
		);
	}
	return options;
}

/** As a tool, at most TOOL_MAX_POINTS points, whatever Return All and Limit say. */
export async function boundedForTool(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return isTool(this) ? items.slice(0, TOOL_MAX_POINTS) : items;
}
