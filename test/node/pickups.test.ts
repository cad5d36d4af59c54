import { startRecordingProxy } from '../helpers/recordingProxy';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ECOM_TEST_LOCATION = 1005962049;

beforeEach(async () => {
	await sandbox.control.reset();
});

async function pickupWindow(): Promise<{ start: string; end: string }> {
	const { now } = await sandbox.control.clock();
	const start = new Date(new Date(now).getTime() + 24 * 3600 * 1000);
	return { start: start.toISOString(), end: new Date(start.getTime() + 4 * 3600 * 1000).toISOString() };
}

test('Create Collection Point gives the new LocationId', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'pickupLocation', 'createCollectionPoint', {
		minihubId: 'SGN-PP405999',
		active: true,
		address: { Name: 'Punct nou', LocalityId: 515, ContactPerson: 'Ana Pop', PhoneNumber: '0722000000', Email: 'ana@example.com' },
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ LocationId: expect.any(Number) }]);
	const [request] = await requestsSeen(sandbox, 'createClickCollect');
	expect(request.status).toBe(200);
});

test('Update changes a pickup location and gives its LocationId', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'pickupLocation', 'update', {
		locationId: ECOM_TEST_LOCATION,
		address: { ContactPerson: 'Ion Ionescu', PhoneNumber: '0733000000' },
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ LocationId: ECOM_TEST_LOCATION }]);
});

test('Send gives the new OrderId, and Get reads that order back', async () => {
	const engine = engineFor(sandbox);
	const window = await pickupWindow();
	const sent = await runOperation(engine, 'pickupOrder', 'send', {
		locationId: String(ECOM_TEST_LOCATION),
		pickupStartDate: window.start,
		pickupEndDate: window.end,
		parcels: 2,
		envelopes: 1,
		totalWeight: 5,
	});
	expect(sent.error).toBeUndefined();
	expect(sent.json).toEqual([{ OrderId: expect.any(Number) }]);
	const read = await runOperation(engine, 'pickupOrder', 'get', { orderId: String(sent.json[0].OrderId) });
	expect(read.json).toHaveLength(1);
	expect(read.json[0]).toMatchObject({ OrderId: sent.json[0].OrderId, LocationId: ECOM_TEST_LOCATION, NoParcel: 2, NoEnvelop: 1 });
});

test('Send sends the address fields that are given, and only those', async () => {
	const window = await pickupWindow();
	const proxy = await startRecordingProxy(sandbox.url);
	const { error } = await runOperation(engineFor(sandbox, { baseUrl: proxy.url }), 'pickupOrder', 'send', {
		locationId: String(ECOM_TEST_LOCATION),
		pickupStartDate: window.start,
		pickupEndDate: window.end,
		parcels: 1,
		totalWeight: 2,
		address: { CountyId: 27, LocalityId: '={{ "29445916" }}', PostalCode: '077180', StreetId: '' },
	});
	await proxy.stop();
	expect(error).toBeUndefined();
	const sent = proxy.requests.find((request) => request.url === '/api/Orders');
	expect(sent?.body).toEqual({
		LocationId: ECOM_TEST_LOCATION,
		// The window starts a day after the sandbox's 2026-11-20T10:00:00Z: Bucharest wall-clock time, as the shop plugins send it.
		PickupStartDate: '2026-11-21 12:00:00',
		PickupEndDate: '2026-11-21 16:00:00',
		Parcels: 1,
		Envelopes: 0,
		TotalWeight: 2,
		CountyId: 27,
		LocalityId: 29445916,
		PostalCode: '077180',
		CodPostal: '077180',
	});
});

test('Get of an order that does not exist fails with a message naming the order', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'get', { orderId: '999999' });
	expect(items).toEqual([]);
	expect(error?.message).toBe('Cargus has no pickup order 999999');
});

test('Automatic End of Day is sent as HH:MM, and anything else is refused before sending', async () => {
	const proxy = await startRecordingProxy(sandbox.url);
	const engine = engineFor(sandbox, { baseUrl: proxy.url });
	const updated = await runOperation(engine, 'pickupLocation', 'update', {
		locationId: String(ECOM_TEST_LOCATION),
		additionalFields: { automaticEod: ' 9:05 ' },
	});
	expect(updated.error).toBeUndefined();
	expect(proxy.requests.filter((request) => request.url === '/api/PickupLocations').map((request) => request.body)).toEqual([
		{ LocationId: ECOM_TEST_LOCATION, AutomaticEOD: '09:05' },
	]);
	const refused = await runOperation(engine, 'pickupLocation', 'update', {
		locationId: String(ECOM_TEST_LOCATION),
		additionalFields: { automaticEod: '5pm' },
	});
	await proxy.stop();
	expect(refused.error?.message).toBe('Automatic End of Day (item 1): "5pm" is not a time of day: use HH:MM, e.g. 17:30');
	expect(proxy.requests.filter((request) => request.url.startsWith('/api/PickupLocations'))).toHaveLength(1);
});
