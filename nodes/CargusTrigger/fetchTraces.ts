import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IHttpRequestOptions,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { requestWithCredential } from '../Cargus/shared/authenticatedRequest';
import { MAX_BARCODES_PER_REQUEST } from '../Cargus/shared/barcodes';
import { failureOf } from '../Cargus/shared/errors';
import { SUBSCRIPTION_KEY_ADVICE, subscriptionKeyRejected } from '../Cargus/shared/login';
import { outputSecretsOf, redact, redactOutputItems, secretsOf } from '../Cargus/shared/redact';
import { credentialsAfterSending } from '../Cargus/shared/redactedSend';
import { isFailedToAuthenticate, isSubscriptionKeyRefusal, serviceMessageOf } from '../Cargus/shared/serviceMessage';
import { toShipmentTrace, type PackageTrace, type ShipmentTrace } from './events';

const ONE_REQUEST_TRACE_PATH = '/api/AwbTrace/GetAwbTraceOneRequest';
const TRACE_WITHOUT_LOGIN_PATH = '/api/NoAuth/GetAwbTrace';

export interface TraceSource {
	credentials: ICredentialDataDecryptedObject;
	/** The node's credential reference, read once per poll. */
	reference: INodeCredentialsDetails | undefined;
	baseUrl: string;
	/** With a login account the one-request trace (which adds OrderStatus and OrderLate); otherwise the no-login trace. */
	withLogin: boolean;
	timeoutMs: number;
}

export interface BatchOutcome {
	barcodes: string[];
	/** The answer accounted for these barcodes (a barcode with no events counts as traced). */
	traced?: boolean;
	error?: NodeApiError;
	/** Not requested because the poll's time budget ran out; the next poll asks again. */
	skipped?: boolean;
}

export function toBatches(barcodes: readonly string[], batchSize: number): string[][] {
	const size = Math.min(MAX_BARCODES_PER_REQUEST, Math.max(1, Math.floor(batchSize) || MAX_BARCODES_PER_REQUEST));
	const batches: string[][] = [];
	for (let start = 0; start < barcodes.length; start += size) batches.push(barcodes.slice(start, start + size));
	return batches;
}

function answerError(context: IPollFunctions, message: string, httpCode?: string, advice?: string): NodeApiError {
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: [advice, 'The tracking request is repeated at the next poll; nothing is lost.'].filter(Boolean).join(' '),
		httpCode,
	});
}

/** The trace list inside a response body, or an error saying why the body is not one. */
function readTraceList(context: IPollFunctions, statusCode: number, body: unknown): PackageTrace[] {
	if (statusCode === 204 || body === undefined || body === null || body === '') return [];
	let value = body;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			throw answerError(context, 'Cargus answered the tracking request with a body that is not valid JSON', String(statusCode));
		}
	}
	if (Array.isArray(value)) return value as PackageTrace[];
	const said = serviceMessageOf(value);
	throw answerError(
		context,
		said ? `Cargus refused the tracking request: ${said}` : 'Cargus answered the tracking request with an unexpected body',
		String(statusCode),
	);
}

/**
 * Matches answer elements to the requested barcodes by `Code`. Barcodes without an element have no
 * events yet, unless some element could not be matched (an error entry, say): then they are left out,
 * so their state stays as it was.
 */
function matchTraces(batch: readonly string[], list: readonly PackageTrace[]): Map<string, ShipmentTrace> {
	const requested = new Set(batch);
	let byNumber: Map<number, string | null> | undefined;
	const traces = new Map<string, ShipmentTrace>();
	let unmatched = 0;
	for (const element of list) {
		const code = element && typeof element === 'object' ? element.Code : undefined;
		const text = code === undefined || code === null ? '' : String(code).trim();
		let barcode: string | undefined = requested.has(text) ? text : undefined;
		// Codes served as JSON numbers lose digits beyond 2^53: match those by numeric value.
		if (barcode === undefined && /^\d+$/.test(text)) {
			byNumber ??= byNumericValue(batch);
			barcode = byNumber.get(Number(text)) ?? undefined;
		}
		if (text === '' || barcode === undefined || traces.has(barcode)) {
			unmatched++;
			continue;
		}
		traces.set(barcode, toShipmentTrace(barcode, element));
	}
	if (unmatched === 0) {
		for (const barcode of batch) if (!traces.has(barcode)) traces.set(barcode, toShipmentTrace(barcode, undefined));
	}
	return traces;
}

/** The barcodes by numeric value; null for a value two barcodes share. */
function byNumericValue(batch: readonly string[]): Map<number, string | null> {
	const byNumber = new Map<number, string | null>();
	for (const barcode of batch) byNumber.set(Number(barcode), byNumber.has(Number(barcode)) ? null : barcode);
	return byNumber;
}

async function requestTraces(
	context: IPollFunctions,
	source: TraceSource,
	batch: readonly string[],
): Promise<{ statusCode?: number; body?: unknown }> {
	const request: IHttpRequestOptions = {
		method: 'GET',
		url: `${source.baseUrl}${source.withLogin ? ONE_REQUEST_TRACE_PATH : TRACE_WITHOUT_LOGIN_PATH}`,
		qs: { barCode: `[${batch.join(',')}]` },
		json: true,
		timeout: source.timeoutMs,
	};
	try {
		return await requestWithCredential(context, request, source.credentials, source.reference);
	} catch (error) {
		const failure = failureOf(error);
		if (failure.status === 401 && isSubscriptionKeyRefusal(failure.body)) {
			throw answerError(context, subscriptionKeyRejected(401, failure.body), '401', SUBSCRIPTION_KEY_ADVICE);
		}
		throw new NodeApiError(context.getNode(), error as JsonObject);
	}
}

/** Traces one batch with one request; throws a NodeApiError when the request or its answer fails. */
export async function traceBatch(this: IPollFunctions, source: TraceSource, batch: readonly string[]): Promise<Map<string, ShipmentTrace>> {
	const response = await requestTraces(this, source, batch);
	if (isFailedToAuthenticate(response.body)) {
		throw answerError(this, 'Cargus did not accept the login token (it answered "Failed to authenticate!")', '401');
	}
	const list = readTraceList(this, Number(response.statusCode ?? 200), response.body);
	return matchTraces(batch, list);
}

/**
 * The failure as a new error holding only its message, description and status, with the credential's
 * secrets redacted: the error n8n's helper throws keeps the request (headers) and the whole answer.
 */
function redactedError(context: IPollFunctions, source: TraceSource, error: unknown): NodeApiError {
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

/** The trigger's items as Cargus sent them, except a value that carries a secret beyond doubt (redact.ts). */
export function redactTraceItems(source: TraceSource, items: INodeExecutionData[]): INodeExecutionData[] {
	return redactOutputItems(items, outputSecretsOf(...credentialsAfterSending(source.credentials)));
}

/**
 * Traces every batch, a few requests at a time, and hands each batch's traces to `receive` in batch
 * order as soon as the batches before it are settled, so a poll never holds every answer at once. A
 * failed batch is reported, not thrown, so the others still count. Batches not started before
 * `deadline` (epoch ms), or after Cargus answered 429 (rate limit), are skipped: more requests would
 * not be answered either.
 */
export async function traceAll(
	this: IPollFunctions,
	source: TraceSource,
	batches: readonly string[][],
	concurrency: number,
	deadline: number,
	receive: (traces: Map<string, ShipmentTrace>) => void,
): Promise<BatchOutcome[]> {
	const outcomes: BatchOutcome[] = [];
	const answers: Array<Map<string, ShipmentTrace> | undefined> = [];
	let next = 0;
	let received = 0;
	let rateLimited = false;
	const settle = (index: number, outcome: BatchOutcome, traces?: Map<string, ShipmentTrace>) => {
		outcomes[index] = outcome;
		answers[index] = traces;
		for (; received < batches.length && outcomes[received] !== undefined; received++) {
			const ready = answers[received];
			answers[received] = undefined;
			if (ready !== undefined) receive(ready);
		}
	};
	const worker = async () => {
		while (next < batches.length) {
			const index = next++;
			const barcodes = batches[index];
			if (rateLimited || Date.now() > deadline) {
				settle(index, { barcodes, skipped: true });
				continue;
			}
			let traces: Map<string, ShipmentTrace>;
			try {
				traces = await traceBatch.call(this, source, barcodes);
			} catch (error) {
				const apiError = redactedError(this, source, error);
				rateLimited ||= apiError.httpCode === '429';
				settle(index, { barcodes, error: apiError });
				continue;
			}
			settle(index, { barcodes, traced: true }, traces);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
	return outcomes;
}
