import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { dateField, fileOptions } from '../../shared/fields';
import { date, dateOf, dateRange, integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { base64File } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

function day(context: IExecuteSingleFunctions, parameter: string): string {
	return dateOf(context.getNodeParameter(parameter), context.getTimezone())?.toFormat('yyyy-MM-dd') ?? 'date';
}

export const getOrderDocuments = operation({
	name: 'Get Order Documents',
	value: 'getOrderDocuments',
	action: 'Get pickup order documents',
	description: 'The summary document of your pickup orders between two dates, as one PDF file; no item when there were none',
	method: 'GET',
	url: '/api/OrderDocuments/GetByDate',
	send: sendWithToken,
	preSend: [
		date({ parameter: 'fromDate', label: 'From', to: 'query', property: 'FromDate' }),
		date({ parameter: 'toDate', label: 'To', to: 'query', property: 'ToDate' }),
		dateRange({ parameter: 'fromDate', label: 'From' }, { parameter: 'toDate', label: 'To' }),
		integer({ parameter: 'docType', label: 'Document Type', to: 'query', property: 'docType' }),
	],
	output: base64File(function (this: IExecuteSingleFunctions) {
		return `order-documents-${day(this, 'fromDate')}-to-${day(this, 'toDate')}.pdf`;
	}),
});

export const getOrderDocumentsFields = forOperation('document', 'getOrderDocuments', [
	dateField('fromDate', 'From', 'Documents of orders from this date'),
	dateField('toDate', 'To', 'Documents of orders up to this date'),
	{
		displayName: 'Document Type',
		name: 'docType',
		type: 'options',
		options: [{ name: 'Summary of Orders', value: 0, description: 'One document listing the orders and their shipments' }],
		default: 0,
		required: true,
		description: 'Which document to get (Cargus documents only the summary)',
	},
	fileOptions,
]);
