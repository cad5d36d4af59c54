import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import type { Engine } from '../helpers/engine';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * A busy day costs what a quiet day costs (issue 46): once an n8n process has read the day, an order's look for
 * its AWB reads only what changed, and still finds an AWB made elsewhere since, whatever Cargus' list does. The
 * sandbox answers every request after 100 ms, as a real gateway's order of magnitude; requests are counted, not timed.
 */

const sandbox = useSandbox();
const GATEWAY_MS = 100;

/** One engine per test: one n8n process, which keeps what it read of the day from one order to the next. */
let engine: Engine;

beforeEach(async () => {
	await sandbox.control.reset();
	engine = engineFor(sandbox);
});

/** Every request answered after 100 ms; `first` faults apply before it (the sandbox takes the first that matches). */
async function atGatewaySpeed(...first: Array<Parameters<typeof sandbox.control.addFault>[0]>): Promise<void> {
	for (const fault of first) await sandbox.control.addFault(fault);
	await sandbox.control.addFault({ kind: 'latency', latencyMs: GATEWAY_MS });
}

const order = (reference: string): INodeParameters => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: reference } });
const create = async (reference: string) => await runOperation(engine, 'shipment', 'create', order(reference));

/** `count` AWBs made today, an hour ago, each with an order reference of its own. */
async function madeToday(count: number): Promise<void> {
	const { now } = await sandbox.control.clock();
	for (let left = count; left > 0; left -= 5000) {
		await sandbox.control.addShipments({ count: Math.min(left, 5000), scenario: 'not-picked-up', startAt: DateTime.fromISO(now).minus({ hours: 1 }).toISO()! });
	}
}

/** An AWB made by a direct call to the API (another n8n, a shop plugin, Cargus' web app): its barcode. */
async function madeElsewhere(reference: string): Promise<string> {
	const post = async (path: string, body: unknown, token?: string) => {
		const response = await fetch(`${sandbox.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
			body: JSON.stringify(body),
		});
		expect(response.status).toBe(200);
		return (await response.json()) as unknown;
	};
	const token = (await post('/api/LoginUser', { UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password })) as string;
	const [awb] = (await post('/api/Awbs/WithGetAwb', {
		Sender: { LocationId: 1005962049 },
		Recipient: { Name: 'Ana Pop', PhoneNumber: '0722000000', CountyId: 15, LocalityId: 164 },
		Parcels: 1, Envelopes: 0, TotalWeight: 2, ServiceId: 34, CustomString: reference,
		ParcelCodes: [{ Code: '0', Type: 1, Weight: 2 }],
	}, token)) as IDataObject[];
	return String(awb.BarCode);
}

/** The AWBs Cargus holds with this order reference (deleted ones are not held). */
async function awbsCarrying(reference: string): Promise<string[]> {
	const shipments = await sandbox.control.shipments();
	return shipments.filter((shipment) => shipment.orderReference === reference).map((shipment) => shipment.barcode);
}

/** Requests the sandbox answered while one order ran (the control API's own are not counted). */
async function requestsOf(run: () => Promise<unknown>): Promise<number> {
	await sandbox.control.clearRequests();
	await run();
	return (await requestsSeen(sandbox)).length;
}

describe('an order\'s look costs the same on a busy day', () => {
	it('after the process\'s first order, an order with 5,000 AWBs made today sends at most 2 requests more than on a quiet day', async () => {
		await atGatewaySpeed();
		expect((await create('#Q0')).json[0].AlreadyCreated).toBe(false);
		const quiet = await requestsOf(async () => expect((await create('#Q1')).json[0].AlreadyCreated).toBe(false));

		await madeToday(5000);
		// The first order after the day grew reads what is new once.
		expect((await create('#B0')).json[0].AlreadyCreated).toBe(false);
		const busy = await requestsOf(async () => expect((await create('#B1')).json[0].AlreadyCreated).toBe(false));
		expect((await requestsSeen(sandbox, 'createAwb')).length).toBe(1);
		expect(busy).toBeLessThanOrEqual(quiet + 2);
		expect(await awbsCarrying('#B1')).toHaveLength(1);
	});
});

describe('an AWB made elsewhere after the process read the day is found', () => {
	it('made by a direct API call, then the same order through the node: that AWB, already created, and Cargus holds one', async () => {
		await madeToday(250);
		await atGatewaySpeed();
		expect((await create('#A1')).json[0].AlreadyCreated).toBe(false);
		const barcode = await madeElsewhere('#D1');

		const again = await create('#D1');
		expect(again.error).toBeUndefined();
		expect(again.json[0]).toMatchObject({ BarCode: barcode, AlreadyCreated: true, OrderReference: '#D1' });
		expect(await awbsCarrying('#D1')).toEqual([barcode]);
	});

	it('made while a read of another order is under way: the order waits for a read begun after it, and finds that AWB', async () => {
		await madeToday(250);
		await atGatewaySpeed();
		expect((await create('#A1')).json[0].AlreadyCreated).toBe(false);
		await sandbox.control.clearFaults();
		// The next two pages listed (another order's read of yesterday and today) are answered as they are now, 3 s later.
		await atGatewaySpeed({ operation: 'awbsByDate', kind: 'latency', latencyMs: 3000, afterWork: true, count: 2 });
		let otherDone = false;
		const other = create('#E1').then((result) => {
			otherDone = true;
			return result;
		});
		while ((await sandbox.control.faults()).length > 1) await new Promise((resolve) => setTimeout(resolve, 20));
		const barcode = await madeElsewhere('#F1');
		expect(otherDone).toBe(false);

		const again = await create('#F1');
		expect(again.json[0]).toMatchObject({ BarCode: barcode, AlreadyCreated: true });
		expect((await other).json[0]).toMatchObject({ AlreadyCreated: false, OrderReference: '#E1' });
		expect(await awbsCarrying('#F1')).toEqual([barcode]);
	});

	it('with Cargus listing the day in another order (newest first): the day is read whole again, and that AWB found', async () => {
		await sandbox.control.setSettings({ awbsByDateOrder: 'newest-first' });
		await madeToday(250);
		await atGatewaySpeed();
		expect((await create('#A1')).json[0].AlreadyCreated).toBe(false);
		const barcode = await madeElsewhere('#G1');

		await sandbox.control.clearRequests();
		const again = await create('#G1');
		expect(again.json[0]).toMatchObject({ BarCode: barcode, AlreadyCreated: true });
		expect(await awbsCarrying('#G1')).toEqual([barcode]);
		const todayPages = (await requestsSeen(sandbox, 'awbsByDate')).filter((request) => request.query.FromDate === request.query.ToDate && String(request.query.pageNumber) === '1');
		expect(todayPages.length).toBeGreaterThanOrEqual(1);
	});
});

describe('a deleted AWB counts as absent', () => {
	it.each([
		['Cargus lists it with Status "Deleted"', 'listed'],
		['Cargus drops it from the list', 'dropped'],
	] as const)('an order whose AWB was deleted (%s) makes a new one, once', async (_, deletedAwbs) => {
		await sandbox.control.setSettings({ deletedAwbs });
		await madeToday(250);
		await atGatewaySpeed();
		const first = await create('#H1');
		expect(first.json[0].AlreadyCreated).toBe(false);
		expect((await create('#H2')).json[0].AlreadyCreated).toBe(false);
		expect((await runOperation(engine, 'shipment', 'delete', { barcode: String(first.json[0].BarCode) })).error).toBeUndefined();

		const again = await create('#H1');
		expect(again.json[0]).toMatchObject({ AlreadyCreated: false, OrderReference: '#H1' });
		expect(again.json[0].BarCode).not.toBe(first.json[0].BarCode);
		expect((await create('#H1')).json[0]).toMatchObject({ BarCode: again.json[0].BarCode, AlreadyCreated: true });
		expect(await awbsCarrying('#H1')).toEqual([again.json[0].BarCode]);
	});
});
