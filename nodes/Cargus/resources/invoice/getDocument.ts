import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { fileOptions, idField } from '../../shared/fields';
import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { base64File, orFailWith } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getDocument = operation({
	name: 'Get Document',
	value: 'getDocument',
	action: 'Get an invoice\'s print version',
	description: 'The invoice as Cargus prints it, as a PDF file (invoice-ID.pdf). Get PDF downloads the stored PDF instead: both are PDF files of the same invoice.',
	method: 'GET',
	url: '/api/InvoiceDocuments',
	send: sendWithToken,
	preSend: [integer({ parameter: 'invoiceId', label: 'Invoice ID', to: 'query', property: 'InvoiceId' })],
	output: orFailWith(
		base64File(function (this: IExecuteSingleFunctions) {
			return `invoice-${String(this.getNodeParameter('invoiceId'))}.pdf`;
		}),
		function (this: IExecuteSingleFunctions) {
			return `Cargus has no invoice ${String(this.getNodeParameter('invoiceId'))}`;
		},
	),
});

export const getDocumentFields = forOperation('invoice', 'getDocument', [
	idField('invoiceId', 'Invoice ID', 'The invoice\'s InvoiceId, as Invoice › Get Many outputs it', '700123'),
	fileOptions,
]);
