/** The fields of a date written the way Cargus serves them, as the digits say (not checked against a calendar). */
export interface PlainDate {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	/** The first three digits of the fraction, padded with zeros: ".5" is 500, ".0589" is 58. */
	milliseconds: number;
}

const DIGIT_ZERO = 48;

/** The fields of the last date read, in PlainDate's order: reading allocates nothing. */
const fields = new Int32Array(7);

/** The number the decimal digits of `text` from `start` to `end` spell, or -1 if one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
	let value = 0;
	for (let index = start; index < end; index++) {
		const digit = text.charCodeAt(index) - DIGIT_ZERO;
		if (digit < 0 || digit > 9) return -1;
		value = value * 10 + digit;
	}
	return value;
}

/**
 * Reads "2026-11-20T14:03:00" (or with a space for the T) with an optional fraction of 1 to 9 digits,
 * nothing before or after, into `fields`; false for any other text. Read character by character: a
 * poll reads hundreds of thousands of them.
 */
function readFields(text: string): boolean {
	const length = text.length;
	if (length !== 19 && (length < 21 || length > 29 || text[19] !== '.')) return false;
	if (text[4] !== '-' || text[7] !== '-' || (text[10] !== 'T' && text[10] !== ' ') || text[13] !== ':' || text[16] !== ':') return false;
	fields[0] = digitsAt(text, 0, 4);
	fields[1] = digitsAt(text, 5, 7);
	fields[2] = digitsAt(text, 8, 10);
	fields[3] = digitsAt(text, 11, 13);
	fields[4] = digitsAt(text, 14, 16);
	fields[5] = digitsAt(text, 17, 19);
	if (fields[0] < 0 || fields[1] < 0 || fields[2] < 0 || fields[3] < 0 || fields[4] < 0 || fields[5] < 0) return false;
	if (length > 19 && digitsAt(text, 20, length) < 0) return false;
	const millisecondDigits = Math.min(3, length - 20);
	fields[6] = length === 19 ? 0 : digitsAt(text, 20, 20 + millisecondDigits) * 10 ** (3 - millisecondDigits);
	return true;
}

/** The fields of a date in the plain form, or undefined for any other text. */
export function readPlainDate(text: string): PlainDate | undefined {
	if (!readFields(text)) return undefined;
	return { year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5], milliseconds: fields[6] };
}

/** A date in the plain form read as if it were UTC (`Date.UTC` of its fields), or undefined for any other text. */
export function plainDateAsUtc(text: string): number | undefined {
	if (!readFields(text)) return undefined;
	return Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], fields[6]);
}
