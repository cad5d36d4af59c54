import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

const newLocation = (name: string) => ({
	Name: name, LocalityId: 150, CountyId: 44, StreetName: 'Strada Lipscani', BuildingNumber: '10',
	ContactPerson: 'Ana Pop', PhoneNumber: '0722000000', Email: 'ana@example.com', MinihubId: 'SGI115195', Active: 1,
});

describe('create collection-point pickup location (POST /api/PickupLocations/PostClickCollect)', () => {
	it('answers the new LocationId as an int32', async () => {
		const result = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: newLocation('Punct Lipscani') });
		expect(result.status).toBe(200);
		expect(Number.isInteger(result.json)).toBe(true);
		const second = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: newLocation('Punct Unirii') });
		expect(second.json).toBe((result.json as number) + 1);
	});

	it('answers 400 with ModelState naming missing or mistyped fields (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const missing = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { LocalityId: 150 } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json).sort()).toEqual(['ContactPerson', 'Name', 'PhoneNumber']);
		const mistyped = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...newLocation('X'), LocalityId: 'Bucuresti' } });
		expect(mistyped.status).toBe(400);
		expect(modelStateFields(mistyped.json)).toEqual(['LocalityId']);
		const noBody = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect');
		expect(noBody.status).toBe(400);
	});

	it('answers 400 ["Localitate invalida..."] for an unknown locality', async () => {
		const result = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...newLocation('Y'), LocalityId: 12345 } });
		expect(result.status).toBe(400);
		expect((result.json as string[])[0]).toMatch(/^Localitate invalida/);
	});

	it('answers 409 {"Error"} when the name is already used (with strictChecks)', async () => {
		await sandbox.control.setSettings({ strictChecks: true });
		const result = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: newLocation('ECOM TEST') });
		expect(result.status).toBe(409);
		expect(result.json).toEqual({ Error: expect.stringContaining('ECOM TEST') });
	});

	it('takes any real Ship & Go point as MinihubId, by symbol or id, and its locality when none is given', async () => {
		// SGN-PP405999 (Targu Lapus) is one of the 1,928 real points but not among the 336 the sandbox seeds from.
		const { LocalityId: _, CountyId: __, ...withoutLocality } = newLocation('Punct Targu Lapus');
		const bySymbol = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...withoutLocality, MinihubId: 'sgn-pp405999' } });
		expect(bySymbol.status).toBe(200);
		const byId = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...newLocation('Punct Darabani'), MinihubId: '115195' } });
		expect(byId.status).toBe(200);
	});

	it('answers 409 {"Error"} naming MinihubId for an unknown one, and creates nothing', async () => {
		const result = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...newLocation('Punct Fantoma'), MinihubId: 'SGX000000' } });
		expect(result.status).toBe(409);
		expect(result.json).toEqual({ Error: expect.stringMatching(/MinihubId.*SGX000000/) });
		const again = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: { ...newLocation('Punct Fantoma'), MinihubId: 'SGI115195' } });
		expect(again.status).toBe(200);
	});

	it('answers 401 without a token', async () => {
		expect((await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', { body: newLocation('Z'), token: null })).status).toBe(401);
	});
});

describe('modify pickup location (PUT /api/PickupLocations)', () => {
	it('answers the LocationId of the modified location', async () => {
		const result = await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 1005962049, PhoneNumber: '0733000000', LocalityName: 'Tunari', CountyId: 27 } });
		expect(result.status).toBe(200);
		expect(result.json).toBe(1005962049);
	});

	it('answers 409 for an unknown LocationId', async () => {
		const result = await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 42, Name: 'Nope' } });
		expect(result.status).toBe(409);
		expect(result.json).toHaveProperty('Error');
	});

	it('answers 400 naming LocationId when it is missing, and for invalid values', async () => {
		const missing = await sandbox.client.call('PUT', '/api/PickupLocations', { body: { Name: 'x' } });
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['LocationId']);
		// An e-mail address's form is the sandbox's own check: only with strictChecks.
		expect((await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 1005962049, Email: 'not-an-email' } })).status).toBe(200);
		await sandbox.control.setSettings({ strictChecks: true });
		const badEmail = await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 1005962049, Email: 'not-an-email' } });
		expect(badEmail.status).toBe(400);
		expect(modelStateFields(badEmail.json)).toEqual(['Email']);
		await sandbox.control.setSettings({ strictChecks: false });
		const badCounty = await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 1005962049, CountyId: 99 } });
		expect(badCounty.status).toBe(400);
	});

	it('answers 401 without a token', async () => {
		expect((await sandbox.client.call('PUT', '/api/PickupLocations', { body: { LocationId: 1005962049 }, token: null })).status).toBe(401);
	});
});
