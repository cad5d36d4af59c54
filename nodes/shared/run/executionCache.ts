import type { IExecuteSingleFunctions } from 'n8n-workflow';

/*
 * Answers of Cargus that every item of an execution needs (the account's pickup locations, a county's localities):
 * asked once per execution, node and key, and shared by all the items, which n8n runs at once.
 */

/** An answer older than this is asked again, even within one execution. */
const LIFETIME_MS = 60_000;
/** Past this many answers, the old ones are dropped. */
const MAX_ENTRIES = 200;

const answers = new Map<string, { at: number; answer: Promise<unknown> }>();

export function oncePerExecution<T>(context: IExecuteSingleFunctions, key: string, load: () => Promise<T>): Promise<T> {
	const now = Date.now();
	const id = `${context.getExecutionId()}|${context.getNode().id ?? context.getNode().name}|${key}`;
	const known = answers.get(id);
	if (known && now - known.at < LIFETIME_MS) return known.answer as Promise<T>;
	if (answers.size >= MAX_ENTRIES) forgetOld(now);
	const answer = load();
	answers.set(id, { at: now, answer });
	// A failed answer is not kept: the next item asks again.
	answer.catch(() => answers.get(id)?.answer === answer && answers.delete(id));
	return answer;
}

function forgetOld(now: number): void {
	for (const [id, { at }] of answers) if (now - at >= LIFETIME_MS) answers.delete(id);
	while (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
}
