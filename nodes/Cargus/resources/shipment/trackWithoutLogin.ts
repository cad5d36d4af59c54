import { barcodes } from '../../shared/input';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';

export const trackWithoutLogin = operation({
	name: 'Track Without Login',
	value: 'trackWithoutLogin',
	action: 'Track a shipment without login',
	description: 'The journey of one shipment (every scan, from pickup to delivery), with only the subscription key; one item per shipment',
	method: 'GET',
	url: '/api/NoAuth/GetAwbTrace',
	send: sendWithKeyOnly,
	preSend: [barcodes({ parameter: 'barcode', label: 'Barcode', to: 'query', property: 'barCode', list: false })],
	output: oneItemPerElement,
});
