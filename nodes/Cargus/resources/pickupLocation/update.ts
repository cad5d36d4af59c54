import { toBody } from '../../../shared/form/field';
import { additionalFields, addressField, automaticEodField, automaticEodToBody, pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update a pickup location',
	subtitle: 'Update pickup location',
	description: 'Change the address, contact or end-of-day time of one of your pickup locations',
	method: 'PUT',
	url: '/api/PickupLocations',
	ask: askOnce,
	fields: [
		pickupLocationField('locationId', 'Your pickup location to change', toBody('LocationId')),
		addressField('Only the fields you add are changed'),
		additionalFields([automaticEodField]),
	],
	preSend: [automaticEodToBody],
	output: valueAs('LocationId', 'number'),
});
