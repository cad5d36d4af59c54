import type { INodeExecutionData } from 'n8n-workflow';

import type { Asking } from '../../../../shared/run/asking';
import { parseBarcodes } from '../../../../shared/values/barcodes';

/** Barcodes compared as Cargus may write them: digits, leading zeros or not. */
function barcodeKey(value: unknown): string {
	return String(value ?? '').trim().replace(/^0+(?=\d)/, '');
}

/**
 * A trace operation's items, one per barcode asked for (query `property`) and in that order: Cargus leaves out a
 * barcode it does not know, which becomes `{ Code, Found: false }`; a found trace (its `Code`) is as answered.
 */
export function oneItemPerBarcode(ask: Asking, property = 'barCode'): Asking {
	return async function (this, requestData, credentials) {
		const asked = parseBarcodes(requestData.options.qs?.[property]);
		const items = await ask.call(this, requestData, credentials);
		const byBarcode = new Map<string, INodeExecutionData[]>();
		const unasked: INodeExecutionData[] = [];
		const askedKeys = new Set(asked.map(barcodeKey));
		for (const item of items) {
			const key = barcodeKey(item.json.Code);
			if (!askedKeys.has(key)) {
				unasked.push(item);
				continue;
			}
			byBarcode.set(key, [...(byBarcode.get(key) ?? []), item]);
		}
		const answered = asked.flatMap((barcode) => byBarcode.get(barcodeKey(barcode)) ?? [{ json: { Code: barcode, Found: false } }]);
		return [...answered, ...unasked];
	};
}
