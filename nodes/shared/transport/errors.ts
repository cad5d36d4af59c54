import type {
	ICredentialDataDecryptedObject,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { baseUrlOf } from '../cargus/baseUrl';
import { DEFAULT_RATE_LIMIT_WAIT_SECONDS, waitedMsOf } from './rateLimit';
import { redact, redactValue, secretsOf } from './redact';
import { isSubscriptionKeyRefusal, serviceMessageOf } from '../cargus/serviceMessage';

/*
 * The one place an error is made and explained, for every context: an item of the Cargus node, a request of a
 * trigger's poll, a list of the node's form, the login. A sender's failure (cargusError), an answer that is not what
 * was asked (errorOf with errorInBody or unexpectedAnswer), the node's own (nodeError), a credential without an
 * account (noAccount), the login's failures (login*): each text once, the caller's advice added here, secrets out.
 * Input refusals, which name the field and the item, are values/refusal.ts'.
 */

export interface HttpFailure {
	status?: number;
	body?: unknown;
	headers?: Record<string, unknown>;
	code?: string;
	/** The innermost error's own message, for a failure with neither an answer nor a network error code. */
	reason?: string;
	/** How long the request waited for the rate limit before it was given up (rateLimit.ts). */
	rateLimitWaitedMs?: number;
	loginError?: { summary: string; advice: string; httpStatus?: number };
}

/** What went wrong with a request to Cargus, in words a person can act on. */
export interface Explanation {
	message: string;
	description?: string;
	httpCode?: string;
}

/** Where a request to Cargus is sent from: an item of the Cargus node, a poll of the Cargus Trigger, a list of the node's form. */
export type RequestContext = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

/**
 * Who sent the request, for the advice that names its settings and what comes next: an item of the Cargus node,
 * a request of a poll of the Cargus Trigger (by its name, "tracking request"), a list of the node's form (by what it
 * lists, "counties").
 */
export type Caller = 'item' | { poll: string } | { list: string };

function isPoll(caller: Caller): caller is { poll: string } {
	return typeof caller === 'object' && 'poll' in caller;
}

/**
 * The error n8n shows for an explanation, with the caller's advice: an item's tied to its index, a poll's saying the
 * request is repeated at the next poll, a form list's naming the list (n8n shows it in the list, tied to no item).
 * `own`: the node's own error (NodeOperationError), not Cargus' answer (NodeApiError, classified by its HTTP status).
 */
function made(context: RequestContext, { message, description, httpCode }: Explanation, caller: Caller, own = false): NodeApiError | NodeOperationError {
	if (typeof caller === 'object' && 'list' in caller) {
		return new NodeOperationError(context.getNode(), `Could not load the ${caller.list} from Cargus: ${message}`, { description: description || undefined });
	}
	const advice = isPoll(caller) ? [description, `The ${caller.poll} is repeated at the next poll; nothing is lost.`].filter(Boolean).join(' ') : description;
	const itemIndex = 'getItemIndex' in context ? context.getItemIndex() : undefined;
	const options = {
		message,
		...(advice === undefined ? {} : { description: advice }),
		...(itemIndex === undefined ? {} : { itemIndex }),
	};
	if (own) return new NodeOperationError(context.getNode(), message, options);
	return new NodeApiError(context.getNode(), { message } as JsonObject, { ...options, ...(httpCode === undefined ? {} : { httpCode }) });
}

/**
 * Turns whatever a request threw into an error a person can act on: the service's own message,
 * the HTTP status and what to change. The original error is dropped because it carries the request
 * (headers, Token query parameter); every text is scrubbed of the credential's secrets and of `newToken`, a token a
 * login got while sending. The node's own error stays as it is (a form list's names the list).
 */
export function cargusError(
	context: RequestContext,
	error: unknown,
	credentials?: ICredentialDataDecryptedObject,
	caller: Caller = 'item',
	newToken?: string,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) {
		return typeof caller === 'object' && 'list' in caller ? made(context, { message: error.message, description: error.description ?? undefined }, caller, true) : error;
	}
	return made(context, failureExplained(error, credentials, caller, newToken), caller);
}

/** What a failed request means (failureOf's status, body, network error or login error), scrubbed of the credential's secrets. */
function failureExplained(error: unknown, credentials?: ICredentialDataDecryptedObject, caller: Caller = 'item', newToken?: string): Explanation {
	const secrets = secretsOf(credentials, newToken === undefined ? undefined : { token: newToken });
	const failure = failureOf(error);
	// Redacted before it is quoted, so a message cut short cannot end inside a secret.
	failure.body = redactValue(failure.body, secrets);
	const explanation = explain(failure, caller, credentials);
	const httpCode = failure.status ?? failure.loginError?.httpStatus;
	return {
		message: redact(explanation.message, secrets),
		description: redact(explanation.description ?? '', secrets),
		httpCode: httpCode === undefined ? undefined : String(httpCode),
	};
}

/** An answer's explanation as the error n8n shows and classifies by its HTTP status, with the caller's advice. */
export function errorOf(context: RequestContext, explanation: Explanation, caller: Caller = 'item'): NodeApiError {
	return made(context, explanation, caller) as NodeApiError;
}

/** The node's own error (not Cargus' answer): a value it cannot use, an outcome it cannot give, with the caller's advice. */
export function nodeError(context: RequestContext, explanation: Explanation, caller: Caller = 'item'): NodeOperationError {
	return made(context, explanation, caller, true) as NodeOperationError;
}

/** One text for a credential without an account: what `needs` the login, and what else the user may do (`otherwise`). */
export function noUsername(needs: string, otherwise = ''): Explanation {
	return {
		message: `${needs} needs a Cargus login, but the Cargus API credential has no Username`,
		description: `Add the account's Username and Password to the Cargus API credential.${otherwise ? ` ${otherwise}` : ''}`,
	};
}

/** A credential without an account, refused before anything is sent (noUsername's text). */
export function noAccount(context: RequestContext, needs: string, otherwise?: string): NodeOperationError {
	return made(context, noUsername(needs, otherwise), 'item', true) as NodeOperationError;
}

/** The first failed request's error, when every one of the poll's `attempted` requests failed: nothing was recorded. */
export function everyRequestFailed<E extends NodeApiError | NodeOperationError>(error: E, attempted: number, requestName: string): E {
	error.description = [error.description, `All ${attempted} ${requestName}s of this poll failed; nothing was recorded and the next poll tries again.`]
		.filter(Boolean)
		.join(' ');
	return error;
}

/**
 * Create's failure (the sender's, or its output's), saying whether Cargus may have made the AWB: after no answer or a
 * 5xx it may have, and running the order again is safe only with the once-per-order look (`checked`).
 */
export function awbMaybeMade(context: IExecuteSingleFunctions, error: unknown, checked: boolean): NodeApiError | NodeOperationError {
	if (!(error instanceof NodeApiError)) return cargusError(context, error);
	if (!mayHaveMade(error)) return error;
	const description = checked
		? 'Cargus may have made the AWB before the answer was lost. Running the order again is safe: the node finds the AWB that carries its Order Reference and gives it, instead of making a second one (so is the node\'s Retry On Fail).'
		: 'Cargus may have made the AWB before the answer was lost. This item has no Order Reference, so running it again makes a new AWB: look for it first with Shipment › Get Many (today\'s AWBs), or give orders a reference.';
	return errorOf(context, { message: error.message, description, httpCode: error.httpCode ?? undefined });
}

/** No answer, or a 5xx: the request may have reached Cargus' backend. A 4xx (429 included: the gateway's) made nothing. */
function mayHaveMade(error: NodeApiError): boolean {
	const status = Number(error.httpCode);
	return error.httpCode === null || error.httpCode === undefined || !Number.isFinite(status) || status >= 500;
}

/** A Cargus refusal restated naming the field it concerns (`message`), its advice and HTTP status kept. */
export function namingField(context: RequestContext, error: NodeApiError, message: string): NodeApiError {
	return errorOf(context, { message, description: error.description ?? undefined, httpCode: error.httpCode ?? undefined });
}

/** A 200 whose body is an error in disguise ({"Error": ...} or a list of them), explained; undefined for any other body. */
export function errorInBody(body: unknown): Explanation | undefined {
	const elements = Array.isArray(body) ? body : [body];
	const errors = elements.filter(
		(element) => element !== null && typeof element === 'object' && 'Error' in element && Object.keys(element).length <= 2,
	);
	if (errors.length === 0 || errors.length < elements.length) return undefined;
	return answeredWithError(serviceMessageOf(errors) ?? 'no message');
}

/** Cargus refusing in a 200, in its own words (`said`). */
export function answeredWithError(said: string): Explanation {
	return {
		message: `Cargus answered with an error: ${said}`,
		description: 'The service accepted the request but could not answer it: check the input it mentions.',
	};
}

/** An answer that is not what was asked for (`expected`: "a list of records"), quoting what Cargus said, or its body. */
export function unexpectedAnswer(body: unknown, expected: string): Explanation {
	const said = serviceMessageOf(body) ?? bodyQuoted(body);
	return { message: `Cargus answered "${said}" where ${expected} was expected` };
}

/** A body with no message in it, as JSON cut at 200 characters (bytes with a message are serviceMessageOf's). */
function bodyQuoted(body: unknown): string {
	const text = body === undefined || body === null || Buffer.isBuffer(body) ? '' : JSON.stringify(body) ?? '';
	return text === '' || text === '""' || text === '{}' || text === '[]' ? 'an empty answer' : text.slice(0, 200);
}

export const SUBSCRIPTION_KEY_ADVICE =
	'Check the Subscription Key in the Cargus API credential: it is the key of your subscription on the Cargus API portal, and production and test hosts have different keys.';

/** What the node says when Cargus' gateway refuses the subscription key; `body` is Cargus' answer, if any. */
export function subscriptionKeyRejected(status: number, body?: unknown): string {
	const said = serviceMessageOf(body);
	return `Cargus rejected the subscription key (HTTP ${status}${said ? `: ${said}` : ''})`;
}

/** What a login came to without a token: what happened (`summary`) and what to change (`advice`). */
export interface LoginExplanation {
	summary: string;
	advice: string;
}

/**
 * No answer to the login at `baseUrl`, as a request's. Without the error's code: n8n's credential test shows its own
 * vaguer words ("perhaps it is offline") for any message naming one.
 */
export function loginUnreachable(baseUrl: string): LoginExplanation {
	const { message, description } = unreachable(` at ${baseUrl}`, undefined, ' to log in');
	return { summary: message, advice: description ?? '' };
}

/** The login's answer without a token at `endpoint`: the subscription key refused (401, 403), the rate limit (429), or the account. */
export function loginRefused(status: number, body: unknown, username: string, endpoint: string): LoginExplanation {
	const said = serviceMessageOf(body);
	const quoted = said ? `: ${said}` : '';
	if (status === 401 || status === 403) return { summary: subscriptionKeyRejected(status, body), advice: SUBSCRIPTION_KEY_ADVICE };
	if (status === 429) {
		return {
			summary: `Cargus' rate limit refused the login (HTTP 429${quoted})`,
			advice: `The login waited ${DEFAULT_RATE_LIMIT_WAIT_SECONDS} seconds in all for the rate limit of the subscription key and was still refused: run fewer workflows with this key at once, or ask Cargus for a higher limit.`,
		};
	}
	return {
		summary: `Cargus login failed for account "${username}" (HTTP ${status}${quoted})`,
		advice: `Check the Username and Password in the Cargus API credential. If they are right, set Account Type to "Automatic", which tries both of Cargus' login paths (this one was ${endpoint}).`,
	};
}

/** The account refused at every login path (`said`: each path's answer). */
export function loginRefusedEverywhere(username: string, said: string): LoginExplanation {
	return {
		summary: `Cargus login failed for account "${username}" (${said})`,
		advice: 'Check the Username and Password in the Cargus API credential: Cargus refused the account at both of its login paths.',
	};
}

/** Cargus' answer with an error status, as n8n's helper throws one (axios' message, the response's status, body and headers). */
export function answered(response: IN8nHttpFullResponse): Error {
	const answer = { status: response.statusCode, data: response.body, headers: response.headers };
	return Object.assign(new Error(`Request failed with status code ${response.statusCode}`), { response: answer });
}

/** Cargus still answering 200 "Failed to authenticate!" after a new login, as the 401 it means. */
export function tokenStillRefused(): Error {
	return answered({ statusCode: 401, body: 'Failed to authenticate! (after logging in again)', headers: {} });
}

/** The HTTP status and body of a failed request, wherever they sit in the error's cause chain. */
export function failureOf(error: unknown): HttpFailure {
	const chain: Array<Record<string, unknown>> = [];
	let current: unknown = error;
	while (current !== null && typeof current === 'object' && chain.length < 5) {
		chain.push(current as Record<string, unknown>);
		current = (current as { cause?: unknown }).cause;
	}
	const loginError = chain.find((link) => link.name === 'CargusLoginError') as HttpFailure['loginError'];
	const response = chain
		.map((link) => link.response as Record<string, unknown> | undefined)
		.find((candidate) => candidate !== undefined && typeof candidate === 'object' && 'status' in candidate);
	const code = chain.map((link) => link.code).find((value) => typeof value === 'string' && /^E[A-Z_]+$/.test(value));
	const reason = chain.map((link) => link.message).filter((value) => typeof value === 'string' && value !== '').pop();
	return {
		status: typeof response?.status === 'number' ? response.status : undefined,
		body: response?.data,
		headers: response?.headers as Record<string, unknown> | undefined,
		code: code as string | undefined,
		reason: reason as string | undefined,
		rateLimitWaitedMs: chain.map(waitedMsOf).find((value) => value !== undefined),
		loginError,
	};
}

function explain(failure: HttpFailure, caller: Caller, credentials?: ICredentialDataDecryptedObject): Explanation {
	if (failure.loginError) {
		return { message: failure.loginError.summary, description: failure.loginError.advice };
	}
	const { status } = failure;
	const said = serviceMessageOf(failure.body);
	const quoted = said ? `: ${said}` : '';
	if (status === undefined) {
		const where = credentials ? ` at ${safeBaseUrl(credentials)}` : '';
		// No answer and no network error: n8n itself failed around the request (its database, for one).
		if (failure.code === undefined && failure.reason !== undefined) {
			return {
				message: `The request to Cargus${where} failed in n8n before an answer came: ${failure.reason}`,
				description: "Cargus was not the problem. Run it again; if it fails again, n8n's log says why (a database too busy to answer, for example).",
			};
		}
		if (isTimeout(failure)) {
			return {
				message: `Cargus${where} did not answer in time (${failure.reason})`,
				description: isPoll(caller)
					? "No answer came within the trigger's Request Timeout (Seconds) option (30 unless set): raise it if Cargus is often this slow."
					: "No answer came within the Timeout under the node's Options (5 minutes unless set). Cargus may still have done the work: check before running it again, or raise the Timeout.",
			};
		}
		return unreachable(where, failure.code ?? 'no answer');
	}
	if (status === 401 && isSubscriptionKeyRefusal(failure.body)) {
		return {
			message: subscriptionKeyRejected(401, failure.body),
			description: SUBSCRIPTION_KEY_ADVICE,
		};
	}
	if (status === 401) {
		return {
			message: `Cargus refused the login token (HTTP 401${quoted})`,
			description: 'The node logged in again and was still refused: check that the account in the Cargus API credential may use this operation.',
		};
	}
	if (status === 404) {
		return {
			message: `Cargus does not know this address (HTTP 404${quoted})`,
			description: 'Check the Environment (base URL) in the Cargus API credential. The gateway also answers 404 when a required query parameter is missing.',
		};
	}
	if (status === 409) {
		return {
			message: `Cargus refused the request by a business rule (HTTP 409${quoted})`,
			description: 'The text above is the service\'s own message: change the input it mentions and run again.',
		};
	}
	if (status === 429) {
		const retryAfter = failure.headers?.['retry-after'];
		const wait = retryAfter === undefined ? 'a few seconds' : `${String(retryAfter)} second${String(retryAfter) === '1' ? '' : 's'}`;
		const waited = failure.rateLimitWaitedMs ?? 0;
		return {
			message: `Cargus rate limit exceeded (HTTP 429${quoted})`,
			description: isPoll(caller)
				? `${waited > 0 ? `The poll waited ${Math.round(waited / 1000)} seconds in all, as long as Cargus asked each time, and was still refused` : 'The poll had no time left to wait as long as Cargus asked'}: its other requests wait for the next poll too.`
				: waited > 0
				? `The item waited ${Math.round(waited / 1000)} seconds in all, as long as Cargus asked each time, and was still refused. Raise Rate Limit Wait (Seconds) under the node's Request Options, or send fewer items per execution (Batching under Request Options).`
				: `Wait ${wait} and run again, or let the node wait for it: set Rate Limit Wait (Seconds) under the node's Request Options (0 fails at the first refusal).`,
		};
	}
	if (status >= 400 && status < 500) {
		return {
			message: `Cargus rejected the input (HTTP ${status}${quoted})`,
			description: 'Check the fields the message names and run again.',
		};
	}
	return {
		message: `Cargus failed to process the request (HTTP ${status}${quoted})`,
		description: 'Usually temporary: run again later. If it keeps failing, the input may be one Cargus cannot handle.',
	};
}

/** No connection to Cargus (`where`: " at <base URL>"), for a request and for the login alike. */
function unreachable(where: string, code: string | undefined, doing = ''): Explanation {
	return {
		message: `Could not reach Cargus${where}${doing}`,
		description: `The connection failed${code === undefined ? '' : ` (${code})`}. Check the Environment in the Cargus API credential and that the host is reachable from n8n, then run again.`,
	};
}

/** The request went out and no answer came within the node's Timeout (axios' "timeout of N ms exceeded"). */
function isTimeout(failure: HttpFailure): boolean {
	return failure.code === 'ECONNABORTED' && /timeout/i.test(failure.reason ?? '');
}

function safeBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	try {
		return baseUrlOf(credentials);
	} catch {
		return 'the configured base URL';
	}
}
