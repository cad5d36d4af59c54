import { toQuery } from '../../shared/field';
import { barcodeListField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendInBatches } from '../../shared/send';
import { currentStatusFirst, simplifyField } from '../../shared/trackingStatus';

export const track = operation({
	name: 'Track',
	value: 'track',
	action: 'Track shipments',
	subtitle: 'Track shipments',
	description: 'The journey of one or more shipments: every scan from pickup to delivery; one item per shipment',
	method: 'GET',
	url: '/api/AwbTrace',
	send: sendInBatches('barCode'),
	isList: true,
	fields: [barcodeListField('barcodes', toQuery('barCode')), simplifyField],
	output: [oneItemPerElement, currentStatusFirst],
});
