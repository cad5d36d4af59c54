import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';

import { bareToken } from './boundToken';
import { isPdf } from '../values/pdf';

/*
 * The redaction of the credential's secrets (subscription key, password, token), in two strengths.
 * What the node writes itself (error messages and descriptions, the answers they quote, and so the
 * logs n8n writes from them) loses every occurrence of every secret. An output value is what Cargus
 * sent: it changes only where it carries a secret beyond doubt (outputSecretsOf).
 */

export const REDACTED = '[redacted]';
const SHORTEST_SECRET = 4;
/**
 * A subscription key or token at least this long is a random string, not a word or a name: Cargus'
 * keys have 32 characters and its tokens more, while words, names and the sandbox's demo keys are
 * shorter, so finding one inside an output value is no chance.
 */
export const RANDOM_SECRET_LENGTH = 20;
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

// The spellings of each list of secrets, worked out once for all the texts of an answer.
const spellingsBySecrets = new WeakMap<string[], string[][]>();

function spellingsOfAll(secrets: string[]): string[][] {
	let spellings = spellingsBySecrets.get(secrets);
	if (spellings === undefined) {
		spellings = secrets.map(spellingsOf);
		spellingsBySecrets.set(secrets, spellings);
	}
	return spellings;
}

export function redact(text: string, secrets: string[]): string {
	let clean = text.replace(/([?&]Token=)[^&\s"'<]+/gi, `$1${REDACTED}`).replace(/(\bBearer\s+)[^\s"'<,;]+/gi, `$1${REDACTED}`);
	for (const spellings of spellingsOfAll(secrets)) {
		for (const spelling of spellings) {
			if (clean.includes(spelling)) clean = clean.split(spelling).join(REDACTED);
		}
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
		if (isPdf(value)) return value;
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

/** What may not pass in an output value: a secret as the whole value, a long key or token anywhere in one. */
export interface OutputSecrets {
	/** Every spelling of every secret. */
	wholeValues: Set<string>;
	/** Every spelling of the subscription key and the token, when they have RANDOM_SECRET_LENGTH characters or more. */
	inside: string[];
}

/** The output rule for these credentials: the password, and a key or token shorter than RANDOM_SECRET_LENGTH, only as whole values. */
export function outputSecretsOf(...credentials: Array<ICredentialDataDecryptedObject | undefined>): OutputSecrets {
	const secrets = secretsOf(...credentials);
	const passwords = new Set(credentials.map((credential) => String(credential?.password ?? '').trim()));
	const random = secrets.filter((secret) => secret.length >= RANDOM_SECRET_LENGTH && !passwords.has(secret));
	return {
		wholeValues: new Set(spellingsOfAll(secrets).flat()),
		inside: [...new Set(spellingsOfAll(random).flat())].sort((a, b) => b.length - a.length),
	};
}

function redactOutputText(text: string, secrets: OutputSecrets): string {
	if (secrets.wholeValues.has(text.trim())) return REDACTED;
	let clean = text;
	for (const spelling of secrets.inside) {
		if (clean.includes(spelling)) clean = clean.split(spelling).join(REDACTED);
	}
	return clean;
}

/** The same value, or a copy with only the texts that carry a secret changed; anything not JSON is left as it is. */
export function redactOutputValue(value: unknown, secrets: OutputSecrets, depth = 0): unknown {
	if (typeof value === 'string') return redactOutputText(value, secrets);
	if (value === null || typeof value !== 'object') return value;
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
	// Cargus answers are a few levels deep; deeper, a value is replaced only if its text holds a secret.
	if (depth >= DEEPEST) return holdsSecret(JSON.stringify(value) ?? '', secrets) ? REDACTED : value;
	const record = value as Record<string, unknown>;
	let copy: Record<string, unknown> | undefined;
	for (const key of Object.keys(record)) {
		const clean = redactOutputValue(record[key], secrets, depth + 1);
		if (clean === record[key]) continue;
		copy ??= (Array.isArray(value) ? [...value] : { ...record }) as Record<string, unknown>;
		copy[key] = clean;
	}
	return copy ?? value;
}

function holdsSecret(text: string, secrets: OutputSecrets): boolean {
	return secrets.inside.some((spelling) => text.includes(spelling)) || [...secrets.wholeValues].some((spelling) => text.includes(JSON.stringify(spelling)));
}

/** Output items under the output rule (binary files are left as they are). */
export function redactOutputItems<T extends { json: INodeExecutionData['json'] }>(items: T[], secrets: OutputSecrets): T[] {
	if (secrets.wholeValues.size === 0) return items;
	return items.map((item) => {
		const json = redactOutputValue(item.json, secrets) as INodeExecutionData['json'];
		return json === item.json ? item : { ...item, json };
	});
}
