import type {
	ICredentialDataDecryptedObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INodeCredentialsDetails,
	IPollFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../cargus/credentials';
import { answered, failureOf } from './errors';
import { hasAccount } from './login';
import { gateKeyOf, throughRateLimit, type Outcome, type Patience, type RateLimited } from './rateLimit';
import { patienceOfItem } from './rateLimitOption';
import { readAgainOnReset } from './readAgain';
import { isFailedToAuthenticate, isSubscriptionKeyRefusal } from '../cargus/serviceMessage';
import { refuseToken, withUsableToken } from './tokenCache';

type RequestContext = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

/** Sends with the stored token, this process's newest one, then an empty one (n8n logs in): never more. */
const MAX_TRIES = 3;

/**
 * Sends a request with the Cargus API credential the caller read (n8n does not read it again). The
 * token is the best one this process knows (tokenCache.ts). When Cargus refuses it (401 that is not
 * about the subscription key, or 200 "Failed to authenticate!"), that token is never sent again and
 * the request is repeated with the newest token this process has, or with an empty one, on which
 * n8n runs the credential's login (preAuthentication): one login for all the items, executions and
 * polls that meet the refusal, and never more than one for this request. A gateway 401 about the
 * subscription key is answered as it is, with no login.
 * Returns the last answer, which may still be "Failed to authenticate!"; throws what failed, as it came, for the sender
 * to make the one error of it (errors.ts).
 * `reference` is the node's credential reference, which a caller sending many requests reads once.
 * Every request goes through the rate-limit gate of its subscription key (rateLimit.ts) with `patience`,
 * by default the item's (its Options' Rate Limit Wait).
 */
export async function requestWithCredential(
	context: RequestContext,
	request: IHttpRequestOptions,
	credentials: ICredentialDataDecryptedObject,
	reference: INodeCredentialsDetails | undefined = credentialReferenceOf(context),
	patience: Patience = patienceOfItem(context),
): Promise<IN8nHttpFullResponse> {
	const gateKey = gateKeyOf(credentials);
	let attempt = withUsableToken(credentials);
	for (let tries = 1; ; tries++) {
		// A token from the login refused too: logging in again would not help.
		const isLastTry = tries === MAX_TRIES || attempt.token === '' || !hasAccount(credentials);
		const outcome = await readAgainOnReset(request, async () =>
			await throughRateLimit(gateKey, patience, async () => await withToken(context, request, attempt, reference), rateLimitOfError),
		).then((answer) => ({ answer }), (error: unknown) => ({ error }));
		if ('answer' in outcome) {
			if (isLastTry || !isFailedToAuthenticate(outcome.answer.body)) return outcome.answer;
		} else if (isLastTry || !isTokenRefusal(outcome.error)) {
			// As it came (Cargus' answer whole, n8n's own failure): the sender makes the one error of it (errors.ts).
			return await Promise.reject(outcome.error);
		}
		refuseToken(attempt);
		attempt = withUsableToken(attempt);
	}
}

/** The node's Cargus API credential reference (its id and name). */
export function credentialReferenceOf(context: RequestContext): INodeCredentialsDetails | undefined {
	return context.getNode().credentials?.[CREDENTIAL_TYPE];
}

/** One HTTP request with the credential holding `attempt`'s token, through n8n's authenticated helper. */
async function withToken(
	context: RequestContext,
	request: IHttpRequestOptions,
	credentials: ICredentialDataDecryptedObject,
	reference: INodeCredentialsDetails | undefined,
): Promise<IN8nHttpFullResponse> {
	const answer = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		// An error status is read here: n8n 1.x's error for it keeps neither the status nor Cargus' message.
		{ ...request, headers: { ...request.headers }, qs: { ...request.qs }, returnFullResponse: true, ignoreHttpStatusErrors: true },
		{
			// n8n assigns the token its login returns onto this object, so after the call it holds the token sent.
			credentialsDecrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_TYPE, data: credentials },
			// n8n would log in again on any 401 before this code sees the body: the refusal is handled here instead.
			preAuthenticationRetryStatusCode: [],
		},
	)) as IN8nHttpFullResponse;
	if (answer.statusCode >= 400) throw answered(answer);
	return answer;
}

/**
 * Sends a request that takes no token (a key-only operation, a dropdown's lookup) through the rate-limit gate of the
 * credential's subscription key, with the item's patience unless given.
 */
export async function throughGateOf<T>(
	context: RequestContext,
	credentials: ICredentialDataDecryptedObject,
	attempt: () => Promise<T>,
	patience: Patience = patienceOfItem(context),
): Promise<T> {
	return await throughRateLimit(gateKeyOf(credentials), patience, attempt, rateLimitOfError);
}

/** A 429 of the gateway, thrown as Cargus' answer with an error status. */
export function rateLimitOfError(outcome: Outcome<unknown>): RateLimited | undefined {
	if (!('error' in outcome)) return undefined;
	const failure = failureOf(outcome.error);
	return failure.status === 429 ? { retryAfter: failure.headers?.['retry-after'] } : undefined;
}

function isTokenRefusal(error: unknown): boolean {
	const failure = failureOf(error);
	return failure.status === 401 && !isSubscriptionKeyRefusal(failure.body);
}
