import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

const receiptList = (overrides: Record<string, unknown> = {}) => ({
	Date: '2026-11-20T09:00:00', Operator: 'Ion Popescu', Location: 1005962049, OrderId: 5500001,
	CashReceipts: [
		{ ReceiptDate: '2026-11-20T08:30:00', ReceiptNumber: 'CH-0001', ReceiptOperator: 'Ion Popescu', Amount: 150.5, Awb: '1090000001', IdAwb: 1 },
	],
	...overrides,
});

describe('create list of cash receipts (POST /api/CashReceipts)', () => {
	it('answers a new int32 id for each list, without a token', async () => {
		const first = await sandbox.client.call('POST', '/api/CashReceipts', { body: receiptList(), token: null });
		expect(first.status).toBe(200);
		expect(Number.isInteger(first.json)).toBe(true);
		const second = await sandbox.client.call('POST', '/api/CashReceipts', { body: receiptList({ CashReceipts: [] }), token: null });
		expect(second.json).toBe((first.json as number) + 1);
		const stored = await sandbox.control.cashReceipts();
		expect(stored.map((list) => list.Id)).toEqual([first.json, second.json]);
		expect(stored[0]).toMatchObject({ Operator: 'Ion Popescu', Location: 1005962049, CashReceipts: [expect.objectContaining({ ReceiptNumber: 'CH-0001', Amount: 150.5 })] });
	});

	it('answers 400 naming missing fields, including those of each receipt', async () => {
		const missing = await sandbox.client.call('POST', '/api/CashReceipts', { body: { CashReceipts: [{ Amount: 'lots' }] } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json).sort()).toEqual([
			'CashReceipts[0].Amount', 'CashReceipts[0].Awb', 'CashReceipts[0].IdAwb', 'CashReceipts[0].ReceiptDate',
			'CashReceipts[0].ReceiptNumber', 'CashReceipts[0].ReceiptOperator', 'Date', 'Location', 'Operator',
		]);
	});

	it('answers 400 for values that make no sense (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const receipt = receiptList().CashReceipts[0];
		for (const body of [
			receiptList({ Date: 'yesterday' }),
			receiptList({ Location: 1 }),
			receiptList({ CashReceipts: [{ ...receipt, Amount: -5 }] }),
			receiptList({ CashReceipts: [{ ...receipt, Awb: 'AWB' }] }),
			receiptList({ CashReceipts: 'none' }),
		]) {
			expect((await sandbox.client.call('POST', '/api/CashReceipts', { body })).status).toBe(400);
		}
	});
});

describe('save complaint (POST /api/Complaints/SaveComplaint)', () => {
	const complaint = { Shipment: '1090000001', PersonName: 'Maria Ionescu', Email: 'maria@example.com', ComplaintDetails: 'Colet deteriorat', Telephone: '0722111222' };

	it('answers true, without a token', async () => {
		const result = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { body: complaint, token: null });
		expect(result.status).toBe(200);
		expect(result.json).toBe(true);
		expect(await sandbox.control.complaints()).toEqual([expect.objectContaining({ id: 1, ...complaint })]);
	});

	it('answers 409 naming missing fields or an invalid e-mail (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { body: { Shipment: '1090000001' } });
		expect(missing.status).toBe(409);
		expect(modelStateFields(missing.json).sort()).toEqual(['ComplaintDetails', 'Email', 'PersonName']);
		const email = await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { body: { ...complaint, Email: 'nope' } });
		expect(email.status).toBe(409);
		expect(modelStateFields(email.json)).toEqual(['Email']);
		expect((await sandbox.client.call('POST', '/api/Complaints/SaveComplaint', { body: { ...complaint, Shipment: 'x' } })).status).toBe(409);
	});
});
