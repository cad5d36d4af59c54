import { barcodesField } from '../../shared/fields';
import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendInBatches } from '../../shared/send';

export const track = operation({
	name: 'Track',
	value: 'track',
	action: 'Track shipments',
	description: 'Tracking events of one or more shipments; one item per shipment, no item when Cargus has none',
	method: 'GET',
	url: '/api/AwbTrace',
	send: sendInBatches('barCode'),
	preSend: [barcodes({ parameter: 'barcodes', label: 'Barcodes', to: 'query', property: 'barCode', list: true, batched: true })],
	output: oneItemPerElement,
});

export const trackFields = forOperation('shipment', 'track', [barcodesField('barcodes', 'Barcodes', true, 'longer lists are traced 50 per request')]);
