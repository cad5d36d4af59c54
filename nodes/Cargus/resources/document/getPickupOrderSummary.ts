import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { toQuery } from '../../../shared/form/field';
import { fileOptions, idField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { base64File, orFailWith } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

function orderIdOf(context: IExecuteSingleFunctions): string {
	return String(context.getNodeParameter('orderId')).trim();
}

export const getPickupOrderSummary = operation({
	name: 'Get Pickup Order Summary',
	value: 'getPickupOrderSummary',
	action: 'Get a pickup order\'s summary PDF',
	subtitle: 'Pickup order summary',
	description: 'The summary document (borderou) of one pickup order, with the AWBs the courier collects, as a PDF file (pickup-order-ID.pdf)',
	method: 'GET',
	url: '/api/OrderDocuments',
	// Only the summary exists (docType 0), as the shop plugins ask for it.
	request: { qs: { docType: 0 } },
	ask: askOnce,
	fields: [
		idField('orderId', 'Order ID', 'The pickup order\'s OrderId, as Pickup Order › Launch, › Send or › Get Many output it', '1234567', toQuery('orderId')),
		fileOptions,
	],
	output: orFailWith(
		base64File(function (this: IExecuteSingleFunctions) {
			return `pickup-order-${orderIdOf(this)}.pdf`;
		}),
		function (this: IExecuteSingleFunctions) {
			return `Cargus has no pickup order ${orderIdOf(this)}`;
		},
	),
});
