import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { codeOf, evaluateTogether, type PlainValue } from './itemExpressions';

// The expression most fields hold: one field of the item, as `{{ $json.barcode }}` or `{{ $json.body.delivery?.pointId }}`.
const ONE_ITEM_FIELD = /^=\{\{\s*\$json((?:\??\.[A-Za-z_$][\w$]*)+)\s*\}\}$/;

const GIVE_UP = Symbol('left to n8n');

/**
 * The value of a parameter whose expressions only read text or number fields of the item (the parameter
 * itself, or each expression inside a collection), read from the item without n8n's expression sandbox,
 * which costs about a millisecond a time: n8n's own evaluation gives the same value. Anything else (another
 * expression, a missing field, an object where text was read) leaves the whole parameter to n8n.
 */
export function itemFieldValue(context: IExecuteSingleFunctions, name: string): { value: unknown } | undefined {
	const raw = rawOf(context, name);
	if (raw === undefined) return undefined;
	const value = resolve(raw, context.getInputData().json);
	return value === GIVE_UP ? undefined : { value };
}

/**
 * The values of the parameters `names` that can be read without n8n's read: as itemFieldValue, and the
 * other expressions that are one `{{ }}` each evaluated by n8n together, in one evaluation (itemExpressions.ts).
 */
export function itemFieldValues(context: IExecuteSingleFunctions, names: string[]): Map<string, unknown> {
	const json = context.getInputData().json;
	const codes: string[] = [];
	const read: Array<[string, unknown]> = [];
	for (const name of names) {
		const raw = rawOf(context, name);
		if (raw !== undefined) read.push([name, resolve(raw, json, codes)]);
	}
	// A single expression costs n8n's read what it costs here.
	const evaluated = codes.length > 1 ? evaluateTogether(context, codes) : [];
	const values = new Map<string, unknown>();
	for (const [name, value] of read) {
		const filled = fill(value, evaluated);
		if (filled !== GIVE_UP) values.set(name, filled);
	}
	return values;
}

function rawOf(context: IExecuteSingleFunctions, name: string): unknown {
	const raw = context.getNodeParameter(name, null, { rawExpressions: true }) as unknown;
	return raw === null ? undefined : raw;
}

/** An expression left for the evaluation of the item's other expressions: the index of its code. */
class Evaluated {
	constructor(readonly index: number) {}
}

/** `codes`: where other expressions of one `{{ }}` go to be evaluated together; without it they give up. */
function resolve(raw: unknown, json: object, codes?: string[]): unknown {
	return eachLeaf(raw, (leaf) => {
		if (typeof leaf !== 'string' || !leaf.startsWith('=')) return leaf;
		const value = fieldOf(leaf, json);
		const code = value === GIVE_UP && codes ? codeOf(leaf) : undefined;
		return code === undefined ? value : new Evaluated(codes!.push(code) - 1);
	});
}

function fill(value: unknown, evaluated: Array<{ value: PlainValue } | undefined>): unknown {
	return eachLeaf(value, (leaf) => (leaf instanceof Evaluated ? (evaluated[leaf.index]?.value ?? GIVE_UP) : leaf));
}

/** A copy of a parameter's value with each leaf as `of` gives it; a leaf that gives up gives up the whole. */
function eachLeaf(value: unknown, of: (leaf: unknown) => unknown): unknown {
	if (Array.isArray(value)) {
		const values = value.map((entry) => eachLeaf(entry, of));
		return values.includes(GIVE_UP) ? GIVE_UP : values;
	}
	if (typeof value === 'object' && value !== null && !(value instanceof Evaluated)) {
		const entries = Object.entries(value).map(([key, entry]) => [key, eachLeaf(entry, of)] as const);
		return entries.some(([, entry]) => entry === GIVE_UP) ? GIVE_UP : Object.fromEntries(entries);
	}
	return of(value);
}

function fieldOf(expression: string, json: object): unknown {
	const path = ONE_ITEM_FIELD.exec(expression)?.[1];
	if (path === undefined) return GIVE_UP;
	let value: unknown = json;
	for (const key of path.split(/\??\./).slice(1)) {
		if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, key)) return GIVE_UP;
		value = (value as Record<string, unknown>)[key];
	}
	return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : GIVE_UP;
}
