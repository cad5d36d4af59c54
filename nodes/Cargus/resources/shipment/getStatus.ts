import { barcodesField } from '../../shared/fields';
import { barcodes } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { oneRecordWith } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const getStatus = operation({
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of a shipment',
	description: 'Status, delivery confirmation and cash-on-delivery repayment of one shipment',
	method: 'GET',
	url: '/api/AwbStatus/GetAwbSyncStatusByBarCode',
	send: sendWithToken,
	preSend: [barcodes({ parameter: 'barcode', label: 'Barcode', to: 'query', property: 'barCode', list: false })],
	output: oneRecordWith('BarCode'),
});

export const getStatusFields = forOperation('shipment', 'getStatus', [barcodesField('barcode', 'Barcode', false)]);
