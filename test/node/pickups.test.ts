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
		pickupStartDate: window.start,
		pickupEndDate: window.end,
		parcels: 2,
		envelopes: 1,
		totalWeight: 5,
		address: { LocationId: ECOM_TEST_LOCATION },
	});
	expect(sent.error).toBeUndefined();
	expect(sent.json).toEqual([{ OrderId: expect.any(Number) }]);
	const read = await runOperation(engine, 'pickupOrder', 'get', { orderId: sent.json[0].OrderId as number });
	expect(read.json).toHaveLength(1);
	expect(read.json[0]).toMatchObject({ OrderId: sent.json[0].OrderId, LocationId: ECOM_TEST_LOCATION, NoParcel: 2, NoEnvelop: 1 });
});

test('Get of an order that does not exist gives no item', async () => {
	const { items, error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'get', { orderId: 1 });
	expect(error).toBeUndefined();
	expect(items).toEqual([]);
});
