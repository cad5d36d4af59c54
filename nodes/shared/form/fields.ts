import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { ROMANIA_COUNTRY_ID } from '../places/counties';
import type { Destination } from './field';
import { field, toBody, toQuery, useOf } from './field';
import { refuse } from '../values/refusal';
import type { RuleName } from './rules';
import { isBlank } from '../values/values';

/*
 * Fields several operations include. Each builder gives the field with its rule and where its value goes;
 * the operation that includes it says nothing more about it.
 */

// AddressFields of the interface, each sent under its own name (LocationId is a top-level field).
const ADDRESS_FIELDS = ([
	field({ displayName: 'Address Text', name: 'AddressText', type: 'string', default: '', description: 'Free-text address details (block, floor, apartment)' }, { rule: 'longText' }),
	{ displayName: 'Building Number', name: 'BuildingNumber', type: 'string', default: '' },
	{ displayName: 'Contact Person', name: 'ContactPerson', type: 'string', default: '' },
	field(
		{
			displayName: 'Country',
			name: 'CountryId',
			type: 'options',
			options: [{ name: 'Romania', value: ROMANIA_COUNTRY_ID }],
			default: ROMANIA_COUNTRY_ID,
			description: 'Cargus serves addresses in Romania',
		},
		{ rule: 'id' },
	),
	field(
		{
			displayName: 'County Name or ID',
			name: 'CountyId',
			type: 'options',
			description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			typeOptions: { loadOptionsMethod: 'getCounties' },
			default: '',
		},
		{ rule: 'id' },
	),
	{ displayName: 'County (as Text)', name: 'CountyName', type: 'string', default: '', description: 'Only if you give the county as text instead of choosing it above' },
	field({ displayName: 'Email', name: 'Email', type: 'string', placeholder: 'name@email.com', default: '' }, { rule: 'email' }),
	field(
		{
			displayName: 'Locality Name or ID',
			name: 'LocalityId',
			type: 'options',
			description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			typeOptions: { loadOptionsMethod: 'getLocalities', loadOptionsDependsOn: ['address.CountyId'] },
			default: '',
			hint: 'Add and choose the County first: the list shows its localities, loaded from Cargus',
		},
		{ rule: 'id' },
	),
	{ displayName: 'Locality (as Text)', name: 'LocalityName', type: 'string', default: '', description: 'Only if you give the locality as text instead of choosing it above, e.g. Cluj-Napoca' },
	{ displayName: 'Name', name: 'Name', type: 'string', default: '', description: 'Name of the location, e.g. the shop or warehouse' },
	{ displayName: 'Phone Number', name: 'PhoneNumber', type: 'string', default: '' },
	field(
		{ displayName: 'Postal Code', name: 'PostalCode', type: 'string', default: '', placeholder: '400001', description: 'The 6-digit Romanian postal code (Cargus gets it as both "PostalCode" and "CodPostal")' },
		{ rule: 'postalCode', to: [toBody('PostalCode'), toBody('CodPostal')] },
	),
	field(
		{
			displayName: 'Street Name or ID',
			name: 'StreetId',
			type: 'options',
			description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			typeOptions: { loadOptionsMethod: 'getStreets', loadOptionsDependsOn: ['address.LocalityId'] },
			default: '',
			hint: 'Add and choose the Locality first: the list shows its streets, loaded from Cargus. Or give the Street Name below.',
		},
		{ rule: 'id' },
	),
	{ displayName: 'Street Name', name: 'StreetName', type: 'string', default: '' },
] satisfies INodeProperties[]).map((addressField: INodeProperties) => (useOf(addressField).to ? addressField : field(addressField, { to: toBody(addressField.name) })));

/** The address of a pickup location or pickup order (the interface's AddressFields), in the body. */
export function addressField(description?: string): INodeProperties {
	return {
		displayName: 'Address',
		name: 'address',
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		options: ADDRESS_FIELDS,
		...(description === undefined ? {} : { description }),
	};
}

/** The country of a locality list: Cargus serves Romania. */
export function countryField(to: Destination): INodeProperties {
	return field(
		{
			displayName: 'Country',
			name: 'countryId',
			type: 'options',
			options: [{ name: 'Romania', value: ROMANIA_COUNTRY_ID }],
			default: ROMANIA_COUNTRY_ID,
			required: true,
		},
		{ rule: 'id', to },
	);
}

/**
 * A county chosen from Cargus' 44 counties; `to` undefined: only to narrow a locality dropdown, not sent.
 * `rule` idOrName: an expression may also give its name or code.
 */
export function countyField(to: Destination | undefined, required = true, rule: RuleName = 'id'): INodeProperties {
	return field(
		{
			displayName: 'County Name or ID',
			name: 'countyId',
			type: 'options',
			description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			typeOptions: { loadOptionsMethod: 'getCounties' },
			default: '',
			required,
		},
		{ rule, to },
	);
}

/** One of the account's pickup locations, chosen from the list Cargus gives (or its LocationId from an expression). */
export function pickupLocationField(name: string, hint: string, to: Destination, required = true, displayName = 'Pickup Location Name or ID'): INodeProperties {
	return field(
		{
			displayName,
			name,
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getPickupLocations' },
			default: '',
			required,
			description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint,
		},
		{ rule: 'id', to },
	);
}

/** A required ID the user types or maps: text, so that n8n marks it while it is empty. */
export function idField(name: string, displayName: string, description: string, placeholder: string, to?: Destination): INodeProperties {
	return field({ displayName, name, type: 'string', default: '', required: true, placeholder, description }, { rule: 'id', to });
}

/** The optional fields of an operation, under "Additional Fields" (or a name of its own). */
export function additionalFields(options: INodeProperties[], name = 'additionalFields'): INodeProperties {
	return { displayName: 'Additional Fields', name, type: 'collection', placeholder: 'Add Field', default: {}, options };
}

/** Automatic End of Day, inside Additional Fields; sent by automaticEodToBody, which reads the time of day. */
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
export async function automaticEodToBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const value = this.getNodeParameter('additionalFields.automaticEod', '') as unknown;
	if (isBlank(value)) return options;
	const match = TIME_OF_DAY.exec(String(value).trim());
	if (!match) throw refuse(this, 'Automatic End of Day', `${JSON.stringify(value)} is not a time of day: use HH:MM, e.g. 17:30`, undefined, 'format');
	const body = { ...((options.body as IDataObject | undefined) ?? {}) };
	body.AutomaticEOD = `${match[1].padStart(2, '0')}:${match[2]}`;
	options.body = body;
	return options;
}

/** The Filters of a list: what narrows it down. */
export function filtersField(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}

/** The Options of an operation: settings that change how it runs, not what it asks Cargus. */
export function optionsField(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options };
}

/** Options of the file downloads. */
export const fileOptions = optionsField([
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the PDF in',
	},
]);

/** A list of barcodes, one node property for every operation that includes it; `rule` says how many one request takes. */
export function barcodeListField(rule: Extract<RuleName, 'barcodes' | 'barcodesOneRequest'>, to: Destination): INodeProperties {
	return field(
		{
			displayName: 'Barcodes',
			name: 'barcodes',
			type: 'string',
			default: '',
			required: true,
			placeholder: '804115458, 804346669',
			description:
				'One barcode (AWB number) or several, separated by commas or new lines, or an array from an expression; for one AWB PDF as many as one request\'s query takes (about 100), any number for tracking (50 per request)',
		},
		{ rule, to, oneForAllOperations: true },
	);
}

/** The barcode of one shipment; operations whose Barcode reads the same share one node property. */
export function barcodeField(to: Destination, description = 'The barcode (AWB number) of one shipment', required = true): INodeProperties {
	return field(
		{ displayName: 'Barcode', name: 'barcode', type: 'string', default: '', required, placeholder: '804115458', description },
		{ rule: 'barcode', to, oneForAllOperations: true },
	);
}

/** A required date and time, sent as RFC 3339 in the workflow's time zone; not before the date field `notBefore`. */
export function dateField(name: string, displayName: string, description: string, to: Destination, notBefore?: string, notPast = false): INodeProperties {
	return field({ displayName, name, type: 'dateTime', default: '', required: true, description }, { to, notBefore, notPast });
}

/** From and To, sent as the query's FromDate and ToDate; From may not be after To. */
export function fromToDates(fromDescription: string, toDescription: string): INodeProperties[] {
	return [
		dateField('fromDate', 'From', fromDescription, toQuery('FromDate')),
		dateField('toDate', 'To', toDescription, toQuery('ToDate'), 'fromDate'),
	];
}

/** Find By: which of two (or more) ways an operation looks things up; the fields of each show with `onlyWhenFoundBy`. */
export function findByField(options: Array<{ name: string; value: string; description: string }>): INodeProperties {
	const form: INodeProperties = { displayName: 'Find By', name: 'findBy', type: 'options', noDataExpression: true, options, default: '' };
	return field({ ...form, default: options[0].value }, {});
}

/** Shows a field only for one Find By choice. */
export function onlyWhenFoundBy(findBy: string): Pick<INodeProperties, 'displayOptions'> {
	return { displayOptions: { show: { findBy: [findBy] } } };
}

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	hint: 'Puts the current status at the top of each item: Status, StatusEventId, StatusDate, StatusTimestamp, StatusLocality and Delivered; TypeText and OrderStatusText say what Type and OrderStatus mean. The events stay under Event.',
};
