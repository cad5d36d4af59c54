import { quote } from './quote';

export const BARCODE = /^\d{6,20}$/;

/**
 * The package's own batch for lists it reads a part at a time (traces, cash on delivery): Cargus documents no
 * maximum, and its clients send 10 to 50 barcodes a request.
 */
export const MAX_BARCODES_PER_REQUEST = 50;

/**
 * What bounds one AWB PDF request: it is a GET, and Azure API Management, in front of Cargus, takes a query string
 * of at most 2,048 bytes (its gateway's runtime limits). The rest of that query keeps 640 of them: the Token (assumed
 * at most 512 characters) and the print options. The barcodes go as "[1,2]", which n8n sends percent-encoded.
 */
export const QUERY_STRING_BYTES = 2048;
export const BARCODE_LIST_BYTES = QUERY_STRING_BYTES - 640;

/** The bytes a barcode list takes in the query: "[804115458,804346669]" percent-encoded. */
export function barcodeListBytes(barcodes: string[]): number {
	return encodeURIComponent(`[${barcodes.join(',')}]`).length;
}

/** The barcodes in order, in as few lists as fit one request each. */
export function barcodeBatches(barcodes: string[], maxBytes = BARCODE_LIST_BYTES): string[][] {
	const batches: string[][] = [];
	let batch: string[] = [];
	for (const barcode of barcodes) {
		if (batch.length > 0 && barcodeListBytes([...batch, barcode]) > maxBytes) {
			batches.push(batch);
			batch = [];
		}
		batch.push(barcode);
	}
	if (batch.length > 0) batches.push(batch);
	return batches;
}

/** What is wrong with a barcode list (`problem`) and what a barcode is (`hint`). */
export class BarcodeError extends Error {
	constructor(
		readonly problem: string,
		readonly hint: string,
	) {
		super(`${problem}: ${hint}`);
	}
}

/**
 * Reads barcodes the way users give them: one barcode, a comma-, newline- or space-separated list,
 * a JSON-like list such as "[804115458, 804346669]", or an array from an expression.
 * Returns digit strings without duplicates, in the order given. Throws a plain Error naming the bad value.
 */
export function parseBarcodes(value: unknown): string[] {
	const entries = entriesOf(value).map(unquote).filter((entry) => entry !== '');
	if (entries.length === 0) {
		throw new BarcodeError('No barcode given', 'enter one barcode or a list separated by commas or new lines');
	}
	for (const entry of entries) {
		if (!BARCODE.test(entry)) {
			throw new BarcodeError(`${quote(entry)} is not a Cargus barcode`, 'a barcode is 6 to 20 digits');
		}
	}
	return [...new Set(entries)];
}

function entriesOf(value: unknown): string[] {
	if (Array.isArray(value)) {
		return value.flatMap((element) => entriesOf(element));
	}
	if (typeof value === 'number') {
		if (!Number.isSafeInteger(value)) {
			throw new BarcodeError(`${value} is not a Cargus barcode`, 'a barcode is 6 to 20 digits (pass long barcodes as text)');
		}
		return [String(value)];
	}
	if (typeof value === 'bigint') {
		return [value.toString()];
	}
	if (typeof value === 'string') {
		return value.replace(/^\s*\[([\s\S]*)\]\s*$/, '$1').split(/[\s,;]+/);
	}
	if (value === undefined || value === null) {
		return [];
	}
	throw new BarcodeError(`Barcodes must be text, a number or a list, not ${quote(value)}`, 'enter one barcode or a list separated by commas or new lines');
}

function unquote(entry: string): string {
	return entry.trim().replace(/^["']|["']$/g, '');
}
