import { asCargusWallClock } from '../../../shared/values/cargusDate';
import { toQuery } from '../../../shared/form/field';
import { dateField, pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const launch = operation({
	name: 'Launch',
	value: 'launch',
	action: 'Launch the day\'s pickup at a location',
	subtitle: 'Launch pickup',
	description: 'Close the day at one of your pickup locations: the AWBs created there since the last pickup go to a courier who comes between the two times; gives the pickup order\'s ID',
	method: 'PUT',
	url: '/api/Orders',
	request: { qs: { action: 1 } },
	ask: askOnce,
	fields: [
		pickupLocationField('locationId', 'Your pickup location whose AWBs the courier collects', toQuery('locationId')),
		dateField('pickupStartDate', 'Pickup Start', 'Earliest time the courier may come', toQuery('PickupStartDate', asCargusWallClock)),
		dateField('pickupEndDate', 'Pickup End', 'Latest time the courier may come', toQuery('PickupEndDate', asCargusWallClock), 'pickupStartDate', true),
	],
	output: valueAs('OrderId', 'number'),
});
