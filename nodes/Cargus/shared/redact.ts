import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';

import { bareToken } from './boundToken';

/*
 * The one redaction of the credential's secrets (subscription key, password, token). Every answer the
 * node quotes or passes on goes through it: error messages and descriptions, outputs, and so the logs
 * n8n writes from them, whatever the HTTP status.
 */

export const REDACTED = '[redacted]';
const SHORTEST_SECRET = 4;
const DEEPEST = 32;

/** Every secret a credential holds, to keep them out of messages and outputs. */
export function secretsOf(...credentials: Array<ICredentialDataDecryptedObject | undefined>): string[] {
	const secrets = credentials.flatMap((credential) =>
		credential
			? [credential.apiKey, credential.password, credential.token, bareToken(credential.token)].map((value) => String(value ?? '').trim())
			: [],
	);
	return [...new Set(secrets.filter((value) => value.length >= SHORTEST_SECRET))];
}

/** The ways a secret may be written inside an answer: as is, JSON-escaped, URL-encoded, HTML-escaped. */
function spellingsOf(secret: string): string[] {
	const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
	return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), html])].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: string[]): string {
	let clean = text.replace(/([?&]Token=)[^&\s"'<]+/gi, `$1${REDACTED}`).replace(/(\bBearer\s+)[^\s"'<,;]+/gi, `$1${REDACTED}`);
	for (const secret of secrets) {
		for (const spelling of spellingsOf(secret)) clean = clean.split(spelling).join(REDACTED);
	}
	// A quote cut short ("…") may end in the first characters of a secret.
	if (clean.includes('…')) {
		for (const secret of secrets) {
			for (let length = secret.length - 1; length >= SHORTEST_SECRET; length--) {
				clean = clean.split(`${secret.slice(0, length)}…`).join(`${REDACTED}…`);
			}
		}
	}
	return clean;
}

/** A copy of a JSON-like value with every text redacted; a Buffer that is not a PDF becomes redacted text. */
export function redactValue(value: unknown, secrets: string[], depth = 0): unknown {
	if (typeof value === 'string') return redact(value, secrets);
	if (Buffer.isBuffer(value)) {
		if (value.subarray(0, 5).toString('latin1') === '%PDF-') return value;
		const text = value.toString('utf8');
		const clean = redact(text, secrets);
		return clean === text ? value : clean;
	}
	if (value === null || typeof value !== 'object') return value;
	if (depth >= DEEPEST) return REDACTED;
	if (Array.isArray(value)) return value.map((element) => redactValue(element, secrets, depth + 1));
	if (value instanceof Error) return redactError(value, secrets, depth + 1);
	if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, redactValue(entry, secrets, depth + 1)]));
}

// The node the error belongs to carries the workflow's own parameters: never rewritten.
const UNTOUCHED_ERROR_FIELDS = new Set(['node', 'functionality', 'level', 'httpCode', 'timestamp', 'lineNumber', 'itemIndex', 'runIndex']);

/** Redacts an error in place (message, description, stack, context, cause...) and returns it. */
export function redactError<T>(error: T, secrets: string[], depth = 0): T {
	if (!(error instanceof Error)) return redactValue(error, secrets, depth) as T;
	const record = error as unknown as Record<string, unknown>;
	for (const key of new Set(['message', 'stack', ...Object.keys(record)])) {
		if (UNTOUCHED_ERROR_FIELDS.has(key)) continue;
		const value = record[key];
		if (value === undefined || value === null || typeof value === 'function') continue;
		record[key] = redactValue(value, secrets, depth + 1);
	}
	return error;
}

/** Output items with their JSON redacted (binary files are left as they are). */
export function redactItems(items: INodeExecutionData[], secrets: string[]): INodeExecutionData[] {
	if (secrets.length === 0) return items;
	return items.map((item) => ({ ...item, json: redactValue(item.json, secrets) as INodeExecutionData['json'] }));
}
