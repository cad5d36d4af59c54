import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { baseUrlOf } from './baseUrl';
import { hasAccount, SUBSCRIPTION_KEY_HEADER } from './login';
import { usableStoredToken } from './tokenCache';

// How the interface wants each path authenticated: most carry "Authorization: Bearer <token>",
// the two PDF downloads take the token as the Token query parameter, and a few need no token.
const TOKEN_IN_QUERY = /^\/api\/PDF\//i;
const NO_TOKEN = /^\/api\/(NoAuth\/|CashReceipts\b|Complaints\/|LoginUser\b)/i;

const TOKEN_QUERY_PARAMETER = 'Token';

/** The request's path after the credential's base URL (/api/AwbTrace), also when the base URL has a path of its own. */
export function apiPathOf(requestOptions: IHttpRequestOptions, credentials: ICredentialDataDecryptedObject): string {
	const url = requestOptions.url ?? '';
	const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url)
		? url
		: `${String(requestOptions.baseURL ?? '').replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
	const withoutQuery = absolute.replace(/[?#].*$/, '');
	let baseUrl = '';
	try {
		baseUrl = baseUrlOf(credentials);
	} catch {
		// No base URL: the path after the host is the best guess.
	}
	if (baseUrl !== '' && withoutQuery.toLowerCase().startsWith(`${baseUrl.toLowerCase()}/`)) return withoutQuery.slice(baseUrl.length);
	return withoutQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
}

/** The credential's `authenticate`: adds the subscription key, and the token where the path wants it. */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers = { ...requestOptions.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	const path = apiPathOf(requestOptions, credentials);
	if (NO_TOKEN.test(path)) return { ...requestOptions, headers };
	if (!hasAccount(credentials)) {
		throw new Error(
			'This Cargus operation needs a login, but the Cargus API credential has no Username: add the account\'s Username and Password to the credential',
		);
	}
	const token = usableStoredToken(credentials);
	if (token === undefined) throw tokenNotUsable();
	if (TOKEN_IN_QUERY.test(path)) {
		return { ...requestOptions, headers, qs: { ...requestOptions.qs, [TOKEN_QUERY_PARAMETER]: token } };
	}
	return { ...requestOptions, headers: { ...headers, Authorization: `Bearer ${token}` } };
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
