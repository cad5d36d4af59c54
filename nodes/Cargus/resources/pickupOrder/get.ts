import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { idField } from '../../shared/fields';
import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneRecordWith, orFailWith } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a pickup order',
	description: 'Read one of your pickup orders: its status, times, parcels and address',
	method: 'GET',
	url: '/api/Orders/GetByOrderId',
	send: sendWithToken,
	preSend: [integer({ parameter: 'orderId', label: 'Order ID', to: 'query', property: 'orderId' })],
	output: orFailWith(oneRecordWith('OrderId'), function (this: IExecuteSingleFunctions) {
		return `Cargus has no pickup order ${String(this.getNodeParameter('orderId'))}`;
	}),
});

export const getFields = forOperation('pickupOrder', 'get', [
	idField('orderId', 'Order ID', 'The OrderId that Pickup Order › Send gave', '1234567'),
]);
