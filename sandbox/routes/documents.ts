import type { FastifyInstance } from 'fastify';
import { noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { toServiceDate } from '../world/dates';
import { awbDocumentsPdf, invoicePdf, orderSummaryPdf, pickupOrderSummaryPdf } from '../world/pdf';
import { defineOperation, type OperationInput } from './operation';
import type { Invoice, Shipment } from '../world/types';
import { barcodesQuery, dateRange, failWith, intQuery, pageOf, pagingQuery } from './inputs';

const invoiceView = (invoice: Invoice) => ({
	InvoiceId: invoice.InvoiceId,
	Date: toServiceDate(invoice.Date),
	DueDate: toServiceDate(invoice.DueDate),
	Series: invoice.Series,
	Number: invoice.Number,
	Value: invoice.Value,
	Total: invoice.Total,
	Closed: invoice.Closed,
	Balance: invoice.Balance,
	CurrencyId: invoice.CurrencyId,
});

const pdfAnswer = (data: Uint8Array, fileName: string) => ({ status: 200, binary: { contentType: 'application/pdf', data, fileName } });

/** Invoices and documents: list invoices, base64 invoice and order documents, the two PDF streams. */
export function registerDocuments(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;

	defineOperation(app, context, 'GET', '/api/Invoices', { operation: 'invoices', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const { from, to } = dateRange(query, spec);
			const paging = pagingQuery(query, spec, context.settings.maxItemsPerPage);
			const inRange = store.issuedInvoicesOf(account.clientId, now).filter((invoice) => invoice.Date >= from && invoice.Date <= to);
			const page = pageOf(inRange, paging);
			if (page.length === 0) return noContent();
			return ok(page.map(invoiceView), 'Invoice');
		});

	defineOperation(app, context, 'GET', '/api/InvoiceDocuments', { operation: 'invoiceDocument', auth: 'bearer', invalidStatus: 400 },
		async ({ query, spec, account, now }) => {
			const invoice = store.issuedInvoice(intQuery(query, 'InvoiceId', spec, true) as number, account.clientId, now);
			if (!invoice) return noContent();
			return ok(Buffer.from(await invoicePdf(invoice, account, now)).toString('base64'), 'base64Binary');
		});

	defineOperation(app, context, 'GET', '/api/OrderDocuments/GetByDate', { operation: 'orderDocuments', auth: 'bearer', invalidStatus: 409 },
		async ({ query, spec, account, now }) => {
			const { from, to } = dateRange(query, spec);
			const docType = intQuery(query, 'docType', spec, true);
			if (docType !== 0) return noContent();
			const shipments = store.shipmentsOf(account.clientId, from, to).sort((a, b) => a.createdAt - b.createdAt);
			if (shipments.length === 0) return noContent();
			return ok(Buffer.from(await orderSummaryPdf(shipments, account, from, to, now)).toString('base64'), 'base64Binary');
		});

	// The shop plugins' path for one pickup order's summary (OpenCart's "print borderou"): base64 in a JSON string as GetByDate.
	defineOperation(app, context, 'GET', '/api/OrderDocuments', { operation: 'orderDocumentsByOrder', auth: 'bearer', invalidStatus: 409 },
		async ({ query, spec, account, now }) => {
			const order = store.orders.get(intQuery(query, 'orderId', spec, true) as number);
			const docType = intQuery(query, 'docType', spec, true);
			if (!order || order.clientId !== account.clientId || docType !== 0) return noContent();
			const shipments = [...store.shipments.values()].filter((s) => s.awb?.OrderId === order.OrderId).sort((a, b) => a.createdAt - b.createdAt);
			return ok(Buffer.from(await pickupOrderSummaryPdf(order, shipments, account, now)).toString('base64'), 'base64Binary');
		});

	/** The AWB documents both label paths print: barcodes, then the print options, then the client's AWBs among them. */
	const awbDocuments = async ({ query, spec, account, now }: OperationInput): Promise<{ data: Uint8Array; first: Shipment } | undefined> => {
		const barcodes = barcodesQuery(query, 'barCodes', spec);
		const format = intQuery(query, 'format', spec, false) ?? 0;
		const printMainOnce = intQuery(query, 'printMainOnce', spec, false) ?? 1;
		const printOneAwbPerPage = intQuery(query, 'printOneAwbPerPage', spec, false) ?? 1;
		const printReturn = intQuery(query, 'printReturn', spec, false) ?? 0;
		if (format !== 0 && format !== 1) failWith(spec, 'format trebuie sa fie 0 (A4) sau 1 (10x14).');
		if (![0, 1, 2].includes(printMainOnce)) failWith(spec, 'printMainOnce trebuie sa fie 0, 1 sau 2.');
		if (printOneAwbPerPage !== 0 && printOneAwbPerPage !== 1) failWith(spec, 'printOneAwbPerPage trebuie sa fie 0 sau 1.');
		if (![0, 1, 2, 3, 4].includes(printReturn)) failWith(spec, 'printReturn trebuie sa fie 0, 1, 2, 3 sau 4.');
		const shipments = barcodes.map((code) => store.shipments.get(code))
			.filter((s): s is Shipment => s !== undefined && s.clientId === account.clientId);
		if (shipments.length === 0) return undefined;
		return { data: await awbDocumentsPdf(shipments, { format, printMainOnce, printOneAwbPerPage, printReturn }, now), first: shipments[0] };
	};

	defineOperation(app, context, 'GET', '/api/PDF/AwbDocuments', { operation: 'awbPdf', auth: 'query-token', invalidStatus: 400 },
		async (input) => {
			const documents = await awbDocuments(input);
			return documents ? pdfAnswer(documents.data, `awb-${documents.first.barcode}.pdf`) : noContent();
		});

	// The shop plugins' label call (OpenCart, Magento, the PHP courier library: real-clients.md): `type=PDF`, the token
	// in the Authorization header, the same PDF as base64 in a JSON string. `type` is not checked: the document names
	// PDF and HTML and no client sends anything but PDF.
	defineOperation(app, context, 'GET', '/api/AwbDocuments', { operation: 'awbDocuments', auth: 'bearer', invalidStatus: 400 },
		async (input) => {
			const documents = await awbDocuments(input);
			return documents ? ok(Buffer.from(documents.data).toString('base64'), 'base64Binary') : noContent();
		});

	defineOperation(app, context, 'GET', '/api/PDF/InvoiceDocuments', { operation: 'invoicePdf', auth: 'query-token', invalidStatus: 400 },
		async ({ query, spec, account, now }) => {
			const invoice = store.issuedInvoice(intQuery(query, 'InvoiceId', spec, true) as number, account.clientId, now);
			if (!invoice) return noContent();
			return pdfAnswer(await invoicePdf(invoice, account, now), `factura-${invoice.Series}${invoice.Number}.pdf`);
		});
}
