import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { argumentsForLabel, isToolNode, keysOr } from './toolArguments';

/**
 * What is wrong with a refused value: its `format`, which a model fixes itself (a day written 29.11.2026, a weight
 * that is no number), or the `value`, which only the user knows (a place no one has, a recipient left out).
 */
export type RefusalKind = 'format' | 'value';

const TOOL_ADVICE: Record<RefusalKind, string> = {
	format: 'Only the format is wrong: call the tool again with the value written as said above; there is no need to ask the user.',
	value: 'Ask the user for the value rather than guessing one, then call the tool again.',
};

/**
 * Refuses the item before anything is sent, naming the field and the item. As an AI agent's tool, it names the
 * tool's arguments that fill the field (`argumentKeys`, else those found by the label), turns a closest match
 * into a question for the user, and says whether the model fixes it itself (`kind`).
 */
export function refuse(context: IExecuteSingleFunctions, field: string, problem: string, argumentKeys?: string[], kind: RefusalKind = 'value'): NodeOperationError {
	const itemIndex = context.getItemIndex();
	const node = context.getNode();
	if (isToolNode(node)) {
		const keys = argumentKeys ?? argumentsForLabel(node, field);
		const named = keys.length > 0 ? keysOr(keys) : `${field} (a field set in the tool's form, not an argument: tell the user)`;
		return new NodeOperationError(node, `Refused, nothing was sent to Cargus. ${named}: ${asQuestion(problem)}`, {
			itemIndex,
			description: keys.length > 0 ? TOOL_ADVICE[kind] : 'Tell the user that the tool\'s own settings need this changed.',
		});
	}
	return refuseItemField(node, itemIndex, field, problem);
}

/** Refuses one item's field in a workflow, naming the field and the item: nothing is sent for it. */
export function refuseItemField(node: INode, itemIndex: number, field: string, problem: string): NodeOperationError {
	return new NodeOperationError(node, `${field} (item ${itemIndex + 1}): ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to Cargus for this item. Correct the field and run again.',
	});
}

/** Refuses a setting of the node (the trigger's, read once for all): what is wrong, and how to fix the parameter. */
export function refuseSetting(node: INode, problem: string, fix: string): NodeOperationError {
	return new NodeOperationError(node, problem, { description: fix });
}

/** A tool's refusal offers the closest values as a question for the user, not as values to pick. */
function asQuestion(problem: string): string {
	return problem
		.replace(/[.;]?\s*[Tt]he closest: (.+)$/, '. Ask the user whether they meant $1; do not pick one for them')
		.replace(/\. Give the ID of the one meant$/, '. Ask the user which one they meant');
}
