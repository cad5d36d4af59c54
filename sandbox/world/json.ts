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

/** JSON.stringify of plain data (objects, arrays, text, numbers, booleans, null), with jsonString's escaping. */
export function jsonOf(value: unknown): string {
	if (typeof value === 'string') return jsonString(value);
	if (typeof value === 'number') return jsonNumber(value);
	if (typeof value === 'boolean') return value ? 'true' : 'false';
	if (Array.isArray(value)) {
		let text = '[';
		for (let index = 0; index < value.length; index++) {
			const element: unknown = value[index];
			text += `${index === 0 ? '' : ','}${element === undefined || typeof element === 'function' ? 'null' : jsonOf(element)}`;
		}
		return `${text}]`;
	}
	if (value === null || typeof value !== 'object') return 'null';
	let text = '{';
	for (const key of Object.keys(value)) {
		const field: unknown = (value as Record<string, unknown>)[key];
		if (field === undefined || typeof field === 'function') continue;
		text += `${text.length === 1 ? '' : ','}${jsonString(key)}:${jsonOf(field)}`;
	}
	return `${text}}`;
}
