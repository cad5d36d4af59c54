import fs from 'node:fs';
import path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startRecordingProxy } from '../helpers/recordingProxy';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ECOM_TEST = 1005962049;
const DEPOT = 1005962050;
const WINDOW = { pickupStartDate: '2026-11-20T14:00:00', pickupEndDate: '2026-11-20T18:00:00' };

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('Pickup Order › Launch and › Cancel', () => {
	it('Launch sends the location\'s AWBs of the day to a courier in the window and gives the order, which then reads validated', async () => {
		const engine = engineFor(sandbox);
		const launched = await runOperation(engine, 'pickupOrder', 'launch', { locationId: DEPOT, ...WINDOW });
		expect(launched.error).toBeUndefined();
		expect(launched.json).toEqual([{ OrderId: 5500007 }]);
		const [request] = await requestsSeen(sandbox, 'launchOrCancelOrder');
		expect(request).toMatchObject({ method: 'PUT', status: 200 });
		expect(request.query).toEqual({ locationId: String(DEPOT), action: '1', PickupStartDate: '2026-11-20 14:00:00', PickupEndDate: '2026-11-20 18:00:00' });
		const read = await runOperation(engine, 'pickupOrder', 'get', { orderId: '5500007' });
		expect(read.json[0]).toMatchObject({ OrdStatus: 2, OrdStatusDetails: 'Validata', PickupStartDate: '2026-11-20T14:00:00', NoParcel: 3, NoEnvelop: 1 });
	});

	it('Launch sends the window in Romania\'s local time without an offset, as the shop plugins do, whatever offset the dates carry', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'launch', {
			locationId: DEPOT, pickupStartDate: '2026-11-20T12:00:00Z', pickupEndDate: '={{ "2026-11-20T11:00:00-05:00" }}',
		});
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'launchOrCancelOrder');
		expect(request.query).toEqual({ locationId: String(DEPOT), action: '1', PickupStartDate: '2026-11-20 14:00:00', PickupEndDate: '2026-11-20 18:00:00' });
		const read = await runOperation(engineFor(sandbox), 'pickupOrder', 'get', { orderId: '5500007' });
		expect(read.json[0]).toMatchObject({ PickupStartDate: '2026-11-20T14:00:00', PickupEndDate: '2026-11-20T18:00:00' });
	});

	it('Launch where nothing waits for a courier says what Cargus answered, naming the location', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'launch', { locationId: '={{ 1005962051 }}', ...WINDOW });
		expect(error?.message).toMatch(/1005962051/);
		expect(error?.message).toMatch(/409|Conflict|Nu exista/);
	});

	it('Launch refuses an end before the start before sending', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'launch', { locationId: DEPOT, pickupStartDate: WINDOW.pickupEndDate, pickupEndDate: WINDOW.pickupStartDate });
		expect(error?.message).toMatch(/^Pickup Start \(item 1\): .* is after Pickup End/);
		expect(await requestsSeen(sandbox, 'launchOrCancelOrder')).toEqual([]);
	});

	it('Cancel cancels the location\'s latest order not yet being picked up and gives its ID', async () => {
		const engine = engineFor(sandbox);
		const cancelled = await runOperation(engine, 'pickupOrder', 'cancel', { locationId: ECOM_TEST });
		expect(cancelled.error).toBeUndefined();
		expect(cancelled.json).toEqual([{ OrderId: 5500006 }]);
		expect((await requestsSeen(sandbox, 'launchOrCancelOrder'))[0].query).toEqual({ locationId: String(ECOM_TEST), action: '0' });
		const read = await runOperation(engine, 'pickupOrder', 'get', { orderId: '5500006' });
		expect(read.json[0]).toMatchObject({ OrdStatus: 4, OrdStatusDetails: 'Anulata' });
	});
});

describe('Pickup Order › Get Many', () => {
	it('by date gives the orders created in the range, every status, paged with Limit', async () => {
		const engine = engineFor(sandbox);
		const all = await runOperation(engine, 'pickupOrder', 'getMany', { findBy: 'date', fromDate: '2026-11-01T00:00:00', toDate: '2026-11-20T23:59:59', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.json.map((order) => order.OrderId)).toEqual([5500001, 5500002, 5500003, 5500004, 5500005, 5500007, 5500006]);
		const two = await runOperation(engine, 'pickupOrder', 'getMany', { findBy: 'date', fromDate: '2026-11-01T00:00:00', toDate: '2026-11-20T23:59:59', returnAll: false, limit: 2 });
		expect(two.json.map((order) => order.OrderId)).toEqual([5500001, 5500002]);
		const paths = (await requestsSeen(sandbox, 'ordersByDate')).map((request) => request.query);
		expect(paths[paths.length - 1]).toMatchObject({ itemsPerPage: '2', pageNumber: '1' });
	});

	it('by location and status gives the open or the validated orders of one location, page after page', async () => {
		const engine = engineFor(sandbox);
		const open = await runOperation(engine, 'pickupOrder', 'getMany', { findBy: 'location', locationId: DEPOT, status: 0, returnAll: true });
		expect(open.json.map((order) => [order.OrderId, order.OrdStatus])).toEqual([[5500007, 0]]);
		const validated = await runOperation(engine, 'pickupOrder', 'getMany', { findBy: 'location', locationId: ECOM_TEST, status: 1, returnAll: true, options: { pageSize: 3 } });
		expect(validated.json.map((order) => order.OrderId)).toEqual([5500001, 5500003, 5500004, 5500005]);
		expect((await requestsSeen(sandbox, 'ordersByLocation')).map((request) => request.query.pageNumber)).toEqual(['1', '1', '2']);
	});

	it('by location, answered as one order rather than a list of one (as OpenCart reads it), gives that order as one item, unchanged', async () => {
		await sandbox.control.setSettings({ ordersListOfOne: 'object' });
		const proxy = await startRecordingProxy(sandbox.url);
		const { json, error } = await runOperation(engineFor(sandbox, { baseUrl: proxy.url }), 'pickupOrder', 'getMany', { findBy: 'location', locationId: DEPOT, status: 0, returnAll: true });
		await proxy.stop();
		expect(error).toBeUndefined();
		const answer = proxy.requests.find((request) => request.url.startsWith('/api/Orders?'))?.answer;
		const record = JSON.parse(answer?.bytes.toString('utf8') ?? 'null') as Record<string, unknown>;
		expect(record).toMatchObject({ OrderId: 5500007, OrdStatus: 0 });
		expect(json).toEqual([record]);
	});

	it.each([
		[{ Error: 'Punctul de ridicare nu exista' }, 'Cargus answered with an error: Punctul de ridicare nu exista'],
		[{ Message: 'An error has occurred.' }, 'Cargus answered "An error has occurred." where a list of records was expected'],
	])('by location, answered %j with 200, is an error, not an item', async (body, message) => {
		await sandbox.control.addFault({ operation: 'ordersByLocation', kind: 'status', status: 200, body });
		const { items, error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'getMany', { findBy: 'location', locationId: DEPOT, status: 0, returnAll: true });
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
	});

	it('of a location with nothing to list gives no item', async () => {
		const { json, error } = await runOperation(engineFor(sandbox), 'pickupOrder', 'getMany', { findBy: 'location', locationId: 1005962051, status: 1, returnAll: true });
		expect(error).toBeUndefined();
		expect(json).toEqual([]);
	});
});

describe('Cash on Delivery › Get Many and › Get Repaid on Day', () => {
	it('Get Many gives the cash on delivery of the shipments created in the range, as Cargus sends each record', async () => {
		const [added] = await sandbox.control.addShipments({ count: 1, scenario: 'delivered', stepMinutes: 60, codValue: 210 });
		const { json, error } = await runOperation(engineFor(sandbox), 'cashOnDelivery', 'getMany', { fromDate: '2026-11-20T00:00:00', toDate: '2026-11-20T23:59:59', returnAll: true });
		expect(error).toBeUndefined();
		expect(json).toContainEqual(expect.objectContaining({ BarCode: added.barcode, RepaymentValue: 210, RepaymentDate: null }));
		expect(json.every((record) => Number(record.RepaymentValue) > 0)).toBe(true);
		const limited = await runOperation(engineFor(sandbox), 'cashOnDelivery', 'getMany', { fromDate: '2026-11-01T00:00:00', toDate: '2026-11-20T23:59:59', returnAll: false, limit: 2 });
		expect(limited.json).toHaveLength(2);
	});

	it('Get Repaid on Day gives the amounts Cargus paid back that day, once it has', async () => {
		const [added] = await sandbox.control.addShipments({ count: 1, scenario: 'delivered', stepMinutes: 60, codValue: 80 });
		const engine = engineFor(sandbox);
		const before = await runOperation(engine, 'cashOnDelivery', 'getRepaid', { deductionDate: '2026-11-22T00:00:00', returnAll: true });
		expect(before.json.map((record) => record.BarCode)).not.toContain(added.barcode);
		await sandbox.control.advanceClock({ days: 3 });
		const after = await runOperation(engine, 'cashOnDelivery', 'getRepaid', { deductionDate: '2026-11-22T09:30:00', returnAll: true });
		expect(after.json).toContainEqual(expect.objectContaining({ BarCode: added.barcode, RepaymentValue: 80, DeductionDate: expect.stringMatching(/^2026-11-22T/) }));
	});
});

describe('the example "Launch daily pickup at a fixed hour" (examples/5-launch-daily-pickup.json), node by node in the engine', () => {
	const example = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'examples', '5-launch-daily-pickup.json'), 'utf8')) as {
		nodes: Array<{ name: string; type: string; parameters: INodeParameters }>;
	};
	const parametersOf = (name: string) => {
		const { resource, operation, ...parameters } = example.nodes.find((node) => node.name === name)?.parameters ?? {};
		return { resource: String(resource), operation: String(operation), parameters };
	};

	it('launches the open order of each location that has one, and then none is open', async () => {
		const engine = engineFor(sandbox);
		const step = async (name: string, input?: IDataObject[]) => {
			const { resource, operation, parameters } = parametersOf(name);
			const result = await runOperation(engine, resource, operation, parameters, { input });
			expect(result.error).toBeUndefined();
			return result.json;
		};
		const locations = await step('Your pickup locations');
		expect(locations).toHaveLength(4);
		const open = await step('Open order of the location', locations);
		expect(open.map((order) => order.OrderId)).toEqual([5500006, 5500007]);
		const launched = await step('Launch pickup', open);
		expect(launched).toEqual([{ OrderId: 5500006 }, { OrderId: 5500007 }]);
		const launches = await requestsSeen(sandbox, 'launchOrCancelOrder');
		expect(launches.map((launch) => [launch.query.locationId, launch.query.action, launch.status])).toEqual([[String(ECOM_TEST), '1', 200], [String(DEPOT), '1', 200]]);
		const again = await step('Open order of the location', locations);
		expect(again).toEqual([]);
	});
});
