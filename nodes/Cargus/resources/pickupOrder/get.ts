import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneRecordWith } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a pickup order',
	description: 'Read a pickup order by its ID; gives no item when there is no such order',
	method: 'GET',
	url: '/api/Orders/GetByOrderId',
	send: sendWithToken,
	preSend: [integer({ parameter: 'orderId', label: 'Order ID', to: 'query', property: 'orderId' })],
	output: oneRecordWith('OrderId'),
});

export const getFields = forOperation('pickupOrder', 'get', [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'number',
		default: 0,
		required: true,
		description: 'The OrderId that Send returned',
	},
]);
