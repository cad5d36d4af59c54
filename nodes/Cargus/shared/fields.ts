import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { ROMANIA_COUNTRY_ID } from './counties';
import { refuse } from './input';
import { forOperations } from './operation';
import { isBlank } from './values';

// AddressFields of the interface, shared by pickup locations and pickup orders (LocationId is a top-level field).
const ADDRESS_FIELDS: INodeProperties[] = [
	{ displayName: 'Address Text', name: 'AddressText', type: 'string', default: '', description: 'Free-text address details (block, floor, apartment)' },
	{ displayName: 'Building Number', name: 'BuildingNumber', type: 'string', default: '' },
	{ displayName: 'Contact Person', name: 'ContactPerson', type: 'string', default: '' },
	{
		displayName: 'Country',
		name: 'CountryId',
		type: 'options',
		options: [{ name: 'Romania', value: ROMANIA_COUNTRY_ID }],
		default: ROMANIA_COUNTRY_ID,
		description: 'Cargus serves addresses in Romania',
	},
	{
		displayName: 'County Name or ID',
		name: 'CountyId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCounties' },
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{ displayName: 'County (as Text)', name: 'CountyName', type: 'string', default: '', description: 'Only if you give the county as text instead of choosing it above' },
	{ displayName: 'Email', name: 'Email', type: 'string', placeholder: 'name@email.com', default: '' },
	{
		displayName: 'Locality Name or ID',
		name: 'LocalityId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getLocalities', loadOptionsDependsOn: ['address.CountyId'] },
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'Add and choose the County first: the list shows its localities, loaded from Cargus',
	},
	{ displayName: 'Locality (as Text)', name: 'LocalityName', type: 'string', default: '', description: 'Only if you give the locality as text instead of choosing it above, e.g. Cluj-Napoca' },
	{ displayName: 'Name', name: 'Name', type: 'string', default: '', description: 'Name of the location, e.g. the shop or warehouse' },
	{ displayName: 'Phone Number', name: 'PhoneNumber', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'PostalCode', type: 'string', default: '', placeholder: '400001', description: 'The 6-digit Romanian postal code (Cargus gets it as both "PostalCode" and "CodPostal")' },
	{ displayName: 'Street ID', name: 'StreetId', type: 'string', default: '', description: 'Cargus\' number of the street, if you have it; otherwise give the Street Name' },
	{ displayName: 'Street Name', name: 'StreetName', type: 'string', default: '' },
];

const WHOLE_NUMBER_FIELDS = new Set(['CountryId', 'CountyId', 'LocalityId', 'StreetId']);

/** The address of a pickup location or pickup order, defined once. */
export const addressFields: INodeProperties = {
	displayName: 'Address',
	name: 'address',
	type: 'collection',
	placeholder: 'Add Address Field',
	default: {},
	options: ADDRESS_FIELDS,
};

/** Copies the address fields that are given into the body, refusing ids that are not whole numbers. */
export const addressToBody: PreSendAction = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const address = (this.getNodeParameter('address', {}) ?? {}) as IDataObject;
	const body: IDataObject = { ...((options.body as IDataObject | undefined) ?? {}) };
	for (const field of ADDRESS_FIELDS) {
		const value = address[field.name];
		if (isBlank(value)) continue;
		if (WHOLE_NUMBER_FIELDS.has(field.name)) {
			const number = typeof value === 'string' ? Number(value.trim()) : value;
			if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0) {
				throw refuse(this, `Address › ${field.displayName}`, `${JSON.stringify(value)} is not a Cargus ID (a whole number)`);
			}
			body[field.name] = number;
		} else {
			body[field.name] = String(value).trim();
		}
	}
	if (body.PostalCode !== undefined) body.CodPostal = body.PostalCode;
	options.body = body;
	return options;
};

/** The country of a locality list: Cargus serves Romania. */
export const countryField: INodeProperties = {
	displayName: 'Country',
	name: 'countryId',
	type: 'options',
	options: [{ name: 'Romania', value: ROMANIA_COUNTRY_ID }],
	default: ROMANIA_COUNTRY_ID,
	required: true,
};

/** A county chosen from Cargus' 44 counties. */
export const countyField: INodeProperties = {
	displayName: 'County Name or ID',
	name: 'countyId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCounties' },
	default: '',
	required: true,
	description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** A required ID the user types or maps: text, so that n8n marks it while it is empty. */
export function idField(name: string, displayName: string, description: string, placeholder: string): INodeProperties {
	return { displayName, name, type: 'string', default: '', required: true, placeholder, description };
}

/** The optional fields of an operation, under "Additional Fields". */
export function additionalFields(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, options };
}

export const automaticEodField: INodeProperties = {
	displayName: 'Automatic End of Day',
	name: 'automaticEod',
	type: 'string',
	default: '',
	placeholder: '17:30',
	hint: 'A time of day as HH:MM (24-hour), e.g. 17:30',
	description:
		'Time of day (HH:MM, 24-hour) at which Cargus closes the day\'s shipments of this location by itself, so the courier comes for them without a pickup order. Not sent when empty.',
};

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Sends Automatic End of Day as HH:MM when given; anything else is refused before sending. */
export const automaticEodToBody: PreSendAction = async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const value = this.getNodeParameter('additionalFields.automaticEod', '') as unknown;
	if (value === undefined || value === null || String(value).trim() === '') return options;
	const match = TIME_OF_DAY.exec(String(value).trim());
	if (!match) throw refuse(this, 'Automatic End of Day', `${JSON.stringify(value)} is not a time of day: use HH:MM, e.g. 17:30`);
	const body = { ...((options.body as IDataObject | undefined) ?? {}) };
	body.AutomaticEOD = `${match[1].padStart(2, '0')}:${match[2]}`;
	options.body = body;
	return options;
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

/** The Barcodes list of Document › Get AWB PDF and Shipment › Track and Track With Status. */
export const barcodeListFields = forOperations({ document: ['getAwbPdf'], shipment: ['track', 'trackWithStatus'] }, [
	barcodesField('barcodes', 'Barcodes', true, 'Get AWB PDF takes at most 50, Track and Track With Status trace longer lists 50 per request'),
]);

/** The one Barcode of Shipment › Get Status and Track Without Login. */
export const oneBarcodeFields = forOperations({ shipment: ['getStatus', 'trackWithoutLogin'] }, [barcodesField('barcode', 'Barcode', false)]);

export function dateField(name: string, displayName: string, description: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', required: true, description };
}
