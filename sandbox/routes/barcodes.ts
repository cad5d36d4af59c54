export const MAX_BARCODES = 50;
const BARCODE_PATTERN = /^\d{6,20}$/;

const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** The ASCII separators of the lenient parse: `,` `;` `[` `]` `"` `'` and ASCII white space. */
const SEPARATORS = new Set([44, 59, 91, 93, 34, 39, 32, 9, 10, 11, 12, 13]);

/**
 * The digit runs of a list made only of ASCII digits and separators, appended to `into`; false (and nothing
 * appended) for any other text, which the general split handles.
 */
function splitPlainList(text: string, into: string[]): boolean {
	const start = into.length;
	let pieceStart = -1;
	for (let index = 0; index <= text.length; index++) {
		const code = index < text.length ? text.charCodeAt(index) : 44;
		if (code >= DIGIT_0 && code <= DIGIT_9) {
			if (pieceStart < 0) pieceStart = index;
			continue;
		}
		if (!SEPARATORS.has(code)) {
			into.length = start;
			return false;
		}
		if (pieceStart >= 0) into.push(text.slice(pieceStart, index));
		pieceStart = -1;
	}
	return true;
}

export type BarcodeParse = { barcodes: string[] } | { error: string };

/**
 * Parses a barCode parameter as leniently as the real service: `[1,2]`, `["1","2"]`, `1,2`, `1`,
 * URL-encoded or not, repeated parameters too. Only with `strict` (the `strictChecks` setting) must each be 6 to 20
 * digits and a request hold at most 50: Cargus documents neither (real-service-notes.md, "Barcode lists").
 */
export function parseBarcodeList(raw: unknown, parameterName = 'barCode', strict = false): BarcodeParse {
	const values = Array.isArray(raw) ? raw : [raw];
	const barcodes: string[] = [];
	for (const value of values) {
		if (typeof value !== 'string') continue;
		let text = value;
		if (text.includes('%') && /%[0-9a-f]{2}/i.test(text)) {
			try {
				text = decodeURIComponent(text);
			} catch {
				return { error: `The ${parameterName} parameter is not correctly encoded.` };
			}
		}
		if (!splitPlainList(text, barcodes)) {
			for (const piece of text.replace(/[[\]"'\s]/g, ',').split(/[,;]+/)) {
				if (piece !== '') barcodes.push(piece);
			}
		}
	}
	if (barcodes.length === 0) return { error: `The ${parameterName} parameter is required.` };
	if (!strict) return { barcodes: [...new Set(barcodes)] };
	const invalid = barcodes.find((code) => !BARCODE_PATTERN.test(code));
	if (invalid !== undefined) {
		return { error: `Cod de bare invalid in ${parameterName}: "${invalid.slice(0, 40)}" (6-20 cifre).` };
	}
	if (barcodes.length > MAX_BARCODES) {
		return { error: `Prea multe coduri de bare in ${parameterName}: ${barcodes.length} (maxim ${MAX_BARCODES}).` };
	}
	return { barcodes: [...new Set(barcodes)] };
}
