const QUOTED_CHARACTERS = 30;

/** A short, safe rendering of a bad value: at most a prefix of it, control characters escaped. */
export function quote(value: unknown): string {
	if (typeof value === 'string') {
		if (value.length <= QUOTED_CHARACTERS) return JSON.stringify(value);
		return `${JSON.stringify(value.slice(0, QUOTED_CHARACTERS)).slice(0, -1)}…" (${value.length} characters)`;
	}
	if (Array.isArray(value)) return `the list ${shortJson(value)}`;
	if (value !== null && typeof value === 'object') return `the object ${shortJson(value)}`;
	return String(value);
}

function shortJson(value: unknown): string {
	let text: string;
	try {
		text = JSON.stringify(value) ?? String(value);
	} catch {
		return '(too deep to show)';
	}
	return text.length <= QUOTED_CHARACTERS ? text : `${text.slice(0, QUOTED_CHARACTERS)}…`;
}
