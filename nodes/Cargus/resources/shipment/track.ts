import { toQuery } from '../../../shared/form/field';
import { barcodeListField, simplifyField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { currentStatusFirst } from '../../../shared/run/currentStatus';
import { askInBatches } from '../../../shared/run/asking';
import { oneItemPerBarcode } from './tracking/everyBarcode';
import { trackOptionsField, withOrderAndRecipient } from './tracking/orderAndRecipient';

export const track = operation({
	name: 'Track',
	value: 'track',
	action: 'Track shipments',
	subtitle: 'Track shipments',
	description: 'The journey of one or more shipments: every scan from pickup to delivery; one item per barcode, in the order given, Found false for one Cargus does not know',
	method: 'GET',
	url: '/api/AwbTrace',
	ask: withOrderAndRecipient(oneItemPerBarcode(askInBatches('barCode'))),
	fields: [barcodeListField('barcodes', toQuery('barCode')), simplifyField, trackOptionsField],
	output: [oneItemPerElement, currentStatusFirst],
});
