import type { INodeExecutionData } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

async function lastYear(): Promise<{ fromDate: string; toDate: string }> {
	const { now } = await sandbox.control.clock();
	const to = new Date(now);
	return { fromDate: new Date(to.getTime() - 366 * 24 * 3600 * 1000).toISOString(), toDate: to.toISOString() };
}

function pdfOf(item: INodeExecutionData, property = 'data'): { bytes: Buffer; fileName?: string; mimeType: string } {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`No binary property ${property} in ${JSON.stringify(Object.keys(item.binary ?? {}))}`);
	return { bytes: Buffer.from(binary.data, 'base64'), fileName: binary.fileName, mimeType: binary.mimeType };
}

async function someInvoiceId(): Promise<number> {
	const { json } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { ...(await lastYear()), returnAll: false, limit: 1 });
	return json[0].InvoiceId as number;
}

test('Invoice Get Many gives one item per invoice, up to the Limit', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { ...(await lastYear()), returnAll: false, limit: 5 });
	expect(error).toBeUndefined();
	expect(json).toHaveLength(5);
	for (const invoice of json) expect(invoice).toMatchObject({ InvoiceId: expect.any(Number), Series: expect.any(String) });
});

test('Invoice Get Many with Return All pages through the service until the last page', async () => {
	const range = await lastYear();
	const onePage = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { ...range, returnAll: false, limit: 100 });
	await sandbox.control.clearRequests();
	const { json } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { ...range, returnAll: true, options: { pageSize: 10 } });
	expect(json.map((invoice) => invoice.InvoiceId)).toEqual(onePage.json.map((invoice) => invoice.InvoiceId));
	const pages = await requestsSeen(sandbox, 'invoices');
	expect(pages.length).toBeGreaterThan(2);
	expect(pages.length).toBe(Math.floor(onePage.json.length / 10) + 1);
	expect(pages.map((page) => page.query.pageNumber)).toEqual(pages.map((_, index) => String(index + 1)));
	expect(new Set(json.map((invoice) => invoice.InvoiceId)).size).toBe(json.length);
});

test('Invoice Get Many in a range without invoices gives no item', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', {
		fromDate: '2001-01-01T00:00:00',
		toDate: '2001-01-31T00:00:00',
		returnAll: true,
	});
	expect(error).toBeUndefined();
	expect(items).toEqual([]);
});

test('Invoice Get Document gives a PDF file named after the invoice', async () => {
	const invoiceId = await someInvoiceId();
	const { items } = await runOperation(engineFor(sandbox), 'invoice', 'getDocument', { invoiceId });
	const pdf = pdfOf(items[0]);
	expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	expect(pdf.fileName).toBe(`invoice-${invoiceId}.pdf`);
	expect(pdf.mimeType).toBe('application/pdf');
});

test('Invoice Get PDF sends the token as the Token query parameter, not a header, and gives a PDF', async () => {
	const invoiceId = await someInvoiceId();
	await sandbox.control.clearRequests();
	const { items } = await runOperation(engineFor(sandbox), 'invoice', 'getPdf', { invoiceId, options: { binaryPropertyName: 'invoice' } });
	const pdf = pdfOf(items[0], 'invoice');
	expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	expect(pdf.fileName).toBe(`invoice-${invoiceId}.pdf`);
	const [request] = await requestsSeen(sandbox, 'invoicePdf');
	expect(request.auth).toBe('query-token');
});

test('Get AWB PDF gives one PDF of the shipments with a file name', async () => {
	const barcodes = (await sandbox.control.shipments()).slice(0, 2).map((shipment) => shipment.barcode);
	const { items, error } = await runOperation(engineFor(sandbox), 'document', 'getAwbPdf', {
		barcodes: barcodes.join(','),
		printOptions: { format: 1, printMainOnce: 1, printOneAwbPerPage: true },
	});
	expect(error).toBeUndefined();
	const pdf = pdfOf(items[0]);
	expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	expect(pdf.fileName).toBe(`awb-${barcodes[0]}-and-1-more.pdf`);
	const [request] = await requestsSeen(sandbox, 'awbPdf');
	expect(request.auth).toBe('query-token');
	expect(request.query).toMatchObject({ format: '1', printMainOnce: '1', printOneAwbPerPage: '1' });
});

test('Get Order Documents gives the summary document as a PDF file', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'document', 'getOrderDocuments', { ...(await lastYear()), docType: 0 });
	expect(error).toBeUndefined();
	const pdf = pdfOf(items[0]);
	expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	expect(pdf.fileName).toMatch(/^order-documents-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
});

test('Get Pickup Order Summary gives one pickup order\'s summary as a PDF file named after the order, asked for as the shop plugins ask', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'document', 'getPickupOrderSummary', { orderId: '={{ 5500007 }}', options: { binaryPropertyName: 'summary' } });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	const pdf = pdfOf(items[0], 'summary');
	expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	expect(pdf.fileName).toBe('pickup-order-5500007.pdf');
	expect(pdf.mimeType).toBe('application/pdf');
	expect(items[0].json).toEqual({ fileName: 'pickup-order-5500007.pdf', fileSize: pdf.bytes.length });
	const [request] = await requestsSeen(sandbox, 'orderDocumentsByOrder');
	expect(request).toMatchObject({ method: 'GET', path: '/api/OrderDocuments', status: 200 });
	expect(request.query).toEqual({ orderId: '5500007', docType: '0' });
});

test('Get Pickup Order Summary of an order Cargus does not know fails naming the order; a bad Order ID is refused before sending', async () => {
	const unknown = await runOperation(engineFor(sandbox), 'document', 'getPickupOrderSummary', { orderId: '999999' });
	expect(unknown.items).toEqual([]);
	expect(unknown.error?.message).toBe('Cargus has no pickup order 999999');
	await sandbox.control.clearRequests();
	const bad = await runOperation(engineFor(sandbox), 'document', 'getPickupOrderSummary', { orderId: 'abc' });
	expect(bad.error?.message).toMatch(/^Order ID \(item 1\): "abc"/);
	expect(await requestsSeen(sandbox, 'orderDocumentsByOrder')).toEqual([]);
});

test.each(['getDocument', 'getPdf'])('Invoice %s of an invoice that does not exist fails with a message naming the invoice', async (operation) => {
	const { items, error } = await runOperation(engineFor(sandbox), 'invoice', operation, { invoiceId: '987654' });
	expect(items).toEqual([]);
	expect(error?.message).toBe('Cargus has no invoice 987654');
});

test('Get AWB PDF of unknown barcodes fails with a message naming them', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'document', 'getAwbPdf', { barcodes: '999999901, 999999902' });
	expect(items).toEqual([]);
	expect(error?.message).toBe('Cargus has no AWB for 999999901, 999999902');
});
