import { toQuery } from '../../shared/field';
import { barcodeField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const deleteShipment = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a shipment (AWB)',
	subtitle: 'Delete AWB',
	description: 'Delete an AWB you created, before Cargus has scanned it (after its first checkpoint Cargus refuses); gives Deleted true',
	method: 'DELETE',
	url: '/api/Awbs',
	send: sendWithToken,
	fields: [barcodeField(toQuery('barCode'), 'The barcode (AWB number) of the AWB to delete')],
	output: valueAs('Deleted', 'boolean'),
});
