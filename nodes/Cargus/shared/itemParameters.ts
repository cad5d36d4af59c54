import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { itemFieldValue } from './itemField';

// n8n evaluates a parameter's expressions again on every read: the values read for an item, by name.
const valuesByItem = new WeakMap<IExecuteSingleFunctions, Map<string, unknown>>();

/**
 * A parameter's value for this item, read from n8n once: the input check and the step that sends the
 * value share one reading. Without a fallback a missing parameter throws, as n8n's own read does.
 */
export function parameterOf(context: IExecuteSingleFunctions, name: string, fallback?: null): unknown {
	let values = valuesByItem.get(context);
	if (values === undefined) {
		values = new Map();
		valuesByItem.set(context, values);
	}
	if (values.has(name)) return values.get(name);
	const value = itemFieldValue(context, name)?.value ?? (context.getNodeParameter(name, fallback) as unknown);
	// A missing parameter gives the fallback, which is not remembered: a read without one must still throw.
	if (value !== fallback) values.set(name, value);
	return value;
}
