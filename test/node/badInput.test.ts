import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

/*
 * Bad values, as users type them and as expressions produce them, are refused before anything is sent:
 * each with a message naming the field (and its place in a collection), the item, what is wrong and
 * what is allowed. Every group runs its bad values as the items of one execution with Continue On Fail,
 * through n8n-core's engine, and the sandbox's request log must stay empty.
 */

const sandbox = useSandbox();

const ECOM_TEST_LOCATION = 1005962049;
const VALUE = '={{ $json.value }}';
const HUGE = 'x'.repeat(1_000_000);
const HUGE_QUOTED = '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (1000000 characters)';

const ID = 'enter a whole number from 1 to 2147483647';
const NAME_OR_ID = 'choose from the list, or give an ID (a whole number from 1) or a name from an expression';
const COUNT = 'enter a whole number from 0 to 2147483647';
const PAGE_SIZE = 'enter a whole number from 1 to 100';
const YES_NO = 'enter true or false (a boolean, or the text "true" or "false")';
const TEXT = 'enter text on one line, of at most 250 characters';
const LONG_TEXT = 'enter text of at most 4000 characters';
const POSTAL_CODE = 'enter the 6 digits of a Romanian postal code, such as 010011';
const EMAIL = 'enter one email address, such as name@example.com';
const ONE_BARCODE = 'enter one barcode (AWB number) of 6 to 20 digits';
const BARCODES = 'enter barcodes (AWB numbers) of 6 to 20 digits separated by commas or new lines, or a list';
const DATE = 'enter a date and time, such as 2026-11-20T10:00:00';
const DAY = 'give a day as YYYY-MM-DD, such as 2026-11-29 (or 29.11.2026, "today", "yesterday": Cargus\' day, in Bucharest)';
const AMOUNT = 'enter an amount from 0 to 1000000000, such as 125.50';
const REQUIRED = 'a value is required';

type Bad = [value: unknown, problem: string];

const NOT_WHOLE: Bad[] = [
	['0x1F', '"0x1F" is not a whole number'],
	[1.5, '1.5 is not a whole number'],
	['12.0', '"12.0" is not a whole number'],
	['1e3', '"1e3" is not a whole number'],
	[true, 'true is not a whole number'],
	['false', '"false" is not a whole number'],
	['abc', '"abc" is not a whole number'],
	[{ id: 7 }, 'the object {"id":7} is not a whole number'],
	[[7], 'the list [7] is not a whole number'],
	['4\r\n4', '"4\\r\\n4" is not a whole number'],
];
const BAD_ID: Bad[] = [
	[-1, '-1 is out of range'],
	['-44', '"-44" is out of range'],
	[0, '0 is out of range'],
	[2147483648, '2147483648 is out of range'],
	...NOT_WHOLE,
];
const BAD_COUNT: Bad[] = [
	[-1, '-1 is out of range'],
	[2147483648, '2147483648 is out of range'],
	[2.5, '2.5 is not a whole number'],
	['two', '"two" is not a whole number'],
	[false, 'false is not a whole number'],
];
const MISSING: Bad[] = [
	[null, REQUIRED],
	['', REQUIRED],
	['   ', REQUIRED],
];
const BAD_TEXT: Bad[] = [
	[{ name: 'Ana' }, 'the object {"name":"Ana"} is not text'],
	[['Ana', 'Ion'], 'the list ["Ana","Ion"] is not text'],
	[true, 'true is not text'],
	[HUGE, `${HUGE_QUOTED} is too long`],
	['Ana\r\nPop', '"Ana\\r\\nPop" contains a line break or control character'],
	['Ana\u0000Pop', '"Ana\\u0000Pop" contains a line break or control character'],
];
const BAD_YES_NO: Bad[] = [
	['yes', '"yes" is not true or false'],
	['1', '"1" is not true or false'],
	[1, '1 is not true or false'],
	[0, '0 is not true or false'],
	['', '"" is not true or false'],
	[null, 'null is not true or false'],
	[{}, 'the object {} is not true or false'],
	[['true'], 'the list ["true"] is not true or false'],
];
const BAD_POSTAL_CODE: Bad[] = [
	['01001', '"01001" is not a postal code'],
	['0100112', '"0100112" is not a postal code'],
	['01001x', '"01001x" is not a postal code'],
	['010\r\n011', '"010\\r\\n011" is not a postal code'],
	[HUGE, `${HUGE_QUOTED} is not a postal code`],
	[{ code: '010011' }, 'the object {"code":"010011"} is not a postal code'],
	[true, 'true is not a postal code'],
];
const BAD_ONE_BARCODE: Bad[] = [
	['12ab', '"12ab" is not a Cargus barcode'],
	['12345', '"12345" is not a Cargus barcode'],
	['804115458, 804346669', 'this operation takes one barcode, not 2'],
	[{ code: '804115458' }, 'the object {"code":"804115458"} is not a barcode'],
	[true, 'true is not a barcode'],
	[HUGE, `${HUGE_QUOTED} is too long`],
];
const BAD_BARCODE_LIST: Bad[] = [
	['804115458, 12ab', '"12ab" is not a Cargus barcode'],
	[[804115458, { code: 1 }], 'the list [804115458,{"code":1}] is not a list of barcodes'],
	[{ barcodes: ['804115458'] }, 'the object {"barcodes":["804115458"]} is not a barcode'],
	[false, 'false is not a barcode'],
	['804115458\u0000', '"804115458\\u0000" is not a Cargus barcode'],
	[`804115458,${HUGE}`, '"804115458,xxxxxxxxxxxxxxxxxxxx…" (1000010 characters) is too long'],
];
const BAD_DATE: Bad[] = [
	['tomorrow', '"tomorrow" is not a date'],
	['2026-13-01', '"2026-13-01" is not a date'],
	[20261120, '20261120 is not a date'],
	[{ date: '2026-11-20' }, 'the object {"date":"2026-11-20"} is not a date'],
];
const BAD_EMAIL: Bad[] = [
	['ana', '"ana" is not an email address'],
	['ana@example.com, ion@example.com', '"ana@example.com, ion@example.c…" (32 characters) is not an email address'],
	[['ana@example.com'], 'the list ["ana@example.com"] is not text'],
	['ana@example.com\r\nBcc: x@y.z', '"ana@example.com\\r\\nBcc: x@y.z" contains a line break or control character'],
];

interface Group {
	/** What the group is about, for the test name. */
	name: string;
	resource: string;
	operation: string;
	/** Valid parameters with VALUE where the bad value goes. */
	parameters: INodeParameters;
	label: string;
	allowed: string;
	bad: Bad[];
}

const LAST_YEAR = { fromDate: '2025-11-01T00:00:00', toDate: '2025-12-01T00:00:00' };
const RECEIPT = { receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Ana Pop', amount: 120.5, awb: '804115458', idAwb: 1 };
const CASH_RECEIPTS = { date: '2026-11-20T09:00:00', operator: 'Ana Pop', location: ECOM_TEST_LOCATION };
const COMPLAINT = { personName: 'Ana Pop', email: 'ana@example.com', complaintDetails: 'The parcel arrived damaged.' };
const ORDER = { locationId: ECOM_TEST_LOCATION, pickupStartDate: '2026-11-21T10:00:00', pickupEndDate: '2026-11-21T14:00:00', parcels: 1, envelopes: 0, totalWeight: 1 };
const LAUNCH = { locationId: 1005962050, pickupStartDate: '2026-11-20T14:00:00', pickupEndDate: '2026-11-20T18:00:00' };
const BY_LOCATION = { findBy: 'location', locationId: ECOM_TEST_LOCATION, status: 1, returnAll: true };
const COLLECTION_POINT = { minihubId: 'SGN-PP405999', active: true, address: { Name: 'Punct', LocalityId: 515 } };

function group(name: string, resource: string, operation: string, parameters: INodeParameters, label: string, allowed: string, bad: Bad[]): Group {
	return { name, resource, operation, parameters, label, allowed, bad };
}

const GROUPS: Group[] = [
	group('Location', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, location: VALUE }, 'Pickup Location Name or ID', ID, [...BAD_ID, ...MISSING]),
	group('Operator', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, operator: VALUE }, 'Operator', TEXT, [...BAD_TEXT, [null, REQUIRED]]),
	group('Date', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, date: VALUE }, 'Date', DATE, [...BAD_DATE, [null, REQUIRED]]),
	group('a receipt amount', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, receipts: { receipt: [RECEIPT, { ...RECEIPT, amount: VALUE }] } }, 'Receipts › 2 › Amount (RON)', AMOUNT, [
		[true, 'true is not a number'],
		[-10, '-10 is out of range'],
		['12,5,0', '"12,5,0" is not a number'],
		['0x10', '"0x10" is not a number'],
		[{ value: 10 }, 'the object {"value":10} is not a number'],
		[null, REQUIRED],
	]),
	group('a receipt AWB ID', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, receipts: { receipt: [{ ...RECEIPT, idAwb: VALUE }] } }, 'Receipts › 1 › AWB ID', ID, [
		['', REQUIRED],
		[0, '0 is out of range'],
		['1.5', '"1.5" is not a whole number'],
	]),
	group('a receipt AWB', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, receipts: { receipt: [RECEIPT, RECEIPT, { ...RECEIPT, awb: VALUE }] } }, 'Receipts › 3 › AWB', ONE_BARCODE, [
		['AWB-1', '"AWB-1" is not a Cargus barcode'],
		[null, REQUIRED],
	]),
	group('a receipt number', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, receipts: { receipt: [{ ...RECEIPT, receiptNumber: VALUE }] } }, 'Receipts › 1 › Receipt Number', TEXT, [
		[['R-1', 'R-2'], 'the list ["R-1","R-2"] is not text'],
	]),
	group('the list ID', 'cashReceipt', 'createList', { ...CASH_RECEIPTS, additionalFields: { id: VALUE } }, 'Additional Fields › List ID', ID, [[-1, '-1 is out of range']]),
	group('Person Name', 'complaint', 'save', { ...COMPLAINT, personName: VALUE }, 'Person Name', TEXT, [...BAD_TEXT, ...MISSING]),
	group('Email', 'complaint', 'save', { ...COMPLAINT, email: VALUE }, 'Email', EMAIL, [...BAD_EMAIL, [null, REQUIRED]]),
	group('Complaint Details', 'complaint', 'save', { ...COMPLAINT, complaintDetails: VALUE }, 'Complaint Details', LONG_TEXT, [
		['y'.repeat(4001), '"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…" (4001 characters) is too long'],
		['Bad\u0007bell', '"Bad\\u0007bell" contains a control character'],
		[{ text: 'x' }, 'the object {"text":"x"} is not text'],
	]),
	group('the complaint\'s shipment', 'complaint', 'save', { ...COMPLAINT, additionalFields: { shipment: VALUE } }, 'Additional Fields › Shipment', ONE_BARCODE, [['ABC123', '"ABC123" is not a Cargus barcode']]),
	group('Barcodes of an AWB PDF', 'document', 'getAwbPdf', { barcodes: VALUE }, 'Barcodes', BARCODES, [...BAD_BARCODE_LIST, [null, REQUIRED]]),
	group('One AWB per Page', 'document', 'getAwbPdf', { barcodes: '804115458', printOptions: { printOneAwbPerPage: VALUE } }, 'Print Options › One AWB per Page', YES_NO, BAD_YES_NO),
	group('Format', 'document', 'getAwbPdf', { barcodes: '804115458', printOptions: { format: VALUE } }, 'Print Options › Format', 'enter one of 0 (A4 Page), 1 (Label 10×14)', [
		[2, '2 is not one of the choices'],
		['A4', '"A4" is not one of the choices'],
		[true, 'true is not one of the choices'],
	]),
	group('Print Main AWB', 'document', 'getAwbPdf', { barcodes: '804115458', printOptions: { printMainOnce: VALUE } }, 'Print Options › Print Main AWB', 'enter one of 0 (Twice), 1 (Once), 2 (Once, in Label Format)', [[-1, '-1 is not one of the choices']]),
	group('Put Output File in Field', 'document', 'getAwbPdf', { barcodes: '804115458', options: { binaryPropertyName: VALUE } }, 'Options › Put Output File in Field', TEXT, [[{ name: 'data' }, 'the object {"name":"data"} is not text']]),
	group('Document Type', 'document', 'getOrderDocuments', { ...LAST_YEAR, docType: VALUE }, 'Document Type', COUNT, [...BAD_COUNT, [null, REQUIRED]]),
	group('From of order documents', 'document', 'getOrderDocuments', { ...LAST_YEAR, docType: 0, fromDate: VALUE }, 'From', DATE, BAD_DATE.slice(0, 2)),
	group('Order ID of a pickup order summary', 'document', 'getPickupOrderSummary', { orderId: VALUE }, 'Order ID', ID, [['abc', '"abc" is not a whole number'], [0, '0 is out of range'], [null, REQUIRED]]),
	group('Invoice ID of a document', 'invoice', 'getDocument', { invoiceId: VALUE }, 'Invoice ID', ID, [...BAD_ID, [null, REQUIRED]]),
	group('Limit', 'invoice', 'getMany', { ...LAST_YEAR, returnAll: false, limit: VALUE }, 'Limit', ID, [
		['abc', '"abc" is not a whole number'],
		[0, '0 is out of range'],
		[-5, '-5 is out of range'],
		['', REQUIRED],
	]),
	group('Return All', 'invoice', 'getMany', { ...LAST_YEAR, returnAll: VALUE, limit: 5 }, 'Return All', YES_NO, [['all', '"all" is not true or false']]),
	group('Page Size', 'invoice', 'getMany', { ...LAST_YEAR, returnAll: true, options: { pageSize: VALUE } }, 'Options › Page Size', PAGE_SIZE, [
		[101, '101 is out of range'],
		[0, '0 is out of range'],
	]),
	group('To of invoices', 'invoice', 'getMany', { ...LAST_YEAR, returnAll: true, toDate: VALUE }, 'To', DATE, [['2025-12-01 noon', '"2025-12-01 noon" is not a date']]),
	group('Invoice ID of a PDF', 'invoice', 'getPdf', { invoiceId: VALUE }, 'Invoice ID', ID, [[-1, '-1 is out of range'], ['0x1F', '"0x1F" is not a whole number']]),
	group('Country ID', 'locality', 'getMany', { countryId: VALUE }, 'Country', ID, [[-1, '-1 is out of range'], ['1.0', '"1.0" is not a whole number']]),
	group('County ID filter', 'locality', 'getMany', { countryId: 1, filters: { countyId: VALUE } }, 'Filters › County Name or ID', NAME_OR_ID, [[-44, '-44 is neither an ID nor a name']]),
	group('Postal Code filter', 'locality', 'getMany', { countryId: 1, filters: { postalCode: VALUE } }, 'Filters › Postal Code', POSTAL_CODE, BAD_POSTAL_CODE),
	group('County ID without login', 'locality', 'getManyWithoutLogin', { countryId: 1, countyId: VALUE }, 'County Name or ID', NAME_OR_ID, [[-44, '-44 is neither an ID nor a name'], [null, REQUIRED]]),
	group('Country ID without login', 'locality', 'getManyWithoutLogin', { countyId: 15, countryId: VALUE }, 'Country', ID, [[2147483648, '2147483648 is out of range']]),
	group('Active', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, active: VALUE }, 'Active', YES_NO, BAD_YES_NO.slice(0, 4)),
	group('Ship & Go Point ID', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, minihubId: VALUE }, 'Ship & Go Point ID', TEXT, [[['SGN-1'], 'the list ["SGN-1"] is not text'], ['', REQUIRED]]),
	group('an address County ID', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, address: { Name: 'Punct', CountyId: VALUE } }, 'Address › County Name or ID', ID, [[-44, '-44 is out of range'], [{}, 'the object {} is not a whole number']]),
	group('an address Postal Code', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, address: { Name: 'Punct', PostalCode: VALUE } }, 'Address › Postal Code', POSTAL_CODE, BAD_POSTAL_CODE.slice(0, 4)),
	group('an address Name', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, address: { Name: VALUE } }, 'Address › Name', TEXT, BAD_TEXT),
	group('Automatic End of Day', 'pickupLocation', 'createCollectionPoint', { ...COLLECTION_POINT, additionalFields: { automaticEod: VALUE } }, 'Additional Fields › Automatic End of Day', TEXT, [[{ at: '18:00' }, 'the object {"at":"18:00"} is not text']]),
	group('Location ID of an update', 'pickupLocation', 'update', { locationId: VALUE, address: { ContactPerson: 'Ion' } }, 'Pickup Location Name or ID', ID, [[-1, '-1 is out of range'], [true, 'true is not a whole number'], [null, REQUIRED]]),
	group('an address Email', 'pickupLocation', 'update', { locationId: ECOM_TEST_LOCATION, address: { Email: VALUE } }, 'Address › Email', EMAIL, BAD_EMAIL.slice(0, 2)),
	group('an address Postal Code', 'pickupLocation', 'update', { locationId: ECOM_TEST_LOCATION, address: { PostalCode: VALUE } }, 'Address › Postal Code', POSTAL_CODE, [[1234567, '1234567 is not a postal code']]),
	group('an address Locality ID', 'pickupLocation', 'update', { locationId: ECOM_TEST_LOCATION, address: { LocalityId: VALUE } }, 'Address › Locality Name or ID', ID, [['515abc', '"515abc" is not a whole number']]),
	group('an address Phone Number', 'pickupLocation', 'update', { locationId: ECOM_TEST_LOCATION, address: { PhoneNumber: VALUE } }, 'Address › Phone Number', TEXT, [['0722\n000000', '"0722\\n000000" contains a line break or control character']]),
	group('Order ID', 'pickupOrder', 'get', { orderId: VALUE }, 'Order ID', ID, [...BAD_ID, ...MISSING]),
	group('Parcels', 'pickupOrder', 'send', { ...ORDER, parcels: VALUE }, 'Parcels', COUNT, [...BAD_COUNT, ['', REQUIRED]]),
	group('Envelopes', 'pickupOrder', 'send', { ...ORDER, envelopes: VALUE }, 'Envelopes', COUNT, [[-1, '-1 is out of range']]),
	group('Total Weight', 'pickupOrder', 'send', { ...ORDER, totalWeight: VALUE }, 'Total Weight (Kg)', COUNT, [['2.5', '"2.5" is not a whole number'], [{ kg: 2 }, 'the object {"kg":2} is not a whole number']]),
	group('Pickup Start', 'pickupOrder', 'send', { ...ORDER, pickupStartDate: VALUE }, 'Pickup Start', DATE, [['soon', '"soon" is not a date'], [null, REQUIRED]]),
	group('Pickup Location ID of an order', 'pickupOrder', 'send', { ...ORDER, locationId: VALUE }, 'Pickup Location Name or ID', ID, [[0, '0 is out of range'], ['x1', '"x1" is not a whole number'], ['', REQUIRED]]),
	group('Pickup Location of a launch', 'pickupOrder', 'launch', { ...LAUNCH, locationId: VALUE }, 'Pickup Location Name or ID', ID, [...BAD_ID.slice(0, 6), ...MISSING]),
	group('Pickup Start of a launch', 'pickupOrder', 'launch', { ...LAUNCH, pickupStartDate: VALUE }, 'Pickup Start', DATE, [...BAD_DATE, [null, REQUIRED]]),
	group('Pickup End of a launch', 'pickupOrder', 'launch', { ...LAUNCH, pickupEndDate: VALUE }, 'Pickup End', DATE, [['later', '"later" is not a date'], ['', REQUIRED]]),
	group('Pickup Location of a cancellation', 'pickupOrder', 'cancel', { locationId: VALUE }, 'Pickup Location Name or ID', ID, [...BAD_ID.slice(0, 4), ['ECOM TEST', '"ECOM TEST" is not a whole number'], ...MISSING]),
	group('From of pickup orders', 'pickupOrder', 'getMany', { findBy: 'date', ...LAST_YEAR, returnAll: true, fromDate: VALUE }, 'From', DATE, [...BAD_DATE, [null, REQUIRED]]),
	group('Pickup Location of pickup orders', 'pickupOrder', 'getMany', { ...BY_LOCATION, locationId: VALUE }, 'Pickup Location Name or ID', ID, [[0, '0 is out of range'], ['', REQUIRED]]),
	group('Status of pickup orders', 'pickupOrder', 'getMany', { ...BY_LOCATION, status: VALUE }, 'Status', 'enter one of 0 (Open), 1 (Validated)', [
		[2, '2 is not one of the choices'],
		['validated', '"validated" is not one of the choices'],
		[true, 'true is not one of the choices'],
	]),
	group('Limit of pickup orders', 'pickupOrder', 'getMany', { ...BY_LOCATION, returnAll: false, limit: VALUE }, 'Limit', ID, [[0, '0 is out of range'], ['ten', '"ten" is not a whole number']]),
	group('Page Size of pickup orders', 'pickupOrder', 'getMany', { ...BY_LOCATION, options: { pageSize: VALUE } }, 'Options › Page Size', PAGE_SIZE, [[101, '101 is out of range']]),
	group('Include Inactive', 'pickupLocation', 'getMany', { options: { includeInactive: VALUE } }, 'Options › Include Inactive', YES_NO, BAD_YES_NO.slice(0, 4)),
	group('Country of counties', 'county', 'getMany', { countryId: VALUE }, 'Country', ID, [[0, '0 is out of range'], ['RO', '"RO" is not a whole number'], [null, REQUIRED]]),
	group('Locality of streets', 'street', 'getMany', { countyId: 19, localityId: VALUE, returnAll: true }, 'Locality Name or ID', ID, [...BAD_ID.slice(0, 5), ...MISSING]),
	group('County of streets', 'street', 'getMany', { countyId: VALUE, localityId: 183, returnAll: true }, 'County Name or ID', ID, [[-19, '-19 is out of range'], ['Dolj', '"Dolj" is not a whole number']]),
	group('Limit of streets', 'street', 'getMany', { localityId: 183, returnAll: false, limit: VALUE }, 'Limit', ID, [[0, '0 is out of range'], ['', REQUIRED]]),
	group('County of Ship & Go points', 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: VALUE } }, 'Filters › County Name or ID', NAME_OR_ID, [[-1, '-1 is neither an ID nor a name'], [['Cluj'], 'the list ["Cluj"] is neither an ID nor a name']]),
	group('City of Ship & Go points', 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { city: VALUE } }, 'Filters › City', TEXT, BAD_TEXT.slice(0, 5)),
	group('Search of Ship & Go points', 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { search: VALUE } }, 'Filters › Search', TEXT, [[['Cluj'], 'the list ["Cluj"] is not text']]),
	group('Cash on Delivery Only', 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { cashOnDeliveryOnly: VALUE } }, 'Filters › Cash on Delivery Only', YES_NO, BAD_YES_NO.slice(0, 3)),
	group('Limit of Ship & Go points', 'shipAndGoPoint', 'getMany', { returnAll: false, limit: VALUE }, 'Limit', ID, [[-3, '-3 is out of range']]),
	group('From of cash on delivery', 'cashOnDelivery', 'getMany', { ...LAST_YEAR, returnAll: true, fromDate: VALUE }, 'From', DATE, [...BAD_DATE, [null, REQUIRED]]),
	group('To of cash on delivery', 'cashOnDelivery', 'getMany', { ...LAST_YEAR, returnAll: true, toDate: VALUE }, 'To', DATE, [['end of month', '"end of month" is not a date']]),
	group('Limit of cash on delivery', 'cashOnDelivery', 'getMany', { ...LAST_YEAR, returnAll: false, limit: VALUE }, 'Limit', ID, [[0, '0 is out of range']]),
	group('Day of returning AWBs', 'shipment', 'getReturning', { day: VALUE }, 'Day', DAY, [['tomorrow', '"tomorrow" is not a day'], ['32.11.2026', '"32.11.2026" is not a day'], ['11/29/2026', '"11/29/2026" is not a day'], ['', REQUIRED]]),
	group('Day of repaid cash on delivery', 'cashOnDelivery', 'getRepaid', { returnAll: true, deductionDate: VALUE }, 'Day', DATE, [...BAD_DATE, ['', REQUIRED]]),
	group('Barcode of a return', 'returnAwb', 'create', { barcode: VALUE }, 'Barcode', ONE_BARCODE, [...BAD_ONE_BARCODE, ...MISSING]),
	group('Has Contract', 'returnAwb', 'create', { barcode: '804115458', additionalFields: { hasContract: VALUE } }, 'Additional Fields › Has Contract', YES_NO, BAD_YES_NO.slice(0, 3)),
	group('Is Marketplace', 'returnAwb', 'create', { barcode: '804115458', additionalFields: { isMarketplace: VALUE } }, 'Additional Fields › Is Marketplace', YES_NO, [['no', '"no" is not true or false']]),
	group('Return Code Expiration Days', 'returnAwb', 'create', { barcode: '804115458', additionalFields: { returnCodeExpirationDays: VALUE } }, 'Additional Fields › Return Code Expiration Days', ID, [[0, '0 is out of range'], ['30 days', '"30 days" is not a whole number']]),
	group('Client ID', 'returnAwb', 'create', { barcode: '804115458', additionalFields: { clientId: VALUE } }, 'Additional Fields › Client ID', ID, [[-1, '-1 is out of range']]),
	group('Barcode of cash on delivery', 'shipment', 'getCashOnDelivery', { barcode: VALUE }, 'Barcode', ONE_BARCODE, BAD_ONE_BARCODE.slice(0, 4)),
	group('Barcode of a status', 'shipment', 'getStatus', { barcode: VALUE }, 'Barcode', ONE_BARCODE, [...BAD_ONE_BARCODE, ...MISSING]),
	group('Barcodes to track', 'shipment', 'track', { barcodes: VALUE }, 'Barcodes', BARCODES, [...BAD_BARCODE_LIST, [[], REQUIRED], ['', REQUIRED]]),
	group('Barcode to track without login', 'shipment', 'trackWithoutLogin', { barcode: VALUE }, 'Barcode', ONE_BARCODE, BAD_ONE_BARCODE.slice(0, 3)),
	group('Barcodes to track with status', 'shipment', 'trackWithStatus', { barcodes: VALUE }, 'Barcodes', BARCODES, BAD_BARCODE_LIST.slice(0, 4)),
];

beforeEach(async () => {
	await sandbox.control.clearFaults();
	await sandbox.control.clearRequests();
});

function expectedMessage(group: Group, problem: string, item: number): string {
	return `${group.label} (item ${item}): ${problem}: ${group.allowed}`;
}

describe('every bad value is refused with the field, the item, the problem and what is allowed; nothing is sent', () => {
	test.each(GROUPS.map((entry) => [`${entry.resource} › ${entry.operation}: ${entry.name}`, entry] as const))('%s', async (_name, entry) => {
		const input = entry.bad.map(([value]) => ({ value }) as IDataObject);
		const { items, error } = await runOperation(engineFor(sandbox), entry.resource, entry.operation, entry.parameters, { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.error?.message ?? item.json)).toEqual(entry.bad.map(([, problem], index) => expectedMessage(entry, problem, index + 1)));
		for (const item of items) expect(item.error?.message.length).toBeLessThan(400);
		expect(await requestsSeen(sandbox)).toEqual([]);
	});

	test('the table holds at least 120 bad values and covers every operation that has fields', () => {
		expect(GROUPS.reduce((total, entry) => total + entry.bad.length, 0)).toBeGreaterThanOrEqual(120);
		expect(new Set(GROUPS.map((entry) => `${entry.resource}.${entry.operation}`)).size).toBe(30);
	});

	test('Account › Log In, which has no fields, refuses a credential without a base URL and sends nothing', async () => {
		const { error } = await runOperation(engineFor(sandbox, { baseUrl: '' }), 'account', 'logIn');
		expect(error?.message).toBe('The Cargus credential uses a custom environment but its Base URL is empty');
		expect(await requestsSeen(sandbox)).toEqual([]);
	});
});

describe('without Continue On Fail, the run stops at the bad item with its message, and the bad item sends nothing', () => {
	test('Order ID -1 in the second of three items', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'get', { orderId: VALUE }, { input: [{ value: 5500001 }, { value: -1 }, { value: 5500002 }] });
		expect(error?.message).toBe(`Order ID (item 2): -1 is out of range: ${ID}`);
		const sent = (await requestsSeen(sandbox, 'getOrder')).map((entry) => entry.query.orderId);
		expect(sent).not.toContain('-1');
	});

	test('Limit "abc" of Invoice › Get Many', async () => {
		const { error, items } = await runOperation(engineFor(sandbox), 'invoice', 'getMany', { ...LAST_YEAR, returnAll: false, limit: '={{ "abc" }}' });
		expect(items).toEqual([]);
		expect(error?.message).toBe(`Limit (item 1): "abc" is not a whole number: ${ID}`);
		expect(await requestsSeen(sandbox)).toEqual([]);
	});
});

describe('with Continue On Fail, only the bad items carry errors and the good ones are sent as meant', () => {
	test('Track: good, bad, good', async () => {
		const [first, second] = await sandbox.control.shipments();
		const { items, error } = await runOperation(
			engineFor(sandbox),
			'shipment',
			'track',
			{ barcodes: VALUE },
			{ input: [{ value: first.barcode }, { value: { barcode: first.barcode } }, { value: [second.barcode] }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.error?.message ?? item.json.Code)).toEqual([
			first.barcode,
			`Barcodes (item 2): the object {"barcode":"${first.barcode}"} is not a barcode: ${BARCODES}`,
			second.barcode,
		]);
		// n8n sends the items' requests at once: they reach the sandbox in any order.
		expect((await requestsSeen(sandbox, 'trace')).map((entry) => entry.query.barCode).sort()).toEqual([`[${first.barcode}]`, `[${second.barcode}]`].sort());
	});

	test('Create Collection Point: Active "false", "maybe", "true" and false are sent as 0, refused, 1 and 0', async () => {
		const { items } = await runOperation(
			engineFor(sandbox),
			'pickupLocation',
			'createCollectionPoint',
			{ ...COLLECTION_POINT, active: VALUE, address: { Name: '={{ "Punct " + $itemIndex }}', LocalityId: 515, ContactPerson: 'Ana Pop', PhoneNumber: '0722000000' } },
			{ input: [{ value: 'false' }, { value: 'maybe' }, { value: 'true' }, { value: false }], continueOnFail: true },
		);
		expect(items.map((item) => item.error?.message ?? 'sent')).toEqual(['sent', `Active (item 2): "maybe" is not true or false: ${YES_NO}`, 'sent', 'sent']);
		const bodies = (await requestsSeen(sandbox, 'createClickCollect')).map((entry) => entry.body as IDataObject);
		const byItem = bodies.map((body) => [body.Name, body.Active]).sort(([a], [b]) => String(a).localeCompare(String(b)));
		expect(byItem).toEqual([['Punct 0', 0], ['Punct 2', 1], ['Punct 3', 0]]);
	});

	test('Return AWB: Has Contract "true" and "false" are sent as true and false, "yes" is refused', async () => {
		const [shipment] = await sandbox.control.shipments();
		const { items } = await runOperation(
			engineFor(sandbox),
			'returnAwb',
			'create',
			{ barcode: shipment.barcode, additionalFields: { hasContract: VALUE } },
			{ input: [{ value: 'true' }, { value: 'yes' }, { value: 'false' }], continueOnFail: true },
		);
		expect(items[1].error?.message).toBe(`Additional Fields › Has Contract (item 2): "yes" is not true or false: ${YES_NO}`);
		expect([items[0].error, items[2].error]).toEqual([undefined, undefined]);
		const bodies = (await requestsSeen(sandbox, 'createReturnAwb')).map((entry) => (entry.body as IDataObject).HasContract);
		expect(bodies.sort()).toEqual([false, true]);
	});

	test('AWB PDF: One AWB per Page "false" is sent as 0 and "true" as 1, "no" is refused', async () => {
		const [shipment] = await sandbox.control.shipments();
		const { items } = await runOperation(
			engineFor(sandbox),
			'document',
			'getAwbPdf',
			{ barcodes: shipment.barcode, printOptions: { printOneAwbPerPage: VALUE } },
			{ input: [{ value: 'false' }, { value: 'no' }, { value: 'true' }], continueOnFail: true },
		);
		expect(items.map((item) => item.error?.message ?? item.json.fileName)).toEqual([
			`awb-${shipment.barcode}.pdf`,
			`Print Options › One AWB per Page (item 2): "no" is not true or false: ${YES_NO}`,
			`awb-${shipment.barcode}.pdf`,
		]);
		expect((await requestsSeen(sandbox, 'awbPdf')).map((entry) => entry.query.printOneAwbPerPage).sort()).toEqual(['0', '1']);
	});

	test('Invoice › Get Many: Limit "abc", 0 and -5 are refused, 2 gives two invoices', async () => {
		const { items } = await runOperation(
			engineFor(sandbox),
			'invoice',
			'getMany',
			{ fromDate: '2025-01-01T00:00:00', toDate: '2026-11-01T00:00:00', returnAll: false, limit: VALUE },
			{ input: [{ value: 'abc' }, { value: 0 }, { value: -5 }, { value: '2' }], continueOnFail: true },
		);
		expect(items.slice(0, 3).map((item) => item.error?.message)).toEqual([
			`Limit (item 1): "abc" is not a whole number: ${ID}`,
			`Limit (item 2): 0 is out of range: ${ID}`,
			`Limit (item 3): -5 is out of range: ${ID}`,
		]);
		expect(items.slice(3).map((item) => typeof item.json.InvoiceId)).toEqual(['number', 'number']);
		expect((await requestsSeen(sandbox, 'invoices')).map((entry) => entry.query.itemsPerPage)).toEqual(['2']);
	});

	test('Cash receipts: numeric text and a decimal comma are sent as numbers; an empty AWB ID is refused, not sent as 0', async () => {
		const [shipment] = await sandbox.control.shipments();
		const { items } = await runOperation(
			engineFor(sandbox),
			'cashReceipt',
			'createList',
			{ ...CASH_RECEIPTS, receipts: { receipt: [{ ...RECEIPT, awb: shipment.barcode, amount: '={{ $json.amount }}', idAwb: '={{ $json.idAwb }}' }] } },
			{ input: [{ amount: '12,50', idAwb: '7' }, { amount: 10, idAwb: '' }], continueOnFail: true },
		);
		expect(items[1].error?.message).toBe(`Receipts › 1 › AWB ID (item 2): ${REQUIRED}: ${ID}`);
		const [sent] = (await requestsSeen(sandbox, 'cashReceipts')).map((entry) => (entry.body as { CashReceipts: IDataObject[] }).CashReceipts[0]);
		expect(sent).toMatchObject({ Amount: 12.5, IdAwb: 7, Awb: shipment.barcode });
		expect(await requestsSeen(sandbox, 'cashReceipts')).toHaveLength(1);
	});
});
