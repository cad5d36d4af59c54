import type { INodeProperties } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST } from './barcodes';
import { dateOf, rfc3339 } from './input';
import { quote } from './quote';
import type { Reading } from './values';
import {
	readAmount,
	readBarcodes,
	readEmail,
	readPostalCode,
	readText,
	readWholeNumber,
	readYesNo,
} from './values';

/** What a rule may need besides the value. */
export interface RuleContext {
	timezone: string;
	field: INodeProperties;
}

type Reader = (value: unknown, context: RuleContext) => Reading<unknown>;

/** The kinds of value a field may hold, each with how it is read. */
export const RULES = {
	/** Ids of records: from 1. */
	id: (value) => readWholeNumber(value, 1),
	/** Counts and quantities: from 0. */
	count: (value) => readWholeNumber(value, 0),
	/** Limit of Return All + Limit. */
	limit: (value) => readWholeNumber(value, 1),
	pageSize: (value) => readWholeNumber(value, 1, 100),
	days: (value) => readWholeNumber(value, 1),
	amount: (value) => readAmount(value),
	yesNo: (value) => readYesNo(value),
	text: (value) => readText(value, 250),
	longText: (value) => readText(value, 4000, true),
	postalCode: (value) => readPostalCode(value),
	email: (value) => readEmail(value),
	barcode: (value) => readBarcodes(value, true),
	/** Lists the node splits into requests of 50 itself. */
	barcodes: (value) => readBarcodes(value, false),
	barcodesOneRequest: (value) => readBarcodes(value, false, MAX_BARCODES_PER_REQUEST),
	date: (value, { timezone }) => {
		const date = typeof value === 'string' || value instanceof Date ? dateOf(value, timezone) : undefined;
		if (date) return { value: rfc3339(date) };
		return { problem: `${quote(value)} is not a date`, allowed: 'enter a date and time, such as 2026-11-20T10:00:00' };
	},
	/** One of the field's options. */
	choice: (value, { field }) => {
		const options = (field.options ?? []) as Array<{ name: string; value: unknown }>;
		const chosen = options.find((option) => String(option.value) === String(value).trim());
		if (chosen && (typeof value === 'string' || typeof value === 'number')) return { value: chosen.value };
		const names = options.map((option) => `${String(option.value)} (${option.name})`);
		return { problem: `${quote(value)} is not one of the choices`, allowed: `enter one of ${names.join(', ')}` };
	},
} satisfies Record<string, Reader>;

export type RuleName = keyof typeof RULES;

/**
 * The rule of every parameter that its type does not decide, keyed by its path: `name`, `collection.name`,
 * `fixedCollection.group[].name`. A key prefixed with `resource.operation:` applies to that operation only.
 * Text fields are `text`, yes/no fields `yesNo`, dates `date` and option lists `choice` unless listed here;
 * every number must be listed.
 */
export const FIELD_RULES: Record<string, RuleName> = {
	orderId: 'id',
	invoiceId: 'id',
	locationId: 'id',
	location: 'id',
	countryId: 'id',
	countyId: 'id',
	docType: 'count',
	parcels: 'count',
	envelopes: 'count',
	totalWeight: 'count',
	limit: 'limit',
	'options.pageSize': 'pageSize',
	email: 'email',
	complaintDetails: 'longText',
	barcode: 'barcode',
	barcodes: 'barcodes',
	'document.getAwbPdf:barcodes': 'barcodesOneRequest',
	'filters.countyId': 'id',
	'filters.postalCode': 'postalCode',
	'address.CountryId': 'id',
	'address.CountyId': 'id',
	'address.LocalityId': 'id',
	'address.LocationId': 'id',
	'address.StreetId': 'id',
	'address.CodPostal': 'postalCode',
	'address.PostalCode': 'postalCode',
	'address.Email': 'email',
	'address.AddressText': 'longText',
	'receipts.receipt[].amount': 'amount',
	'receipts.receipt[].idAwb': 'id',
	'receipts.receipt[].awb': 'barcode',
	'additionalFields.id': 'id',
	'additionalFields.orderId': 'id',
	'additionalFields.clientId': 'id',
	'additionalFields.userId': 'id',
	'additionalFields.senderLocationId': 'id',
	'additionalFields.returnCodeExpirationDays': 'days',
	'additionalFields.shipment': 'barcode',
};

const RULE_BY_TYPE: Partial<Record<INodeProperties['type'], RuleName>> = {
	string: 'text',
	boolean: 'yesNo',
	dateTime: 'date',
	options: 'choice',
};

/** The rule of a parameter of an operation, or undefined when the table misses a number field. */
export function ruleOf(resource: string, operation: string, path: string, field: INodeProperties): RuleName | undefined {
	return FIELD_RULES[`${resource}.${operation}:${path}`] ?? FIELD_RULES[path] ?? RULE_BY_TYPE[field.type];
}
