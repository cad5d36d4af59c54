import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fileOptions } from '../../shared/fields';
import { integer } from '../../shared/input';
import { BINARY_REQUEST, forOperation, operation } from '../../shared/operation';
import { pdfFile } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getPdf = operation({
	name: 'Get PDF',
	value: 'getPdf',
	action: 'Get an invoice PDF',
	description: 'The invoice as a PDF file (from the PDF download endpoint)',
	method: 'GET',
	url: '/api/PDF/InvoiceDocuments',
	request: BINARY_REQUEST,
	send: sendWithToken,
	preSend: [integer({ parameter: 'invoiceId', label: 'Invoice ID', to: 'query', property: 'InvoiceId' })],
	output: pdfFile(function (this: IExecuteSingleFunctions) {
		return `invoice-${String(this.getNodeParameter('invoiceId'))}.pdf`;
	}),
});

export const getPdfFields = forOperation('invoice', 'getPdf', [
	{ displayName: 'Invoice ID', name: 'invoiceId', type: 'number', default: 0, required: true, description: 'InvoiceId from Invoice › Get Many' },
	fileOptions,
]);
