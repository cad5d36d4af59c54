import { listSearch, listSearchWith, loadOptions } from '../helpers/loadOptions';
import { shipAndGoSearchOf } from '../../nodes/Cargus/methods/shipAndGoPoints';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { streetsOf } from '../../sandbox/world/streets';

const sandbox = useSandbox();

const CRAIOVA = 183;
const form = (extra: Record<string, unknown> = {}) => ({ resource: 'pickupOrder', operation: 'send', ...extra });

test('Pickup Location offers the account\'s active locations, named with their ID, the address as description', async () => {
	const options = await loadOptions('getPickupLocations', form(), sandboxCredential(sandbox.url));
	expect(options.map((option) => option.value).sort()).toEqual([1005962049, 1005962050, 1005962051, 1005962052]);
	expect(options).toContainEqual({ name: 'ECOM TEST (1005962049)', value: 1005962049, description: 'Soseaua Tunari nr. 12, Tunari, Ilfov' });
	const names = options.map((option) => option.name);
	expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
});

test('Pickup Location logs in at most once for the list, and the next list reuses the token', async () => {
	await sandbox.control.expireTokens();
	await sandbox.control.clearRequests();
	await loadOptions('getPickupLocations', form(), sandboxCredential(sandbox.url));
	await loadOptions('getPickupLocations', form(), sandboxCredential(sandbox.url));
	const requests = (await sandbox.control.requests()).map((request) => `${request.operation} ${request.status}`);
	expect(requests).toEqual(['pickupLocations 401', 'login 200', 'pickupLocations 200', 'pickupLocations 200']);
});

test('Pickup Location with a key-only credential says in the list that a login is needed, and sends nothing', async () => {
	await sandbox.control.clearRequests();
	expect(await loadOptions('getPickupLocations', form(), sandboxCredential(sandbox.url, KEY_ONLY))).toEqual([
		expect.objectContaining({ name: 'The list of pickup locations needs a Cargus login, but the Cargus API credential has no Username', value: '' }),
	]);
	expect(await sandbox.control.requests()).toEqual([]);
});

test('Pickup Location with a wrong password says in the list that the login failed, without the password', async () => {
	const options = await loadOptions('getPickupLocations', form(), sandboxCredential(sandbox.url, { password: 'not-the-password-42' }));
	expect(options).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Could not load the pickup locations from Cargus: .*login failed/), value: '' })]);
	expect(JSON.stringify(options)).not.toContain('not-the-password-42');
});

test('Street offers the streets of the address\'s locality, by name; none chosen is an empty list', async () => {
	const options = await loadOptions('getStreets', form({ address: { CountyId: 19, LocalityId: CRAIOVA } }), sandboxCredential(sandbox.url));
	const streets = streetsOf(CRAIOVA) ?? [];
	expect(streets.length).toBeGreaterThan(5);
	expect(options.map((option) => option.value).sort()).toEqual(streets.map((street) => street.StreetId).sort());
	expect(options).toContainEqual({ name: 'Calea Severinului', value: streets.find((street) => street.Name === 'Calea Severinului')?.StreetId });
	const expression = await loadOptions('getStreets', form({ address: { LocalityId: `={{ ${CRAIOVA} }}` } }), sandboxCredential(sandbox.url));
	expect(expression).toEqual(options);
	expect(await loadOptions('getStreets', form({ address: { CountyId: 19 } }), sandboxCredential(sandbox.url))).toEqual([]);
});

test('Ship & Go point search finds points by every word typed (city, street, county, ID), without diacritics', async () => {
	const all = await listSearch('searchShipAndGoPoints', form(), sandboxCredential(sandbox.url));
	expect(all.results).toHaveLength(336);
	const found = await listSearch('searchShipAndGoPoints', form(), sandboxCredential(sandbox.url), 'craiova  severinului');
	expect(found.results).toEqual([{ name: 'Punct Severinului 21 (Calea Severinului 21, CRAIOVA, Dolj)', value: '114076' }]);
	expect((await listSearch('searchShipAndGoPoints', form(), sandboxCredential(sandbox.url), '114076')).results).toHaveLength(1);
	const dolj = await listSearch('searchShipAndGoPoints', form(), sandboxCredential(sandbox.url), 'DOLJ');
	expect(dolj.results.length).toBeGreaterThan(1);
	expect((await listSearch('searchShipAndGoPoints', form(), sandboxCredential(sandbox.url), 'nowhere-at-all')).results).toEqual([]);
});

test('a Ship & Go point search narrowed by the form: its county, its locality, and cash on delivery when an amount is given', async () => {
	const search = shipAndGoSearchOf({ countyParameter: 'recipient.CountyId', localityParameter: 'recipient.LocalityId', cashOnDeliveryParameter: 'cashOnDelivery' });
	const run = async (parameters: Record<string, unknown>, filter?: string) =>
		(await listSearchWith(search, { resource: 'shipment', operation: 'create', ...parameters }, sandboxCredential(sandbox.url), filter)).results;
	const everything = await run({});
	expect(everything).toHaveLength(336);
	const dolj = await run({ recipient: { CountyId: 19 } });
	expect(dolj.length).toBeGreaterThan(1);
	expect(dolj.length).toBeLessThan(everything.length);
	const craiova = await run({ recipient: { CountyId: 19, LocalityId: 183 }, cashOnDelivery: 120.5 });
	expect(craiova.length).toBeGreaterThan(0);
	expect(craiova.every((point) => point.name.includes('CRAIOVA') && !point.name.includes('no cash on delivery'))).toBe(true);
	expect(await run({ recipient: { CountyId: 19, LocalityId: 183 } }, 'severinului')).toEqual([{ name: 'Punct Severinului 21 (Calea Severinului 21, CRAIOVA, Dolj)', value: '114076' }]);
	expect(await run({ recipient: { CountyId: 15 } }, 'severinului')).toEqual([]);
});
