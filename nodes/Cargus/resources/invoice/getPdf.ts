import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fileOptions, idField } from '../../shared/fields';
import { integer } from '../../shared/input';
import { BINARY_REQUEST, forOperation, operation } from '../../shared/operation';
import { orFailWith, pdfFile } from '../../shared/output';
import { sendWithTokenInQuery } from '../../shared/send';

export const getPdf = operation({
	name: 'Get PDF',
	value: 'getPdf',
	action: 'Download an invoice PDF',
	description: 'The invoice\'s stored PDF, downloaded as a file (invoice-ID.pdf). Get Document gives its print version instead: both are PDF files of the same invoice.',
	method: 'GET',
	url: '/api/PDF/InvoiceDocuments',
	request: BINARY_REQUEST,
	send: sendWithTokenInQuery,
	preSend: [integer({ parameter: 'invoiceId', label: 'Invoice ID', to: 'query', property: 'InvoiceId' })],
	output: orFailWith(
		pdfFile(function (this: IExecuteSingleFunctions) {
			return `invoice-${String(this.getNodeParameter('invoiceId'))}.pdf`;
		}),
		function (this: IExecuteSingleFunctions) {
			return `Cargus has no invoice ${String(this.getNodeParameter('invoiceId'))}`;
		},
	),
});

export const getPdfFields = forOperation('invoice', 'getPdf', [
	idField('invoiceId', 'Invoice ID', 'The invoice\'s InvoiceId, as Invoice › Get Many outputs it', '700123'),
	fileOptions,
]);
