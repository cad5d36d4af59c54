import { PDFDocument } from 'pdf-lib';
import { modelStateFields, ServiceClient, useSandbox } from './support';

const sandbox = useSandbox();

type Invoice = { InvoiceId: number; Date: string; Total: number; Value: number; Series: string; Number: number };
const YEAR = { FromDate: '2025-11-01T00:00:00+02:00', ToDate: '2026-11-20T23:59:59+02:00' };

async function allInvoices(): Promise<Invoice[]> {
	const result = await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 100 } });
	return result.json as Invoice[];
}

describe('list invoices by date (GET /api/Invoices)', () => {
	it('answers invoices spanning the last year', async () => {
		const invoices = await allInvoices();
		expect(invoices.length).toBeGreaterThanOrEqual(30);
		const months = new Set(invoices.map((i) => i.Date.slice(0, 7)));
		expect(months.size).toBeGreaterThanOrEqual(11);
		expect(invoices[0]).toEqual({
			InvoiceId: expect.any(Number), Date: expect.any(String), DueDate: expect.any(String), Series: 'CRG', Number: expect.any(Number),
			Value: expect.any(Number), Total: expect.any(Number), Closed: expect.any(Boolean), Balance: expect.any(Number), CurrencyId: 1,
		});
	});

	it('pages with itemsPerPage (default 50) and pageNumber, 204 past the end', async () => {
		const invoices = await allInvoices();
		const firstPage = await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 10, pageNumber: 1 } });
		const secondPage = await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 10, pageNumber: 2 } });
		expect(firstPage.json).toEqual(invoices.slice(0, 10));
		expect(secondPage.json).toEqual(invoices.slice(10, 20));
		const byDefault = await sandbox.client.call('GET', '/api/Invoices', { query: YEAR });
		expect((byDefault.json as unknown[]).length).toBe(Math.min(50, invoices.length));
		const past = await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 10, pageNumber: 99 } });
		expect(past.status).toBe(204);
	});

	it('answers 204 for a range without invoices', async () => {
		expect((await sandbox.client.call('GET', '/api/Invoices', { query: { FromDate: '2020-01-01', ToDate: '2020-02-01' } })).status).toBe(204);
	});

	it('answers 400 for missing or unparsable dates, From after To, and out-of-range paging (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('GET', '/api/Invoices', { query: { ToDate: '2026-01-01' } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['FromDate']);
		const unparsable = await sandbox.client.call('GET', '/api/Invoices', { query: { FromDate: '2026-13-45', ToDate: '2026-01-01' } });
		expect(modelStateFields(unparsable.json)).toEqual(['FromDate']);
		const reversed = await sandbox.client.call('GET', '/api/Invoices', { query: { FromDate: '2026-02-01', ToDate: '2026-01-01' } });
		expect(reversed.status).toBe(400);
		expect((reversed.json as string[])[0]).toContain('FromDate');
		expect((await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 'ten' } })).status).toBe(400);
		// Cargus documents no largest page: 1,000 a page is a page (OpenCart asks Orders for it); a page below 1 holds nothing.
		expect((await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 1000 } })).status).toBe(200);
		for (const paging of [{ itemsPerPage: 0 }, { pageNumber: 0 }] as Array<Record<string, string | number>>) {
			expect((await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, ...paging } })).status).toBe(204);
		}
		// A limit is a setting, off by default.
		await sandbox.control.setSettings({ maxItemsPerPage: 100 });
		const tooMany = await sandbox.client.call('GET', '/api/Invoices', { query: { ...YEAR, itemsPerPage: 101 } });
		expect([tooMany.status, tooMany.json]).toEqual([400, ['itemsPerPage trebuie sa fie cel mult 100.']]);
		await sandbox.control.setSettings({ maxItemsPerPage: null });
	});

	it('answers 401 without a token', async () => {
		expect((await sandbox.client.call('GET', '/api/Invoices', { query: YEAR, token: null })).status).toBe(401);
	});
});

describe('print invoice (GET /api/InvoiceDocuments)', () => {
	it('answers a JSON string holding base64 PDF bytes', async () => {
		const [invoice] = await allInvoices();
		const result = await sandbox.client.call('GET', '/api/InvoiceDocuments', { query: { InvoiceId: invoice.InvoiceId } });
		expect(result.status).toBe(200);
		const bytes = Buffer.from(result.json as string, 'base64');
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
	});

	it('answers 204 for an unknown invoice, 400 for a missing or non-numeric InvoiceId, 401 without a token', async () => {
		expect((await sandbox.client.call('GET', '/api/InvoiceDocuments', { query: { InvoiceId: 1 } })).status).toBe(204);
		const missing = await sandbox.client.call('GET', '/api/InvoiceDocuments');
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['InvoiceId']);
		expect((await sandbox.client.call('GET', '/api/InvoiceDocuments', { query: { InvoiceId: 'x' } })).status).toBe(400);
		expect((await sandbox.client.call('GET', '/api/InvoiceDocuments', { query: { InvoiceId: 1 }, token: null })).status).toBe(401);
	});
});

describe('order documents by date (GET /api/OrderDocuments/GetByDate)', () => {
	it('answers the summary document (docType 0) as base64 PDF', async () => {
		const result = await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2026-10-01', ToDate: '2026-11-20T23:00:00', docType: 0 } });
		expect(result.status).toBe(200);
		const pdf = await PDFDocument.load(Buffer.from(result.json as string, 'base64'));
		expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
	});

	it('answers 204 for a range without shipments or another docType', async () => {
		expect((await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2020-01-01', ToDate: '2020-02-01', docType: 0 } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2026-10-01', ToDate: '2026-11-20', docType: 7 } })).status).toBe(204);
	});

	it('answers 409 naming the parameter for missing or invalid input, 401 without a token (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2026-10-01', ToDate: '2026-11-20' } });
		expect(missing.status).toBe(409);
		expect(modelStateFields(missing.json)).toEqual(['docType']);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2026-12-01', ToDate: '2026-11-20', docType: 0 } })).status).toBe(409);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: 'x', ToDate: '2026-11-20', docType: 0 } })).status).toBe(409);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments/GetByDate', { query: { FromDate: '2026-10-01', ToDate: '2026-11-20', docType: 0 }, token: null })).status).toBe(401);
	});
});

describe('one pickup order\'s summary (GET /api/OrderDocuments?orderId=&docType=0, as the shop plugins print it)', () => {
	it('answers the order\'s summary as base64 PDF in a JSON string, titled with the order', async () => {
		const result = await sandbox.client.call('GET', '/api/OrderDocuments', { query: { orderId: 5500007, docType: 0 } });
		expect(result.status).toBe(200);
		expect(typeof result.json).toBe('string');
		const pdf = await PDFDocument.load(Buffer.from(result.json as string, 'base64'));
		expect(pdf.getTitle()).toBe('Borderou comanda 5500007');
		expect(pdf.getPageCount()).toBe(1);
	});

	it('answers 204 for an unknown order, another client\'s, or another docType', async () => {
		expect((await sandbox.client.call('GET', '/api/OrderDocuments', { query: { orderId: 999999, docType: 0 } })).status).toBe(204);
		const other = new ServiceClient(sandbox.sandbox.url);
		await other.login('other', 'other-password');
		expect((await other.call('GET', '/api/OrderDocuments', { query: { orderId: 5500007, docType: 0 }, subscriptionKey: 'other-key' })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments', { query: { orderId: 5500007, docType: 1 } })).status).toBe(204);
	});

	it('answers 409 naming a missing parameter, 401 without a token', async () => {
		expect(modelStateFields((await sandbox.client.call('GET', '/api/OrderDocuments', { query: { docType: 0 } })).json)).toEqual(['orderId']);
		expect(modelStateFields((await sandbox.client.call('GET', '/api/OrderDocuments', { query: { orderId: 5500007 } })).json)).toEqual(['docType']);
		expect((await sandbox.client.call('GET', '/api/OrderDocuments', { query: { orderId: 5500007, docType: 0 }, token: null })).status).toBe(401);
	});
});

describe('AWB PDF documents (GET /api/PDF/AwbDocuments)', () => {
	const own = async () => (await sandbox.control.shipments()).filter((s) => s.clientId === 70001).slice(0, 2).map((s) => s.barcode);
	const awbPdf = (query: Record<string, string | number>) =>
		sandbox.client.call('GET', '/api/PDF/AwbDocuments', { token: null, query: { Token: sandbox.client.token!, ...query } });

	it('streams a real A4 PDF (format 0)', async () => {
		const barcodes = await own();
		const result = await awbPdf({ barCodes: `[${barcodes.join(',')}]`, format: 0, printMainOnce: 1, printOneAwbPerPage: 1 });
		expect(result.status).toBe(200);
		expect(result.headers['content-type']).toBe('application/pdf');
		const pdf = await PDFDocument.load(result.bytes);
		expect(pdf.getPageCount()).toBe(2);
		const { width, height } = pdf.getPage(0).getSize();
		expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
	});

	it('streams 10x14 labels (format 1), and prints the main AWB twice with printMainOnce 0', async () => {
		const [barcode] = await own();
		const label = await PDFDocument.load((await awbPdf({ barCodes: barcode, format: 1 })).bytes);
		const { width, height } = label.getPage(0).getSize();
		expect([Math.round((width / 72) * 2.54), Math.round((height / 72) * 2.54)]).toEqual([10, 14]);
		const twice = await PDFDocument.load((await awbPdf({ barCodes: barcode, format: 1, printMainOnce: 0 })).bytes);
		expect(twice.getPageCount()).toBe(2);
		const a4TwoPerPage = await PDFDocument.load((await awbPdf({ barCodes: (await own()).join(','), format: 0, printOneAwbPerPage: 0 })).bytes);
		expect(a4TwoPerPage.getPageCount()).toBe(1);
	});

	it('answers 204 for unknown barcodes, 400 for missing or invalid parameters, 401 for a bad Token (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		expect((await awbPdf({ barCodes: '123456789' })).status).toBe(204);
		expect((await awbPdf({})).status).toBe(400);
		expect((await awbPdf({ barCodes: (await own())[0], format: 5 })).status).toBe(400);
		expect((await awbPdf({ barCodes: 'abc' })).status).toBe(400);
		expect((await sandbox.client.call('GET', '/api/PDF/AwbDocuments', { token: null, query: { barCodes: (await own())[0], Token: 'bad' } })).status).toBe(401);
	});
});

describe('invoice PDF documents (GET /api/PDF/InvoiceDocuments)', () => {
	it('streams a real PDF', async () => {
		const [invoice] = await allInvoices();
		const result = await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { token: null, query: { Token: sandbox.client.token!, InvoiceId: invoice.InvoiceId } });
		expect(result.status).toBe(200);
		expect(result.headers['content-type']).toBe('application/pdf');
		expect((await PDFDocument.load(result.bytes)).getPageCount()).toBe(1);
	});

	it('answers 204 for an unknown invoice and 400 without InvoiceId', async () => {
		const token = sandbox.client.token!;
		expect((await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { token: null, query: { Token: token, InvoiceId: 3 } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/PDF/InvoiceDocuments', { token: null, query: { Token: token } })).status).toBe(400);
	});
});
