import { asCargusWallClock } from '../../../shared/values/cargusDate';
import { field, toBody } from '../../../shared/form/field';
import { addressField, dateField, pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const send = operation({
	name: 'Send',
	value: 'send',
	action: 'Order a courier pickup',
	subtitle: 'Order a pickup',
	description: 'Ask Cargus to send a courier to one of your pickup locations for parcels and envelopes; gives the new order\'s ID',
	method: 'POST',
	url: '/api/Orders',
	ask: askOnce,
	fields: [
		pickupLocationField('locationId', 'Your pickup location the courier comes to (Cargus calls it LocationId)', toBody('LocationId')),
		dateField('pickupStartDate', 'Pickup Start', 'Earliest time the courier may come', toBody('PickupStartDate', asCargusWallClock)),
		dateField('pickupEndDate', 'Pickup End', 'Latest time the courier may come', toBody('PickupEndDate', asCargusWallClock), 'pickupStartDate', true),
		field({ displayName: 'Parcels', name: 'parcels', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'Number of parcels to pick up' }, { rule: 'count', to: toBody('Parcels') }),
		field({ displayName: 'Envelopes', name: 'envelopes', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Number of envelopes to pick up, 0 if none' }, { rule: 'count', to: toBody('Envelopes') }),
		field({ displayName: 'Total Weight (Kg)', name: 'totalWeight', type: 'number', typeOptions: { minValue: 0 }, default: null, required: true, placeholder: '3', description: 'Weight of all parcels together, in whole kilograms' }, { rule: 'count', to: toBody('TotalWeight') }),
		addressField('Only to have the courier come to another address than the pickup location\'s'),
	],
	output: valueAs('OrderId', 'number'),
});
