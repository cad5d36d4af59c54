import { additionalFields, addressFields, addressToBody, automaticEodField, automaticEodToBody, idField } from '../../shared/fields';
import { integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update a pickup location',
	description: 'Change the address, contact or end-of-day time of one of your pickup locations',
	method: 'PUT',
	url: '/api/PickupLocations',
	send: sendWithToken,
	preSend: [
		addressToBody,
		integer({ parameter: 'locationId', label: 'Location ID', to: 'body', property: 'LocationId' }),
		automaticEodToBody,
	],
	output: valueAs('LocationId', 'number'),
});

export const updateFields = forOperation('pickupLocation', 'update', [
	idField('locationId', 'Location ID', 'ID of your pickup location to change', '1005962049'),
	{ ...addressFields, description: 'Only the fields you add are changed' },
	additionalFields([automaticEodField]),
]);
