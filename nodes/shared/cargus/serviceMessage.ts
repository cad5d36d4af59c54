const MAX_LENGTH = 500;

/**
 * The human message inside any error body shape Cargus is known to send: a list of strings,
 * {"Error": ...}, {"message"|"Message": ...} with an optional ModelState, a bare JSON string,
 * or plain text. Buffers (binary downloads) are decoded first.
 */
export function serviceMessageOf(body: unknown): string | undefined {
	const message = messageOf(decode(body));
	if (message === undefined) return undefined;
	const trimmed = message.trim();
	if (trimmed === '') return undefined;
	return trimmed.length > MAX_LENGTH ? `${trimmed.slice(0, MAX_LENGTH)}…` : trimmed;
}

function decode(body: unknown): unknown {
	const text = Buffer.isBuffer(body) || body instanceof ArrayBuffer ? Buffer.from(body as Buffer).toString('utf8') : body;
	if (typeof text !== 'string') return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

function messageOf(body: unknown): string | undefined {
	if (typeof body === 'string') return body;
	if (typeof body === 'number' || typeof body === 'boolean') return String(body);
	if (Array.isArray(body)) {
		const parts = body.map(messageOf).filter((part): part is string => part !== undefined && part !== '');
		return parts.length > 0 ? parts.join('; ') : undefined;
	}
	if (body !== null && typeof body === 'object') {
		const record = body as Record<string, unknown>;
		const main = ['Error', 'error', 'message', 'Message', 'ExceptionMessage']
			.map((key) => messageOf(record[key]))
			.find((text) => text !== undefined && text !== '');
		const details = modelStateOf(record.ModelState ?? record.modelState);
		return [main, details].filter(Boolean).join(': ') || undefined;
	}
	return undefined;
}

function modelStateOf(modelState: unknown): string | undefined {
	if (modelState === null || typeof modelState !== 'object') return undefined;
	const parts = Object.entries(modelState as Record<string, unknown>).map(([field, problems]) => {
		const text = messageOf(problems);
		return text ? `${field.replace(/^\w+\./, '')}: ${text}` : undefined;
	});
	const present = parts.filter(Boolean);
	return present.length > 0 ? present.join('; ') : undefined;
}

/** True when a 200 answer is the service's way of saying the token has expired. */
export function isFailedToAuthenticate(body: unknown): boolean {
	if ((Buffer.isBuffer(body) || typeof body === 'string') && body.length > 100) return false;
	const decoded = decode(body);
	return typeof decoded === 'string' && decoded.trim().toLowerCase() === 'failed to authenticate!';
}

/** True when a 401 comes from the gateway because the subscription key is missing or wrong: no login can fix that. */
export function isSubscriptionKeyRefusal(body: unknown): boolean {
	return /subscription key/i.test(serviceMessageOf(body) ?? '');
}
