import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { SUBSCRIPTION_KEY_HEADER } from './login';

// How the interface wants each path authenticated: most carry "Authorization: Bearer <token>",
// the two PDF downloads take the token as the Token query parameter, and a few need no token.
const TOKEN_IN_QUERY = /^\/api\/PDF\//i;
const NO_TOKEN = /^\/api\/(NoAuth\/|CashReceipts\b|Complaints\/|LoginUser\b)/i;

export const TOKEN_QUERY_PARAMETER = 'Token';

export function pathOf(url: string | undefined): string {
	return (url ?? '').replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
}

/** The credential's `authenticate`: adds the subscription key, and the token where the path wants it. */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers = { ...requestOptions.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	const path = pathOf(requestOptions.url);
	if (NO_TOKEN.test(path)) return { ...requestOptions, headers };
	const token = String(credentials.token ?? '');
	if (token === '') {
		throw new Error(
			'This Cargus operation needs a login, but the Cargus API credential has no Username: add the account\'s Username and Password to the credential',
		);
	}
	if (TOKEN_IN_QUERY.test(path)) {
		return { ...requestOptions, headers, qs: { ...requestOptions.qs, [TOKEN_QUERY_PARAMETER]: token } };
	}
	return { ...requestOptions, headers: { ...headers, Authorization: `Bearer ${token}` } };
}
