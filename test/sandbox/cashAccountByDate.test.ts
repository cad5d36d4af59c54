import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

type CashRecord = { BarCode: string; Date: string; RepaymentValue: number; DeductionDate: string | null; DeductionId: string };

const byDate = (query: Record<string, string>) => sandbox.client.call('GET', '/api/CashAccount/GetByDate', { query });
const byDeductionDate = (DeductionDate: string) => sandbox.client.call('GET', '/api/CashAccount/GetByDeductionDate', { query: { DeductionDate } });

describe('cash on delivery by date (GET /api/CashAccount/GetByDate, /api/CashAccount/GetByDeductionDate)', () => {
	it('lists the AWBs with cash on delivery created in a range of days, as the per-barcode cash account shows them', async () => {
		const [added] = (await sandbox.control.addShipments({ count: 1, scenario: 'delivered', stepMinutes: 60, codValue: 150.5 })) as Array<{ barcode: string }>;
		const [none] = (await sandbox.control.addShipments({ count: 1, scenario: 'delivered', stepMinutes: 60, codValue: 0 })) as Array<{ barcode: string }>;
		const today = await byDate({ FromDate: '2026-11-20', ToDate: '2026-11-20' });
		expect(today.status).toBe(200);
		const records = today.json as CashRecord[];
		expect(records.map((r) => r.BarCode)).toContain(added.barcode);
		expect(records.map((r) => r.BarCode)).not.toContain(none.barcode);
		expect(records.every((r) => r.Date.startsWith('2026-11-20') && r.RepaymentValue > 0)).toBe(true);
		const single = await sandbox.client.call('GET', '/api/CashAccount', { query: { barCode: added.barcode } });
		expect(records.find((r) => r.BarCode === added.barcode)).toEqual((single.json as CashRecord[])[0]);
		expect((await byDate({ FromDate: '2026-12-01', ToDate: '2026-12-05' })).status).toBe(204);
	});

	it('lists the records repaid (deducted) on one day, once that day has come', async () => {
		const [added] = (await sandbox.control.addShipments({ count: 1, scenario: 'delivered', stepMinutes: 60, codValue: 99 })) as Array<{ barcode: string }>;
		const before = await byDeductionDate('2026-11-22');
		expect(((before.json ?? []) as CashRecord[]).map((r) => r.BarCode)).not.toContain(added.barcode);
		await sandbox.control.advanceClock({ days: 3 });
		await sandbox.client.login();
		const after = (await byDeductionDate('2026-11-22')).json as CashRecord[];
		const record = after.find((r) => r.BarCode === added.barcode);
		expect(record).toMatchObject({ RepaymentValue: 99, DeductionDate: expect.stringMatching(/^2026-11-22T/), DeductionId: expect.stringMatching(/^DED/) });
		expect(after.every((r) => r.DeductionDate?.startsWith('2026-11-22'))).toBe(true);
		expect(((await byDeductionDate('2026-11-21')).json as CashRecord[] | undefined ?? []).map((r) => r.BarCode)).not.toContain(added.barcode);
		await sandbox.control.reset();
		await sandbox.client.login();
	});

	it('answers 409 naming a missing or unparsable date, or when FromDate is after ToDate; 401 without a token (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await byDate({ FromDate: '2026-11-20' });
		expect(missing.status).toBe(409);
		expect(modelStateFields(missing.json)).toEqual(['ToDate']);
		const unparsable = await sandbox.client.call('GET', '/api/CashAccount/GetByDeductionDate', { query: { DeductionDate: 'yesterday' } });
		expect(unparsable.status).toBe(409);
		expect(modelStateFields(unparsable.json)).toEqual(['DeductionDate']);
		const reversed = await byDate({ FromDate: '2026-11-21', ToDate: '2026-11-20' });
		expect(reversed.status).toBe(409);
		expect(Array.isArray(reversed.json)).toBe(true);
		expect((await sandbox.client.call('GET', '/api/CashAccount/GetByDate', { query: { FromDate: '2026-11-20', ToDate: '2026-11-20' }, token: null })).status).toBe(401);
	});
});
