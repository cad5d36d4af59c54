import { NodeApiError, NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import { cargusError } from '../shared/transport/errors';
import { redactError, secretsOf } from '../shared/transport/redact';
import { credentialsAfterSending } from '../shared/transport/secretsKept';
import type { Source } from './source';

/** What one request of a poll came to. */
export interface RequestOutcome<Request> {
	request: Request;
	/** The answer was received and handed on. */
	done?: boolean;
	error?: NodeApiError | NodeOperationError;
	/** Not sent because the poll's time budget ran out, or Cargus' rate limit outlasted it; the next poll asks again. */
	skipped?: boolean;
}

export interface RunOptions<Request, Answer> {
	/** What a request is called in messages ("tracking request"). */
	requestName: string;
	concurrency: number;
	/** Epoch ms after which no request is started. */
	deadline: number;
	/** At most this many requests (Fetch Test Event); the rest are skipped. */
	maxRequests?: number;
	/** Sends one request and reads its answer (an event's `send`). */
	send: (request: Request) => Promise<Answer>;
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
				answer = await options.send(request);
			} catch (error) {
				const failed = failedRequest(context, source, options.requestName, error);
				rateLimited ||= failed instanceof NodeApiError && failed.httpCode === '429';
				settle(index, { request, error: failed });
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

/**
 * A failed request's error as errors.ts made it (anything else explained there), free of the credential's secrets and
 * of a token got while sending: an answer it quotes may hold one.
 */
function failedRequest(context: IPollFunctions, source: Source, requestName: string, error: unknown): NodeApiError | NodeOperationError {
	const made = error instanceof NodeApiError || error instanceof NodeOperationError ? error : cargusError(context, error, source.credentials, { poll: requestName });
	return redactError(made, secretsOf(...credentialsAfterSending(source.credentials)));
}
