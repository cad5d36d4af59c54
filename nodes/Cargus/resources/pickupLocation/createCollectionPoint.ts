import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { additionalFields, addressFields, addressToBody, automaticEodField } from '../../shared/fields';
import { text } from '../../shared/input';
import { yesNo } from '../../shared/values';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithToken } from '../../shared/send';

export const createCollectionPoint = operation({
	name: 'Create Collection Point',
	value: 'createCollectionPoint',
	action: 'Create a collection point pickup location',
	description: 'Create a pickup location at a Ship & Go collection point (click & collect)',
	method: 'POST',
	url: '/api/PickupLocations/PostClickCollect',
	send: sendWithToken,
	preSend: [
		addressToBody,
		text({ parameter: 'minihubId', label: 'Minihub ID', to: 'body', property: 'MinihubId' }),
		async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
			const body = options.body as IDataObject;
			body.Active = yesNo(this.getNodeParameter('active', true), true) ? 1 : 0;
			return options;
		},
		text({ parameter: 'additionalFields.automaticEod', label: 'Automatic EOD', to: 'body', property: 'AutomaticEOD', optional: true }),
	],
	output: valueAs('LocationId', 'number'),
});

export const createCollectionPointFields = forOperation('pickupLocation', 'createCollectionPoint', [
	{
		displayName: 'Minihub ID',
		name: 'minihubId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the Ship & Go point (minihub) that becomes the collection point',
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
