import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendInBatches } from '../../shared/send';
import { currentStatusFirst, simplifyField } from '../../shared/trackingStatus';

export const track = operation({
	name: 'Track',
	value: 'track',
	action: 'Track shipments',
	description: 'The journey of one or more shipments: every scan from pickup to delivery; one item per shipment',
	method: 'GET',
	url: '/api/AwbTrace',
	send: sendInBatches('barCode'),
	preSend: [barcodes({ parameter: 'barcodes', label: 'Barcodes', to: 'query', property: 'barCode', list: true, batched: true })],
	output: [oneItemPerElement, currentStatusFirst],
});

export const trackFields = forOperation('shipment', 'track', [simplifyField]);
