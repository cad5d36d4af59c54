import type { IExecuteSingleFunctions } from 'n8n-workflow';

/*
 * n8n evaluates each expression of a form on its own, and each evaluation pays for a new view of the
 * workflow's data and a run in n8n's expression sandbox: a form of three expressions costs three times what
 * the HTTP Request node pays for a body of thirteen. An item's expressions that are one `{{ }}` each are
 * given to n8n as one expression, each in a try of its own: a value that is text, a finite number or
 * true/false is the value n8n's evaluation of that expression gives. Anything else (an error, nothing, an
 * object, a date) is not taken from here: the parameter is read by n8n's own read, with its value or error.
 */

export type PlainValue = string | number | boolean;

// One `{{ }}` and nothing around it: n8n gives the value itself, not text. `{{` or `}}` inside would split it.
const ONE_EXPRESSION = /^=\{\{([\s\S]*)\}\}$/;
// Parameters and sibling parameters are read differently in a collection: left to n8n.
const READS_PARAMETERS = /\$(?:raw)?parameter|\$self/i;

/** The code of an expression that is one `{{ }}`, which can be evaluated together with others. */
export function codeOf(expression: string): string | undefined {
	const code = ONE_EXPRESSION.exec(expression)?.[1];
	if (code === undefined || code.includes('{{') || code.includes('}}') || READS_PARAMETERS.test(code)) return undefined;
	return code;
}

function tried(code: string): string {
	// The code on lines of its own: a comment at its end stays in it.
	return `(() => { try { const cargusValue = (\n${code}\n); return typeof cargusValue === 'string' || typeof cargusValue === 'number' || typeof cargusValue === 'boolean' ? [cargusValue] : []; } catch (cargusError) { return []; } })()`;
}

// Expressions n8n refused as a whole (not one item's error: each code is tried on its own): not asked again.
const refused = new Set<string>();
const REFUSED_KEPT = 100;

/** Each code's value for this item, from one evaluation by n8n; `undefined` where n8n's own read must give it. */
export function evaluateTogether(context: IExecuteSingleFunctions, codes: string[]): Array<{ value: PlainValue } | undefined> {
	const expression = `{{ [${codes.map(tried).join(',\n')}] }}`;
	if (refused.has(expression)) return [];
	let results: unknown;
	try {
		results = context.evaluateExpression(expression, context.getItemIndex());
	} catch {
		if (refused.size >= REFUSED_KEPT) refused.clear();
		refused.add(expression);
		return [];
	}
	if (!Array.isArray(results) || results.length !== codes.length) return [];
	return results.map((result: unknown) => {
		if (!Array.isArray(result) || result.length !== 1) return undefined;
		const [value] = result as unknown[];
		if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' || typeof value === 'boolean') return { value: value as PlainValue };
		return undefined;
	});
}
