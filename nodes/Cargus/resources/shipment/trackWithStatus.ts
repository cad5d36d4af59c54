import { toQuery } from '../../../shared/form/field';
import { barcodeListField, simplifyField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { currentStatusFirst } from '../../../shared/run/currentStatus';
import { askInBatches } from '../../../shared/run/asking';
import { oneItemPerBarcode } from './tracking/everyBarcode';
import { trackOptionsField, withOrderAndRecipient } from './tracking/orderAndRecipient';

export const trackWithStatus = operation({
	name: 'Track With Status',
	value: 'trackWithStatus',
	action: 'Track shipments and see if they are late',
	subtitle: 'Track with status',
	description: 'The journey of one or more shipments, plus their order status and whether they are late; one item per barcode, in the order given, Found false for one Cargus does not know',
	method: 'GET',
	url: '/api/AwbTrace/GetAwbTraceOneRequest',
	ask: withOrderAndRecipient(oneItemPerBarcode(askInBatches('barCode'))),
	fields: [barcodeListField('barcodes', toQuery('barCode')), simplifyField, trackOptionsField],
	output: [oneItemPerElement, currentStatusFirst],
});
