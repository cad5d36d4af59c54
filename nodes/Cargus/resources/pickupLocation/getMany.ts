import { optionsField } from '../../../shared/form/fields';
import { operation, otherPathWhen } from '../../../shared/run/operation';
import { oneItemPerElement } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many pickup locations',
	subtitle: 'Get pickup locations',
	description: 'Your pickup locations (the addresses Cargus collects parcels from, and your Ship & Go drop-off points) with their Location IDs and addresses; one item per location',
	method: 'GET',
	url: '/api/PickupLocations',
	ask: askOnce,
	isList: true,
	fields: [
		optionsField([
			{
				displayName: 'Include Inactive',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to list every location of your company, inactive ones too, instead of the active ones of this user',
			},
		]),
	],
	// Inactive locations are only in the company's full list.
	preSend: [otherPathWhen('options.includeInactive', true, '/api/PickupLocations/GetForClient')],
	output: oneItemPerElement,
});
