import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendInBatches } from '../../shared/send';
import { currentStatusFirst, simplifyField } from '../../shared/trackingStatus';

export const trackWithStatus = operation({
	name: 'Track With Status',
	value: 'trackWithStatus',
	action: 'Track shipments and see if they are late',
	description: 'The journey of one or more shipments, plus their order status and whether they are late; one item per shipment',
	method: 'GET',
	url: '/api/AwbTrace/GetAwbTraceOneRequest',
	send: sendInBatches('barCode'),
	preSend: [barcodes({ parameter: 'barcodes', label: 'Barcodes', to: 'query', property: 'barCode', list: true, batched: true })],
	output: [oneItemPerElement, currentStatusFirst],
});

export const trackWithStatusFields = forOperation('shipment', 'trackWithStatus', [simplifyField]);
