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
import { waitedMsOf } from './rateLimit';
import { redact, redactValue, secretsOf } from './redact';
import { SUBSCRIPTION_KEY_ADVICE, subscriptionKeyRejected } from './login';
import { isSubscriptionKeyRefusal, serviceMessageOf } from '../cargus/serviceMessage';

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

/** What the request was for, as the advice names its settings: an item of the Cargus node, or a poll of the Cargus Trigger. */
export type Caller = 'item' | 'poll';

/**
 * Turns whatever a request threw into an error a person can act on: the service's own message,
 * the HTTP status and what to change. The original error is dropped because it carries the request
 * (headers, Token query parameter); every text is scrubbed of the credential's secrets. Tied to the item
 * when the context runs one (a poll's or a form list's context does not); the node's own error stays as it is.
 */
export function cargusError(
	context: RequestContext,
	error: unknown,
	credentials?: ICredentialDataDecryptedObject,
	caller: Caller = 'item',
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	const { message, description, httpCode } = failureExplained(error, credentials, caller);
	return new NodeApiError(context.getNode(), { message, description } as JsonObject, {
		message,
		description,
		httpCode,
		...('getItemIndex' in context ? { itemIndex: context.getItemIndex() } : {}),
	});
}

/** What a failed request means (failureOf's status, body, network error or login error), scrubbed of the credential's secrets. */
export function failureExplained(error: unknown, credentials?: ICredentialDataDecryptedObject, caller: Caller = 'item'): Explanation {
	const secrets = secretsOf(credentials);
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

/** An answer's explanation as the error n8n shows and classifies by its HTTP status, tied to the item when the context runs one. */
export function errorOf(context: RequestContext, { message, description, httpCode }: Explanation): NodeApiError {
	const itemIndex = 'getItemIndex' in context ? context.getItemIndex() : undefined;
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		...(description === undefined ? {} : { description }),
		...(httpCode === undefined ? {} : { httpCode }),
		...(itemIndex === undefined ? {} : { itemIndex }),
	});
}

/** A 200 whose body is an error in disguise ({"Error": ...} or a list of them), explained; undefined for any other body. */
export function errorInBody(body: unknown): Explanation | undefined {
	const elements = Array.isArray(body) ? body : [body];
	const errors = elements.filter(
		(element) => element !== null && typeof element === 'object' && 'Error' in element && Object.keys(element).length <= 2,
	);
	if (errors.length === 0 || errors.length < elements.length) return undefined;
	return {
		message: `Cargus answered with an error: ${serviceMessageOf(errors) ?? 'no message'}`,
		description: 'The service accepted the request but could not answer it: check the input it mentions.',
	};
}

/** An answer that is not what was asked for (`expected`: "a list of records"), quoting what Cargus said. */
export function unexpectedAnswer(body: unknown, expected: string): Explanation {
	const said = serviceMessageOf(body) ?? 'an empty answer';
	return { message: `Cargus answered "${said}" where ${expected} was expected` };
}

const ANSWERED = Symbol('Cargus answered with an error status');

/** Cargus' answer with an error status, as n8n's helper throws one (axios' message, the response's status, body and headers). */
export function answered(response: IN8nHttpFullResponse): Error {
	const answer = { status: response.statusCode, data: response.body, headers: response.headers };
	return Object.assign(new Error(`Request failed with status code ${response.statusCode}`), { response: answer, [ANSWERED]: true });
}

/** Cargus still answering 200 "Failed to authenticate!" after a new login, as the 401 it means. */
export function tokenStillRefused(): Error {
	return answered({ statusCode: 401, body: 'Failed to authenticate! (after logging in again)', headers: {} });
}

export function isAnswered(error: unknown): boolean {
	return error instanceof Error && (error as Error & { [ANSWERED]?: boolean })[ANSWERED] === true;
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
				description: caller === 'poll'
					? "No answer came within the trigger's Request Timeout (Seconds) option (30 unless set): raise it if Cargus is often this slow."
					: "No answer came within the Timeout under the node's Options (5 minutes unless set). Cargus may still have done the work: check before running it again, or raise the Timeout.",
			};
		}
		return {
			message: `Could not reach Cargus${where}`,
			description: `The connection failed (${failure.code ?? 'no answer'}). Check the Environment in the Cargus API credential and that the host is reachable from n8n, then run again.`,
		};
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
			description: caller === 'poll'
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
