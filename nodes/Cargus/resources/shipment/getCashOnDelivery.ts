import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getCashOnDelivery = operation({
	name: 'Get Cash on Delivery',
	value: 'getCashOnDelivery',
	action: 'Get cash on delivery payments',
	description: 'What Cargus collected from your customers and when it paid you back, for all shipments or one; one item per shipment',
	method: 'GET',
	url: '/api/CashAccount',
	send: sendWithToken,
	preSend: [barcodes({ parameter: 'barcode', label: 'Barcode', to: 'query', property: 'barCode', list: false, optional: true })],
	output: oneItemPerElement,
});

export const getCashOnDeliveryFields = forOperation('shipment', 'getCashOnDelivery', [
	{
		displayName: 'Barcode',
		name: 'barcode',
		type: 'string',
		default: '',
		placeholder: '804115458',
		description: 'Barcode (AWB number) of one shipment; leave empty for all records',
	},
]);
