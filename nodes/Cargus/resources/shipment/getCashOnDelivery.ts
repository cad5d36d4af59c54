import { toQuery } from '../../../shared/form/field';
import { barcodeField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const getCashOnDelivery = operation({
	name: 'Get Cash on Delivery',
	value: 'getCashOnDelivery',
	action: 'Get cash on delivery payments',
	subtitle: 'Cash on delivery',
	description: 'What Cargus collected from your customers and when it paid you back, for all shipments or one; one item per shipment',
	method: 'GET',
	url: '/api/CashAccount',
	ask: askOnce,
	isList: true,
	fields: [barcodeField(toQuery('barCode'), 'Barcode (AWB number) of one shipment; leave empty for all records', false)],
	output: oneItemPerElement,
});
