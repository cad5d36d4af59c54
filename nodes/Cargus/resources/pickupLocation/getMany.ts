import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { optionsField } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { oneItemPerElement } from '../../shared/output';
import { sendWithToken } from '../../shared/send';
import { yesNo } from '../../shared/values';

/** Inactive locations are only in the client's full list. */
async function listAskedFor(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (yesNo(this.getNodeParameter('options.includeInactive', false), false)) options.url = '/api/PickupLocations/GetForClient';
	return options;
}

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many pickup locations',
	subtitle: 'Get pickup locations',
	description: 'Your pickup locations (the addresses Cargus collects parcels from, and your Ship & Go drop-off points) with their Location IDs and addresses; one item per location',
	method: 'GET',
	url: '/api/PickupLocations',
	send: sendWithToken,
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
	preSend: [listAskedFor],
	output: oneItemPerElement,
});
