import { toQuery } from '../../../shared/form/field';
import { barcodeField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { askWithoutLogin } from '../../../shared/run/asking';
import { oneItemPerBarcode } from './tracking/everyBarcode';

export const trackWithoutLogin = operation({
	name: 'Track Without Login',
	value: 'trackWithoutLogin',
	action: 'Track a shipment without login',
	subtitle: 'Track, no login',
	description: 'The journey of one shipment (every scan, from pickup to delivery), with only the subscription key; Found false when Cargus does not know the barcode',
	method: 'GET',
	url: '/api/NoAuth/GetAwbTrace',
	ask: oneItemPerBarcode(askWithoutLogin),
	fields: [barcodeField(toQuery('barCode'))],
	output: oneItemPerElement,
});
