import { toQuery } from '../../../shared/form/field';
import { barcodeField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const deleteShipment = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a shipment (AWB)',
	subtitle: 'Delete AWB',
	description: 'Delete an AWB you created, before Cargus has scanned it (after its first checkpoint Cargus refuses); gives Deleted true',
	method: 'DELETE',
	url: '/api/Awbs',
	ask: askOnce,
	fields: [barcodeField(toQuery('barCode'), 'The barcode (AWB number) of the AWB to delete')],
	output: valueAs('Deleted', 'boolean'),
});
