import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { refuse } from './input';
import { isBlank } from './values';

// AddressFields of the interface, shared by pickup locations and pickup orders.
const ADDRESS_FIELDS: INodeProperties[] = [
	{ displayName: 'Address Text', name: 'AddressText', type: 'string', default: '', description: 'Free-text address details (block, floor, apartment)' },
	{ displayName: 'Building Number', name: 'BuildingNumber', type: 'string', default: '' },
	{ displayName: 'Cod Postal', name: 'CodPostal', type: 'string', default: '', description: 'Romanian postal code (the service\'s "CodPostal" field)' },
	{ displayName: 'Contact Person', name: 'ContactPerson', type: 'string', default: '' },
	{ displayName: 'Country ID', name: 'CountryId', type: 'number', default: 1, description: 'Cargus country ID; Romania is 1' },
	{ displayName: 'County ID', name: 'CountyId', type: 'number', default: 0, description: 'Cargus county ID, e.g. 44 Bucuresti, 27 Ilfov, 15 Cluj' },
	{ displayName: 'County Name', name: 'CountyName', type: 'string', default: '' },
	{ displayName: 'Email', name: 'Email', type: 'string', placeholder: 'name@email.com', default: '' },
	{ displayName: 'Locality ID', name: 'LocalityId', type: 'number', default: 0, description: 'Cargus locality ID, from Locality › Get Many' },
	{ displayName: 'Locality Name', name: 'LocalityName', type: 'string', default: '' },
	{ displayName: 'Location ID', name: 'LocationId', type: 'number', default: 0, description: 'ID of an existing pickup location of your account' },
	{ displayName: 'Name', name: 'Name', type: 'string', default: '', description: 'Name of the location, e.g. the shop or warehouse' },
	{ displayName: 'Phone Number', name: 'PhoneNumber', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'PostalCode', type: 'string', default: '', description: 'Postal code (the service\'s "PostalCode" field); fill either this or Cod Postal' },
	{ displayName: 'Street ID', name: 'StreetId', type: 'number', default: 0 },
	{ displayName: 'Street Name', name: 'StreetName', type: 'string', default: '' },
];

/** The address of a pickup location or pickup order, defined once. */
export const addressFields: INodeProperties = {
	displayName: 'Address',
	name: 'address',
	type: 'collection',
	placeholder: 'Add Address Field',
	default: {},
	options: ADDRESS_FIELDS,
};

/** Copies the address fields into the body, refusing numbers that are not whole. */
export const addressToBody: PreSendAction = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const address = (this.getNodeParameter('address', {}) ?? {}) as IDataObject;
	const body: IDataObject = { ...((options.body as IDataObject | undefined) ?? {}) };
	for (const field of ADDRESS_FIELDS) {
		const value = address[field.name];
		if (isBlank(value)) continue;
		if (field.type === 'number') {
			const number = typeof value === 'string' ? Number(value.trim()) : value;
			if (typeof number !== 'number' || !Number.isInteger(number)) {
				throw refuse(this, `Address › ${field.displayName}`, `${JSON.stringify(value)} is not a whole number`);
			}
			body[field.name] = number;
		} else {
			body[field.name] = String(value).trim();
		}
	}
	options.body = body;
	return options;
};

/** The optional fields of an operation, under "Additional Fields". */
export function additionalFields(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, options };
}

export const automaticEodField: INodeProperties = {
	displayName: 'Automatic EOD',
	name: 'automaticEod',
	type: 'string',
	default: '',
	description: 'The service\'s "AutomaticEOD" value: automatic end-of-day closing of the location\'s shipments',
};

/** Options of the file downloads. */
export const fileOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			hint: 'The name of the output binary field to put the PDF in',
		},
	],
};

export function barcodesField(name: string, displayName: string, list: boolean, limit = 'at most 50'): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		required: true,
		placeholder: list ? '804115458, 804346669' : '804115458',
		description: list
			? `One barcode (AWB number) or several, separated by commas or new lines, or an array from an expression; ${limit}`
			: 'The barcode (AWB number) of one shipment',
	};
}

export function dateField(name: string, displayName: string, description: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', required: true, description };
}
