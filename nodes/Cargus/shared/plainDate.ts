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
 * nothing before or after; undefined for any other text. Read character by character: a poll reads
 * hundreds of thousands of them.
 */
export function readPlainDate(text: string): PlainDate | undefined {
	const length = text.length;
	if (length !== 19 && (length < 21 || length > 29 || text[19] !== '.')) return undefined;
	if (text[4] !== '-' || text[7] !== '-' || (text[10] !== 'T' && text[10] !== ' ') || text[13] !== ':' || text[16] !== ':') return undefined;
	const year = digitsAt(text, 0, 4);
	const month = digitsAt(text, 5, 7);
	const day = digitsAt(text, 8, 10);
	const hour = digitsAt(text, 11, 13);
	const minute = digitsAt(text, 14, 16);
	const second = digitsAt(text, 17, 19);
	if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
	if (length === 19) return { year, month, day, hour, minute, second, milliseconds: 0 };
	if (digitsAt(text, 20, length) < 0) return undefined;
	const millisecondDigits = Math.min(3, length - 20);
	const milliseconds = digitsAt(text, 20, 20 + millisecondDigits) * 10 ** (3 - millisecondDigits);
	return { year, month, day, hour, minute, second, milliseconds };
}
