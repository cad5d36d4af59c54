/** What is read here of Cargus' answer (n8n's IN8nHttpFullResponse): its status and body. */
interface Answer {
	statusCode?: number;
	body?: unknown;
}

/**
 * Whether Cargus answered nothing: 204, or no body (none, null, empty text, no bytes). The node's output steps make
 * no item of it (or an error naming what was asked for), the trigger reads no list or record in it.
 */
export function isEmptyAnswer(answer: Answer): boolean {
	const { body } = answer;
	return Number(answer.statusCode ?? 200) === 204 || body === undefined || body === null || body === '' || (Buffer.isBuffer(body) && body.length === 0);
}

/** The answer's body as JSON when it is JSON text or bytes; otherwise as it came. */
export function jsonBodyOf(answer: Answer): unknown {
	const { body } = answer;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
	if (typeof text !== 'string') return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}
