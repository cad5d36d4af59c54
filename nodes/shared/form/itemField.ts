import type { IExecuteSingleFunctions } from 'n8n-workflow';

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
	const raw = context.getNodeParameter(name, null, { rawExpressions: true }) as unknown;
	if (raw === null || raw === undefined) return undefined;
	const value = resolve(raw, context.getInputData().json);
	return value === GIVE_UP ? undefined : { value };
}

function resolve(raw: unknown, json: object): unknown {
	if (typeof raw === 'string') return raw.startsWith('=') ? fieldOf(raw, json) : raw;
	if (Array.isArray(raw)) {
		const values = raw.map((entry) => resolve(entry, json));
		return values.includes(GIVE_UP) ? GIVE_UP : values;
	}
	if (typeof raw === 'object' && raw !== null) {
		const entries = Object.entries(raw).map(([key, entry]) => [key, resolve(entry, json)] as const);
		return entries.some(([, entry]) => entry === GIVE_UP) ? GIVE_UP : Object.fromEntries(entries);
	}
	return raw;
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
