import { PDFDocument } from 'pdf-lib';
import type { INodeExecutionData } from 'n8n-workflow';

import { BARCODE_LIST_BYTES, barcodeBatches, barcodeListBytes } from '../../nodes/shared/values/barcodes';
import { startRecordingProxy } from '../helpers/recordingProxy';
import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

const LABELS_10X14 = { format: 1, printMainOnce: 1 };

async function newBarcodes(count: number): Promise<string[]> {
	return (await sandbox.control.addShipments({ count })).map((shipment) => shipment.barcode);
}

/** The barcodes of a PDF's labels as the sandbox lists them (its Keywords), and its pages. */
async function labelsOf(item: INodeExecutionData): Promise<{ barcodes: string[]; pages: number; fileName: string; mimeType: string }> {
	const file = item.binary?.data;
	if (!file) throw new Error('The item has no file');
	const pdf = await PDFDocument.load(Buffer.from(file.data, 'base64'));
	return { barcodes: (pdf.getKeywords() ?? '').split(' '), pages: pdf.getPageCount(), fileName: file.fileName ?? '', mimeType: file.mimeType };
}

describe('Document › Get AWB PDF › Combine Items', () => {
	it('250 items give their 250 labels in input order, 10×14, one page each, in 3 requests of at most 2,048 bytes of query: one PDF per request, named in order', async () => {
		// Reversed: the order of the input, not of creation.
		const barcodes = (await newBarcodes(250)).reverse();
		expect(barcodes.every((barcode) => barcode.length === 10)).toBe(true);
		const proxy = await startRecordingProxy(sandbox.url);
		const { items, error } = await runOperation(
			engineFor(sandbox, { baseUrl: proxy.url }),
			'document',
			'getAwbPdf',
			{ barcodes: '={{ $json.barcode }}', combineItems: true, printOptions: LABELS_10X14 },
			{ input: barcodes.map((barcode) => ({ barcode })) },
		);
		await proxy.stop();
		expect(error).toBeUndefined();
		// The query of each request as it left n8n, the Token in it: within Azure API Management's 2,048 bytes.
		const queries = proxy.requests.filter((request) => request.url.startsWith('/api/PDF/AwbDocuments')).map((request) => request.url.split('?')[1] ?? '');
		expect(queries).toHaveLength(3);
		for (const query of queries) expect(query.length).toBeLessThanOrEqual(2048);
		expect(Math.max(...queries.map((query) => query.length))).toBeGreaterThan(1400);
		// 108 barcodes of 10 digits a request: "[" and "]" and the commas percent-encoded take 1,407 of the 1,408 bytes kept for them.
		expect(barcodeBatches(barcodes).map((batch) => batch.length)).toEqual([108, 108, 34]);
		expect(await requestsSeen(sandbox, 'awbPdf')).toHaveLength(3);
		const files = await Promise.all(items.map(labelsOf));
		expect(files.map((file) => file.fileName)).toEqual(['awb-labels-1-of-3.pdf', 'awb-labels-2-of-3.pdf', 'awb-labels-3-of-3.pdf']);
		expect(files.every((file) => file.mimeType === 'application/pdf')).toBe(true);
		expect(files.flatMap((file) => file.barcodes)).toEqual(barcodes);
		expect(files.map((file) => file.pages)).toEqual([108, 108, 34]);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ part: 1, parts: 3, barcodes: barcodes.slice(0, 108) }),
			expect.objectContaining({ part: 2, parts: 3, barcodes: barcodes.slice(108, 216) }),
			expect.objectContaining({ part: 3, parts: 3, barcodes: barcodes.slice(216) }),
		]);
		expect(items[2].pairedItem).toEqual(barcodes.slice(216).map((_barcode, index) => ({ item: 216 + index })));
	}, 1_200_000);

	it('a few items give one PDF with every label, each barcode once, the items\' lists in order', async () => {
		const [a, b, c] = await newBarcodes(3);
		const { items, error } = await runOperation(
			engineFor(sandbox),
			'document',
			'getAwbPdf',
			{ barcodes: '={{ $json.barcodes }}', combineItems: true, printOptions: LABELS_10X14 },
			{ input: [{ barcodes: `${c}, ${a}` }, { barcodes: [b, c] }] },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(await labelsOf(items[0])).toMatchObject({ barcodes: [c, a, b], pages: 3, fileName: 'awb-labels.pdf' });
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		expect(await requestsSeen(sandbox, 'awbPdf')).toHaveLength(1);
	});

	it('a bad barcode is refused naming its item, and nothing is sent', async () => {
		const [a] = await newBarcodes(1);
		const { error } = await runOperation(
			engineFor(sandbox),
			'document',
			'getAwbPdf',
			{ barcodes: '={{ $json.barcode }}', combineItems: true },
			{ input: [{ barcode: a }, { barcode: 'AWB-1' }] },
		);
		expect(error?.message).toMatch(/^Barcodes \(item 2\): "AWB-1" is not a Cargus barcode/);
		expect(await requestsSeen(sandbox, 'awbPdf')).toEqual([]);
	});

	it('off, each item gives its own PDF as before', async () => {
		const barcodes = await newBarcodes(3);
		const { items, error } = await runOperation(
			engineFor(sandbox),
			'document',
			'getAwbPdf',
			{ barcodes: '={{ $json.barcode }}', printOptions: LABELS_10X14 },
			{ input: barcodes.map((barcode) => ({ barcode })) },
		);
		expect(error).toBeUndefined();
		const files = await Promise.all(items.map(labelsOf));
		expect(files.map((file) => file.fileName)).toEqual(barcodes.map((barcode) => `awb-${barcode}.pdf`));
		expect(files.map((file) => file.barcodes)).toEqual(barcodes.map((barcode) => [barcode]));
		expect(await requestsSeen(sandbox, 'awbPdf')).toHaveLength(3);
	});
});

describe('What one AWB PDF request carries', () => {
	it('a list that does not fit one request\'s query is refused before sending, saying how many fit', async () => {
		const barcodes = Array.from({ length: 120 }, (_, index) => String(1200000000 + index));
		expect(barcodeListBytes(barcodes)).toBeGreaterThan(BARCODE_LIST_BYTES);
		const { error } = await runOperation(engineFor(sandbox), 'document', 'getAwbPdf', { barcodes: barcodes.join(',') });
		expect(error?.message).toBe(
			'Barcodes (item 1): 120 barcodes are more than one request takes (the first 108 fit in its query): split the list into several items, or turn on Combine Items, which makes as many requests as the list needs',
		);
		expect(await requestsSeen(sandbox, 'awbPdf')).toEqual([]);
	});

	it('the sandbox\'s gateway, as Azure API Management, refuses a query longer than 2,048 bytes (414) and takes one of 2,048', async () => {
		const query = (length: number) => `Token=x&barCodes=${'1'.repeat(length - 'Token=x&barCodes='.length)}`;
		const send = async (text: string) => (await fetch(`${sandbox.url}/api/PDF/AwbDocuments?${text}`, { headers: { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey } })).status;
		expect(await send(query(2049))).toBe(414);
		expect(await send(query(2048))).not.toBe(414);
	});

	it('108 barcodes of 10 digits go in one request', async () => {
		const barcodes = await newBarcodes(108);
		const { items, error } = await runOperation(engineFor(sandbox), 'document', 'getAwbPdf', { barcodes: barcodes.join('\n'), printOptions: LABELS_10X14 });
		expect(error).toBeUndefined();
		expect((await labelsOf(items[0])).pages).toBe(108);
	});
});
