import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { baseUrlOf } from '../cargus/baseUrl';
import { loginChoiceOf } from '../cargus/credentials';

const PREFIX = 'cargus-token';
const BOUND = /^cargus-token:([0-9a-f]{32}):(.+)$/s;

// Fingerprints already worked out, by the values they hash: every request checks its token against one.
const fingerprints = new Map<string, string>();
const MAX_FINGERPRINTS = 100;

/**
 * What a token is bound to: base URL, Account Type, username, password and subscription key. Any
 * change gives another fingerprint, so the token of the old values is never sent with the new ones.
 */
export function fingerprintOf(credentials: ICredentialDataDecryptedObject): string {
	const values = [
		baseUrlOf(credentials),
		loginChoiceOf(credentials),
		String(credentials.username ?? '').trim(),
		String(credentials.password ?? ''),
		String(credentials.apiKey ?? ''),
	].join('\n');
	let fingerprint = fingerprints.get(values);
	if (fingerprint === undefined) {
		fingerprint = createHash('sha256').update(values).digest('hex').slice(0, 32);
		if (fingerprints.size >= MAX_FINGERPRINTS) fingerprints.clear();
		fingerprints.set(values, fingerprint);
	}
	return fingerprint;
}

/** The value kept in the credential's hidden Token field: the token with the fingerprint it was issued for. */
export function bindToken(token: string, fingerprint: string): string {
	return `${PREFIX}:${fingerprint}:${token}`;
}

/** The token stored in the credential, if it was issued for exactly these values. */
export function storedTokenFor(credentials: ICredentialDataDecryptedObject, fingerprint: string): string | undefined {
	const match = BOUND.exec(String(credentials.token ?? ''));
	return match !== null && match[1] === fingerprint ? match[2] : undefined;
}

/** The bare token inside a stored value, whatever values it was issued for (to keep it out of messages). */
export function bareToken(stored: unknown): string {
	const text = String(stored ?? '');
	return BOUND.exec(text)?.[2] ?? text;
}
