import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { AUTOMATIC_LOGIN, loginChoiceOf } from '../cargus/credentials';
import { noUsername } from './errors';
import { hasAccount, SUBSCRIPTION_KEY_HEADER } from './login';
import { knownLoginPath, usableStoredToken } from './tokenCache';

/**
 * Where a request takes the login token, as the operation's sender says (send.ts): the Authorization
 * header, the Token query parameter (the PDF downloads), or nowhere (`none`; `login`: the credential
 * test's login, sent to the path of the credential's Account Type).
 */
export type TokenPlacement = 'header' | 'query' | 'none' | 'login';

/** A request the credential authenticates; `tokenIn` is read by `authenticate` only and never sent. */
export interface CargusRequestOptions extends IHttpRequestOptions {
	tokenIn?: TokenPlacement;
}

const TOKEN_QUERY_PARAMETER = 'Token';

/**
 * The credential's `authenticate`: adds the subscription key, and the token where the request says. A
 * request that does not say (another node's) takes it in the Authorization header when there is an account.
 */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: CargusRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers = { ...requestOptions.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	const tokenIn = requestOptions.tokenIn ?? (hasAccount(credentials) ? 'header' : 'none');
	if (tokenIn === 'none') return { ...requestOptions, headers };
	if (tokenIn === 'login') return { ...requestOptions, headers, url: testLoginPathOf(credentials) };
	if (!hasAccount(credentials)) {
		const { message, description } = noUsername('This Cargus request');
		throw new Error(`${message}. ${description}`);
	}
	const token = usableStoredToken(credentials);
	if (token === undefined) throw tokenNotUsable();
	if (tokenIn === 'query') {
		return { ...requestOptions, headers, qs: { ...requestOptions.qs, [TOKEN_QUERY_PARAMETER]: token } };
	}
	return { ...requestOptions, headers: { ...headers, Authorization: `Bearer ${token}` } };
}

/**
 * Where the credential test logs in: the chosen path; for Automatic, the path that gave this process a
 * token for exactly these values. When none has yet, the answer looks like Cargus's 401: n8n then runs
 * the credential's login (preAuthentication), which tries both paths, and repeats the test there.
 */
function testLoginPathOf(credentials: ICredentialDataDecryptedObject): string {
	const choice = loginChoiceOf(credentials);
	if (choice !== AUTOMATIC_LOGIN) return choice;
	const path = knownLoginPath(credentials);
	if (path !== undefined) return path;
	const message = 'No login with these Cargus credential values yet: the credential logs in first';
	throw Object.assign(new Error(message), { response: { status: 401, statusText: 'Unauthorized', data: { message } } });
}

/**
 * The stored token was issued for other credential values (the password, username, key or base URL
 * changed) or Cargus has already refused it: nothing is sent, and the answer looks like Cargus's 401,
 * on which n8n logs in again (preAuthentication) and retries.
 */
function tokenNotUsable(): Error {
	const message = 'The Cargus token stored in the credential is not valid for its current values';
	return Object.assign(new Error(message), { response: { status: 401, statusText: 'Unauthorized', data: { message } } });
}
