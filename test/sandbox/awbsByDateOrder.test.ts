import { useSandbox } from './support';

/*
 * Sandbox settings for trying a client of Awbs/GetByDate against what Cargus may do (issue 46): a day listed in
 * another order than the sandbox's (Cargus' own is documented nowhere), deleted AWBs dropped from the lists rather
 * than kept with Status "Deleted", and a list read now that arrives later.
 */

const sandbox = useSandbox();

const TODAY = { FromDate: '11-20-2026', ToDate: '11-20-2026', itemsPerPage: 100 };
const barcodesListed = async (): Promise<string[]> =>
	((await sandbox.client.call('GET', '/api/Awbs/GetByDate', { query: TODAY })).json as Array<{ BarCode: string }>).map((awb) => awb.BarCode);

/** The AWBs added today, not picked up yet (so they can be deleted). */
let added: string[] = [];

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.client.login();
	added = (await sandbox.control.addShipments({ count: 5, scenario: 'not-picked-up', startAt: '2026-11-20T08:00:00Z' })).map((shipment) => shipment.barcode);
});

describe('awbsByDateOrder', () => {
	it('lists a day as the AWBs were made by default, the newest first with newest-first, and back', async () => {
		const made = await barcodesListed();
		expect(made.length).toBeGreaterThanOrEqual(5);
		expect(await sandbox.control.setSettings({ awbsByDateOrder: 'newest-first' })).toMatchObject({ awbsByDateOrder: 'newest-first' });
		expect(await barcodesListed()).toEqual([...made].reverse());
		await sandbox.control.setSettings({ awbsByDateOrder: 'oldest-first' });
		expect(await barcodesListed()).toEqual(made);
	});

	it('refuses another value, naming the setting', async () => {
		await expect(sandbox.control.setSettings({ awbsByDateOrder: 'by-barcode' as 'newest-first' })).rejects.toThrow(/awbsByDateOrder/);
	});
});

describe('deletedAwbs', () => {
	it('keeps a deleted AWB in the lists with Status "Deleted" by default, drops it with dropped', async () => {
		const [barcode] = added;
		expect((await sandbox.client.call('DELETE', '/api/Awbs', { query: { barCode: barcode } })).json).toBe(true);
		const listed = (await sandbox.client.call('GET', '/api/Awbs/GetByDate', { query: TODAY })).json as Array<{ BarCode: string; Status: string }>;
		expect(listed.find((awb) => awb.BarCode === barcode)?.Status).toBe('Deleted');
		expect(((await sandbox.client.call('GET', '/api/Awbs', { query: { barCode: barcode } })).json as Array<{ Status: string }>)[0].Status).toBe('Deleted');
		expect(await sandbox.control.setSettings({ deletedAwbs: 'dropped' })).toMatchObject({ deletedAwbs: 'dropped' });
		expect(await barcodesListed()).not.toContain(barcode);
		expect((await sandbox.client.call('GET', '/api/Awbs', { query: { barCode: barcode } })).status).toBe(204);
	});
});

describe('a latency fault with afterWork', () => {
	it('answers the list as it was when the request came, held back: an AWB added meanwhile is not in it', async () => {
		await sandbox.control.addFault({ operation: 'awbsByDate', kind: 'latency', latencyMs: 1000, afterWork: true, count: 1 });
		const before = sandbox.client.call('GET', '/api/Awbs/GetByDate', { query: TODAY });
		while ((await sandbox.control.faults()).length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
		const [added] = await sandbox.control.addShipments({ count: 1, scenario: 'not-picked-up', startAt: '2026-11-20T09:00:00Z' });
		const held = ((await before).json as Array<{ BarCode: string }>).map((awb) => awb.BarCode);
		expect(held).not.toContain(added.barcode);
		expect(await barcodesListed()).toContain(added.barcode);
	});
});
