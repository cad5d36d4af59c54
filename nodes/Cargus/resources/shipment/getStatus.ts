import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { toQuery } from '../../../shared/form/field';
import { barcodeField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneRecordWith, orFailWith } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const getStatus = operation({
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of a shipment',
	subtitle: 'Shipment status',
	description: 'Where one shipment stands: its status, who confirmed delivery, and the cash-on-delivery payment',
	method: 'GET',
	url: '/api/AwbStatus/GetAwbSyncStatusByBarCode',
	ask: askOnce,
	fields: [barcodeField(toQuery('barCode'))],
	output: orFailWith(oneRecordWith('BarCode'), function (this: IExecuteSingleFunctions) {
		return `Cargus has no shipment ${String(this.getNodeParameter('barcode')).trim()}`;
	}),
});
