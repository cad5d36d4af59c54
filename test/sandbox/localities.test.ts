import { useSandbox } from './support';

const sandbox = useSandbox();

type Locality = Record<string, unknown>;
type LocalityResult = Array<{ Locality: Locality[]; message: string }>;

describe('list localities (GET /api/Localities)', () => {
	it('answers the localities of a county as a flat list, as the shop plugins read it (OpenCart, PrestaShop)', async () => {
		const result = await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, countyId: 27 } });
		expect(result.status).toBe(200);
		const localities = result.json as Locality[];
		expect(localities.every((l) => l.CountyId === 27 && l.CountryId === 1)).toBe(true);
		expect(localities).toContainEqual(expect.objectContaining({ LocalityId: 29445916, Name: 'Tunari' }));
		expect(Object.keys(localities[0])).toEqual(['LocalityId', 'Name', 'ParentId', 'ParentName', 'ExtraKm', 'InNetwork', 'CountyId', 'CountryId', 'PostalCode', 'MaxHour', 'SaturdayDelivery']);
	});

	it('with the setting localities \'grouped\', answers the interface\'s one LocalityResult holding the same localities', async () => {
		const flat = (await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, countyId: 27 } })).json as Locality[];
		expect(await sandbox.control.setSettings({ localities: 'grouped' })).toMatchObject({ localities: 'grouped' });
		try {
			const grouped = (await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, countyId: 27 } })).json as LocalityResult;
			expect(grouped).toEqual([{ Locality: flat, message: 'OK' }]);
			const noAuth = (await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { query: { countryId: 1, countyId: 27 }, token: null })).json as LocalityResult;
			expect(noAuth).toEqual(grouped);
		} finally {
			await sandbox.control.setSettings({ localities: 'flat' });
		}
	});

	it('filters by postal code, and lists every county without countyId', async () => {
		const byPostal = await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, postalCode: '077180' } });
		expect((byPostal.json as Locality[]).map((l) => l.Name)).toEqual(['Tunari']);
		const all = await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1 } });
		expect(new Set((all.json as Locality[]).map((l) => l.CountyId)).size).toBe(42);
		// OpenCart's call when the shop's zone matched no county: `countyId=` empty.
		const emptyCounty = await sandbox.client.call('GET', '/api/Localities', { rawQuery: 'countryId=1&countyId=' });
		expect((emptyCounty.json as Locality[]).length).toBe((all.json as Locality[]).length);
	});

	it('answers 204 for another country, an unknown county or postal code', async () => {
		expect((await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 2 } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, countyId: 99 } })).status).toBe(204);
		expect((await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, postalCode: '999999' } })).status).toBe(204);
	});

	it('answers 409 naming countryId when it is missing or not an integer, 401 without a token', async () => {
		const missing = await sandbox.client.call('GET', '/api/Localities');
		expect(missing.status).toBe(409);
		expect(JSON.stringify(missing.json)).toContain('countryId');
		expect((await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 'RO' } })).status).toBe(409);
		expect((await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1 }, token: null })).status).toBe(401);
	});
});

describe('list localities without authentication (GET /api/NoAuth/GetLocalities)', () => {
	it('answers the same localities as the authenticated operation', async () => {
		const noAuth = await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { query: { countryId: 1, countyId: 15 }, token: null });
		const auth = await sandbox.client.call('GET', '/api/Localities', { query: { countryId: 1, countyId: 15 } });
		expect(noAuth.status).toBe(200);
		expect(noAuth.json).toEqual(auth.json);
	});

	it('filters by postal code too', async () => {
		const result = await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { query: { countryId: 1, countyId: 27, postalCode: '077180' }, token: null });
		expect((result.json as Locality[]).map((l) => l.Name)).toEqual(['Tunari']);
	});

	it('requires countyId (409) and answers 204 for an unknown county', async () => {
		const missing = await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { query: { countryId: 1 } });
		expect(missing.status).toBe(409);
		expect(JSON.stringify(missing.json)).toContain('countyId');
		expect((await sandbox.client.call('GET', '/api/NoAuth/GetLocalities', { query: { countryId: 1, countyId: 1 } })).status).toBe(204);
	});
});
