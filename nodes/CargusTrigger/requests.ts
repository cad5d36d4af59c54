import {
	NodeApiError,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { requestWithCredential } from '../shared/transport/authenticatedRequest';
import type { CargusRequestOptions } from '../shared/transport/authentication';
import { failureOf } from '../shared/transport/errors';
import { SUBSCRIPTION_KEY_ADVICE, subscriptionKeyRejected } from '../shared/transport/login';
import { outputSecretsOf, redact, redactOutputItems, secretsOf } from '../shared/transport/redact';
import { credentialsAfterSending } from '../shared/transport/redactedSend';
import { isFailedToAuthenticate, isSubscriptionKeyRefusal, serviceMessageOf } from '../shared/cargus/serviceMessage';
import type { Source } from './source';

/** What one request of a poll came to. */
export interface RequestOutcome<Request> {
	request: Request;
	/** The answer was received and handed on. */
	done?: boolean;
	error?: NodeApiError;
	/** Not sent because the poll's time budget ran out, or Cargus' rate limit outlasted it; the next poll asks again. */
	skipped?: boolean;
}

/** An error about one request of a poll, saying that it is repeated at the next poll. */
export function answerError(context: IPollFunctions, requestName: string, message: string, httpCode?: string, advice?: string): NodeApiError {
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: [advice, `The ${requestName} is repeated at the next poll; nothing is lost.`].filter(Boolean).join(' '),
		httpCode,
	});
}

/**
 * Sends one request with the credential (token handling and one login as everywhere in the package) and
 * throws a NodeApiError when it fails or Cargus refuses the token even after logging in again.
 */
export async function send(
	context: IPollFunctions,
	source: Source,
	requestName: string,
	request: CargusRequestOptions,
): Promise<IN8nHttpFullResponse> {
	let response: IN8nHttpFullResponse;
	try {
		response = await requestWithCredential(context, { timeout: source.timeoutMs, ...request }, source.credentials, source.reference, source.patience);
	} catch (error) {
		const failure = failureOf(error);
		if (failure.status === 401 && isSubscriptionKeyRefusal(failure.body)) {
			throw answerError(
				context,
				requestName,
				subscriptionKeyRejected(401, failure.body),
				'401',
				SUBSCRIPTION_KEY_ADVICE,
			);
		}
		throw new NodeApiError(context.getNode(), error as JsonObject);
	}
	if (isFailedToAuthenticate(response.body)) {
		throw answerError(context, requestName, 'Cargus did not accept the login token (it answered "Failed to authenticate!")', '401');
	}
	return response;
}

/** The JSON list inside a response body ([] for 204 or an empty body), or an error saying why the body is not one. */
export function readList<Element>(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): Element[] {
	const value = readJson(context, requestName, response);
	if (value === undefined) return [];
	if (Array.isArray(value)) return value as Element[];
	throw refusal(context, requestName, response, value);
}

/** The JSON object inside a response body (undefined for 204 or an empty body), or an error saying why the body is not one. */
export function readObject(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): JsonObject | undefined {
	const value = readJson(context, requestName, response);
	if (value === undefined) return undefined;
	if (value !== null && typeof value === 'object' && !Array.isArray(value) && serviceMessageOf(value) === undefined) return value as JsonObject;
	throw refusal(context, requestName, response, value);
}

function readJson(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse): unknown {
	const statusCode = Number(response.statusCode ?? 200);
	const body = response.body;
	if (statusCode === 204 || body === undefined || body === null || body === '') return undefined;
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		throw answerError(context, requestName, `Cargus answered the ${requestName} with a body that is not valid JSON`, String(statusCode));
	}
}

function refusal(context: IPollFunctions, requestName: string, response: IN8nHttpFullResponse, value: unknown): NodeApiError {
	const said = serviceMessageOf(value);
	return answerError(
		context,
		requestName,
		said ? `Cargus refused the ${requestName}: ${said}` : `Cargus answered the ${requestName} with an unexpected body`,
		String(response.statusCode ?? 200),
	);
}

/**
 * The failure as a new error holding only its message, description and status, with the credential's
 * secrets redacted: the error n8n's helper throws keeps the request (headers) and the whole answer.
 */
function redactedError(context: IPollFunctions, source: Source, error: unknown): NodeApiError {
	const apiError = error instanceof NodeApiError ? error : new NodeApiError(context.getNode(), error as JsonObject);
	const secrets = secretsOf(...credentialsAfterSending(source.credentials));
	const message = redact(apiError.message, secrets);
	const description = apiError.description ? redact(apiError.description, secrets) : undefined;
	return new NodeApiError(context.getNode(), { message, description } as JsonObject, {
		message,
		description: description ?? undefined,
		httpCode: apiError.httpCode ?? undefined,
	});
}

/** A poll's items as Cargus sent them, except a value that carries a secret beyond doubt (redact.ts). */
export function redactItems(source: Source, items: INodeExecutionData[]): INodeExecutionData[] {
	return redactOutputItems(items, outputSecretsOf(...credentialsAfterSending(source.credentials)));
}

export interface RunOptions<Request, Answer> {
	concurrency: number;
	/** Epoch ms after which no request is started. */
	deadline: number;
	/** At most this many requests (Fetch Test Event); the rest are skipped. */
	maxRequests?: number;
	fetch: (request: Request) => Promise<Answer>;
	/** Takes one answer; may ask for more requests (the next page, a PDF), which join the end of the queue. */
	receive: (request: Request, answer: Answer) => Request[] | void;
}

/**
 * Sends the requests a few at a time and hands each answer to `receive` in request order as soon as
 * the requests before it are settled, so a poll never holds every answer at once. A failed request is
 * reported, not thrown, so the others still count. Requests not started before the deadline, or after
 * a 429 that the poll's budget could not wait out (rate limit), are skipped: they would not be answered either.
 */
export async function runRequests<Request, Answer>(
	context: IPollFunctions,
	source: Source,
	requests: readonly Request[],
	options: RunOptions<Request, Answer>,
): Promise<Array<RequestOutcome<Request>>> {
	const queue = [...requests];
	const outcomes: Array<RequestOutcome<Request>> = [];
	const answers: Array<{ answer: Answer } | undefined> = [];
	let next = 0;
	let received = 0;
	let sent = 0;
	let running = 0;
	let rateLimited = false;
	let failure: { error: unknown } | undefined;
	let finished: () => void = () => undefined;
	const done = new Promise<void>((resolve) => (finished = resolve));

	const settle = (index: number, outcome: RequestOutcome<Request>, answer?: { answer: Answer }) => {
		outcomes[index] = outcome;
		answers[index] = answer;
		for (; received < queue.length && outcomes[received] !== undefined; received++) {
			const ready = answers[received];
			answers[received] = undefined;
			if (ready === undefined) continue;
			const more = options.receive(outcomes[received].request, ready.answer);
			if (more) queue.push(...more);
		}
	};
	const worker = async () => {
		while (failure === undefined && next < queue.length) {
			const index = next++;
			const request = queue[index];
			if (rateLimited || Date.now() > options.deadline || (options.maxRequests !== undefined && sent >= options.maxRequests)) {
				settle(index, { request, skipped: true });
				continue;
			}
			sent++;
			let answer: Answer;
			try {
				answer = await options.fetch(request);
			} catch (error) {
				const apiError = redactedError(context, source, error);
				rateLimited ||= apiError.httpCode === '429';
				settle(index, { request, error: apiError });
				continue;
			}
			settle(index, { request, done: true }, { answer });
		}
	};
	// Workers start again when answers add requests to a queue they had finished.
	const start = () => {
		while (running < options.concurrency && next < queue.length) {
			running++;
			const stopped = () => {
				running--;
				if (failure === undefined) start();
				if (running === 0 && (next >= queue.length || failure !== undefined)) finished();
			};
			worker().then(stopped, (error: unknown) => {
				failure ??= { error };
				stopped();
			});
		}
	};
	start();
	if (running === 0) finished();
	await done;
	if (failure !== undefined) throw failure.error;
	return outcomes;
}
