import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { toQuery } from '../../../shared/form/field';
import { idField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneRecordWith, orFailWith } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a pickup order',
	subtitle: 'Get pickup order',
	description: 'Read one of your pickup orders: its status, times, parcels and address',
	method: 'GET',
	url: '/api/Orders/GetByOrderId',
	ask: askOnce,
	fields: [idField('orderId', 'Order ID', 'The OrderId that Pickup Order › Send gave', '1234567', toQuery('orderId'))],
	output: orFailWith(oneRecordWith('OrderId'), function (this: IExecuteSingleFunctions) {
		return `Cargus has no pickup order ${String(this.getNodeParameter('orderId'))}`;
	}),
});
