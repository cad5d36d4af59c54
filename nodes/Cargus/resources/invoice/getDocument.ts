import { toQuery } from '../../../shared/form/field';
import { fileOptions, idField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { base64File, orFailWith } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';
import { invoiceFileName, noSuchInvoice } from './invoiceFile/invoiceFile';

export const getDocument = operation({
	name: 'Get Document',
	value: 'getDocument',
	action: 'Get an invoice\'s print version',
	subtitle: 'Invoice print version',
	description: 'The invoice as Cargus prints it, as a PDF file (invoice-ID.pdf). Get PDF downloads the stored PDF instead: both are PDF files of the same invoice.',
	method: 'GET',
	url: '/api/InvoiceDocuments',
	ask: askOnce,
	fields: [
		idField('invoiceId', 'Invoice ID', 'The invoice\'s InvoiceId, as Invoice › Get Many outputs it', '700123', toQuery('InvoiceId')),
		fileOptions,
	],
	output: orFailWith(base64File(invoiceFileName), noSuchInvoice),
});
