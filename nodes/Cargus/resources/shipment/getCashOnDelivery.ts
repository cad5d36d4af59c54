import { field, toQuery } from '../../shared/field';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getCashOnDelivery = operation({
	name: 'Get Cash on Delivery',
	value: 'getCashOnDelivery',
	action: 'Get cash on delivery payments',
	subtitle: 'Cash on delivery',
	description: 'What Cargus collected from your customers and when it paid you back, for all shipments or one; one item per shipment',
	method: 'GET',
	url: '/api/CashAccount',
	send: sendWithToken,
	isList: true,
	fields: [
		field(
			{
				displayName: 'Barcode',
				name: 'barcode',
				type: 'string',
				default: '',
				placeholder: '804115458',
				description: 'Barcode (AWB number) of one shipment; leave empty for all records',
			},
			{ rule: 'barcode', to: toQuery('barCode') },
		),
	],
	output: oneItemPerElement,
});
