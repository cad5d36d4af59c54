import { additionalFields, addressFields, addressToBody, automaticEodField } from '../../shared/fields';
import { integer, text } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update a pickup location',
	description: 'Change the address or contact of one of your pickup locations',
	method: 'PUT',
	url: '/api/PickupLocations',
	send: sendWithToken,
	preSend: [
		addressToBody,
		integer({ parameter: 'locationId', label: 'Location ID', to: 'body', property: 'LocationId' }),
		text({ parameter: 'additionalFields.automaticEod', label: 'Automatic EOD', to: 'body', property: 'AutomaticEOD', optional: true }),
	],
	output: valueAs('LocationId', 'number'),
});

export const updateFields = forOperation('pickupLocation', 'update', [
	{
		displayName: 'Location ID',
		name: 'locationId',
		type: 'number',
		default: 0,
		required: true,
		description: 'ID of the pickup location to change',
	},
	{ ...addressFields, options: addressFields.options?.filter((option) => option.name !== 'LocationId') },
	additionalFields([automaticEodField]),
]);
