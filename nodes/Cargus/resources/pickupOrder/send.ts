import { addressFields, addressToBody, dateField } from '../../shared/fields';
import { date, dateRange, integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const send = operation({
	name: 'Send',
	value: 'send',
	action: 'Send a pickup order',
	description: 'Ask Cargus to pick up parcels and envelopes from a location',
	method: 'POST',
	url: '/api/Orders',
	send: sendWithToken,
	preSend: [
		addressToBody,
		date({ parameter: 'pickupStartDate', label: 'Pickup Start', to: 'body', property: 'PickupStartDate' }),
		date({ parameter: 'pickupEndDate', label: 'Pickup End', to: 'body', property: 'PickupEndDate' }),
		dateRange({ parameter: 'pickupStartDate', label: 'Pickup Start' }, { parameter: 'pickupEndDate', label: 'Pickup End' }),
		integer({ parameter: 'parcels', label: 'Parcels', to: 'body', property: 'Parcels' }),
		integer({ parameter: 'envelopes', label: 'Envelopes', to: 'body', property: 'Envelopes' }),
		integer({ parameter: 'totalWeight', label: 'Total Weight', to: 'body', property: 'TotalWeight' }),
	],
	output: valueAs('OrderId', 'number'),
});

export const sendFields = forOperation('pickupOrder', 'send', [
	dateField('pickupStartDate', 'Pickup Start', 'Earliest time the courier may come'),
	dateField('pickupEndDate', 'Pickup End', 'Latest time the courier may come'),
	{ displayName: 'Parcels', name: 'parcels', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'Number of parcels to pick up' },
	{ displayName: 'Envelopes', name: 'envelopes', type: 'number', typeOptions: { minValue: 0 }, default: 0, required: true, description: 'Number of envelopes to pick up' },
	{ displayName: 'Total Weight', name: 'totalWeight', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'Total weight in kilograms, a whole number' },
	{ ...addressFields, description: 'Where to pick up: usually just the Location ID of one of your pickup locations' },
]);
