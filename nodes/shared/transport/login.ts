import type { ICredentialDataDecryptedObject, IHttpRequestHelper, IN8nHttpFullResponse } from 'n8n-workflow';

import { baseUrlOf } from '../cargus/baseUrl';
import { AUTOMATIC_LOGIN, LOGIN_PATHS, loginChoiceOf, STANDARD_LOGIN } from '../cargus/credentials';
import { isFailedToAuthenticate, serviceMessageOf } from '../cargus/serviceMessage';
import { loginRefused, loginRefusedEverywhere, loginUnreachable, type LoginExplanation } from './errors';
import { DEFAULT_RATE_LIMIT_WAIT_SECONDS, gateKeyOf, patienceFor, throughRateLimit } from './rateLimit';

export const SUBSCRIPTION_KEY_HEADER = 'Ocp-Apim-Subscription-Key';

export type LoginProblem = 'subscriptionKey' | 'account' | 'unreachable' | 'rateLimit';

/** A login that failed, with a message that names what to fix (errors.ts' words) and never contains a secret. */
export class CargusLoginError extends Error {
	readonly summary: string;

	readonly advice: string;

	constructor(
		{ summary, advice }: LoginExplanation,
		readonly problem: LoginProblem,
		readonly httpStatus?: number,
		/** Cargus' own words in its answer, if any. */
		readonly serviceMessage?: string,
	) {
		super(`${summary}. ${advice}`);
		this.summary = summary;
		this.advice = advice;
		this.name = 'CargusLoginError';
	}
}

export function hasAccount(credentials: ICredentialDataDecryptedObject): boolean {
	return String(credentials.username ?? '').trim() !== '';
}

/** A login path, if the value is one (the hidden Login Path field, a remembered path). */
export function asLoginPath(value: unknown): string | undefined {
	return LOGIN_PATHS.find((path) => path === value);
}

/**
 * Where to log in, in order: the chosen path alone; for Automatic, `preferred` (the path that worked
 * last) or else `/api/LoginUser` first, and the other one only when the first refuses the account.
 */
export function loginPathsOf(credentials: ICredentialDataDecryptedObject, preferred?: string): string[] {
	const choice = loginChoiceOf(credentials);
	if (choice !== AUTOMATIC_LOGIN) return [choice];
	const first = asLoginPath(preferred) ?? STANDARD_LOGIN;
	return [first, ...LOGIN_PATHS.filter((path) => path !== first)];
}

/**
 * Logs in as the credential's Account Type says and returns the token and the path that gave it.
 * Automatic tries its second path only when the first refuses the account: a rejected subscription
 * key or an unreachable host is the same at every path, and is reported at once.
 */
export async function logIn(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	preferred?: string,
): Promise<{ token: string; path: string }> {
	const paths = loginPathsOf(credentials, preferred);
	const refusals: Array<{ path: string; error: CargusLoginError }> = [];
	for (const path of paths) {
		const outcome = await loginAt(helper, credentials, path);
		if (typeof outcome === 'string') return { token: outcome, path };
		if (outcome.problem !== 'account') throw outcome;
		refusals.push({ path, error: outcome });
	}
	if (refusals.length === 1) throw refusals[0].error;
	throw refusedAtEveryPath(refusals, String(credentials.username ?? '').trim());
}

/** One message for a refusal at every path: "(HTTP 409 at /api/LoginUser and at /api/LoginUser/Juridic: …)", each answer with its path when they differ. */
function refusedAtEveryPath(refusals: Array<{ path: string; error: CargusLoginError }>, username: string): CargusLoginError {
	const last = refusals[refusals.length - 1].error;
	const answerOf = (error: CargusLoginError, at: string) => `HTTP ${String(error.httpStatus)} ${at}${error.serviceMessage ? `: ${error.serviceMessage}` : ''}`;
	const sameAnswer = refusals.every(({ error }) => error.httpStatus === last.httpStatus && error.serviceMessage === last.serviceMessage);
	const said = sameAnswer
		? answerOf(last, refusals.map(({ path }) => `at ${path}`).join(' and '))
		: refusals.map(({ path, error }) => answerOf(error, `at ${path}`)).join('; ');
	return new CargusLoginError(loginRefusedEverywhere(username, said), 'account', last.httpStatus, last.serviceMessage);
}

/** POSTs the account to a login endpoint and returns the token, or the CargusLoginError that says why not. */
async function loginAt(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	endpoint: string,
): Promise<string | CargusLoginError> {
	const baseUrl = baseUrlOf(credentials);
	const username = String(credentials.username ?? '').trim();
	const request = {
		method: 'POST' as const,
		url: `${baseUrl}${endpoint}`,
		headers: { [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') },
		body: { UserName: username, Password: String(credentials.password ?? '') },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	// A login goes through the gate of its subscription key like every request (rateLimit.ts).
	const outcome = await throughRateLimit(
		gateKeyOf(credentials),
		patienceFor(DEFAULT_RATE_LIMIT_WAIT_SECONDS),
		async () => (await helper.helpers.httpRequest(request)) as IN8nHttpFullResponse,
		(sent) => ('value' in sent && sent.value.statusCode === 429 ? { retryAfter: sent.value.headers?.['retry-after'] } : undefined),
	)
		.then(
			(response: IN8nHttpFullResponse) => response,
			() => new CargusLoginError(loginUnreachable(baseUrl), 'unreachable'),
		);
	if (outcome instanceof CargusLoginError) return outcome;
	return tokenOf(outcome) ?? loginFailure(outcome, username, endpoint);
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
	const problem: LoginProblem = status === 401 || status === 403 ? 'subscriptionKey' : status === 429 ? 'rateLimit' : 'account';
	const serviceMessage = problem === 'subscriptionKey' ? undefined : serviceMessageOf(response.body);
	return new CargusLoginError(loginRefused(status, response.body, username, endpoint), problem, status, serviceMessage);
}
