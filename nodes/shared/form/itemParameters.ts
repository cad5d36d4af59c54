import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { itemFieldValue, itemFieldValues } from './itemField';

/** A value kept per item, found again from any context n8n makes for that item (its output steps' too). */
export interface PerItem<T> {
	get(context: IExecuteSingleFunctions): T | undefined;
	set(context: IExecuteSingleFunctions, value: T): void;
}

export function perItem<T>(): PerItem<T> {
	const byItem = new WeakMap<object, { itemIndex: number; value: T }>();
	return {
		get(context) {
			// n8n runs the output steps on a context made from the item's with Object.create: the same item. A value
			// found further up the chain (a context shared by the items) is another item's unless the index matches.
			const itemIndex = context.getItemIndex();
			for (let item: object | null = context; item !== null; item = Object.getPrototypeOf(item) as object | null) {
				const known = byItem.get(item);
				if (known !== undefined && known.itemIndex === itemIndex) return known.value;
			}
			return undefined;
		},
		set(context, value) {
			byItem.set(context, { itemIndex: context.getItemIndex(), value });
		},
	};
}

// n8n evaluates a parameter's expressions again on every read: the values read for an item, by name.
const valuesByItem = perItem<Map<string, unknown>>();

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
	const known = valuesByItem.get(context);
	if (known !== undefined) return known;
	const values = new Map<string, unknown>();
	valuesByItem.set(context, values);
	return values;
}
