/**
 * The safety net of issue 50's refactor: a recorded set of executions, every operation of the Cargus node and every
 * kind of error, each run in n8n's engine against the frozen, seeded sandbox through both ways n8n runs the node (its
 * customOperations in a workflow, its routing as an AI agent's tool). Each execution's items (JSON, binary names,
 * types and sizes, paired items), errors (message, description, HTTP code, item) and the requests Cargus received
 * (operation, query, body, status) must equal the recorded ones, and the two ways must equal each other.
 *
 * Beside them, every dropdown and searchable list of the form (one way: n8n's editor calls the node's methods) must
 * give the recorded options and send the recorded requests.
 *
 * Recorded at commit 55e1a36 (before the refactor); executions pass unchanged on later commits. Nine lookups were
 * changed on purpose by 1719f6a and two by issue 64 (one text for a credential without a Username; the login's
 * unreachable host in the words of any request's), each recorded before and after (recorded/lookups.json, "changedBy").
 * `CARGUS_RECORD=1 npx jest test/node/recordedExecutions.test.ts` records again: only for a change of behaviour an
 * issue asks for, named in its commit (a recording on a later commit writes lookups without their "changedBy").
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { listSearch, loadOptions } from '../helpers/loadOptions';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';
import type { SharedClockControl } from '../helpers/sharedClock';
import { engineOf, normalised, outcomeOf, sentOf, startPrefixProxy, WAYS, type Outcome, type PrefixProxy, type Way } from './bothWays';
import { runOperation, SMALL_SHIPMENT } from './world';

const RECORDED = path.join(__dirname, 'recorded', 'executions.json');
const RECORDED_LOOKUPS = path.join(__dirname, 'recorded', 'lookups.json');
const RECORDING = process.env.CARGUS_RECORD === '1';

const sandbox = useSandbox();
let proxy: PrefixProxy;

const ECOM_TEST_LOCATION = 1005962049;
const LAST_YEAR = { fromDate: '2025-11-21T00:00:00', toDate: '2026-11-20T10:00:00' };
const PICKUP_WINDOW = { pickupStartDate: '2026-11-21T10:00:00', pickupEndDate: '2026-11-21T14:00:00' };
const PICKUP_ORDER = { locationId: String(ECOM_TEST_LOCATION), ...PICKUP_WINDOW, parcels: 1, envelopes: 0, totalWeight: 2 };

/** What the seeded sandbox holds (the same after every reset). */
const world = { own: '', other: '', delivered: '', returningDay: '', repaidAt: '', invoiceId: 0 };

/** The kinds of error every one of which has a recorded execution. */
const ERROR_KINDS = [
	'bad input',
	'subscription key refused',
	'login refused',
	'token refused after a new login',
	'404',
	'409 business rule',
	'400 input rejected',
	'429 with Rate Limit Wait 0',
	'429 with the waits running out',
	'5xx',
	'200 carrying an error',
	'unexpected answer',
	'not found',
	'network failure',
	'timeout',
	'connection reset',
	'Continue On Fail',
	'no Username in the credential',
] as const;
type ErrorKind = (typeof ERROR_KINDS)[number];

interface Execution {
	name: string;
	resource: string;
	operation: string;
	parameters: (prepared: Record<string, string>) => INodeParameters;
	input?: (prepared: Record<string, string>) => IDataObject[];
	continueOnFail?: boolean;
	/** The credential's fields changed from the sandbox's default account; given the run's base URL. */
	credential?: (baseUrl: string) => ICredentialDataDecryptedObject;
	/** Before the run: faults injected, or what the operation needs made (named: each value becomes <name> in the outcome). */
	prepare?: (control: SharedClockControl, make: Maker) => Promise<Record<string, string>>;
	kind?: ErrorKind;
	/** The run's engine logs in first (tracking an AWB), then the sandbox expires every token and answers it so. */
	expiredToken?: '401' | 'failed-to-authenticate';
	/**
	 * The sandbox operation answered after the node gave up on it: the sandbox logs a request when it answers it, so
	 * the run waits for that answer (else it would come during the next execution).
	 */
	answeredAfterTheRun?: string;
}

/** Runs an operation through the customOperations on a base URL of its own, to make what an execution needs. */
type Maker = (resource: string, operation: string, parameters: INodeParameters) => Promise<IDataObject>;

const ok = (resource: string, operation: string, parameters: Execution['parameters'], more: Partial<Execution> = {}): Execution => {
	const { name, ...rest } = more;
	return { ...rest, resource, operation, parameters, name: name ? `${resource} › ${operation}: ${name}` : `${resource} › ${operation}` };
};

const failing = (kind: ErrorKind, name: string, resource: string, operation: string, parameters: Execution['parameters'], more: Partial<Execution> = {}): Execution => ({
	...ok(resource, operation, parameters, more),
	name: `${kind}: ${name} (${resource} › ${operation})`,
	kind,
});

const createdAwb = async (_control: SharedClockControl, make: Maker) => ({ 'AWB made': String((await make('shipment', 'create', SMALL_SHIPMENT)).BarCode) });
const sentOrder = async (_control: SharedClockControl, make: Maker) => ({ 'order sent': String((await make('pickupOrder', 'send', PICKUP_ORDER)).OrderId) });
const settings = (changed: Parameters<SharedClockControl['setSettings']>[0]) => async (control: SharedClockControl) => {
	await control.setSettings(changed);
	return {};
};
const mappedOrder = (reference: string, weight: number): IDataObject => ({
	senderLocationId: ECOM_TEST_LOCATION,
	serviceId: 34,
	recipientName: 'Ana Pop',
	recipientPhone: '0722000000',
	recipientCountyId: 'CJ',
	recipientLocalityId: 'Cluj-Napoca',
	pieces: [{ type: 1, weight }],
	cashOnDelivery: 45.5,
	orderReference: reference,
});
const fault = (spec: Parameters<SharedClockControl['addFault']>[0]) => async (control: SharedClockControl) => {
	await control.addFault(spec);
	return {};
};

const EXECUTIONS: Execution[] = [
	ok('account', 'logIn', () => ({})),
	ok('cashOnDelivery', 'getMany', () => ({ ...LAST_YEAR, returnAll: false, limit: 5 })),
	ok('cashOnDelivery', 'getRepaid', () => ({ deductionDate: world.repaidAt, returnAll: true })),
	ok('cashReceipt', 'createList', () => ({
		date: '2026-11-20T09:00:00',
		operator: 'Ana Pop',
		location: ECOM_TEST_LOCATION,
		receipts: { receipt: [{ receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Ana Pop', amount: 10, awb: world.own, idAwb: 1 }] },
	})),
	ok('complaint', 'save', () => ({ personName: 'Ana Pop', email: 'ana@example.com', complaintDetails: 'Colet deteriorat.' })),
	ok('county', 'getMany', () => ({ countryId: 1 })),
	// Not an error: one record where a list is expected is one item.
	ok('county', 'getMany', () => ({ countryId: 1 }), { name: 'one record where a list is expected', prepare: fault({ operation: 'counties', kind: 'status', status: 200, body: { unexpected: true } }) }),
	ok('document', 'getAwbPdf', () => ({ barcodes: `${world.own},${world.other}` })),
	ok('document', 'getAwbPdf', () => ({ barcodes: '={{ $json.barcode }}', options: { combineItems: true } }), { name: 'Combine Items', input: () => [{ barcode: world.own }, { barcode: world.other }] }),
	ok('document', 'getAwbPdf', () => ({ barcodes: world.own, options: { binaryPropertyName: 'label' } }), { name: 'into another binary field' }),
	ok('document', 'getOrderDocuments', () => ({ ...LAST_YEAR, docType: 0 })),
	ok('document', 'getPickupOrderSummary', (prepared) => ({ orderId: prepared['order sent'] }), { prepare: sentOrder }),
	ok('invoice', 'getDocument', () => ({ invoiceId: world.invoiceId })),
	ok('invoice', 'getMany', () => ({ ...LAST_YEAR, returnAll: true, options: { pageSize: 10 } })),
	ok('invoice', 'getPdf', () => ({ invoiceId: world.invoiceId })),
	ok('locality', 'getMany', () => ({ countryId: 1, filters: { countyId: 15 } })),
	ok('locality', 'getManyWithoutLogin', () => ({ countryId: 1, countyId: 5 })),
	ok('pickupLocation', 'createCollectionPoint', () => ({
		minihubId: 'SGN-PP405999',
		active: true,
		address: { Name: 'Punct Ana', LocalityId: 515, ContactPerson: 'Ana Pop', PhoneNumber: '0722000000', Email: 'ana@example.com' },
	})),
	ok('pickupLocation', 'getMany', () => ({ options: { includeInactive: true } })),
	ok('pickupLocation', 'update', () => ({ locationId: ECOM_TEST_LOCATION, address: { ContactPerson: 'Ion Ionescu' } })),
	ok('pickupOrder', 'cancel', () => ({ locationId: ECOM_TEST_LOCATION }), { prepare: sentOrder }),
	ok('pickupOrder', 'get', (prepared) => ({ orderId: prepared['order sent'] }), { prepare: sentOrder }),
	ok('pickupOrder', 'getMany', () => ({ findBy: 'date', ...LAST_YEAR, returnAll: true, options: { pageSize: 4 } })),
	ok('pickupOrder', 'launch', () => ({ locationId: 1005962050, ...PICKUP_WINDOW })),
	ok('pickupOrder', 'send', () => PICKUP_ORDER),
	ok('returnAwb', 'create', () => ({ barcode: world.own, additionalFields: { hasContract: true } })),
	ok('shipAndGoPoint', 'getMany', () => ({ returnAll: false, limit: 5, filters: { cashOnDeliveryOnly: true } })),
	ok('shipment', 'calculatePrice', () => ({ fromCountyId: 27, fromLocalityId: 29445916, toCountyId: 15, toLocalityId: 164, serviceId: 34, parcels: 1, totalWeight: 2.5 })),
	ok('shipment', 'create', () => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'Comanda 1001' } })),
	ok('shipment', 'create', () => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'Comanda 1002' } }), {
		name: 'the same order twice in one execution',
		input: () => [{}, {}],
	}),
	ok('shipment', 'create', () => ({ ...SMALL_SHIPMENT, recipientCountyId: '={{ "CJ" }}', recipientLocalityId: '={{ "cluj napoca" }}', additionalAwbFields: { orderReference: 'Comanda 1004' } }), {
		name: 'county and locality by name',
	}),
	ok('shipment', 'create', () => ({ mappingMode: 'autoMapInputData' }), { name: 'Map Automatically, two orders', input: () => [mappedOrder('Comanda 1005', 2.5), mappedOrder('Comanda 1006', 0.4)] }),
	ok('shipment', 'create', () => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'Comanda 1007' } }), {
		name: 'an order whose AWB Cargus already lists',
		prepare: async (_control, make) => ({ 'AWB made': String((await make('shipment', 'create', { ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'Comanda 1007' } })).BarCode) }),
	}),
	ok('shipment', 'delete', (prepared) => ({ barcode: prepared['AWB made'] }), { prepare: createdAwb }),
	ok('shipment', 'get', (prepared) => ({ findBy: 'barcode', barcode: prepared['AWB made'] }), { prepare: createdAwb }),
	ok('shipment', 'get', (prepared) => ({ findBy: 'pickupOrder', orderId: prepared['order of the AWB'] }), {
		name: 'the AWBs of a pickup order',
		prepare: async (_control, make) => ({ 'order of the AWB': String((await make('shipment', 'get', { findBy: 'barcode', barcode: String((await make('shipment', 'create', SMALL_SHIPMENT)).BarCode) })).OrderId) }),
	}),
	ok('shipment', 'getCashOnDelivery', () => ({ barcode: world.own })),
	ok('shipment', 'getDeliveryPicture', () => ({ barcode: world.delivered })),
	ok('shipment', 'getMany', () => ({ fromDate: '2026-11-01T00:00:00', toDate: '2026-11-20T00:00:00', returnAll: true, options: { pageSize: 20 } })),
	ok('shipment', 'getReturning', () => ({ day: world.returningDay })),
	ok('shipment', 'getStatus', () => ({ barcode: world.own })),
	ok('shipment', 'track', () => ({ barcodes: '={{ $json.barcode }}' }), { input: () => [{ barcode: world.own }, { barcode: world.other }] }),
	ok('shipment', 'track', () => ({ barcodes: `${world.own},${world.delivered}`, simplify: false }), { name: 'not simplified' }),
	// Not an error: a trace answer that does not hold the barcode asked is that barcode not found.
	ok('shipment', 'track', () => ({ barcodes: world.own }), { name: 'an answer without the barcode asked', prepare: fault({ operation: 'trace', kind: 'status', status: 200, body: { unexpected: true } }) }),
	ok('shipment', 'trackWithoutLogin', () => ({ barcode: world.delivered })),
	ok('shipment', 'trackWithRedirects', () => ({ barcode: world.own })),
	ok('shipment', 'trackWithStatus', () => ({ barcodes: `${world.own},${world.delivered}` })),
	ok('shipment', 'track', () => ({ barcodes: '={{ $json.barcodes }}' }), { name: 'a list of barcodes in one item', input: () => [{ barcodes: [world.own, world.delivered, world.other] }] }),
	ok('shipment', 'track', () => ({ barcodes: world.own }), { name: 'an expired token answered 401 is renewed', expiredToken: '401' }),
	ok('shipment', 'track', () => ({ barcodes: world.own }), {
		name: 'a 429 waited out',
		prepare: fault({ operation: 'trace', kind: 'status', status: 429, count: 1, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' } }),
	}),
	ok('shipment', 'getStatus', () => ({ barcode: world.own }), { name: 'a read reset once is sent again', prepare: fault({ operation: 'awbStatus', kind: 'reset', count: 1 }) }),
	ok('document', 'getAwbPdf', () => ({ barcodes: world.own }), { name: 'an expired token answered "Failed to authenticate!" is renewed', expiredToken: 'failed-to-authenticate' }),
	ok('locality', 'getMany', () => ({ countryId: 1, filters: { countyId: 15 } }), { name: 'localities grouped as the interface shows them', prepare: settings({ localities: 'grouped' }) }),
	ok('pickupOrder', 'getMany', () => ({ findBy: 'location', locationId: String(ECOM_TEST_LOCATION), returnAll: true }), { name: 'by location, a page of one order as an object', prepare: settings({ ordersListOfOne: 'object' }) }),
	ok('invoice', 'getMany', () => ({ ...LAST_YEAR, returnAll: false, limit: 3 }), { name: 'Limit' }),
	ok('street', 'getMany', () => ({ localityId: 183, returnAll: false, limit: 5 })),

	failing('bad input', 'a malformed barcode of the second item', 'shipment', 'track', () => ({ barcodes: '={{ $json.barcode }}' }), { input: () => [{ barcode: world.own }, { barcode: '12ab' }] }),
	failing('bad input', 'From after To', 'invoice', 'getMany', () => ({ fromDate: '2026-11-20T00:00:00', toDate: '2026-11-01T00:00:00', returnAll: true })),
	failing('bad input', 'a non-numeric ID', 'pickupOrder', 'get', () => ({ orderId: 'abc' })),
	failing('subscription key refused', 'on a login operation', 'shipment', 'track', () => ({ barcodes: world.own }), { credential: () => ({ apiKey: 'wrong-key' }) }),
	failing('subscription key refused', 'on an operation without login', 'shipment', 'trackWithoutLogin', () => ({ barcode: world.own }), { credential: () => ({ apiKey: 'wrong-key' }) }),
	failing('login refused', 'a wrong password', 'shipment', 'track', () => ({ barcodes: world.own }), { credential: () => ({ password: 'nope' }) }),
	failing('token refused after a new login', 'Track', 'shipment', 'track', () => ({ barcodes: world.own }), { prepare: fault({ operation: 'trace', kind: 'status', status: 401 }) }),
	failing('404', 'a wrong base URL', 'shipment', 'trackWithoutLogin', () => ({ barcode: world.own }), { credential: (baseUrl) => ({ baseUrl: `${baseUrl}/wrong` }) }),
	failing('404', 'an invoice answered 404', 'invoice', 'getPdf', () => ({ invoiceId: world.invoiceId }), { prepare: fault({ operation: 'invoicePdf', kind: 'status', status: 404 }) }),
	failing('409 business rule', 'an unknown pickup location', 'pickupLocation', 'update', () => ({ locationId: 1, address: { ContactPerson: 'X' } })),
	failing('409 business rule', 'a bare JSON string', 'shipment', 'getStatus', () => ({ barcode: world.own }), { prepare: fault({ operation: 'awbStatus', kind: 'status', status: 409, body: '"AWB-ul nu apartine clientului"' }) }),
	failing('400 input rejected', 'an unknown locality', 'pickupLocation', 'createCollectionPoint', () => ({
		minihubId: 'SGN-PP405999',
		address: { Name: 'Punct', LocalityId: 987654321, ContactPerson: 'Ana', PhoneNumber: '0722000000' },
	})),
	failing('429 with Rate Limit Wait 0', 'Track', 'shipment', 'track', () => ({ barcodes: world.own, requestOptions: { rateLimitWait: 0 } }), {
		prepare: fault({ operation: 'trace', kind: 'status', status: 429, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 7 seconds.' } }),
	}),
	failing('429 with the waits running out', 'Track', 'shipment', 'track', () => ({ barcodes: world.own, requestOptions: { rateLimitWait: 1 } }), {
		prepare: fault({ operation: 'trace', kind: 'status', status: 429, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' } }),
	}),
	failing('5xx', 'a 500 with an ASP.NET body', 'shipment', 'track', () => ({ barcodes: world.own }), { prepare: fault({ operation: 'trace', kind: 'status', status: 500, body: { Message: 'An error has occurred.' } }) }),
	failing('5xx', 'a 503 HTML page of the gateway', 'county', 'getMany', () => ({ countryId: 1 }), { prepare: fault({ operation: 'counties', kind: 'echo', status: 503, format: 'html' }) }),
	failing('5xx', 'a 504 after the AWB was made', 'shipment', 'create', () => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: 'Comanda 1003' } }), {
		prepare: fault({ operation: 'createAwb', kind: 'status', status: 504, afterWork: true, count: 1 }),
	}),
	failing('200 carrying an error', 'Track', 'shipment', 'track', () => ({ barcodes: world.own }), { prepare: fault({ operation: 'trace', kind: 'status', status: 200, body: [{ Error: 'AWB inexistent' }] }) }),
	failing('200 carrying an error', 'Create', 'shipment', 'create', () => SMALL_SHIPMENT, { prepare: fault({ operation: 'createAwb', kind: 'status', status: 200, body: { Error: 'Serviciu indisponibil' } }) }),
	failing('unexpected answer', 'an HTML page with 200', 'shipment', 'getStatus', () => ({ barcode: world.own }), { prepare: fault({ operation: 'awbStatus', kind: 'echo', status: 200, format: 'html' }) }),
	failing('unexpected answer', 'a malformed JSON answer', 'county', 'getMany', () => ({ countryId: 1 }), { prepare: fault({ operation: 'counties', kind: 'malformed' }) }),
	failing('unexpected answer', 'a truncated JSON answer', 'shipment', 'getStatus', () => ({ barcode: world.own }), { prepare: fault({ operation: 'awbStatus', kind: 'truncated' }) }),
	failing('unexpected answer', 'a PDF that is not one', 'invoice', 'getPdf', () => ({ invoiceId: world.invoiceId }), { prepare: fault({ operation: 'invoicePdf', kind: 'status', status: 200, body: 'not a pdf' }) }),
	failing('not found', 'a pickup order Cargus answers 204 to', 'pickupOrder', 'get', () => ({ orderId: '999999' }), { prepare: fault({ operation: 'getOrder', kind: 'status', status: 204 }) }),
	failing('not found', 'no AWB of the account with this barcode', 'shipment', 'get', () => ({ findBy: 'barcode', barcode: '1099999999' })),
	failing('not found', 'the status of an AWB answered 204', 'shipment', 'getStatus', () => ({ barcode: world.own }), { prepare: fault({ operation: 'awbStatus', kind: 'status', status: 204 }) }),
	failing('network failure', 'connection refused', 'shipment', 'trackWithoutLogin', () => ({ barcode: world.own }), { credential: () => ({ baseUrl: 'http://127.0.0.1:9' }) }),
	failing('network failure', 'connection refused at login', 'shipment', 'track', () => ({ barcodes: world.own }), { credential: () => ({ baseUrl: 'http://127.0.0.1:9' }) }),
	failing('timeout', 'Get Status slower than the Timeout', 'shipment', 'getStatus', () => ({ barcode: world.own, requestOptions: { timeout: 500 } }), {
		prepare: fault({ operation: 'awbStatus', kind: 'latency', latencyMs: 1500 }),
		answeredAfterTheRun: 'awbStatus',
	}),
	failing('connection reset', 'a read reset every time', 'shipment', 'getStatus', () => ({ barcode: world.own }), { prepare: fault({ operation: 'awbStatus', kind: 'reset' }) }),
	failing('connection reset', 'an AWB creation reset once, not sent again', 'shipment', 'create', () => SMALL_SHIPMENT, { prepare: fault({ operation: 'createAwb', kind: 'reset', count: 1 }) }),
	failing('Continue On Fail', 'a bad barcode among good ones', 'shipment', 'track', () => ({ barcodes: '={{ $json.barcode }}' }), {
		input: () => [{ barcode: world.own }, { barcode: 'not-a-barcode' }, { barcode: world.other }],
		continueOnFail: true,
	}),
	failing('Continue On Fail', 'a 409 of one item', 'pickupLocation', 'update', () => ({ locationId: '={{ $json.id }}', address: { ContactPerson: 'Ion Ionescu' } }), {
		input: () => [{ id: ECOM_TEST_LOCATION }, { id: 1 }],
		continueOnFail: true,
	}),
	// The second item is refused before sending: which of two requests the sandbox answers 429 would depend on their race.
	failing('Continue On Fail', 'a 429 with Rate Limit Wait 0 and a bad barcode', 'shipment', 'getStatus', () => ({ barcode: '={{ $json.barcode }}', requestOptions: { rateLimitWait: 0 } }), {
		input: () => [{ barcode: world.own }, { barcode: '12ab' }],
		continueOnFail: true,
		prepare: fault({ operation: 'awbStatus', kind: 'status', status: 429, count: 1, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 7 seconds.' } }),
	}),
	failing('Continue On Fail', 'every item unreachable', 'shipment', 'trackWithoutLogin', () => ({ barcode: '={{ $json.barcode }}' }), {
		input: () => [{ barcode: world.own }, { barcode: world.other }],
		continueOnFail: true,
		credential: () => ({ baseUrl: 'http://127.0.0.1:9' }),
	}),
	failing('no Username in the credential', 'Track', 'shipment', 'track', () => ({ barcodes: world.own }), { credential: () => KEY_ONLY }),
	failing('no Username in the credential', 'Create', 'shipment', 'create', () => SMALL_SHIPMENT, { credential: () => KEY_ONLY }),
];

/** A dropdown (load options) or a searchable list of the node's form, as n8n's editor asks for it. */
interface Lookup {
	name: string;
	method: string;
	parameters: INodeParameters;
	/** For a searchable list: what the user typed. */
	filter?: string;
	/** The credential's fields changed from the default account; null: no credential chosen. */
	credential?: ICredentialDataDecryptedObject | null;
	prepare?: (control: SharedClockControl) => Promise<unknown>;
}

/** The credential dialog's Test button, as n8n's CredentialsTester presses it. */
const CREDENTIAL_TEST = 'test the credential';
const CREATE = { resource: 'shipment', operation: 'create' };
const PRICE = { resource: 'shipment', operation: 'calculatePrice' };
const PICKUP_SEND = { resource: 'pickupOrder', operation: 'send' };

const LOOKUPS: Lookup[] = [
	{ name: 'counties', method: 'getCounties', parameters: CREATE },
	{ name: 'counties without a credential', method: 'getCounties', parameters: CREATE, credential: null },
	{ name: 'counties, the subscription key refused', method: 'getCounties', parameters: CREATE, credential: { apiKey: 'wrong-key' } },
	{ name: 'recipient localities', method: 'getRecipientLocalities', parameters: { ...CREATE, recipientCountyId: 15 } },
	{ name: 'recipient localities, the county by name', method: 'getRecipientLocalities', parameters: { ...CREATE, recipientCountyId: 'CJ' } },
	{ name: 'recipient localities, no county yet', method: 'getRecipientLocalities', parameters: { ...CREATE, recipientCountyId: '' } },
	{ name: 'localities of the sender', method: 'getFromLocalities', parameters: { ...PRICE, fromCountyId: 27 } },
	{ name: 'localities of the recipient', method: 'getToLocalities', parameters: { ...PRICE, toCountyId: 15 } },
	{ name: 'localities of a county', method: 'getCountyLocalities', parameters: { resource: 'street', operation: 'getMany', countyId: 19 } },
	{ name: 'localities of an address', method: 'getLocalities', parameters: { ...PICKUP_SEND, address: { CountyId: 5 } } },
	{ name: 'localities, a key-only credential', method: 'getLocalities', parameters: { ...PICKUP_SEND, address: { CountyId: 5 } }, credential: KEY_ONLY },
	{ name: 'localities grouped', method: 'getRecipientLocalities', parameters: { ...CREATE, recipientCountyId: 15 }, prepare: async (control) => await control.setSettings({ localities: 'grouped' }) },
	{ name: 'recipient streets', method: 'getRecipientStreets', parameters: { ...CREATE, recipientCountyId: 15, recipientLocalityId: 164 } },
	{ name: 'recipient streets, a key-only credential', method: 'getRecipientStreets', parameters: { ...CREATE, recipientCountyId: 15, recipientLocalityId: 164 }, credential: KEY_ONLY },
	{ name: 'streets of an address', method: 'getStreets', parameters: { ...PICKUP_SEND, address: { CountyId: 19, LocalityId: 183 } } },
	{ name: 'pickup locations', method: 'getPickupLocations', parameters: CREATE },
	{ name: 'pickup locations, the login refused', method: 'getPickupLocations', parameters: CREATE, credential: { password: 'not-the-password-42' } },
	{ name: 'pickup locations, without a credential', method: 'getPickupLocations', parameters: CREATE, credential: null },
	{ name: 'price tables', method: 'getPriceTables', parameters: CREATE },
	{ name: 'price tables, a 500', method: 'getPriceTables', parameters: CREATE, prepare: async (control) => await control.addFault({ operation: 'priceTables', kind: 'status', status: 500, body: { Message: 'An error has occurred.' } }) },
	{ name: 'the credential tested', method: CREDENTIAL_TEST, parameters: {} },
	{ name: 'the credential tested, the password refused', method: CREDENTIAL_TEST, parameters: {}, credential: { password: 'nope' } },
	{ name: 'the credential tested, the subscription key refused', method: CREDENTIAL_TEST, parameters: {}, credential: { apiKey: 'wrong-key' } },
	{ name: 'the credential tested, key only', method: CREDENTIAL_TEST, parameters: {}, credential: KEY_ONLY },
	{ name: 'the credential tested, Cargus unreachable', method: CREDENTIAL_TEST, parameters: {}, credential: { baseUrl: 'http://127.0.0.1:9' } },
	{ name: 'Ship & Go points', method: 'searchShipAndGoPoints', parameters: PICKUP_SEND },
	{ name: 'Ship & Go points, searched', method: 'searchShipAndGoPoints', parameters: PICKUP_SEND, filter: 'craiova  severinului' },
	{ name: 'Ship & Go points to deliver to, taking cash', method: 'searchDeliveryShipAndGoPoints', parameters: { cashOnDelivery: 149.9 }, filter: 'Cluj' },
];

/**
 * A lookup's recorded outcome: as at 55e1a36, or, where a later commit changed it on purpose, both, with that commit
 * (1719f6a: a list that cannot load says the node's explanation of the failure; the locality lists send only the key;
 * issue 64: errors.ts' one text for a credential without a Username, and for a login that reaches no host).
 */
type RecordedLookup = unknown;
interface ChangedLookup {
	changedBy: string;
	at55e1a36: unknown;
	now: unknown;
}

function isChanged(recorded: RecordedLookup): recorded is ChangedLookup {
	return recorded !== null && typeof recorded === 'object' && 'changedBy' in recorded;
}

async function lookUp(lookup: Lookup): Promise<unknown> {
	await sandbox.control.reset();
	await lookup.prepare?.(sandbox.control);
	await sandbox.control.clearRequests();
	const baseUrl = proxy.nextBaseUrl();
	const credential = lookup.credential === null ? undefined : sandboxCredential(baseUrl, lookup.credential ?? {});
	let answer: unknown;
	try {
		if (lookup.method === CREDENTIAL_TEST) answer = await engineOf('custom', credential ?? {}).testCredential();
		else if (lookup.method.startsWith('search')) answer = await listSearch(lookup.method, lookup.parameters, credential ?? {}, lookup.filter);
		else answer = await loadOptions(lookup.method, lookup.parameters, credential);
	} catch (error) {
		answer = { thrown: (error as Error).message };
	}
	return normalised({ answer, sent: sentOf(await sandbox.control.requests()) }, baseUrl);
}

/** One execution run one way: the sandbox reset to its seed, then prepared, then the node run on a base URL of its own. */
async function runOne(execution: Execution, way: Way): Promise<Outcome> {
	await sandbox.control.reset();
	const maker: Maker = async (resource, operation, parameters) => {
		const made = await runOperation(engineOf('custom', sandboxCredential(proxy.nextBaseUrl())), resource, operation, parameters);
		if (made.error || made.json.length !== 1) throw new Error(`Could not prepare ${execution.name}: ${String(made.error?.message ?? `${made.json.length} items`)}`);
		return made.json[0];
	};
	const prepared = (await execution.prepare?.(sandbox.control, maker)) ?? {};
	await sandbox.control.clearRequests();
	const baseUrl = proxy.nextBaseUrl();
	const engine = engineOf(way, sandboxCredential(baseUrl, execution.credential?.(baseUrl) ?? {}));
	if (execution.expiredToken !== undefined) {
		const first = await engine.run({ resource: 'shipment', operation: 'track', barcodes: world.own });
		if (first.error) throw new Error(`Could not log in before ${execution.name}: ${first.error.message}`);
		await sandbox.control.setSettings({ expiredTokenAnswer: execution.expiredToken });
		await sandbox.control.expireTokens();
		await sandbox.control.clearRequests();
	}
	const { items, error } = await engine.run(
		{ resource: execution.resource, operation: execution.operation, ...execution.parameters(prepared) },
		{ input: execution.input?.(prepared), continueOnFail: execution.continueOnFail },
	);
	const late = execution.answeredAfterTheRun;
	while (late !== undefined && (await sandbox.control.requests(late)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
	// Items sending at once reach Cargus in any order, and it numbers the AWBs it makes in that order.
	const made = (execution.operation === 'create' && execution.resource === 'shipment' ? items : []).flatMap((item, index) => {
		const barcode = String(item.json.BarCode ?? '');
		return /^\d+$/.test(barcode) && !Object.values(prepared).includes(barcode) ? [[barcode, `<AWB made for item ${index + 1}>`] as [string, string]] : [];
	});
	return normalised(
		{ ...outcomeOf(items, error), sent: sentOf(await sandbox.control.requests()) },
		baseUrl,
		[...Object.entries(prepared).map(([name, value]): [string, string] => [value, `<${name}>`]), ...made],
	);
}

/** Every execution's outcome both ways, as recorded: one outcome where the two agree, both where they do not. */
type Recorded = Record<string, { outcome: Outcome } | { custom: Outcome; routed: Outcome }>;

/**
 * Where the two ways differ, by execution, and why: such an execution is recorded both ways. Empty: at 55e1a36 every
 * execution gave the same items, errors and requests both ways.
 */
const KNOWN_DIFFERENCES: Record<string, string> = {};

const outcomes: Record<string, Record<Way, Outcome>> = {};

beforeAll(async () => {
	proxy = await startPrefixProxy(sandbox.url);
	await sandbox.control.reset();
	const shipments = (await sandbox.control.shipments()).filter((shipment) => shipment.clientId === 70001);
	const seen = shipments.filter((shipment) => shipment.visibleEvents.length > 0);
	world.own = seen[0].barcode;
	world.other = seen[1].barcode;
	world.delivered = String(shipments.find((shipment) => shipment.state === 'delivered')?.barcode);
	world.returningDay = String(shipments.flatMap((shipment) => shipment.visibleEvents).find((event) => [196, 197, 198].includes(event.EventId))?.Date).slice(0, 10);
	world.repaidAt = String((await sandbox.control.cashOnDelivery()).find((record) => record.repaid && record.account === 'sandbox')?.repaidAt);
	world.invoiceId = (await sandbox.control.invoices()).filter((invoice) => invoice.issued && invoice.account === 'sandbox')[0].InvoiceId;
});

const lookups: Record<string, unknown> = {};

afterAll(async () => {
	await proxy?.stop();
	if (!RECORDING) return;
	writeFileSync(RECORDED_LOOKUPS, `${JSON.stringify(lookups, null, '\t')}\n`);
	const missing = EXECUTIONS.filter(({ name }) => outcomes[name] === undefined).map(({ name }) => name);
	const recorded: Recorded = Object.fromEntries(
		EXECUTIONS.filter(({ name }) => outcomes[name] !== undefined).map(({ name }) => {
			const { custom, routed } = outcomes[name];
			return [name, JSON.stringify(custom) === JSON.stringify(routed) ? { outcome: custom } : { custom, routed }];
		}),
	);
	writeFileSync(RECORDED, `${JSON.stringify(recorded, null, '\t')}\n`);
	if (missing.length > 0) throw new Error(`Recorded without ${missing.join(', ')}: they did not run`);
});

function recordedOutcome(name: string, way: Way): Outcome | undefined {
	const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
	const entry = recorded[name];
	if (entry === undefined) return undefined;
	return 'outcome' in entry ? entry.outcome : entry[way];
}

describe('every recorded execution gives the recorded items and errors, both ways', () => {
	test.each(EXECUTIONS.map((execution) => [execution.name, execution] as const))('%s', async (name, execution) => {
		outcomes[name] = { custom: await runOne(execution, 'custom'), routed: await runOne(execution, 'routed') };
		if (execution.kind !== undefined && execution.kind !== 'Continue On Fail') expect(outcomes[name].custom.error).toBeDefined();
		if (execution.kind === 'Continue On Fail') expect(outcomes[name].custom.items.some((item) => item.error)).toBe(true);
		if (execution.kind === undefined) expect([outcomes[name].custom.error, outcomes[name].custom.items.length > 0]).toEqual([undefined, true]);
		if (name in KNOWN_DIFFERENCES) expect(outcomes[name].routed).not.toEqual(outcomes[name].custom);
		else expect(outcomes[name].routed).toEqual(outcomes[name].custom);
		if (RECORDING) return;
		for (const way of WAYS) expect(outcomes[name][way]).toEqual(recordedOutcome(name, way));
	});
});

// Lookups run one way: n8n's editor calls the node's methods (and the credential's test), with no routing.
describe('every dropdown, searchable list and credential test gives the recorded answer', () => {
	test.each(LOOKUPS.map((lookup) => [lookup.name, lookup] as const))('%s', async (name, lookup) => {
		lookups[name] = await lookUp(lookup);
		if (RECORDING) return;
		const recorded = (JSON.parse(readFileSync(RECORDED_LOOKUPS, 'utf8')) as Record<string, RecordedLookup>)[name];
		if (isChanged(recorded)) {
			// Still a change: the options before it are not what the lists give now.
			expect(lookups[name]).not.toEqual(recorded.at55e1a36);
			expect(lookups[name]).toEqual(recorded.now);
		} else {
			expect(lookups[name]).toEqual(recorded);
		}
	});

	test('the recorded file holds exactly these lookups', () => {
		if (RECORDING) return;
		expect(Object.keys(JSON.parse(readFileSync(RECORDED_LOOKUPS, 'utf8')) as object)).toEqual(LOOKUPS.map((lookup) => lookup.name));
	});
});

describe('the recorded set', () => {
	test('holds an execution of every operation of the Cargus node', () => {
		const properties = new Cargus().description.properties;
		const operations = properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.displayOptions?.show?.resource ?? []).flatMap((resource) => ((property.options ?? []) as INodePropertyOptions[]).map((option) => `${String(resource)} › ${String(option.value)}`)),
			);
		expect(operations.length).toBeGreaterThan(30);
		const covered = new Set(EXECUTIONS.filter((execution) => execution.kind === undefined).map((execution) => `${execution.resource} › ${execution.operation}`));
		expect(operations.filter((operation) => !covered.has(operation))).toEqual([]);
	});

	test('holds an execution of every kind of error', () => {
		const covered = new Set(EXECUTIONS.map((execution) => execution.kind));
		expect(ERROR_KINDS.filter((kind) => !covered.has(kind))).toEqual([]);
	});

	test('the recorded file holds exactly these executions, each name once', () => {
		const names = EXECUTIONS.map((execution) => execution.name);
		expect(new Set(names).size).toBe(names.length);
		if (RECORDING) return;
		expect(existsSync(RECORDED)).toBe(true);
		expect(Object.keys(JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded)).toEqual(names);
	});
});
