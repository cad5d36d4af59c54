import type { IPollFunctions } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST } from '../../shared/values/barcodes';
import { monthDayYear } from '../../shared/values/cargusDate';
import { readList } from '../readAnswer';
import { sendPollRequest } from '../sendRequest';
import type { Source } from '../source';
import { toShipmentTrace, type PackageTrace, type ShipmentTrace } from './events';
import { awbOfParcelCode } from '../../shared/cargus/trackingStatus';
import { readDeltaRows, type DeltaAnswer } from './deltaRows';

const ONE_REQUEST_TRACE_PATH = '/api/AwbTrace/GetAwbTraceOneRequest';
const TRACE_WITHOUT_LOGIN_PATH = '/api/NoAuth/GetAwbTrace';

export function toBatches(barcodes: readonly string[], batchSize: number): string[][] {
	const size = Math.min(MAX_BARCODES_PER_REQUEST, Math.max(1, Math.floor(batchSize) || MAX_BARCODES_PER_REQUEST));
	const batches: string[][] = [];
	for (let start = 0; start < barcodes.length; start += size) batches.push(barcodes.slice(start, start + size));
	return batches;
}

/**
 * Matches answer elements to the requested barcodes by `Code`. Barcodes without an element have no
 * events yet, unless some element could not be matched (an error entry, say): then they are left out,
 * so their state stays as it was. The elements of a multi-parcel AWB's other parcels are one AWB's: its
 * own element is its trace (the first parcel's where it has none).
 */
function matchTraces(batch: readonly string[], list: readonly PackageTrace[]): Map<string, ShipmentTrace> {
	const requested = new Set(batch);
	let byNumber: Map<number, string | null> | undefined;
	const traces = new Map<string, ShipmentTrace>();
	const parcels = new Map<string, PackageTrace>();
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
		const parcelOf = barcode === undefined ? awbOfParcelCode(text) : undefined;
		if (parcelOf !== undefined && requested.has(parcelOf)) {
			if (!parcels.has(parcelOf)) parcels.set(parcelOf, element);
			continue;
		}
		if (text === '' || barcode === undefined || traces.has(barcode)) {
			unmatched++;
			continue;
		}
		traces.set(barcode, toShipmentTrace(barcode, element));
	}
	for (const [barcode, element] of parcels) if (!traces.has(barcode)) traces.set(barcode, toShipmentTrace(barcode, element));
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

export const TRACKING_REQUEST = 'tracking request';

/** Traces one batch with one request; throws a NodeApiError when the request or its answer fails. */
export async function traceBatch(this: IPollFunctions, source: Source, batch: readonly string[]): Promise<Map<string, ShipmentTrace>> {
	const answer = await sendPollRequest(this, source, TRACKING_REQUEST, {
		method: 'GET',
		url: `${source.baseUrl}${source.withLogin ? ONE_REQUEST_TRACE_PATH : TRACE_WITHOUT_LOGIN_PATH}`,
		qs: { barCode: `[${batch.join(',')}]` },
		json: true,
	});
	return matchTraces(batch, readList<PackageTrace>(this, TRACKING_REQUEST, answer));
}

const DELTA_EVENTS_PATH = '/api/AwbTrace/GetDeltaEvents';

/**
 * The account's shipments that moved within the days `from` to `to` (YYYY-MM-DD), in one request: the events of the
 * rows that carry event ids, and the rows of those that do not (deltaRows.ts). Throws a NodeApiError when the request
 * or its answer fails.
 */
export async function traceAccount(this: IPollFunctions, source: Source, from: string, to: string): Promise<DeltaAnswer> {
	const answer = await sendPollRequest(this, source, TRACKING_REQUEST, {
		method: 'GET',
		url: `${source.baseUrl}${DELTA_EVENTS_PATH}`,
		qs: { FromDate: monthDayYear(from), ToDate: monthDayYear(to) },
		json: true,
	});
	return readDeltaRows(readList<unknown>(this, TRACKING_REQUEST, answer));
}
