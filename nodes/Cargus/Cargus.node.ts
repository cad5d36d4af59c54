import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getCounties, getLocalities } from './methods/loadOptions';
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

const OPERATION_FIELDS: INodeProperties[] = [
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
];

// Lists: when Cargus finds nothing they output no item, which ends the workflow branch quietly.
const LIST_OPERATIONS = [
	'document.getOrderDocuments',
	'invoice.getMany',
	'locality.getMany',
	'locality.getManyWithoutLogin',
	'shipment.getCashOnDelivery',
	'shipment.track',
	'shipment.trackWithoutLogin',
	'shipment.trackWithStatus',
];

const OPERATION_KEY = '$parameter["resource"] + "." + $parameter["operation"]';

export class Cargus implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Cargus',
		name: 'cargus',
		icon: { light: 'file:cargus.svg', dark: 'file:cargus.dark.svg' },
		group: ['transform'],
		version: 1,
		// What the canvas shows under the node's name, by resource and operation (short, in the user's words).
		subtitle:
			'={{ {"account.logIn": "Get a login token", "cashReceipt.createList": "Record cash receipts", "complaint.save": "File a complaint", "document.getAwbPdf": "AWB labels (PDF)", "document.getOrderDocuments": "Order documents (PDF)", "invoice.getDocument": "Invoice print version", "invoice.getMany": "Get invoices", "invoice.getPdf": "Invoice PDF", "locality.getMany": "Get localities", "locality.getManyWithoutLogin": "Localities, no login", "pickupLocation.createCollectionPoint": "Add Ship & Go point", "pickupLocation.update": "Update pickup location", "pickupOrder.get": "Get pickup order", "pickupOrder.send": "Order a pickup", "returnAwb.create": "Create return label", "shipment.getCashOnDelivery": "Cash on delivery", "shipment.getStatus": "Shipment status", "shipment.track": "Track shipments", "shipment.trackWithoutLogin": "Track, no login", "shipment.trackWithStatus": "Track with status"}[$parameter["resource"] + "." + $parameter["operation"]] }}',
		description: 'Ship with Cargus (Romania): pickups, return AWBs, tracking, localities, invoices and documents',
		defaults: { name: 'Cargus' },
		usableAsTool: true,
		inputs: ONE_MAIN_CONNECTION,
		outputs: ONE_MAIN_CONNECTION,
		credentials: [{ name: 'cargusApi', required: true }],
		// No baseURL: every operation's sender takes it from the credential (send.ts), where an expression
		// here would be evaluated twice for every item.
		requestDefaults: {
			headers: { Accept: 'application/json' },
			json: true,
		},
		hints: [
			{
				message: 'When Cargus finds nothing, this node outputs no item and the next nodes do not run. To go on anyway, turn on Always Output Data in the node\'s Settings.',
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
				displayCondition: `={{ ${JSON.stringify(LIST_OPERATIONS)}.includes(${OPERATION_KEY}) }}`,
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
			...OPERATION_FIELDS,
		]),
	};

	methods = { loadOptions: { getCounties, getLocalities } };
}
