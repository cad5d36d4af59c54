import { parseServiceDate } from '../world/dates';

export type FieldType = 'int' | 'double' | 'string' | 'boolean' | 'date';
export interface FieldRule {
	type: FieldType;
	/** `'strict'`: required only with the `strictChecks` setting (no source shows Cargus requiring it). */
	required?: boolean | 'strict';
	/** Checked only with the `strictChecks` setting: Cargus documents no field lengths. */
	maxLength?: number;
}
export type Schema = Record<string, FieldRule>;

export type FieldErrors = Record<string, string[]>;

const INT_PATTERN = /^[+-]?\d+$/;
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Reads a field the way Json.NET binds: property names match case-insensitively. */
export function fieldOf(body: Record<string, unknown>, name: string): unknown {
	if (name in body) return body[name];
	const lower = name.toLowerCase();
	const key = Object.keys(body).find((k) => k.toLowerCase() === lower);
	return key === undefined ? undefined : body[key];
}

/** Converts one value to its declared type, leniently like Json.NET (numeric strings for numbers, etc.). */
export function coerce(value: unknown, type: FieldType): { ok: true; value: unknown } | { ok: false } {
	switch (type) {
		case 'int': {
			const n = typeof value === 'number' ? value : typeof value === 'string' && INT_PATTERN.test(value.trim()) ? Number(value) : NaN;
			return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? { ok: true, value: n } : { ok: false };
		}
		case 'double': {
			const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER_PATTERN.test(value.trim()) ? Number(value) : NaN;
			return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
		}
		case 'boolean':
			if (typeof value === 'boolean') return { ok: true, value };
			if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return { ok: true, value: value.trim().toLowerCase() === 'true' };
			return { ok: false };
		case 'string':
			if (typeof value === 'string') return { ok: true, value };
			if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, value: String(value) };
			return { ok: false };
		case 'date': {
			const ms = parseServiceDate(value);
			return ms === undefined ? { ok: false } : { ok: true, value: ms };
		}
	}
}

const TYPE_WORDS: Record<FieldType, string> = {
	int: 'an integer (int32)',
	double: 'a number',
	string: 'a string',
	boolean: 'true or false',
	date: 'a date-time (RFC 3339)',
};

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** Validates an object against a schema; dates come back as epoch milliseconds. `strict`: the `strictChecks` setting. */
export function validateFields(input: Record<string, unknown>, schema: Schema, prefix = '', strict = false): { value: Record<string, unknown>; errors: FieldErrors } {
	const value: Record<string, unknown> = {};
	const errors: FieldErrors = {};
	for (const [name, rule] of Object.entries(schema)) {
		const raw = fieldOf(input, name);
		const key = `${prefix}${name}`;
		if (isEmpty(raw)) {
			if (rule.required === true || (rule.required === 'strict' && strict)) errors[key] = [`The ${name} field is required.`];
			continue;
		}
		const result = coerce(raw, rule.type);
		if (!result.ok) {
			errors[key] = [`The value of ${name} is not valid: expected ${TYPE_WORDS[rule.type]}.`];
			continue;
		}
		if (strict && rule.maxLength !== undefined && typeof result.value === 'string' && result.value.length > rule.maxLength) {
			errors[key] = [`The field ${name} must be a string with a maximum length of ${rule.maxLength}.`];
			continue;
		}
		value[name] = result.value;
	}
	return { value, errors };
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** XML lists arrive as {Item: [...]} or {Item: {...}}; JSON lists as arrays. */
export function listOf(value: unknown): unknown[] | undefined {
	if (Array.isArray(value)) return value;
	if (value === '' ) return [];
	if (isObject(value)) {
		const inner = Object.values(value);
		if (inner.length === 1) return Array.isArray(inner[0]) ? inner[0] : [inner[0]];
	}
	return undefined;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
