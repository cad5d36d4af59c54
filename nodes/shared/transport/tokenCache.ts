import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';

import { bindToken, fingerprintOf, storedTokenFor } from './boundToken';
import { asLoginPath, CargusLoginError, hasAccount, logIn } from './login';

/** A login refused for these values is not tried again with the same values for this long. */
const REFUSED_LOGIN_MEMORY_MS = 60_000;
/** A host that could not be reached is tried again after this long. */
const UNREACHABLE_MEMORY_MS = 5_000;
/** Refused tokens remembered per account; older ones expired long ago anyway. */
const MAX_REFUSED = 50;

interface AccountTokens {
	/** The newest token this process got for the account. */
	current?: string;
	/** The login path that gave it, where the next login goes first. */
	path?: string;
	/** Tokens Cargus has refused (expired), never sent again. */
	refused: Set<string>;
	/** The login running now, which every caller joins. */
	login?: Promise<{ token: string; path: string }>;
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

/** The newest token this process got for these credentials' values, if any (a login may have replaced the stored one). */
export function newestTokenFor(credentials: ICredentialDataDecryptedObject): string | undefined {
	if (!hasAccount(credentials)) return undefined;
	let fingerprint: string;
	try {
		fingerprint = fingerprintOf(credentials);
	} catch {
		// No base URL: no login could have run with these values.
		return undefined;
	}
	return accounts.get(fingerprint)?.current;
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

/** The login path that gave this process a token for exactly these credential values, if any has. */
export function knownLoginPath(credentials: ICredentialDataDecryptedObject): string | undefined {
	return accounts.get(fingerprintOf(credentials))?.path;
}

/** What the credential's login saves in it: the token (bound to the values) and the path that gave it. */
export interface RenewedLogin {
	token: string;
	loginPath: string;
}

/**
 * The credential's preAuthentication. n8n calls it with an empty token, when it is told the token
 * expired, and when the credential is tested: the token these credentials carry, if any, counts as
 * refused. Answers this process's newest usable token, or the result of the one login it runs for
 * these values, which every concurrent caller joins. That login goes first to the path that worked
 * last (this process's, else the one saved in the credential), so Automatic tries the other path
 * only when that one refuses the account.
 */
export async function renewToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<RenewedLogin> {
	refuseToken(credentials);
	const fingerprint = fingerprintOf(credentials);
	const entry = tokensOf(fingerprint);
	const current = usable(entry, entry.current);
	if (current !== undefined && entry.path !== undefined) return { token: bindToken(current, fingerprint), loginPath: entry.path };
	if (entry.lastFailure !== undefined && entry.lastFailure.until > Date.now()) throw entry.lastFailure.error;
	entry.login ??= logIn(helper, credentials, entry.path ?? asLoginPath(credentials.loginPath))
		.then(
			(login) => {
				entry.current = login.token;
				entry.path = login.path;
				entry.lastFailure = undefined;
				return login;
			},
			async (error: unknown) => await Promise.reject(remembered(entry, error)),
		)
		.finally(() => {
			entry.login = undefined;
		});
	const { token, path } = await entry.login;
	return { token: bindToken(token, fingerprint), loginPath: path };
}

/** Keeps a refused login for a while, so the items after it fail at once instead of each logging in. */
function remembered(entry: AccountTokens, error: unknown): unknown {
	if (error instanceof CargusLoginError) {
		const memory = error.problem === 'unreachable' || error.problem === 'rateLimit' ? UNREACHABLE_MEMORY_MS : REFUSED_LOGIN_MEMORY_MS;
		entry.lastFailure = { error, until: Date.now() + memory };
	}
	return error;
}

/** Forgets every token and login failure, as a newly started n8n process has none. */
export function forgetTokens(): void {
	accounts.clear();
}
