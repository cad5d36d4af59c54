import type { IExecuteSingleFunctions, IHttpRequestOptions, IDataObject } from 'n8n-workflow';

import { additionalFields } from '../../shared/fields';
import { barcodes, integer } from '../../shared/input';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendWithKeyOnly } from '../../shared/send';
import { yesNo } from '../../shared/values';

const flags = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const body = { ...((options.body as IDataObject | undefined) ?? {}) };
	if (additional.hasContract !== undefined) body.HasContract = yesNo(additional.hasContract, true);
	if (additional.isMarketplace !== undefined) body.IsMarketplace = yesNo(additional.isMarketplace, false);
	options.body = body;
	return options;
};

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create a return label for a shipment',
	description: 'Get a return AWB so your customer can send a shipment back; outputs the return barcode',
	method: 'POST',
	url: '/api/NoAuth/GenerateRwb',
	send: sendWithKeyOnly,
	preSend: [
		barcodes({ parameter: 'barcode', label: 'Barcode', to: 'body', property: 'Barcode', list: false }),
		integer({ parameter: 'additionalFields.clientId', label: 'Client ID', to: 'body', property: 'ClientId', optional: true }),
		integer({ parameter: 'additionalFields.userId', label: 'User ID', to: 'body', property: 'UserId', optional: true }),
		integer({ parameter: 'additionalFields.returnCodeExpirationDays', label: 'Return Code Expiration Days', to: 'body', property: 'ReturnCodeExpirationDays', optional: true }),
		integer({ parameter: 'additionalFields.senderLocationId', label: 'Return to Location ID', to: 'body', property: 'SenderLocationId', optional: true }),
		flags,
	],
	output: valueAs('ReturnBarcode', 'barcode'),
});

export const createFields = forOperation('returnAwb', 'create', [
	{
		displayName: 'Barcode',
		name: 'barcode',
		type: 'string',
		default: '',
		required: true,
		placeholder: '804115458',
		description: 'Barcode (AWB number) of the shipment to return',
	},
	additionalFields([
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', description: 'Your Cargus client number, if Cargus gave you one' },
		{ displayName: 'Has Contract', name: 'hasContract', type: 'boolean', default: true, description: 'Whether the sender has a contract with Cargus' },
		{ displayName: 'Is Marketplace', name: 'isMarketplace', type: 'boolean', default: false, description: 'Whether the shipment was sold through a marketplace' },
		{ displayName: 'Return Code Expiration Days', name: 'returnCodeExpirationDays', type: 'number', default: 30, description: 'How many days the return code stays valid' },
		{ displayName: 'Return to Location ID', name: 'senderLocationId', type: 'string', default: '', description: 'ID of your pickup location the return goes back to' },
		{ displayName: 'User ID', name: 'userId', type: 'string', default: '', description: 'Your Cargus user number, if Cargus gave you one' },
	]),
]);
