import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';

import type { Engine } from '../helpers/engine';
import { usePathProxy } from '../helpers/pathProxy';
import { listSearch, loadOptions } from '../helpers/loadOptions';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

const sandbox = useSandbox();
const proxy = usePathProxy(sandbox, '/cargus');
const ECOM_TEST_LOCATION = 1005962049;

beforeAll(async () => {
	await sandbox.control.reset();
});

/** A credential whose Custom Base URL is the proxy's, path included: http://127.0.0.1:<port>/cargus */
function behindProxy(kind: 'login' | 'key-only'): Engine {
	return engineFor(sandbox, { baseUrl: proxy.url, ...(kind === 'key-only' ? { username: '', password: '' } : {}) });
}

async function ownBarcode(): Promise<string> {
	const shipments = await sandbox.control.shipments();
	return (shipments.find((shipment) => shipment.clientId === 70001 && shipment.visibleEvents.length > 0) ?? shipments[0]).barcode;
}

async function lastYear(): Promise<{ fromDate: string; toDate: string }> {
	const { now } = await sandbox.control.clock();
	return { fromDate: new Date(new Date(now).getTime() - 366 * 24 * 3600 * 1000).toISOString(), toDate: now };
}

async function invoiceId(): Promise<number> {
	const { json } = await runOperation(behindProxy('login'), 'invoice', 'getMany', { ...(await lastYear()), returnAll: false, limit: 1 });
	return json[0].InvoiceId as number;
}

async function pickupWindow(): Promise<{ pickupStartDate: string; pickupEndDate: string }> {
	const { now } = await sandbox.control.clock();
	const start = new Date(new Date(now).getTime() + 24 * 3600 * 1000);
	return { pickupStartDate: start.toISOString(), pickupEndDate: new Date(start.getTime() + 4 * 3600 * 1000).toISOString() };
}

/** The Date of a served return event (196, 197 or 198: the return begins) of the account's shipments. */
async function returningEvent(): Promise<string> {
	const events = (await sandbox.control.shipments()).filter((shipment) => shipment.clientId === 70001).flatMap((shipment) => shipment.visibleEvents);
	return String(events.find((event) => [196, 197, 198].includes(event.EventId))?.Date);
}

/** A day on which Cargus repaid some cash on delivery. */
async function repaidDay(): Promise<string> {
	const repaid = (await sandbox.control.cashOnDelivery()).find((record) => record.repaid && record.account === 'sandbox');
	return String(repaid?.repaidAt);
}

const pickupOrder = async () => ({ locationId: String(ECOM_TEST_LOCATION), ...(await pickupWindow()), parcels: 1, envelopes: 0, totalWeight: 2 });

const SHIPMENT = SMALL_SHIPMENT;

async function createdAwb(): Promise<string> {
	const { json } = await runOperation(behindProxy('login'), 'shipment', 'create', SHIPMENT);
	return String(json[0].BarCode);
}

const WITHOUT_LOGIN: Array<[string, string, () => Promise<INodeParameters>]> = [
	['returnAwb', 'create', async () => ({ barcode: await ownBarcode(), additionalFields: { hasContract: true } })],
	['shipment', 'trackWithoutLogin', async () => ({ barcode: await ownBarcode() })],
	['locality', 'getManyWithoutLogin', async () => ({ countryId: 1, countyId: 15 })],
	[
		'cashReceipt',
		'createList',
		async () => ({
			date: '2026-11-20T09:00:00',
			operator: 'Ana Pop',
			location: ECOM_TEST_LOCATION,
			receipts: { receipt: [{ receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Ana Pop', amount: 10, awb: await ownBarcode(), idAwb: 1 }] },
		}),
	],
	['complaint', 'save', async () => ({ personName: 'Ana Pop', email: 'ana@example.com', complaintDetails: 'Damaged.' })],
];

const WITH_LOGIN: Array<[string, string, () => Promise<INodeParameters>]> = [
	...WITHOUT_LOGIN,
	['account', 'logIn', async () => ({})],
	['shipment', 'track', async () => ({ barcodes: await ownBarcode() })],
	['shipment', 'trackWithStatus', async () => ({ barcodes: await ownBarcode() })],
	['shipment', 'getStatus', async () => ({ barcode: await ownBarcode() })],
	['shipment', 'trackWithRedirects', async () => ({ barcode: await ownBarcode() })],
	['shipment', 'getDeliveryPicture', async () => ({ barcode: (await sandbox.control.shipments()).find((shipment) => shipment.clientId === 70001 && shipment.state === 'delivered')?.barcode })],
	['shipment', 'getReturning', async () => ({ day: (await returningEvent()).slice(0, 10) })],
	['shipment', 'getCashOnDelivery', async () => ({ barcode: '' })],
	['locality', 'getMany', async () => ({ countryId: 1, filters: { countyId: 15 } })],
	['invoice', 'getMany', async () => ({ ...(await lastYear()), returnAll: false, limit: 2 })],
	['invoice', 'getDocument', async () => ({ invoiceId: await invoiceId() })],
	['invoice', 'getPdf', async () => ({ invoiceId: await invoiceId() })],
	['document', 'getAwbPdf', async () => ({ barcodes: await ownBarcode() })],
	['document', 'getOrderDocuments', async () => ({ ...(await lastYear()), docType: 0 })],
	['document', 'getPickupOrderSummary', async () => ({ orderId: '5500007' })],
	[
		'pickupLocation',
		'createCollectionPoint',
		async () => ({
			minihubId: 'SGN-PP405999',
			active: true,
			address: { Name: 'Punct proxy', LocalityId: 515, ContactPerson: 'Ana Pop', PhoneNumber: '0722000000', Email: 'ana@example.com' },
		}),
	],
	['pickupLocation', 'update', async () => ({ locationId: ECOM_TEST_LOCATION, address: { ContactPerson: 'Ion Ionescu' } })],
	['pickupOrder', 'send', pickupOrder],
	['pickupOrder', 'launch', async () => ({ locationId: 1005962050, ...(await pickupWindow()) })],
	['pickupOrder', 'cancel', async () => ({ locationId: ECOM_TEST_LOCATION })],
	['pickupOrder', 'getMany', async () => ({ findBy: 'date', ...(await lastYear()), returnAll: false, limit: 3 })],
	['pickupLocation', 'getMany', async () => ({ options: { includeInactive: true } })],
	['county', 'getMany', async () => ({ countryId: 1 })],
	['street', 'getMany', async () => ({ localityId: 183, returnAll: false, limit: 5 })],
	['shipAndGoPoint', 'getMany', async () => ({ returnAll: false, limit: 5, filters: { cashOnDeliveryOnly: true } })],
	['cashOnDelivery', 'getMany', async () => ({ ...(await lastYear()), returnAll: true })],
	['cashOnDelivery', 'getRepaid', async () => ({ deductionDate: await repaidDay(), returnAll: true })],
	['shipment', 'create', async () => SHIPMENT],
	['shipment', 'calculatePrice', async () => ({ fromCountyId: 27, fromLocalityId: 29445916, toCountyId: 15, toLocalityId: 164, serviceId: 34, parcels: 1, totalWeight: 2 })],
	['shipment', 'getMany', async () => ({ ...(await lastYear()), returnAll: false, limit: 3 })],
	['shipment', 'get', async () => ({ findBy: 'barcode', barcode: await createdAwb() })],
	['shipment', 'delete', async () => ({ barcode: await createdAwb() })],
	[
		'pickupOrder',
		'get',
		async () => {
			const sent = await runOperation(behindProxy('login'), 'pickupOrder', 'send', await pickupOrder());
			return { orderId: String(sent.json[0].OrderId) };
		},
	],
];

test('the tests below cover every operation of the node', () => {
	const all = new Cargus().description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) => (property.options as INodePropertyOptions[]).map((option) => `${String(property.displayOptions?.show?.resource)} ${String(option.value)}`));
	expect(WITH_LOGIN.map(([resource, operation]) => `${resource} ${operation}`).sort()).toEqual(all.sort());
});

test.each(WITH_LOGIN)('with login behind a proxy path: %s %s works', async (resource, operation, parameters) => {
	const input = await parameters();
	await sandbox.control.clearRequests();
	const { items, error } = await runOperation(behindProxy('login'), resource, operation, input);
	expect(error).toBeUndefined();
	expect(items.length).toBeGreaterThan(0);
	expect((await requestsSeen(sandbox)).every((entry) => entry.status >= 200 && entry.status < 300)).toBe(true);
	expect(proxy.strays).toEqual([]);
});

test.each(WITHOUT_LOGIN)('key-only behind a proxy path: %s %s works without a login', async (resource, operation, parameters) => {
	const input = await parameters();
	await sandbox.control.clearRequests();
	const { items, error } = await runOperation(behindProxy('key-only'), resource, operation, input);
	expect(error).toBeUndefined();
	expect(items.length).toBeGreaterThan(0);
	const log = await requestsSeen(sandbox);
	expect(log.length).toBeGreaterThan(0);
	expect(log.filter((entry) => entry.operation === 'login' || entry.auth !== 'none')).toEqual([]);
	expect(proxy.strays).toEqual([]);
});

test('key-only behind a proxy path: an operation that needs a login says so, and sends nothing', async () => {
	await sandbox.control.clearRequests();
	const { error } = await runOperation(behindProxy('key-only'), 'shipment', 'track', { barcodes: await ownBarcode() });
	expect(error?.message).toBe('This operation needs a Cargus login, but the Cargus API credential has no Username');
	expect(await requestsSeen(sandbox)).toEqual([]);
});

test('the dropdowns load behind a proxy path too', async () => {
	const credential = sandboxCredential(sandbox.url, { baseUrl: proxy.url });
	expect((await loadOptions('getPickupLocations', { resource: 'pickupOrder', operation: 'send' }, credential)).length).toBeGreaterThan(0);
	expect((await loadOptions('getStreets', { resource: 'pickupOrder', operation: 'send', address: { LocalityId: 183 } }, credential)).length).toBeGreaterThan(0);
	expect((await listSearch('searchShipAndGoPoints', { resource: 'pickupOrder', operation: 'send' }, credential, 'Cluj')).results.length).toBeGreaterThan(0);
	expect(proxy.strays).toEqual([]);
});

test('the credential test works behind a proxy path, with login and key-only', async () => {
	expect(await behindProxy('login').testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
	expect(await behindProxy('key-only').testCredential()).toEqual({ status: 'OK', message: 'Connection successful!' });
});
