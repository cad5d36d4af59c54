import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { field, toQuery } from '../../shared/field';
import { dateField, fileOptions } from '../../shared/fields';
import { dateOf, dateRange } from '../../shared/input';
import { operation } from '../../shared/operation';
import { base64File } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

function day(context: IExecuteSingleFunctions, parameter: string): string {
	return dateOf(context.getNodeParameter(parameter), context.getTimezone())?.toFormat('yyyy-MM-dd') ?? 'date';
}

const from = dateField('fromDate', 'From', 'Documents of orders from this date', toQuery('FromDate'));
const to = dateField('toDate', 'To', 'Documents of orders up to this date', toQuery('ToDate'));

export const getOrderDocuments = operation({
	name: 'Get Order Documents',
	value: 'getOrderDocuments',
	action: 'Get pickup order documents',
	subtitle: 'Order documents (PDF)',
	description: 'The summary document of your pickup orders between two dates, as one PDF file; no item when there were none',
	method: 'GET',
	url: '/api/OrderDocuments/GetByDate',
	send: sendWithToken,
	isList: true,
	fields: [
		from,
		to,
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
	preSend: [dateRange(from, to)],
	output: base64File(function (this: IExecuteSingleFunctions) {
		return `order-documents-${day(this, 'fromDate')}-to-${day(this, 'toDate')}.pdf`;
	}),
});
