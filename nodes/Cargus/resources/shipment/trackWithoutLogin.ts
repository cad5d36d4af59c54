import { toQuery } from '../../shared/field';
import { barcodeField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';

export const trackWithoutLogin = operation({
	name: 'Track Without Login',
	value: 'trackWithoutLogin',
	action: 'Track a shipment without login',
	subtitle: 'Track, no login',
	description: 'The journey of one shipment (every scan, from pickup to delivery), with only the subscription key; one item per shipment',
	method: 'GET',
	url: '/api/NoAuth/GetAwbTrace',
	send: sendWithKeyOnly,
	isList: true,
	fields: [barcodeField(toQuery('barCode'))],
	output: oneItemPerElement,
});
