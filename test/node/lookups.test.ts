import fs from 'node:fs';
import path from 'node:path';

import { loadOptions } from '../helpers/loadOptions';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();

interface SandboxLocality {
	LocalityId: number;
	Name: string;
	CountyId: number;
}
const SANDBOX_LOCALITIES = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', '..', 'sandbox', 'world', 'data', 'localities.json'), 'utf8'),
) as SandboxLocality[];
const COUNTIES = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'sandbox', 'world', 'data', 'counties.json'), 'utf8')) as Array<{
	CountyId: number;
	Name: string;
}>;

const ILFOV = 27;
const addressIn = (county: string | number) => ({ resource: 'pickupOrder', operation: 'send', address: { CountyId: county } });

test('County offers the 44 counties with Cargus\' own ids', async () => {
	const options = await loadOptions('getCounties', { resource: 'locality', operation: 'getManyWithoutLogin' }, sandboxCredential(sandbox.url));
	expect(options).toHaveLength(44);
	expect(options.map((option) => option.value).sort()).toEqual(COUNTIES.map((county) => county.CountyId).sort());
	expect(options).toEqual(
		expect.arrayContaining([
			{ name: 'Bucuresti (B)', value: 44 },
			{ name: 'Ilfov (IF)', value: 27 },
			{ name: 'Cluj (CJ)', value: 15 },
		]),
	);
});

test('Locality offers the localities Cargus has for the chosen county, by name', async () => {
	const options = await loadOptions('getLocalities', addressIn(ILFOV), sandboxCredential(sandbox.url));
	const expected = SANDBOX_LOCALITIES.filter((locality) => locality.CountyId === ILFOV);
	expect(options.map((option) => option.value).sort()).toEqual(expected.map((locality) => locality.LocalityId).sort());
	expect(options).toContainEqual({ name: 'Tunari', value: 29445916 });
	const names = options.map((option) => option.name);
	expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
});

test('Locality works with a key-only credential and never logs in', async () => {
	await sandbox.control.clearRequests();
	const options = await loadOptions('getLocalities', addressIn('={{ 44 }}'), sandboxCredential(sandbox.url, KEY_ONLY));
	expect(options).toContainEqual({ name: 'BUCURESTI', value: 150 });
	const operations = (await sandbox.control.requests()).map((request) => request.operation);
	expect(operations.some((operation) => /login/i.test(operation))).toBe(false);
});

test('Locality without a county is an empty list (its hint says to choose the county first), and asks Cargus nothing', async () => {
	await sandbox.control.clearRequests();
	expect(await loadOptions('getLocalities', addressIn(''), sandboxCredential(sandbox.url))).toEqual([]);
	expect(await sandbox.control.requests()).toEqual([]);
});

test('Locality with a wrong subscription key says so in the list, without the key', async () => {
	const options = await loadOptions('getLocalities', addressIn(ILFOV), sandboxCredential(sandbox.url, { apiKey: 'wrong-key-123' }));
	expect(options).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Could not load the localities from Cargus: .*subscription key/), value: '' })]);
	expect(JSON.stringify(options)).not.toContain('wrong-key-123');
});
