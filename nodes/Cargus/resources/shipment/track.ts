import { toQuery } from '../../../shared/form/field';
import { barcodeListField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { sendInBatches } from '../../../shared/transport/send';
import { currentStatusFirst, simplifyField } from '../../../shared/cargus/trackingStatus';

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
