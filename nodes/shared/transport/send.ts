import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeCredentialsDetails,
} from 'n8n-workflow';

import { credentialReferenceOf, requestWithCredential, throughGateOf } from './authenticatedRequest';
import type { CargusRequestOptions } from './authentication';
import { baseUrlOf } from '../cargus/baseUrl';
import { cargusError, failureOf, noAccount, nodeError, tokenStillRefused, type Caller, type RequestContext } from './errors';
import { asLoginPath, hasAccount, logIn, SUBSCRIPTION_KEY_HEADER } from './login';
import type { Patience } from './rateLimit';
import { patienceOfItem } from './rateLimitOption';
import { readAgainOnReset } from './readAgain';
import { newestTokenFor } from './tokenCache';
import { isFailedToAuthenticate } from '../cargus/serviceMessage';
import { noteCargusDate } from '../values/cargusDate';

/*
 * The one way a request goes to Cargus and its answer comes back: the node's operations, the form's lists, the
 * once-per-order look, paging and the trigger's polls all send through `sendToCargus`. It gives Cargus' answer as it came (status,
 * headers, body), or one kind of error, explained in errors.ts; it makes no items (run/ does, after it).
 */

/** How a request carries the login: the token in the Authorization header, the token as the Token query parameter (the PDF downloads), or no login at all, only the subscription key. */
export type Carrying = 'token' | 'tokenInQuery' | 'keyOnly';

type Credentials = ICredentialDataDecryptedObject;
type Request = DeclarativeRestApiSettings.HttpRequestOptions | IHttpRequestOptions;

export interface Sending {
	/** How the request carries the login; the token in the Authorization header unless said. */
	carrying?: Carrying;
	/** The node's credential reference, for a caller that read it once (a poll); the context's otherwise. */
	reference?: INodeCredentialsDetails;
	/** How long a 429 may be waited out; the item's Rate Limit Wait unless said (a poll: its budget). */
	patience?: Patience;
	/** Whose request it is, for the advice that names its settings: a poll of the trigger, or the node's (default). */
	caller?: Caller;
}

/**
 * Sends the request with the credential the caller read and gives Cargus' answer, or throws the error errors.ts
 * explains: for an item of the node tied to its index, for a poll or a form's list as the context's node's.
 */
export async function sendToCargus(context: RequestContext, request: Request, credentials: Credentials, sending: Sending = {}): Promise<IN8nHttpFullResponse> {
	const patience = sending.patience ?? patienceOfItem(context);
	try {
		const prepared = preparedFor(context, request, credentials);
		const answer = await answerOf(context, prepared, credentials, sending, patience);
		noteCargusDate(answer.headers?.date);
		if (!isFailedToAuthenticate(answer.body)) return answer;
		throw tokenStillRefused();
	} catch (error) {
		// Cargus' clock, which decides its "today" (values/cargusDate.ts), from every answer, a refusal's too.
		noteCargusDate(failureOf(error).headers?.date);
		throw cargusError(context, error, credentials, sending.caller, newestTokenFor(credentials));
	}
}

async function answerOf(context: RequestContext, prepared: IHttpRequestOptions, credentials: Credentials, sending: Sending, patience: Patience): Promise<IN8nHttpFullResponse> {
	if (sending.carrying === 'keyOnly') return await withKeyOnly(context, prepared, credentials, patience);
	const withToken: CargusRequestOptions = { ...prepared, tokenIn: sending.carrying === 'tokenInQuery' ? 'query' : 'header' };
	return await requestWithCredential(context, withToken, credentials, sending.reference ?? credentialReferenceOf(context), patience);
}

async function withKeyOnly(context: RequestContext, request: IHttpRequestOptions, credentials: Credentials, patience: Patience): Promise<IN8nHttpFullResponse> {
	request.headers = { ...request.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	return (await readAgainOnReset(request, async () => await throughGateOf(context, credentials, async () => await context.helpers.httpRequest(request), patience))) as IN8nHttpFullResponse;
}

/**
 * The credential's account logged in as its Account Type says (for Automatic, first where the credential last
 * logged in), through the same code as the automatic login: the token and the login path that gave it.
 */
export async function logInWith(context: IExecuteSingleFunctions, credentials: Credentials): Promise<{ token: string; path: string }> {
	requireAccount(context, credentials);
	baseUrlFor(context, credentials);
	try {
		return await logIn({ helpers: { httpRequest: context.helpers.httpRequest } }, credentials, asLoginPath(credentials.loginPath));
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

export function requireAccount(context: IExecuteSingleFunctions, credentials: Credentials): void {
	if (hasAccount(credentials)) return;
	throw noAccount(context, 'This operation', 'A credential with only a subscription key can run the operations marked "without login".');
}

/** The credential's base URL, or the node's error saying what is wrong with it and how to fix it. */
export function baseUrlFor(context: RequestContext, credentials: Credentials): string {
	try {
		return baseUrlOf(credentials);
	} catch (error) {
		throw nodeError(context, { message: (error as Error).message, description: 'Open the Cargus API credential and fill in its Base URL.' });
	}
}

function preparedFor(context: RequestContext, request: Request, credentials: Credentials): IHttpRequestOptions {
	return {
		...(request as IHttpRequestOptions),
		baseURL: baseUrlFor(context, credentials),
		headers: { ...request.headers },
		qs: { ...request.qs },
		returnFullResponse: true,
	};
}
