/**
 * What the form's dropdowns show in n8n's editor: a list, "No data" while the field they depend on is empty (the
 * field's hint says what to choose first), or one entry saying why the list cannot load. n8n's editor shows a
 * loader's error only as "Error fetching options from Cargus", so a loader never throws.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { NO_CREDENTIAL } from '../../nodes/Cargus/methods/lookup';
import { loadOptions } from '../helpers/loadOptions';
import { KEY_ONLY, sandboxCredential, useSandbox } from '../helpers/sandbox';

const sandbox = useSandbox();

const CLUJ = 15;
const CLUJ_NAPOCA = 164;
const CREATE = { resource: 'shipment', operation: 'create' };
const PRICE = { resource: 'shipment', operation: 'calculatePrice' };

/** A field of the Cargus node's form, by operation and name. */
function fieldOf(operation: string, name: string): INodeProperties {
	const found = new Cargus().description.properties.find(
		(property) => property.name === name && property.displayOptions?.show?.operation?.includes(operation) && property.displayOptions?.show?.resource?.includes('shipment'),
	);
	if (!found) throw new Error(`no field ${name} in Shipment › ${operation}`);
	return found;
}

describe('a dropdown whose parent field is empty', () => {
	test.each([
		['getRecipientLocalities', { ...CREATE, recipientCountyId: '' }],
		['getFromLocalities', { ...PRICE, fromCountyId: '' }],
		['getToLocalities', { ...PRICE, toCountyId: '' }],
		['getCountyLocalities', { resource: 'street', operation: 'getMany', countyId: '' }],
		['getLocalities', { resource: 'pickupOrder', operation: 'send', address: {} }],
		['getRecipientStreets', { ...CREATE, recipientCountyId: CLUJ, recipientLocalityId: '' }],
		['getStreets', { resource: 'pickupOrder', operation: 'send', address: { CountyId: CLUJ } }],
	])('%s is an empty list, and Cargus is not asked', async (method, parameters) => {
		await sandbox.control.clearRequests();
		expect(await loadOptions(method, parameters, sandboxCredential(sandbox.url))).toEqual([]);
		expect(await sandbox.control.requests()).toEqual([]);
	});

	test('is empty even with no credential chosen yet', async () => {
		expect(await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: '' }, undefined)).toEqual([]);
	});

	test.each([
		['create', 'recipientLocalityId', /^Choose the County first/],
		['create', 'recipientStreetId', /^Choose the Locality first/],
		['calculatePrice', 'fromLocalityId', /^Choose the County first/],
		['calculatePrice', 'toLocalityId', /^Choose the County first/],
	])('Shipment › %s\'s %s says what to choose first', (operation, name, hint) => {
		expect(fieldOf(operation, name).hint).toMatch(hint);
	});
});

test('the locality dropdown of a county given by name or code (an expression the editor resolves) lists that county\'s localities', async () => {
	const byId = await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url));
	expect(byId).toContainEqual({ name: 'CLUJ-NAPOCA', value: CLUJ_NAPOCA });
	for (const county of ['Cluj', 'CJ', '={{ "cluj" }}']) {
		expect(await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: county }, sandboxCredential(sandbox.url))).toEqual(byId);
	}
	expect(await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: 'Atlantis' }, sandboxCredential(sandbox.url))).toEqual([]);
});

test('the locality dropdown whose connection is reset once reads the list again', async () => {
	const listed = await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url));
	await sandbox.control.clearRequests();
	await sandbox.control.addFault({ operation: 'localitiesNoAuth', kind: 'reset', count: 1 });
	expect(await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url))).toEqual(listed);
	expect((await sandbox.control.requests('localitiesNoAuth')).map((entry) => entry.status)).toEqual([0, 200]);
});

describe('the locality dropdown reads both shapes of Cargus\' locality list', () => {
	test('grouped, as the interface shows it: [{ Locality: [...], message }]', async () => {
		await sandbox.control.clearFaults();
		await sandbox.control.addFault({
			operation: 'localitiesNoAuth',
			kind: 'status',
			status: 200,
			body: [{ Locality: [{ LocalityId: CLUJ_NAPOCA, Name: 'CLUJ-NAPOCA' }, { LocalityId: 4321, Name: 'APAHIDA' }], message: 'OK' }],
		});
		const options = await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url));
		expect(options).toEqual([{ name: 'APAHIDA', value: 4321 }, { name: 'CLUJ-NAPOCA', value: CLUJ_NAPOCA }]);
	});

	test('flat, as the shop plugins read it: [{ LocalityId, Name, ... }]', async () => {
		await sandbox.control.clearFaults();
		await sandbox.control.addFault({
			operation: 'localitiesNoAuth',
			kind: 'status',
			status: 200,
			body: [{ LocalityId: CLUJ_NAPOCA, Name: 'CLUJ-NAPOCA', InNetwork: true, ExtraKm: 0 }, { LocalityId: 4321, Name: 'APAHIDA', InNetwork: true, ExtraKm: 3 }],
		});
		const options = await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url));
		expect(options).toEqual([{ name: 'APAHIDA', value: 4321 }, { name: 'CLUJ-NAPOCA', value: CLUJ_NAPOCA }]);
	});

	afterAll(async () => {
		await sandbox.control.clearFaults();
	});
});

describe('a list that cannot load is one entry saying why, with an empty value', () => {
	afterEach(async () => {
		await sandbox.control.clearFaults();
	});

	test('Cargus\' refusal, quoted and explained as the node explains it', async () => {
		await sandbox.control.addFault({ operation: 'localitiesNoAuth', kind: 'status', status: 500, body: { Error: 'Judet invalid' } });
		expect(await loadOptions('getRecipientLocalities', { ...CREATE, recipientCountyId: CLUJ }, sandboxCredential(sandbox.url))).toEqual([
			expect.objectContaining({ name: 'Could not load the localities from Cargus: Cargus failed to process the request (HTTP 500: Judet invalid)', value: '' }),
		]);
	});

	test('a credential without the account (key only), for the lists that need a login', async () => {
		for (const [method, what] of [['getPickupLocations', 'pickup locations'], ['getRecipientStreets', 'streets'], ['getPriceTables', 'price tables']]) {
			const options = await loadOptions(method, { ...CREATE, recipientCountyId: CLUJ, recipientLocalityId: CLUJ_NAPOCA }, sandboxCredential(sandbox.url, KEY_ONLY));
			expect(options).toEqual([
				expect.objectContaining({ name: `The list of ${what} needs a Cargus login, but the Cargus API credential has no Username`, value: '' }),
			]);
		}
	});

	test('a login Cargus refuses', async () => {
		const options = await loadOptions('getPickupLocations', CREATE, sandboxCredential(sandbox.url, { password: 'not-the-password-42' }));
		expect(options).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Could not load the pickup locations from Cargus: .*login failed/), value: '' })]);
	});

	test('no credential chosen: choose one, then refresh the list (n8n does not load it again by itself)', async () => {
		for (const method of ['getPickupLocations', 'getRecipientLocalities', 'getRecipientStreets', 'getPriceTables']) {
			expect(await loadOptions(method, { ...CREATE, recipientCountyId: CLUJ, recipientLocalityId: CLUJ_NAPOCA }, undefined)).toEqual([
				expect.objectContaining({ name: NO_CREDENTIAL, value: '' }),
			]);
		}
	});

	test('the counties need nothing: their list is always there', async () => {
		expect(await loadOptions('getCounties', CREATE, undefined)).toHaveLength(44);
	});
});

describe('a county, locality or street given by name in an expression', () => {
	test.each([
		['create', 'recipientCountyId'],
		['create', 'recipientLocalityId'],
		['create', 'recipientStreetId'],
		['calculatePrice', 'fromCountyId'],
		['calculatePrice', 'fromLocalityId'],
		['calculatePrice', 'toCountyId'],
		['calculatePrice', 'toLocalityId'],
	])('Shipment › %s\'s %s keeps its type and lets n8n\'s editor take a value not among its ids', (operation, name) => {
		expect(fieldOf(operation, name)).toMatchObject({ type: 'options', allowArbitraryValues: true });
	});
});
