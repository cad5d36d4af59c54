import { toQuery } from '../../../shared/form/field';
import { barcodeListField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { sendInBatches } from '../../../shared/transport/send';
import { currentStatusFirst, simplifyField } from '../../../shared/cargus/trackingStatus';

export const trackWithStatus = operation({
	name: 'Track With Status',
	value: 'trackWithStatus',
	action: 'Track shipments and see if they are late',
	subtitle: 'Track with status',
	description: 'The journey of one or more shipments, plus their order status and whether they are late; one item per shipment',
	method: 'GET',
	url: '/api/AwbTrace/GetAwbTraceOneRequest',
	send: sendInBatches('barCode'),
	isList: true,
	fields: [barcodeListField('barcodes', toQuery('barCode')), simplifyField],
	output: [oneItemPerElement, currentStatusFirst],
});
