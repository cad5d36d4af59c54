import { modelStateFields, useSandbox } from './support';

const sandbox = useSandbox();

type Rows = Array<Record<string, unknown>>;

describe('countries, counties and streets (GET /api/Countries, /api/Counties, /api/Streets)', () => {
	it('lists Romania as the one country, with its id, name and abbreviation', async () => {
		const result = await sandbox.client.call('GET', '/api/Countries');
		expect(result.status).toBe(200);
		expect(result.json).toEqual([{ CountryId: 1, CountryName: 'Romania', Abbreviation: 'RO' }]);
	});

	it('lists the counties of Romania with Cargus ids; another country answers 204', async () => {
		const result = await sandbox.client.call('GET', '/api/Counties', { query: { countryId: 1 } });
		expect(result.status).toBe(200);
		const counties = result.json as Rows;
		expect(counties).toContainEqual({ CountyId: 44, Name: 'Bucuresti', Abbreviation: 'B' });
		expect(counties).toContainEqual({ CountyId: 27, Name: 'Ilfov', Abbreviation: 'IF' });
		expect(counties.length).toBeGreaterThanOrEqual(42);
		expect((await sandbox.client.call('GET', '/api/Counties', { query: { countryId: 2 } })).status).toBe(204);
	});

	it('lists the streets of a locality, the streets of its Ship & Go points among them; the same ids every time', async () => {
		const craiova = await sandbox.client.call('GET', '/api/Streets', { query: { localityId: 183 } });
		expect(craiova.status).toBe(200);
		const streets = craiova.json as Array<{ StreetId: number; Name: string }>;
		expect(Object.keys(streets[0])).toEqual(['StreetId', 'Name']);
		expect(streets.map((s) => s.Name)).toContain('Calea Severinului');
		expect(new Set(streets.map((s) => s.StreetId)).size).toBe(streets.length);
		const again = await sandbox.client.call('GET', '/api/Streets', { query: { localityId: 183 } });
		expect(again.json).toEqual(streets);
		const tunari = (await sandbox.client.call('GET', '/api/Streets', { query: { localityId: 29445916 } })).json as Rows;
		expect(tunari.some((street) => streets.some((s) => s.StreetId === street.StreetId))).toBe(false);
	});

	it('answers 204 for an unknown locality, 400 naming the parameter when it is missing or not an integer, 401 without a token', async () => {
		expect((await sandbox.client.call('GET', '/api/Streets', { query: { localityId: 7 } })).status).toBe(204);
		const missing = await sandbox.client.call('GET', '/api/Streets');
		expect(missing.status).toBe(400);
		expect(modelStateFields(missing.json)).toEqual(['localityId']);
		const wrong = await sandbox.client.call('GET', '/api/Counties', { query: { countryId: 'RO' } });
		expect(wrong.status).toBe(400);
		expect(modelStateFields(wrong.json)).toEqual(['countryId']);
		for (const path of ['/api/Countries', '/api/Counties?countryId=1', '/api/Streets?localityId=183']) {
			expect((await sandbox.client.call('GET', path, { token: null })).status).toBe(401);
		}
	});
});

describe('Ship & Go points (GET /api/PudoPoints)', () => {
	it('lists every point of the data file with the fields of Cargus\' document, streets matching GET /api/Streets', async () => {
		const result = await sandbox.client.call('GET', '/api/PudoPoints');
		expect(result.status).toBe(200);
		const points = result.json as Rows;
		expect(points).toHaveLength(336);
		const point = points.find((p) => p.Name === 'Punct Severinului 21') as Record<string, unknown>;
		expect(point).toMatchObject({
			Id: 114076, CityId: 183, City: 'CRAIOVA', StreetName: 'Calea Severinului', StreetNo: '21', PostalCode: '200769',
			CountyId: 19, County: 'Dolj', ServiceCOD: true, OpenHoursMoStart: expect.any(String), OpenHoursSuEnd: expect.any(String),
		});
		expect([3, 4]).toContain(point.PaymentType);
		const streets = (await sandbox.client.call('GET', '/api/Streets', { query: { localityId: 183 } })).json as Rows;
		expect(streets).toContainEqual({ StreetId: point.StreetId, Name: 'Calea Severinului' });
		for (const key of ['Id', 'Name', 'LocationId', 'CityId', 'City', 'StreetId', 'StreetName', 'StreetNo', 'ZoneId', 'PostalCode', 'Longitude', 'Latitude', 'PointType', 'PhoneNumber', 'ServiceCOD', 'PaymentType', 'CountyId', 'County', 'Email']) {
			expect(point).toHaveProperty(key);
		}
	});

	it('answers in XML when asked, and 401 without a token', async () => {
		const xml = await sandbox.client.call('GET', '/api/PudoPoints', { accept: 'application/xml' });
		expect(xml.text).toMatch(/<ArrayOfPudoPoint[ >]/);
		expect(xml.text).toContain('<Name>Punct Severinului 21</Name>');
		expect((await sandbox.client.call('GET', '/api/PudoPoints', { token: null })).status).toBe(401);
	});

	it('answers the same at GET /api/PUDO_Get, the method\'s name in Cargus\' document, kept as an alias', async () => {
		const alias = await sandbox.client.call('GET', '/api/PUDO_Get');
		expect(alias.status).toBe(200);
		expect(alias.json).toEqual((await sandbox.client.call('GET', '/api/PudoPoints')).json);
		expect((await sandbox.client.call('GET', '/api/PUDO_Get', { token: null })).status).toBe(401);
	});
});
