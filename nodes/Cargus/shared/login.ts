import type { ICredentialDataDecryptedObject, IHttpRequestHelper, IN8nHttpFullResponse } from 'n8n-workflow';

import { baseUrlOf } from './baseUrl';
import { isFailedToAuthenticate, serviceMessageOf } from './serviceMessage';

export const SUBSCRIPTION_KEY_HEADER = 'Ocp-Apim-Subscription-Key';
export const LEGAL_ENTITY_LOGIN = '/api/LoginUser/Juridic';
export const STANDARD_LOGIN = '/api/LoginUser';

export const SUBSCRIPTION_KEY_ADVICE =
	'Check the Subscription Key in the Cargus API credential: it is the key of your subscription on the Cargus API portal, and production and test hosts have different keys.';

/** What the node says when Cargus' gateway refuses the subscription key; `body` is Cargus' answer, if any. */
export function subscriptionKeyRejected(status: number, body?: unknown): string {
	const said = serviceMessageOf(body);
	return `Cargus rejected the subscription key (HTTP ${status}${said ? `: ${said}` : ''})`;
}

export type LoginProblem = 'subscriptionKey' | 'account' | 'unreachable';

/** A login that failed, with a message that names what to fix and never contains a secret. */
export class CargusLoginError extends Error {
	constructor(
		readonly summary: string,
		readonly advice: string,
		readonly problem: LoginProblem,
		readonly httpStatus?: number,
	) {
		super(`${summary}. ${advice}`);
		this.name = 'CargusLoginError';
	}
}

export function hasAccount(credentials: ICredentialDataDecryptedObject): boolean {
	return String(credentials.username ?? '').trim() !== '';
}

export function loginEndpointOf(credentials: ICredentialDataDecryptedObject): string {
	return credentials.loginEndpoint === STANDARD_LOGIN ? STANDARD_LOGIN : LEGAL_ENTITY_LOGIN;
}

/** POSTs the account to a login endpoint and returns the token, or throws a CargusLoginError. */
export async function requestToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	endpoint: string,
): Promise<string> {
	const baseUrl = baseUrlOf(credentials);
	const username = String(credentials.username ?? '').trim();
	const outcome = await helper.helpers
		.httpRequest({
			method: 'POST',
			url: `${baseUrl}${endpoint}`,
			headers: { [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') },
			body: { UserName: username, Password: String(credentials.password ?? '') },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})
		.then(
			(response: IN8nHttpFullResponse) => response,
			() => new CargusLoginError(
				`Could not reach Cargus at ${baseUrl} to log in`,
				'Check the Environment in the Cargus API credential and that the host is reachable from n8n.',
				'unreachable',
			),
		);
	if (outcome instanceof CargusLoginError) throw outcome;
	const token = tokenOf(outcome);
	if (token !== undefined) return token;
	throw loginFailure(outcome, username, endpoint);
}

function tokenOf(response: IN8nHttpFullResponse): string | undefined {
	if (response.statusCode !== 200 || typeof response.body !== 'string') return undefined;
	const token = response.body.trim().replace(/^"|"$/g, '');
	// A token is one word: an HTML or JSON page answered with 200 is not a token (and may quote secrets).
	if (token === '' || /[\s<>{}]/.test(token) || isFailedToAuthenticate(token)) return undefined;
	return token;
}

function loginFailure(response: IN8nHttpFullResponse, username: string, endpoint: string): CargusLoginError {
	const status = response.statusCode;
	const serviceMessage = serviceMessageOf(response.body);
	const said = serviceMessage ? `: ${serviceMessage}` : '';
	if (status === 401 || status === 403) {
		return new CargusLoginError(subscriptionKeyRejected(status, response.body), SUBSCRIPTION_KEY_ADVICE, 'subscriptionKey', status);
	}
	const otherLogin = endpoint === LEGAL_ENTITY_LOGIN ? ' If this is not a legal-entity account, set Account Type to "Standard".' : '';
	return new CargusLoginError(
		`Cargus login failed for account "${username}" (HTTP ${status}${said})`,
		`Check the Username and Password in the Cargus API credential.${otherLogin}`,
		'account',
		status,
	);
}
