import { listSearch } from '../helpers/loadOptions';
import { startRecordingProxy } from '../helpers/recordingProxy';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { streetsOf } from '../../sandbox/world/streets';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const CRAIOVA = 183;
const DOLJ = 19;

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('Pickup Location › Get Many', () => {
	it('gives the account\'s active locations, one item each, as Cargus sends them', async () => {
		const { json, error } = await runOperation(engineFor(sandbox), 'pickupLocation', 'getMany');
		expect(error).toBeUndefined();
		expect(json.map((location) => location.LocationId)).toEqual([1005962049, 1005962050, 1005962051, 1005962052]);
		expect(json[0]).toMatchObject({ Name: 'ECOM TEST', LocalityName: 'Tunari', CountyName: 'Ilfov', AddressText: 'Soseaua Tunari nr. 12' });
		expect((await requestsSeen(sandbox, 'pickupLocations')).map((request) => request.status)).toEqual([200]);
	});

	it('with Include Inactive lists every location of the company, inactive ones too', async () => {
		const engine = engineFor(sandbox);
		const created = await runOperation(engine, 'pickupLocation', 'createCollectionPoint', {
			minihubId: 'SGN-PP405999', active: false, address: { Name: 'Punct inchis', LocalityId: 515, ContactPerson: 'Ana Pop', PhoneNumber: '0722000000' },
		});
		const active = await runOperation(engine, 'pickupLocation', 'getMany');
		const all = await runOperation(engine, 'pickupLocation', 'getMany', { options: { includeInactive: true } });
		expect(active.json.map((location) => location.LocationId)).not.toContain(created.json[0].LocationId);
		expect(all.json).toContainEqual(expect.objectContaining({ LocationId: created.json[0].LocationId, Active: 0 }));
		const fromExpression = await runOperation(engine, 'pickupLocation', 'getMany', { options: { includeInactive: '={{ "true" }}' } });
		expect(fromExpression.json).toEqual(all.json);
		expect(await requestsSeen(sandbox, 'pickupLocationsForClient')).toHaveLength(2);
	});

	it('with a key-only credential says a login is needed and sends nothing', async () => {
		const { error } = await runOperation(engineFor(sandbox, KEY_ONLY), 'pickupLocation', 'getMany');
		expect(error?.message).toBe('This operation needs a Cargus login, but the Cargus API credential has no Username');
		expect(await requestsSeen(sandbox, 'pickupLocations')).toEqual([]);
	});
});

describe('County › Get Many and Street › Get Many', () => {
	it('County gives the counties of Romania with Cargus\' ids, one item each', async () => {
		const { json, error } = await runOperation(engineFor(sandbox), 'county', 'getMany', { countryId: 1 });
		expect(error).toBeUndefined();
		expect(json).toContainEqual({ CountyId: 44, Name: 'Bucuresti', Abbreviation: 'B' });
		expect(json.length).toBeGreaterThanOrEqual(42);
		const [request] = await requestsSeen(sandbox, 'counties');
		expect(request.query).toEqual({ countryId: '1' });
	});

	it('Street gives the streets of the chosen locality with their Street IDs; Limit keeps the first ones', async () => {
		const expected = (streetsOf(CRAIOVA) ?? []).map(({ StreetId, Name }) => ({ StreetId, Name }));
		const engine = engineFor(sandbox);
		const all = await runOperation(engine, 'street', 'getMany', { countyId: DOLJ, localityId: CRAIOVA, returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.json).toEqual(expected);
		const three = await runOperation(engine, 'street', 'getMany', { localityId: `={{ ${CRAIOVA} }}`, returnAll: false, limit: 3 });
		expect(three.json).toEqual(expected.slice(0, 3));
		expect((await requestsSeen(sandbox, 'streets')).map((request) => request.query)).toEqual([{ localityId: String(CRAIOVA) }, { localityId: String(CRAIOVA) }]);
	});

	it('Street of a locality Cargus does not know gives no item', async () => {
		const { json, error } = await runOperation(engineFor(sandbox), 'street', 'getMany', { localityId: 7, returnAll: true });
		expect(error).toBeUndefined();
		expect(json).toEqual([]);
	});
});

describe('Ship & Go Point › Get Many', () => {
	it('gives every point, or up to Limit', async () => {
		const engine = engineFor(sandbox);
		expect((await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true })).json).toHaveLength(336);
		expect((await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: false, limit: 5 })).json).toHaveLength(5);
	});

	it('filters by county, city (without diacritics or case), cash on delivery and words, applied to Cargus\' answer', async () => {
		const engine = engineFor(sandbox);
		const dolj = await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: DOLJ } });
		expect(dolj.json.length).toBeGreaterThan(1);
		expect(dolj.json.every((point) => point.CountyId === DOLJ)).toBe(true);
		const craiova = await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { city: 'crăiova', cashOnDeliveryOnly: true } });
		expect(craiova.json.length).toBeGreaterThan(0);
		expect(craiova.json.every((point) => point.City === 'CRAIOVA' && point.ServiceCOD === true)).toBe(true);
		const one = await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { search: 'craiova Severinului 21' } });
		expect(one.json).toEqual([expect.objectContaining({ Id: 114076, StreetName: 'Calea Severinului', OpenHoursMoStart: expect.any(String) })]);
		const none = await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: DOLJ, city: 'Cluj-Napoca' } });
		expect(none.json).toEqual([]);
	});

	it('sends no filter to Cargus: the one request is the whole list', async () => {
		const proxy = await startRecordingProxy(sandbox.url);
		await runOperation(engineFor(sandbox, { baseUrl: proxy.url }), 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: DOLJ, search: 'x' } });
		await proxy.stop();
		expect(proxy.requests.filter((request) => request.url.startsWith('/api/Pudo')).map((request) => request.url)).toEqual(['/api/PudoPoints']);
	});

	it('works against a service that answers only PudoPoints, as the shop plugins call it, and not PUDO_Get', async () => {
		await sandbox.control.addFault({ path: '/api/PUDO_Get', kind: 'status', status: 404, body: { Message: 'No HTTP resource was found that matches the request URI' } });
		const { json, error } = await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(336);
		const found = await listSearch('searchShipAndGoPoints', { resource: 'pickupLocation', operation: 'createCollectionPoint' }, sandboxCredential(sandbox.url), 'craiova severinului');
		expect(found.results).toEqual([expect.objectContaining({ value: '114076' })]);
		expect((await requestsSeen(sandbox, 'shipAndGoPoints')).map((request) => [request.path, request.status])).toEqual([['/api/PudoPoints', 200], ['/api/PudoPoints', 200]]);
	});
});
