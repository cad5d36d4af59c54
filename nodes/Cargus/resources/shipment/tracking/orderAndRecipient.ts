import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { awbAccountOf, awbRecordOf } from '../../../../shared/answers/awbRecord';
import { rememberedAwbs } from '../../../../shared/answers/rememberedAwbs';
import { orderAndRecipientOf } from '../../../../shared/cargus/orderAndRecipient';
import { optionsField } from '../../../../shared/form/fields';
import type { Asking } from '../../../../shared/run/asking';
import { sendToCargus } from '../../../../shared/transport/send';
import { yesNo } from '../../../../shared/values/values';

/** AWB reads in flight at once for one item. */
const CONCURRENT_READS = 4;

/** The Options of Track and Track With Status. */
export const trackOptionsField: INodeProperties = optionsField([
	{
		displayName: 'Add Order and Recipient',
		name: 'orderAndRecipient',
		type: 'boolean',
		default: false,
		description:
			"Whether to add to each shipment its AWB's order reference (CustomString) and recipient (Recipient: Name, Email, PhoneNumber, LocalityName). Each AWB is read once (GET /api/Awbs) and kept in n8n's memory, shared with the Cargus Trigger.",
	},
]);

/**
 * With Add Order and Recipient, each traced shipment gets its AWB's order reference and recipient, each AWB read at
 * most once per process (shared/answers/rememberedAwbs.ts); a barcode Cargus does not know (`Found: false`) is left
 * as it is. A failed read fails the item, as a failed trace does.
 */
export function withOrderAndRecipient(ask: Asking): Asking {
	return async function (this, requestData, credentials) {
		const items = await ask.call(this, requestData, credentials);
		if (!yesNo(this.getNodeParameter('options.orderAndRecipient', false), false)) return items;
		const account = awbAccountOf(credentials);
		const readAwb = async (barcode: string) =>
			await rememberedAwbs.read(account, barcode, async () =>
				orderAndRecipientOf(await awbRecordOf(async (request) => await sendToCargus(this, request, credentials), barcode)),
			);
		const traced = items.filter((item) => item.json.Found !== false && String(item.json.Code ?? '').trim() !== '');
		const barcodes = [...new Set(traced.map((item) => String(item.json.Code).trim()))];
		const awbs = new Map(await inTurns(barcodes, async (barcode) => [barcode, await readAwb(barcode)] as const));
		return items.map((item): INodeExecutionData => {
			const awb = traced.includes(item) ? awbs.get(String(item.json.Code).trim()) : undefined;
			return awb === undefined ? item : { ...item, json: { ...item.json, ...awb } };
		});
	};
}

/** `work` for every entry, a few at a time, the results in the entries' order. */
async function inTurns<T, R>(entries: T[], work: (entry: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array(entries.length);
	let next = 0;
	const worker = async () => {
		while (next < entries.length) {
			const index = next++;
			results[index] = await work(entries[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, entries.length) }, worker));
	return results;
}
