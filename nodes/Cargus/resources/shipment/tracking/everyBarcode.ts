import type { INodeExecutionData } from 'n8n-workflow';

import type { Asking } from '../../../../shared/run/asking';
import { awbOfParcelCode } from '../../../../shared/cargus/trackingStatus';
import { parseBarcodes } from '../../../../shared/values/barcodes';

/** Barcodes compared as Cargus may write them: digits, leading zeros or not. */
function barcodeKey(value: unknown): string {
	return String(value ?? '').trim().replace(/^0+(?=\d)/, '');
}

/** The asked AWB a parcel's element belongs to, if any. */
function awbOfParcel(key: string, askedKeys: ReadonlySet<string>): string | undefined {
	const awb = awbOfParcelCode(key);
	return awb !== undefined && askedKeys.has(awb) ? awb : undefined;
}

/**
 * A trace operation's items, one per barcode asked for (query `property`) and in that order: Cargus leaves out a
 * barcode it does not know, which becomes `{ Code, Found: false }`; a found trace (its `Code`) is as answered. The
 * other parcels of a multi-parcel AWB (the same events) add no item: the AWB's own element is its item, or its first
 * parcel's where it has none.
 */
export function oneItemPerBarcode(ask: Asking, property = 'barCode'): Asking {
	return async function (this, requestData, credentials) {
		const asked = parseBarcodes(requestData.options.qs?.[property]);
		const items = await ask.call(this, requestData, credentials);
		const byBarcode = new Map<string, INodeExecutionData[]>();
		const unasked: INodeExecutionData[] = [];
		const askedKeys = new Set(asked.map(barcodeKey));
		const firstParcels = new Map<string, INodeExecutionData>();
		for (const item of items) {
			const key = barcodeKey(item.json.Code ?? item.json.BarCode ?? item.json.Barcode);
			if (askedKeys.has(key)) {
				byBarcode.set(key, [...(byBarcode.get(key) ?? []), item]);
				continue;
			}
			const awb = awbOfParcel(key, askedKeys);
			if (awb === undefined) unasked.push(item);
			else if (!firstParcels.has(awb)) firstParcels.set(awb, item);
		}
		for (const [awb, item] of firstParcels) if (!byBarcode.has(awb)) byBarcode.set(awb, [item]);
		const answered = asked.flatMap((barcode) => byBarcode.get(barcodeKey(barcode)) ?? [{ json: { Code: barcode, Found: false } }]);
		return [...answered, ...unasked];
	};
}
