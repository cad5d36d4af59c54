import { NodeApiError, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import { toShipmentTrace, type PackageTrace, type ShipmentTrace } from './events';

/** The service's maximum number of barcodes in one trace request. */
export const MAX_BATCH_SIZE = 50;

const ONE_REQUEST_TRACE_PATH = '/api/AwbTrace/GetAwbTraceOneRequest';
const TRACE_WITHOUT_LOGIN_PATH = '/api/NoAuth/GetAwbTrace';

export interface TraceSource {
	baseUrl: string;
	/** With a login account the one-request trace (which adds OrderStatus and OrderLate); otherwise the no-login trace. */
	withLogin: boolean;
	timeoutMs: number;
}

export interface BatchOutcome {
	barcodes: string[];
	/** Traces of the barcodes the answer accounts for (a barcode with no events gets an empty trace). */
	traces?: Map<string, ShipmentTrace>;
	error?: NodeApiError;
	/** Not requested because the poll's time budget ran out; the next poll asks again. */
	skipped?: boolean;
}

export function toBatches(barcodes: readonly string[], batchSize: number): string[][] {
	const size = Math.min(MAX_BATCH_SIZE, Math.max(1, Math.floor(batchSize) || MAX_BATCH_SIZE));
	const batches: string[][] = [];
	for (let start = 0; start < barcodes.length; start += size) batches.push(barcodes.slice(start, start + size));
	return batches;
}

function answerError(context: IPollFunctions, message: string, httpCode?: string): NodeApiError {
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: 'The tracking request is repeated at the next poll; nothing is lost.',
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
	if (typeof value === 'string') {
		throw answerError(context, `Cargus answered the tracking request with: ${value.slice(0, 200)}`, String(statusCode));
	}
	const details = value as { Error?: unknown; message?: unknown; Message?: unknown };
	const message = details?.Error ?? details?.message ?? details?.Message;
	throw answerError(
		context,
		typeof message === 'string' ? `Cargus refused the tracking request: ${message}` : 'Cargus answered the tracking request with an unexpected body',
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
	const byNumber = new Map<number, string | null>();
	for (const barcode of batch) byNumber.set(Number(barcode), byNumber.has(Number(barcode)) ? null : barcode);

	const traces = new Map<string, ShipmentTrace>();
	let unmatched = 0;
	for (const element of list) {
		const code = element && typeof element === 'object' ? element.Code : undefined;
		const text = code === undefined || code === null ? '' : String(code).trim();
		// Codes served as JSON numbers lose digits beyond 2^53: match those by numeric value.
		const barcode = requested.has(text) ? text : /^\d+$/.test(text) ? (byNumber.get(Number(text)) ?? undefined) : undefined;
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

/** Traces one batch with one request; throws a NodeApiError when the request or its answer fails. */
export async function traceBatch(this: IPollFunctions, source: TraceSource, batch: readonly string[]): Promise<Map<string, ShipmentTrace>> {
	// n8n's helper throws a NodeApiError on any failed request, and logs in again once on a 401.
	const response: { statusCode?: number; body?: unknown } = await this.helpers.httpRequestWithAuthentication.call(
		this,
		'cargusApi',
		{
			method: 'GET',
			url: `${source.baseUrl}${source.withLogin ? ONE_REQUEST_TRACE_PATH : TRACE_WITHOUT_LOGIN_PATH}`,
			qs: { barCode: `[${batch.join(',')}]` },
			json: true,
			timeout: source.timeoutMs,
			returnFullResponse: true,
		},
	);
	const list = readTraceList(this, Number(response.statusCode ?? 200), response.body);
	return matchTraces(batch, list);
}

/**
 * Traces every batch, a few requests at a time. A failed batch is reported, not thrown, so the
 * others still count; batches not started before `deadline` (epoch ms) are skipped.
 */
export async function traceAll(
	this: IPollFunctions,
	source: TraceSource,
	batches: readonly string[][],
	concurrency: number,
	deadline: number,
): Promise<BatchOutcome[]> {
	const outcomes: BatchOutcome[] = [];
	let next = 0;
	const worker = async () => {
		while (next < batches.length) {
			const index = next++;
			const barcodes = batches[index];
			if (Date.now() > deadline) {
				outcomes[index] = { barcodes, skipped: true };
				continue;
			}
			try {
				outcomes[index] = { barcodes, traces: await traceBatch.call(this, source, barcodes) };
			} catch (error) {
				outcomes[index] = {
					barcodes,
					error: error instanceof NodeApiError ? error : new NodeApiError(this.getNode(), error as JsonObject),
				};
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
	return outcomes;
}
