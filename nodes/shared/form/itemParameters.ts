import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { itemFieldValue, itemFieldValues } from './itemField';

// n8n evaluates a parameter's expressions again on every read: the values read for an item, by name.
const valuesByItem = new WeakMap<object, { itemIndex: number; values: Map<string, unknown> }>();

/**
 * A parameter's value for this item, read from n8n once: the input check and the step that sends the
 * value share one reading. Without a fallback a missing parameter throws, as n8n's own read does.
 */
export function parameterOf(context: IExecuteSingleFunctions, name: string, fallback?: null): unknown {
	const values = readingsOf(context);
	if (values.has(name)) return values.get(name);
	const value = itemFieldValue(context, name)?.value ?? (context.getNodeParameter(name, fallback) as unknown);
	// A missing parameter gives the fallback, which is not remembered: a read without one must still throw.
	if (value !== fallback) values.set(name, value);
	return value;
}

/** Reads this item's parameters `names` at once, their expressions in one evaluation where they can be (itemField.ts). */
export function readParameters(context: IExecuteSingleFunctions, names: string[]): void {
	const values = readingsOf(context);
	for (const [name, value] of itemFieldValues(context, names.filter((name) => !values.has(name)))) values.set(name, value);
}

/** Values this item gives its parameters from elsewhere (Map Automatically: the input item's fields), read as theirs. */
export function rememberValues(context: IExecuteSingleFunctions, given: Map<string, unknown>): void {
	const values = readingsOf(context);
	for (const [name, value] of given) values.set(name, value);
}

function readingsOf(context: IExecuteSingleFunctions): Map<string, unknown> {
	// n8n runs the output steps on a context made from the item's with Object.create: the same item. Readings
	// found further up the chain (a context shared by the items) are another item's unless the index matches.
	const itemIndex = context.getItemIndex();
	for (let item: object | null = context; item !== null; item = Object.getPrototypeOf(item) as object | null) {
		const known = valuesByItem.get(item);
		if (known !== undefined && known.itemIndex === itemIndex) return known.values;
	}
	const values = new Map<string, unknown>();
	valuesByItem.set(context, { itemIndex, values });
	return values;
}
