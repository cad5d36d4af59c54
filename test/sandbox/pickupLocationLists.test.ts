import { useSandbox } from './support';

const sandbox = useSandbox();

type Rows = Array<Record<string, unknown>>;

describe('list pickup locations (GET /api/PickupLocations, /api/PickupLocations/GetForClient)', () => {
	it('lists the active locations of the user\'s client with the fields of Cargus\' document, never another client\'s', async () => {
		const result = await sandbox.client.call('GET', '/api/PickupLocations');
		expect(result.status).toBe(200);
		const locations = result.json as Rows;
		expect(locations.map((l) => l.LocationId)).toEqual([1005962049, 1005962050, 1005962051, 1005962052]);
		expect(locations[0]).toMatchObject({ Name: 'ECOM TEST', LocalityName: 'Tunari', CountyName: 'Ilfov', CodPostal: '077180', Active: 1 });
		expect(Object.keys(locations[0])).toEqual([
			'LocationId', 'Name', 'CountyId', 'CountyName', 'LocalityId', 'LocalityName', 'StreetId', 'StreetName', 'BuildingNumber',
			'AddressText', 'ContactPerson', 'PhoneNumber', 'Email', 'CodPostal', 'Active', 'AutomaticEOD',
		]);
	});

	it('leaves an inactive location out of the user\'s list and keeps it in the client\'s', async () => {
		const created = await sandbox.client.call('POST', '/api/PickupLocations/PostClickCollect', {
			body: { Name: 'Punct inactiv', ContactPerson: 'Ana', PhoneNumber: '0722000000', LocalityId: 150, Active: 0 },
		});
		expect(created.status).toBe(200);
		const active = (await sandbox.client.call('GET', '/api/PickupLocations')).json as Rows;
		const all = (await sandbox.client.call('GET', '/api/PickupLocations/GetForClient')).json as Rows;
		expect(active.map((l) => l.LocationId)).not.toContain(created.json);
		expect(all).toContainEqual(expect.objectContaining({ LocationId: created.json, Name: 'Punct inactiv', Active: 0 }));
		await sandbox.control.reset();
		await sandbox.client.login();
	});

	it('answers the other client its own location, and 401 without a token', async () => {
		const other = new (sandbox.client.constructor as typeof import('./support').ServiceClient)(sandbox.sandbox.url);
		await other.login('other', 'other-password');
		const theirs = await other.call('GET', '/api/PickupLocations/GetForClient', { subscriptionKey: 'other-key' });
		expect((theirs.json as Rows).map((l) => l.LocationId)).toEqual([1005962060]);
		expect((await sandbox.client.call('GET', '/api/PickupLocations', { token: null })).status).toBe(401);
	});
});
