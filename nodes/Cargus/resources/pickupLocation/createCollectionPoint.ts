import { field, oneOrZero, toBody } from '../../../shared/form/field';
import { additionalFields, addressField, automaticEodField, automaticEodToBody } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askOnce } from '../../../shared/run/asking';

export const createCollectionPoint = operation({
	name: 'Create Collection Point',
	value: 'createCollectionPoint',
	action: 'Add a Ship & Go point as pickup location',
	subtitle: 'Add Ship & Go point',
	description: 'Make a Cargus Ship & Go point one of your pickup locations, so you can drop parcels there (click & collect); gives its Location ID',
	method: 'POST',
	url: '/api/PickupLocations/PostClickCollect',
	ask: askOnce,
	fields: [
		field(
			{
				displayName: 'Ship & Go Point ID',
				name: 'minihubId',
				type: 'string',
				default: '',
				required: true,
				placeholder: '201',
				description: 'The Ship & Go point\'s ID (Cargus calls it MinihubId), from Cargus\' list of Ship & Go points',
			},
			{ to: toBody('MinihubId') },
		),
		field(
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether the location can be used right away (sent as Active 1 or 0)',
			},
			{ to: toBody('Active', oneOrZero) },
		),
		addressField(),
		additionalFields([automaticEodField]),
	],
	preSend: [automaticEodToBody],
	output: valueAs('LocationId', 'number'),
});
