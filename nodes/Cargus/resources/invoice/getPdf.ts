import { toQuery } from '../../../shared/form/field';
import { fileOptions, idField } from '../../../shared/form/fields';
import { BINARY_REQUEST, operation } from '../../../shared/run/operation';
import { orFailWith, pdfFile } from '../../../shared/run/output';
import { askOnceWithTokenInQuery } from '../../../shared/run/asking';
import { invoiceFileName, noSuchInvoice } from './invoiceFile/invoiceFile';

export const getPdf = operation({
	name: 'Get PDF',
	value: 'getPdf',
	action: 'Download an invoice PDF',
	subtitle: 'Invoice PDF',
	description: 'The invoice\'s stored PDF, downloaded as a file (invoice-ID.pdf). Get Document gives its print version instead: both are PDF files of the same invoice.',
	method: 'GET',
	url: '/api/PDF/InvoiceDocuments',
	request: BINARY_REQUEST,
	ask: askOnceWithTokenInQuery,
	fields: [
		idField('invoiceId', 'Invoice ID', 'The invoice\'s InvoiceId, as Invoice › Get Many outputs it', '700123', toQuery('InvoiceId')),
		fileOptions,
	],
	output: orFailWith(pdfFile(invoiceFileName), noSuchInvoice),
});
