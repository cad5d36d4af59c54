import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { field, toQuery } from '../../../shared/form/field';
import { fileOptions, fromToDates } from '../../../shared/form/fields';
import { dateOf } from '../../../shared/values/dateInput';
import { operation } from '../../../shared/run/operation';
import { base64File } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

function day(context: IExecuteSingleFunctions, parameter: string): string {
	return dateOf(context.getNodeParameter(parameter), context.getTimezone())?.toFormat('yyyy-MM-dd') ?? 'date';
}

export const getOrderDocuments = operation({
	name: 'Get Order Documents',
	value: 'getOrderDocuments',
	action: 'Get pickup order documents',
	subtitle: 'Order documents (PDF)',
	description: 'The summary document of your pickup orders between two dates, as one PDF file; no item when there were none',
	method: 'GET',
	url: '/api/OrderDocuments/GetByDate',
	ask: askOnce,
	isList: true,
	fields: [
		...fromToDates('Documents of orders from this date', 'Documents of orders up to this date'),
		field(
			{
				displayName: 'Document Type',
				name: 'docType',
				type: 'options',
				options: [{ name: 'Summary of Orders', value: 0, description: 'One document listing the orders and their shipments' }],
				default: 0,
				required: true,
				description: 'Which document to get (Cargus documents only the summary)',
			},
			{ rule: 'count', to: toQuery('docType') },
		),
		fileOptions,
	],
	output: base64File(function (this: IExecuteSingleFunctions) {
		return `order-documents-${day(this, 'fromDate')}-to-${day(this, 'toDate')}.pdf`;
	}),
});
