import { field, toBody } from '../../../shared/form/field';
import { additionalFields, barcodeField, pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askWithoutLogin } from '../../../shared/run/asking';

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create a return label for a shipment',
	subtitle: 'Create return label',
	description: 'Get a return AWB so your customer can send a shipment back; outputs the return barcode',
	method: 'POST',
	url: '/api/NoAuth/GenerateRwb',
	ask: askWithoutLogin,
	fields: [
		barcodeField(toBody('Barcode'), 'Barcode (AWB number) of the shipment to return'),
		additionalFields([
			field({ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Your Cargus client number, if Cargus gave you one' }, { rule: 'id', to: toBody('ClientId') }),
			field({ displayName: 'Has Contract', name: 'hasContract', type: 'boolean', default: true, description: 'Whether the sender has a contract with Cargus' }, { to: toBody('HasContract') }),
			field({ displayName: 'Is Marketplace', name: 'isMarketplace', type: 'boolean', default: false, description: 'Whether the shipment was sold through a marketplace' }, { to: toBody('IsMarketplace') }),
			field({ displayName: 'Return Code Expiration Days', name: 'returnCodeExpirationDays', type: 'number', default: 30, description: 'How many days the return code stays valid' }, { rule: 'days', to: toBody('ReturnCodeExpirationDays') }),
			pickupLocationField('senderLocationId', 'Your pickup location the return goes back to', toBody('SenderLocationId'), false, 'Return to Location Name or ID'),
			field({ displayName: 'User ID', name: 'userId', type: 'string', default: '', description: 'Your Cargus user number, if Cargus gave you one' }, { rule: 'id', to: toBody('UserId') }),
		]),
	],
	output: valueAs('ReturnBarcode', 'barcode'),
});
