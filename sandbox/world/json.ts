const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const LONGEST_KEPT = 200;
const quotedStrings = new Map<string, string>();

/** A string as JSON.stringify writes it; short strings (descriptions, localities, names repeat) are escaped once. */
export function jsonString(text: string): string {
	let quoted = quotedStrings.get(text);
	if (quoted === undefined) {
		quoted = NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
		if (text.length <= LONGEST_KEPT) {
			if (quotedStrings.size >= 10_000) quotedStrings.clear();
			quotedStrings.set(text, quoted);
		}
	}
	return quoted;
}

/** A number as JSON.stringify writes it. */
export function jsonNumber(value: number): string {
	return Number.isFinite(value) ? String(value) : 'null';
}
