import { addressFields, addressToBody, dateField, idField } from '../../shared/fields';
import { date, dateRange, integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const send = operation({
	name: 'Send',
	value: 'send',
	action: 'Order a courier pickup',
	description: 'Ask Cargus to send a courier to one of your pickup locations for parcels and envelopes; gives the new order\'s ID',
	method: 'POST',
	url: '/api/Orders',
	send: sendWithToken,
	preSend: [
		addressToBody,
		integer({ parameter: 'locationId', label: 'Pickup Location ID', to: 'body', property: 'LocationId' }),
		date({ parameter: 'pickupStartDate', label: 'Pickup Start', to: 'body', property: 'PickupStartDate' }),
		date({ parameter: 'pickupEndDate', label: 'Pickup End', to: 'body', property: 'PickupEndDate' }),
		dateRange({ parameter: 'pickupStartDate', label: 'Pickup Start' }, { parameter: 'pickupEndDate', label: 'Pickup End' }),
		integer({ parameter: 'parcels', label: 'Parcels', to: 'body', property: 'Parcels' }),
		integer({ parameter: 'envelopes', label: 'Envelopes', to: 'body', property: 'Envelopes' }),
		integer({ parameter: 'totalWeight', label: 'Total Weight (Kg)', to: 'body', property: 'TotalWeight' }),
	],
	output: valueAs('OrderId', 'number'),
});

export const sendFields = forOperation('pickupOrder', 'send', [
	idField('locationId', 'Pickup Location ID', 'ID of your pickup location the courier comes to (Cargus calls it LocationId)', '1005962049'),
	dateField('pickupStartDate', 'Pickup Start', 'Earliest time the courier may come'),
	dateField('pickupEndDate', 'Pickup End', 'Latest time the courier may come'),
	{ displayName: 'Parcels', name: 'parcels', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'Number of parcels to pick up' },
	{ displayName: 'Envelopes', name: 'envelopes', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Number of envelopes to pick up, 0 if none' },
	{ displayName: 'Total Weight (Kg)', name: 'totalWeight', type: 'number', typeOptions: { minValue: 0 }, default: null, required: true, placeholder: '3', description: 'Weight of all parcels together, in whole kilograms' },
	{ ...addressFields, description: 'Only to have the courier come to another address than the pickup location\'s' },
]);
