import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { toQuery } from '../../../shared/form/field';
import { barcodeField, findByField, idField, onlyWhenFoundBy } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneItemPerElement, orFailWith } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

const BY_BARCODE = 'barcode';
const BY_ORDER = 'pickupOrder';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a shipment (AWB)',
	subtitle: 'Get AWB',
	description: 'The AWB record of one of your shipments (recipient, pieces, service, amounts, order reference, status), by barcode, or those of one pickup order; one item per AWB',
	method: 'GET',
	url: '/api/Awbs',
	ask: askOnce,
	fields: [
		findByField([
			{ name: 'Barcode', value: BY_BARCODE, description: 'One AWB by its barcode' },
			{ name: 'Pickup Order', value: BY_ORDER, description: 'The AWBs of one pickup order' },
		]),
		{ ...barcodeField(toQuery('barCode')), ...onlyWhenFoundBy(BY_BARCODE) },
		{ ...idField('orderId', 'Pickup Order ID', 'The pickup order whose AWBs to get', '5500100', toQuery('orderId')), ...onlyWhenFoundBy(BY_ORDER) },
	],
	output: orFailWith(oneItemPerElement, function (this: IExecuteSingleFunctions) {
		return String(this.getNodeParameter('findBy', BY_BARCODE)) === BY_ORDER
			? `Cargus has no AWB of yours in pickup order ${String(this.getNodeParameter('orderId', '')).trim()}`
			: `Cargus has no AWB of yours with barcode ${String(this.getNodeParameter('barcode', '')).trim()}`;
	}),
});
