import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

describe('create return AWB (POST /api/NoAuth/GenerateRwb)', () => {
	it('answers a new barcode, without a token, that can then be traced', async () => {
		const [original] = (await sandbox.control.shipments()).filter((s) => s.clientId === 70001 && s.state === 'delivered');
		const result = await sandbox.client.call('POST', '/api/NoAuth/GenerateRwb', {
			token: null,
			body: { Barcode: original.barcode, ClientId: 70001, UserId: 901, HasContract: true, IsMarketplace: false, ReturnCodeExpirationDays: 14, SenderLocationId: 1005962049 },
		});
		expect(result.status).toBe(200);
		const barcode = result.json as string;
		expect(barcode).toMatch(/^\d{6,20}$/);
		const [created] = await sandbox.control.shipments([barcode]);
		expect(created.plannedEvents.map((e) => e.EventId)).toEqual([70, 10, 11, 5, 21]);
		const trace = await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: barcode } });
		expect(trace.status).toBe(200);
		expect((trace.json as Array<{ Code: string; Event: unknown[] }>)[0]).toMatchObject({ Code: barcode, Event: [] });
		const status = await sandbox.client.call('GET', '/api/AwbStatus/GetAwbSyncStatusByBarCode', { query: { barCode: barcode } });
		expect(status.json).toMatchObject({ BarCodeTur: original.barcode, StatusExpression: 'Nepreluat' });
		await sandbox.control.advanceClock({ hours: 25 });
		const later = await sandbox.client.call('GET', '/api/NoAuth/GetAwbTrace', { query: { barCode: barcode } });
		expect((later.json as Array<{ Event: Array<{ EventId: number }> }>)[0].Event.map((e) => e.EventId)).toEqual([70]);
	});

	it('answers 400 naming Barcode when it is missing, and for invalid values (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('POST', '/api/NoAuth/GenerateRwb', { body: { ClientId: 70001 } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['Barcode']);
		const mistyped = await sandbox.client.call('POST', '/api/NoAuth/GenerateRwb', { body: { Barcode: '1090000000', HasContract: 'maybe' } });
		expect(modelStateFields(mistyped.json)).toEqual(['HasContract']);
		for (const body of [{ Barcode: 'abc' }, { Barcode: '1090000000', ReturnCodeExpirationDays: 0 }]) {
			const result = await sandbox.client.call('POST', '/api/NoAuth/GenerateRwb', { body });
			expect(result.status).toBe(400);
		}
	});

	it('answers 409 for an unknown AWB, another client\'s AWB or an unknown sender location', async () => {
		const shipments = await sandbox.control.shipments();
		const own = shipments.find((s) => s.clientId === 70001)!;
		const foreign = shipments.find((s) => s.clientId !== 70001)!;
		for (const body of [{ Barcode: '123456789' }, { Barcode: foreign.barcode, ClientId: 70001 }, { Barcode: own.barcode, SenderLocationId: 5 }]) {
			const result = await sandbox.client.call('POST', '/api/NoAuth/GenerateRwb', { body });
			expect(result.status).toBe(409);
			expect(result.json).toHaveProperty('Error');
		}
	});
});
