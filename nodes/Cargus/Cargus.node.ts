import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { account } from './resources/account';
import { cashReceipt } from './resources/cashReceipt';
import { complaint } from './resources/complaint';
import { document } from './resources/document';
import { invoice } from './resources/invoice';
import { locality } from './resources/locality';
import { pickupLocation } from './resources/pickupLocation';
import { pickupOrder } from './resources/pickupOrder';
import { returnAwb } from './resources/returnAwb';
import { shipment } from './resources/shipment';
import { withInputChecks } from './shared/checks';

const ONE_MAIN_CONNECTION = [NodeConnectionTypes.Main];

const OPERATIONS_THAT_MAY_FIND_NOTHING = [
	'get',
	'getAwbPdf',
	'getCashOnDelivery',
	'getDocument',
	'getMany',
	'getManyWithoutLogin',
	'getOrderDocuments',
	'getPdf',
	'getStatus',
	'track',
	'trackWithoutLogin',
	'trackWithStatus',
];

export class Cargus implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Cargus',
		name: 'cargus',
		icon: { light: 'file:cargus.svg', dark: 'file:cargus.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Ship with Cargus (Romania): pickups, return AWBs, tracking, localities, invoices and documents',
		defaults: { name: 'Cargus' },
		usableAsTool: true,
		inputs: ONE_MAIN_CONNECTION,
		outputs: ONE_MAIN_CONNECTION,
		credentials: [{ name: 'cargusApi', required: true }],
		requestDefaults: {
			baseURL: '={{ $credentials.environment === "custom" ? $credentials.baseUrl.replace(/\\/+$/, "") : $credentials.environment }}',
			headers: { Accept: 'application/json' },
			json: true,
		},
		hints: [
			{
				message: 'When Cargus has nothing to return (HTTP 204) this operation outputs no item. Turn on Settings › Always Output Data to continue the workflow anyway.',
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
				displayCondition: `={{ ${JSON.stringify(OPERATIONS_THAT_MAY_FIND_NOTHING)}.includes($parameter["operation"]) }}`,
			},
		],
		properties: withInputChecks([
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Cash Receipt', value: 'cashReceipt' },
					{ name: 'Complaint', value: 'complaint' },
					{ name: 'Document', value: 'document' },
					{ name: 'Invoice', value: 'invoice' },
					{ name: 'Locality', value: 'locality' },
					{ name: 'Pickup Location', value: 'pickupLocation' },
					{ name: 'Pickup Order', value: 'pickupOrder' },
					{ name: 'Return AWB', value: 'returnAwb' },
					{ name: 'Shipment', value: 'shipment' },
				],
				default: 'shipment',
			},
			...account,
			...cashReceipt,
			...complaint,
			...document,
			...invoice,
			...locality,
			...pickupLocation,
			...pickupOrder,
			...returnAwb,
			...shipment,
		]),
	};
}
