import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';

import { bindToken, fingerprintOf, storedTokenFor } from './boundToken';
import { CargusLoginError, hasAccount, loginEndpointOf, requestToken } from './login';

/** A login refused for these values is not tried again with the same values for this long. */
const REFUSED_LOGIN_MEMORY_MS = 60_000;
/** A host that could not be reached is tried again after this long. */
const UNREACHABLE_MEMORY_MS = 5_000;
/** Refused tokens remembered per account; older ones expired long ago anyway. */
const MAX_REFUSED = 50;

interface AccountTokens {
	/** The newest token this process got for the account. */
	current?: string;
	/** Tokens Cargus has refused (expired), never sent again. */
	refused: Set<string>;
	/** The login running now, which every caller joins. */
	login?: Promise<string>;
	lastFailure?: { error: CargusLoginError; until: number };
}

// One entry per fingerprint, for the life of the n8n process: items, executions and trigger polls share it.
const accounts = new Map<string, AccountTokens>();

function tokensOf(fingerprint: string): AccountTokens {
	let entry = accounts.get(fingerprint);
	if (entry === undefined) {
		entry = { refused: new Set() };
		accounts.set(fingerprint, entry);
	}
	return entry;
}

function usable(entry: AccountTokens, token: string | undefined): string | undefined {
	return token !== undefined && !entry.refused.has(token) ? token : undefined;
}

/**
 * The credential to send a request with: its stored token when that was issued for these values and
 * Cargus has not refused it; otherwise the newest token this process has for these values; otherwise
 * an empty token, which makes n8n run the credential's login (preAuthentication) and save its result.
 */
export function withUsableToken(credentials: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	if (!hasAccount(credentials)) return { ...credentials };
	const fingerprint = fingerprintOf(credentials);
	const entry = tokensOf(fingerprint);
	const token = usable(entry, storedTokenFor(credentials, fingerprint)) ?? usable(entry, entry.current);
	return { ...credentials, token: token === undefined ? '' : bindToken(token, fingerprint) };
}

/** The token these credentials carry, if it was issued for their values and has not been refused. */
export function usableStoredToken(credentials: ICredentialDataDecryptedObject): string | undefined {
	const fingerprint = fingerprintOf(credentials);
	return usable(tokensOf(fingerprint), storedTokenFor(credentials, fingerprint));
}

/** Cargus refused the token these credentials carried: it is not sent again by this process. */
export function refuseToken(credentials: ICredentialDataDecryptedObject): void {
	const fingerprint = fingerprintOf(credentials);
	const token = storedTokenFor(credentials, fingerprint);
	if (token === undefined) return;
	const { refused } = tokensOf(fingerprint);
	refused.add(token);
	if (refused.size > MAX_REFUSED) refused.delete(refused.values().next().value as string);
}

/**
 * The credential's preAuthentication. n8n calls it with an empty token, when it is told the token
 * expired, and when the credential is tested: the token these credentials carry, if any, counts as
 * refused. Answers this process's newest usable token, or the result of the one login it runs for
 * these values, which every concurrent caller joins.
 */
export async function renewToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<string> {
	refuseToken(credentials);
	const fingerprint = fingerprintOf(credentials);
	const entry = tokensOf(fingerprint);
	const current = usable(entry, entry.current);
	if (current !== undefined) return bindToken(current, fingerprint);
	if (entry.lastFailure !== undefined && entry.lastFailure.until > Date.now()) throw entry.lastFailure.error;
	entry.login ??= requestToken(helper, credentials, loginEndpointOf(credentials))
		.then(
			(token) => {
				entry.current = token;
				entry.lastFailure = undefined;
				return token;
			},
			async (error: unknown) => await Promise.reject(remembered(entry, error)),
		)
		.finally(() => {
			entry.login = undefined;
		});
	return bindToken(await entry.login, fingerprint);
}

/** Keeps a refused login for a while, so the items after it fail at once instead of each logging in. */
function remembered(entry: AccountTokens, error: unknown): unknown {
	if (error instanceof CargusLoginError) {
		const memory = error.problem === 'unreachable' ? UNREACHABLE_MEMORY_MS : REFUSED_LOGIN_MEMORY_MS;
		entry.lastFailure = { error, until: Date.now() + memory };
	}
	return error;
}

/** Forgets every token and login failure, as a newly started n8n process has none. */
export function forgetTokens(): void {
	accounts.clear();
}
