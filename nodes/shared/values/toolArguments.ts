import type { INode, NodeParameterValueType } from 'n8n-workflow';

/*
 * The node as an AI agent's tool: the model fills the fields holding $fromAI('key', ...) and knows them only by
 * those keys, so what the node says about a field names its key, not the form's label.
 */

const FROM_AI = /\$fromAI\(\s*(['"`])([\w-]{1,64})\1/g;

export interface ToolArgument {
	key: string;
	/** The parameter it fills: ["filters", "city"], ["pieces", "piece", "0", "weight"]. */
	path: string[];
}

/** n8n runs the node as a tool under the node's type name with "Tool" appended (cargusTool). */
export function isToolNode(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/** Every $fromAI key of the node's parameters, with the parameter it fills, in the order of the form. */
export function toolArgumentsOf(node: INode): ToolArgument[] {
	const found: ToolArgument[] = [];
	const walk = (value: NodeParameterValueType | undefined, path: string[]): void => {
		if (typeof value === 'string') {
			for (const match of value.matchAll(FROM_AI)) found.push({ key: match[2], path });
		} else if (Array.isArray(value)) {
			value.forEach((element, index) => walk(element as NodeParameterValueType, [...path, String(index)]));
		} else if (value !== null && typeof value === 'object') {
			for (const [name, inner] of Object.entries(value)) walk(inner as NodeParameterValueType, [...path, name]);
		}
	};
	walk(node.parameters as NodeParameterValueType, []);
	return found;
}

function plain(text: string): string {
	return text.toLowerCase().replace(/name or id$/, '').replace(/[^a-z0-9]/g, '');
}

/** The keys filling the field a label names ("Filters › City" → city; "Recipient County Name or ID" → county's key). */
export function argumentsForLabel(node: INode, label: string): string[] {
	const wanted = plain(label.split('›').pop() ?? label);
	if (wanted === '') return [];
	const keys = toolArgumentsOf(node)
		.filter(({ path }) => {
			const name = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? '';
			return [plain(name), plain(name).replace(/id$/, '')].includes(wanted);
		})
		.map(({ key }) => key);
	return [...new Set(keys)];
}

/** Backquoted keys joined as a person says them: `city` or `postalCode`. */
export function keysOr(keys: string[]): string {
	const quoted = keys.map((key) => `\`${key}\``);
	return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}
