export const MAX_BARCODES = 50;
const BARCODE_PATTERN = /^\d{6,20}$/;

export type BarcodeParse = { barcodes: string[] } | { error: string };

/**
 * Parses a barCode parameter as leniently as the real service: `[1,2]`, `["1","2"]`, `1,2`, `1`,
 * URL-encoded or not, repeated parameters too.
 */
export function parseBarcodeList(raw: unknown, parameterName = 'barCode'): BarcodeParse {
	const values = Array.isArray(raw) ? raw : [raw];
	const barcodes: string[] = [];
	for (const value of values) {
		if (typeof value !== 'string') continue;
		let text = value;
		if (/%[0-9a-f]{2}/i.test(text)) {
			try {
				text = decodeURIComponent(text);
			} catch {
				return { error: `The ${parameterName} parameter is not correctly encoded.` };
			}
		}
		for (const piece of text.replace(/[[\]"'\s]/g, ',').split(/[,;]+/)) {
			if (piece !== '') barcodes.push(piece);
		}
	}
	if (barcodes.length === 0) return { error: `The ${parameterName} parameter is required.` };
	const invalid = barcodes.find((code) => !BARCODE_PATTERN.test(code));
	if (invalid !== undefined) {
		return { error: `Cod de bare invalid in ${parameterName}: "${invalid.slice(0, 40)}" (6-20 cifre).` };
	}
	if (barcodes.length > MAX_BARCODES) {
		return { error: `Prea multe coduri de bare in ${parameterName}: ${barcodes.length} (maxim ${MAX_BARCODES}).` };
	}
	return { barcodes: [...new Set(barcodes)] };
}
