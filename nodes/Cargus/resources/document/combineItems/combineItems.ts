import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import type { Operation } from '../../../../shared/run/operation';
import { barcodeBatches } from '../../../../shared/values/barcodes';
import { refuseItemField } from '../../../../shared/values/refusal';
import { readBarcodes } from '../../../../shared/values/values';

/** Which file of a Combine Items run a request makes: `number` of `count`. */
export interface CombinedPart {
	number: number;
	count: number;
}

// The context of one Combine Items run: each of its "items" is one request's barcodes.
const partsByContext = new WeakMap<object, CombinedPart[]>();

/** The part an item's context stands for in a Combine Items run, if it is one. */
export function combinedPartOf(context: { getItemIndex(): number }): CombinedPart | undefined {
	for (let link: object | null = context; link !== null; link = Object.getPrototypeOf(link) as object | null) {
		const parts = partsByContext.get(link);
		if (parts) return parts[context.getItemIndex()];
	}
	return undefined;
}

/**
 * Get AWB PDF with Combine Items: the barcodes of every input item, in input order and each once, in as few
 * requests as the query's length allows; each request runs as the operation runs one item, with the first item's
 * other parameters, and gives one PDF. Off, the operation runs as it always did.
 */
export function withCombineItems(operation: Operation): Operation {
	return {
		...operation,
		run: async function (this: IExecuteFunctions) {
			if (this.getNodeParameter('combineItems', 0, false) !== true) return await operation.run.call(this);
			return await combinedRun(this, operation);
		},
	};
}

async function combinedRun(context: IExecuteFunctions, operation: Operation): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const barcodes: string[] = [];
	const sourceOf = new Map<string, number>();
	const refused: INodeExecutionData[] = [];
	items.forEach((_item, itemIndex) => {
		const reading = readBarcodes(context.getNodeParameter('barcodes', itemIndex), false);
		if ('problem' in reading) {
			const error = refuseItemField(context.getNode(), itemIndex, 'Barcodes', `${reading.problem}: ${reading.allowed}`);
			if (!context.continueOnFail()) throw error;
			refused.push({ json: {}, error, pairedItem: { item: itemIndex } });
			return;
		}
		for (const barcode of reading.value) {
			if (sourceOf.has(barcode)) continue;
			sourceOf.set(barcode, itemIndex);
			barcodes.push(barcode);
		}
	});
	if (barcodes.length === 0) return [refused];
	const batches = barcodeBatches(barcodes);
	const parts = batches.map((_batch, index) => ({ number: index + 1, count: batches.length }));
	const batchContext: IExecuteFunctions = Object.create(context) as IExecuteFunctions;
	Object.assign(batchContext, {
		getInputData: () => batches.map(() => items[0]),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, options?: object) => {
			if (name === 'barcodes') return `[${batches[itemIndex].join(',')}]`;
			if (name === 'combineItems') return true;
			return context.getNodeParameter(name, 0, fallback, options);
		},
		evaluateExpression: (expression: string) => context.evaluateExpression(expression, 0),
		getCredentials: async (type: string) => await context.getCredentials(type, 0),
	});
	partsByContext.set(batchContext, parts);
	const [files] = await operation.run.call(batchContext);
	const pairedItems = batches.map((batch) => [...new Set(batch.map((barcode) => sourceOf.get(barcode) as number))].map((item): IPairedItemData => ({ item })));
	const output = files.map((file, index) => {
		const batchIndex = (file.pairedItem as IPairedItemData | undefined)?.item ?? index;
		const json = file.error ? file.json : { ...file.json, part: batchIndex + 1, parts: batches.length, barcodes: batches[batchIndex] };
		return { ...file, json, pairedItem: pairedItems[batchIndex] };
	});
	return [[...refused, ...output]];
}
