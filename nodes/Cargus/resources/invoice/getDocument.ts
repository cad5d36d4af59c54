import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fileOptions } from '../../shared/fields';
import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { base64File } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getDocument = operation({
	name: 'Get Document',
	value: 'getDocument',
	action: 'Get an invoice document',
	description: 'The invoice as a PDF file (from the print endpoint, base64)',
	method: 'GET',
	url: '/api/InvoiceDocuments',
	send: sendWithToken,
	preSend: [integer({ parameter: 'invoiceId', label: 'Invoice ID', to: 'query', property: 'InvoiceId' })],
	output: base64File(function (this: IExecuteSingleFunctions) {
		return `invoice-${String(this.getNodeParameter('invoiceId'))}.pdf`;
	}),
});

export const getDocumentFields = forOperation('invoice', 'getDocument', [
	{ displayName: 'Invoice ID', name: 'invoiceId', type: 'number', default: 0, required: true, description: 'InvoiceId from Invoice › Get Many' },
	fileOptions,
]);
