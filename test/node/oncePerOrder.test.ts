import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import type { Engine } from '../helpers/engine';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * An order ships once (issue 35): whatever n8n or the shop repeats, an Order Reference Cargus already carries on
 * an AWB of the account gives that AWB, never a second one. Only an order without a reference is made each time.
 */

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

const order = (reference: string, extra: INodeParameters = {}): INodeParameters => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: reference, ...extra } });
const create = (parameters: INodeParameters, options: Parameters<typeof runOperation>[4] = {}) =>
	runOperation(engineFor(sandbox), 'shipment', 'create', parameters, options);

/** The AWBs the sandbox holds with this order reference, made today. */
async function awbsCarrying(reference: string): Promise<IDataObject[]> {
	const { now } = await sandbox.control.clock();
	const day = now.slice(0, 10);
	const listed = await runOperation(engineFor(sandbox), 'shipment', 'getMany', { fromDate: `${day}T00:00:00`, toDate: `${day}T00:00:00`, returnAll: true });
	return listed.json.filter((awb) => awb.CustomString === reference);
}

describe('Shipment › Create makes one AWB per Order Reference', () => {
	it('an AWB made but answered 504 by the gateway: the error says running again is safe, and the same order again is that AWB', async () => {
		await sandbox.control.addFault({ operation: 'createAwb', kind: 'status', status: 504, afterWork: true, count: 1 });
		const lost = await create(order('#1042'));
		expect(lost.error?.message).toMatch(/HTTP 504/);
		expect(lost.error?.description).toMatch(/Cargus may have made the AWB.*Running the order again is safe/);
		const [made] = await awbsCarrying('#1042');
		expect(made).toBeDefined();

		const again = await create(order('#1042'));
		expect(again.error).toBeUndefined();
		expect(again.json).toEqual([expect.objectContaining({ BarCode: made.BarCode, AlreadyCreated: true, OrderReference: '#1042', ShippingCost: made.ShippingCost })]);
		expect(await awbsCarrying('#1042')).toHaveLength(1);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1);
	});

	it('the same order in two executions (a shop webhook sent twice) gives one AWB; the second item is that AWB', async () => {
		const first = await create(order('#2001'));
		const second = await create(order('#2001'));
		expect(first.json[0]).toMatchObject({ AlreadyCreated: false, OrderReference: '#2001' });
		expect(second.json).toEqual([{ ...first.json[0], AlreadyCreated: true }]);
		expect(await awbsCarrying('#2001')).toHaveLength(1);
	});

	it('the same order twice in one execution gives one AWB', async () => {
		const input = [{ ref: '#3001' }, { ref: '#3001' }, { ref: '#3002' }];
		const { json, error } = await create(order('={{ $json.ref }}'), { input });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.AlreadyCreated).sort()).toEqual([false, false, true]);
		expect(json[0].BarCode).toBe(json[1].BarCode);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(2);
	});

	it('200 orders, one refused with 500, and n8n\'s Retry On Fail: 200 AWBs, one per reference, with a handful of listing requests', async () => {
		await sandbox.control.addFault({ operation: 'createAwb', kind: 'status', status: 500, count: 1 });
		const input = Array.from({ length: 200 }, (_, index) => ({ ref: `#${5000 + index}` }));
		const { items, error } = await create(order('={{ $json.ref }}'), { input, retryOnFail: { maxTries: 3, waitBetweenTries: 0 } });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(200);
		expect(new Set(items.map((item) => item.json.BarCode)).size).toBe(200);
		const made = (await requestsSeen(sandbox, 'createAwb')).filter((request) => request.status === 200);
		expect(made).toHaveLength(200);
		expect(new Set(made.map((request) => (request.body as IDataObject).CustomString)).size).toBe(200);
		const listings = await requestsSeen(sandbox, 'awbsByDate');
		expect(listings.length).toBeGreaterThan(0);
		// Yesterday and today read once for the first try's items, once after its failure, once for the second try.
		expect(listings.length).toBeLessThanOrEqual(8);
	});

	it('orders without a reference are made each time they are run', async () => {
		await create(SMALL_SHIPMENT);
		const again = await create(SMALL_SHIPMENT);
		expect(again.json[0].AlreadyCreated).toBe(false);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(2);
		expect(await requestsSeen(sandbox, 'awbsByDate')).toHaveLength(0);
	});

	it('with One AWB per Order Reference off, the same reference is made again (a split order)', async () => {
		await create(order('#4001', { oneAwbPerReference: false }));
		await create(order('#4001', { oneAwbPerReference: false }));
		expect(await awbsCarrying('#4001')).toHaveLength(2);
	});

	it('a refusal that proves nothing was made (400) says what to fix, as before', async () => {
		const { error } = await create({ ...order('#4100'), senderLocationId: 1005962060 });
		expect(error?.message).toMatch(/1005962060/);
		expect(error?.description).not.toMatch(/may have made/);
	});
});

describe('The days before yesterday: read once per process, day and login, and an AWB found there read again', () => {
	// One engine for the test, as one n8n keeps its credential's token: the days are read again at each new login.
	let engine: Engine;
	beforeEach(() => {
		engine = engineFor(sandbox);
	});
	const create = (parameters: INodeParameters, options: Parameters<typeof runOperation>[4] = {}) => runOperation(engine, 'shipment', 'create', parameters, options);
	const cargusDay = (iso: string, daysBack: number) => DateTime.fromISO(iso).setZone('Europe/Bucharest').minus({ days: daysBack }).toFormat('MM-dd-yyyy');
	/** The listings answered (page 1) at each FromDate. */
	async function listingsFrom(): Promise<Record<string, number>> {
		const firstPages = (await requestsSeen(sandbox, 'awbsByDate')).filter((request) => request.status < 300 && String(request.query.pageNumber) === '1');
		return firstPages.reduce<Record<string, number>>((count, request) => ({ ...count, [String(request.query.FromDate)]: (count[String(request.query.FromDate)] ?? 0) + 1 }), {});
	}
	/** An AWB made three days ago, not picked up yet (so it can still be deleted), and the order reference it carries. */
	async function madeThreeDaysAgo(): Promise<{ barcode: string; reference: string }> {
		const { now } = await sandbox.control.clock();
		const [added] = await sandbox.control.addShipments({ count: 1, scenario: 'not-picked-up', startAt: DateTime.fromISO(now).minus({ days: 3 }).toISO()! });
		const { json } = await runOperation(engine, 'shipment', 'get', { findBy: 'barcode', barcode: added.barcode });
		return { barcode: added.barcode, reference: String(json[0].CustomString) };
	}

	it('an order shipped three days ago gives that AWB; five executions read those days once, yesterday and today (each its own list) each time', async () => {
		const old = await madeThreeDaysAgo();
		expect(old.reference).not.toBe('');
		await sandbox.control.clearRequests();
		const again = await create(order(old.reference));
		expect(again.error).toBeUndefined();
		expect(again.json[0]).toMatchObject({ BarCode: old.barcode, AlreadyCreated: true, OrderReference: old.reference });
		expect((await requestsSeen(sandbox, 'getAwb')).map((request) => request.query.barCode)).toEqual([old.barcode]);
		for (const reference of ['#6001', '#6002', '#6003', '#6004']) expect((await create(order(reference))).json[0].AlreadyCreated).toBe(false);
		const { now } = await sandbox.control.clock();
		expect(await listingsFrom()).toEqual({ [cargusDay(now, 7)]: 1, [cargusDay(now, 1)]: 5, [cargusDay(now, 0)]: 5 });
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(4);

		// A day later the days before yesterday are others: read again, once. The token has expired too: the login
		// made during the first order's read of yesterday and today has them read whole once more.
		await sandbox.control.advanceClock({ days: 1 });
		await sandbox.control.clearRequests();
		expect((await create(order(old.reference))).json[0]).toMatchObject({ BarCode: old.barcode, AlreadyCreated: true });
		expect((await create(order('#6001'))).json[0]).toMatchObject({ AlreadyCreated: true });
		const moved = (await sandbox.control.clock()).now;
		expect(await listingsFrom()).toEqual({ [cargusDay(moved, 7)]: 1, [cargusDay(moved, 1)]: 3, [cargusDay(moved, 0)]: 3 });
	});

	it('an AWB of three days ago deleted since: the same order (twice in one execution) is made again, once', async () => {
		const old = await madeThreeDaysAgo();
		expect((await create(order('#7001'))).json[0].AlreadyCreated).toBe(false);
		const deleted = await runOperation(engine, 'shipment', 'delete', { barcode: old.barcode });
		expect(deleted.error).toBeUndefined();
		await sandbox.control.clearRequests();
		const again = await create(order('={{ $json.ref }}'), { input: [{ ref: old.reference }, { ref: old.reference }] });
		expect(again.error).toBeUndefined();
		expect(again.json.map((item) => item.AlreadyCreated).sort()).toEqual([false, true]);
		expect(again.json[0]).toMatchObject({ OrderReference: old.reference, BarCode: again.json[1].BarCode });
		expect(again.json[0].BarCode).not.toBe(old.barcode);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1);
		expect([...new Set((await requestsSeen(sandbox, 'getAwb')).map((request) => request.query.barCode))]).toEqual([old.barcode]);
		const { now } = await sandbox.control.clock();
		expect(await listingsFrom()).toEqual({ [cargusDay(now, 1)]: 1, [cargusDay(now, 0)]: 1 });
	});
});


describe("Cargus' clock ahead of n8n's (issue 65): Cargus' today is read from the Date of its answers", () => {
	/** The sandbox's clock alone moved 3 days ahead: n8n's stays where it was, as on a machine whose clock is off. */
	async function cargusThreeDaysAhead(): Promise<string> {
		const { now } = await sandbox.control.advanceSandboxClockOnly({ days: 3 });
		expect(Math.round((Date.parse(now) - Date.now()) / 86_400_000)).toBe(3);
		return now.slice(0, 10);
	}

	it('the same order sent twice makes one AWB: the look reads the days of Cargus\' clock, not n8n\'s', async () => {
		const cargusDay = await cargusThreeDaysAhead();

		const first = await create(order('#6501'));
		const second = await create(order('#6501'));

		expect(first.error).toBeUndefined();
		expect(second.json).toEqual([{ ...first.json[0], AlreadyCreated: true }]);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1);
		// The first look's first answer told Cargus' clock: the day it asked for by n8n's clock was asked again by Cargus'.
		const days = (await requestsSeen(sandbox, 'awbsByDate')).map((request) => String(request.query.ToDate));
		expect(days).toContain(`${cargusDay.slice(5, 7)}-${cargusDay.slice(8, 10)}-${cargusDay.slice(0, 4)}`);
	});

	it("Shipment › Get Many, Created Today, lists the AWBs of Cargus' day; n8n's $today is another day", async () => {
		const cargusDay = await cargusThreeDaysAhead();
		const made = await create(order('#6502'));

		const today = await runOperation(engineFor(sandbox), 'shipment', 'getMany', { created: 'today', returnAll: true });
		const n8nToday = DateTime.now().setZone('Europe/Bucharest').toISODate();
		const byN8nToday = await runOperation(engineFor(sandbox), 'shipment', 'getMany', { fromDate: n8nToday, toDate: n8nToday, returnAll: true });

		expect(today.json.map((awb) => awb.BarCode)).toContain(made.json[0].BarCode);
		expect(today.json.every((awb) => String(awb.CreationDate).startsWith(cargusDay))).toBe(true);
		expect(byN8nToday.json.map((awb) => awb.BarCode)).not.toContain(made.json[0].BarCode);
	});
});
