import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { additionalFields, addressFields, addressToBody, automaticEodField, automaticEodToBody } from '../../shared/fields';
import { text } from '../../shared/input';
import { yesNo } from '../../shared/values';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const createCollectionPoint = operation({
	name: 'Create Collection Point',
	value: 'createCollectionPoint',
	action: 'Add a Ship & Go point as pickup location',
	description: 'Make a Cargus Ship & Go point one of your pickup locations, so you can drop parcels there (click & collect); gives its Location ID',
	method: 'POST',
	url: '/api/PickupLocations/PostClickCollect',
	send: sendWithToken,
	preSend: [
		addressToBody,
		text({ parameter: 'minihubId', label: 'Ship & Go Point ID', to: 'body', property: 'MinihubId' }),
		async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
			const body = options.body as IDataObject;
			body.Active = yesNo(this.getNodeParameter('active', true), true) ? 1 : 0;
			return options;
		},
		automaticEodToBody,
	],
	output: valueAs('LocationId', 'number'),
});

export const createCollectionPointFields = forOperation('pickupLocation', 'createCollectionPoint', [
	{
		displayName: 'Ship & Go Point ID',
		name: 'minihubId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '201',
		description: 'The Ship & Go point\'s ID (Cargus calls it MinihubId), from Cargus\' list of Ship & Go points',
	},
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the location can be used right away (sent as Active 1 or 0)',
	},
	addressFields,
	additionalFields([automaticEodField]),
]);
