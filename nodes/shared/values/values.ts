import type { IDataObject } from 'n8n-workflow';

import { BarcodeError, barcodeBatches, barcodeListBytes, parseBarcodes } from './barcodes';
import { quote } from './quote';

/*
 * How a value a user or an expression gave is read, before anything is sent. Each reader returns the
 * value to send, or what is wrong with it and what is allowed instead.
 */

export const INT32_MAX = 2147483647;

export type Reading<T> = { value: T } | { problem: string; allowed: string };

/** A record: a JSON object, not a list, bytes or null (one of Cargus' records, or a field of one). */
export function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** A resource locator ({ __rl, mode, value }) stands for its value. */
export function plainValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && (value as { __rl?: unknown }).__rl === true) {
		return (value as { value?: unknown }).value;
	}
	return value;
}

/** A whole number from `min` to `max` (int32), as a number or as decimal digits; no hex, fractions or booleans. */
export function readWholeNumber(value: unknown, min: number, max = INT32_MAX): Reading<number> {
	const allowed = `enter a whole number from ${min} to ${max}`;
	let number: number | undefined;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && /^[+-]?\d{1,20}$/.test(value.trim())) number = Number(value.trim());
	if (number === undefined || !Number.isInteger(number)) return { problem: `${quote(value)} is not a whole number`, allowed };
	if (number < min || number > max) return { problem: `${quote(value)} is out of range`, allowed };
	return { value: number };
}

/** A finite number, or its digits as text with a decimal point or comma. */
function decimalOf(value: unknown): number | undefined {
	let number: number | undefined;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && /^[+-]?\d{1,15}([.,]\d{1,10})?$/.test(value.trim())) number = Number(value.trim().replace(',', '.'));
	return number !== undefined && Number.isFinite(number) ? number : undefined;
}

/** An amount: a number from 0, with a decimal point or comma when it is text. */
export function readAmount(value: unknown, max = 1_000_000_000): Reading<number> {
	const allowed = `enter an amount from 0 to ${max}, such as 125.50`;
	const number = decimalOf(value);
	if (number === undefined) return { problem: `${quote(value)} is not a number`, allowed };
	if (number < 0 || number > max) return { problem: `${quote(value)} is out of range`, allowed };
	return { value: number };
}

/** A weight as shops keep it: a number from 0, with a decimal point or comma when it is text; the unit is the form's. */
export function readWeight(value: unknown): Reading<number> {
	const allowed = 'enter a weight of 0 or more, decimals allowed, such as 2.5 (Cargus is sent whole kilograms, rounded up)';
	const number = decimalOf(value);
	if (number === undefined) return { problem: `${quote(value)} is not a number`, allowed };
	if (number < 0) return { problem: `${quote(value)} is out of range`, allowed };
	return { value: number };
}

/** Yes/no: a real boolean, or the text "true" or "false". Nothing else is guessed. */
export function readYesNo(value: unknown): Reading<boolean> {
	if (typeof value === 'boolean') return { value };
	if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return { value: value.trim().toLowerCase() === 'true' };
	return { problem: `${quote(value)} is not true or false`, allowed: 'enter true or false (a boolean, or the text "true" or "false")' };
}

/** The boolean of a yes/no value already checked, or `fallback` when there is none. */
export function yesNo(value: unknown, fallback: boolean): boolean {
	const reading = readYesNo(value);
	return 'value' in reading ? reading.value : fallback;
}

// Line breaks and tabs are allowed only in multi-line fields.
const LINE_BREAKS_AND_TAB = new Set(['\t', '\n', '\r']);

/** Whether `text` holds a control character (U+0000 to U+001F, U+007F). */
function hasControlCharacter(text: string, multiline: boolean): boolean {
	return [...text].some((c) => (c < ' ' || c === '\u007F') && !(multiline && LINE_BREAKS_AND_TAB.has(c)));
}

/** Text (numbers are taken as their digits), without control characters, at most `maxLength` characters. */
export function readText(value: unknown, maxLength: number, multiline = false): Reading<string> {
	const allowed = multiline
		? `enter text of at most ${maxLength} characters`
		: `enter text on one line, of at most ${maxLength} characters`;
	if (typeof value === 'number' && Number.isFinite(value)) return { value: String(value) };
	if (typeof value !== 'string') return { problem: `${quote(value)} is not text`, allowed };
	const text = value.trim();
	if (text.length > maxLength) return { problem: `${quote(text)} is too long`, allowed };
	if (hasControlCharacter(text, multiline)) {
		return { problem: `${quote(text)} contains ${multiline ? 'a control character' : 'a line break or control character'}`, allowed };
	}
	return { value: text };
}

/** A Romanian postal code: 6 digits. */
export function readPostalCode(value: unknown): Reading<string> {
	const text = typeof value === 'number' && Number.isInteger(value) ? String(value).padStart(6, '0') : value;
	if (typeof text === 'string' && /^\d{6}$/.test(text.trim())) return { value: text.trim() };
	return { problem: `${quote(value)} is not a postal code`, allowed: 'enter the 6 digits of a Romanian postal code, such as 010011' };
}

const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;

export function readEmail(value: unknown): Reading<string> {
	const text = readText(value, 254);
	if ('problem' in text) return { problem: text.problem, allowed: 'enter one email address, such as name@example.com' };
	if (!EMAIL.test(text.value)) return { problem: `${quote(text.value)} is not an email address`, allowed: 'enter one email address, such as name@example.com' };
	return text;
}

const LONGEST_BARCODE_LIST = 200_000;
/** The trigger's Barcodes: the shipments it watches, 100,000 and more (docs/performance.md measures 100,000). */
export const LONGEST_WATCHED_LIST = 5_000_000;

/** Barcodes as users give them (see parseBarcodes); `one` takes exactly one, `max` caps a list. */
export function readBarcodes(value: unknown, one: boolean, maxListBytes?: number, longestText = LONGEST_BARCODE_LIST): Reading<string[]> {
	const allowed = one
		? 'enter one barcode (AWB number) of 6 to 20 digits'
		: 'enter barcodes (AWB numbers) of 6 to 20 digits separated by commas or new lines, or a list';
	if (typeof value === 'boolean' || (value !== null && typeof value === 'object' && !Array.isArray(value))) {
		return { problem: `${quote(value)} is not a barcode`, allowed };
	}
	if (typeof value === 'string' && value.length > longestText) return { problem: `${quote(value)} is too long`, allowed };
	if (Array.isArray(value) && value.some((element) => typeof element !== 'string' && typeof element !== 'number')) {
		return { problem: `${quote(value)} is not a list of barcodes`, allowed };
	}
	let barcodes: string[];
	try {
		barcodes = parseBarcodes(value);
	} catch (error) {
		return { problem: error instanceof BarcodeError ? error.problem : (error as Error).message, allowed };
	}
	if (one && barcodes.length > 1) return { problem: `this operation takes one barcode, not ${barcodes.length}`, allowed };
	if (maxListBytes !== undefined && barcodeListBytes(barcodes) > maxListBytes) {
		const fit = barcodeBatches(barcodes, maxListBytes)[0].length;
		return {
			problem: `${barcodes.length} barcodes are more than one request takes (the first ${fit} fit in its query)`,
			allowed: 'split the list into several items, or turn on Combine Items, which makes as many requests as the list needs',
		};
	}
	return { value: barcodes };
}
