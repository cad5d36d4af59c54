import { barcodesField } from '../../shared/fields';
import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendInBatches } from '../../shared/send';

export const trackWithStatus = operation({
	name: 'Track With Status',
	value: 'trackWithStatus',
	action: 'Track shipments with order status',
	description: 'Tracking events of several shipments in one request, with OrderStatus and OrderLate; one item per shipment',
	method: 'GET',
	url: '/api/AwbTrace/GetAwbTraceOneRequest',
	send: sendInBatches('barCode'),
	preSend: [barcodes({ parameter: 'barcodes', label: 'Barcodes', to: 'query', property: 'barCode', list: true, batched: true })],
	output: oneItemPerElement,
});

export const trackWithStatusFields = forOperation('shipment', 'trackWithStatus', [barcodesField('barcodes', 'Barcodes', true, 'longer lists are traced 50 per request')]);
