import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { referenceData } from '../../sandbox/world/referenceData';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * Addresses as shops store them (a county's code, a locality as the customer typed it) reach Cargus as the
 * county and locality Cargus lists; what cannot be decided is refused before sending, with the closest names.
 */

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

/** A locality of the sandbox's (real) reference data, by county id and name as Cargus spells it. */
function cargusLocality(countyId: number, name: string) {
	const locality = referenceData().localities.find((candidate) => candidate.CountyId === countyId && candidate.Name === name);
	if (!locality) throw new Error(`no locality ${name} in county ${countyId}`);
	return locality;
}

// [county as the shop stores it, locality as the customer typed it, Cargus' county id, the locality's name in Cargus' list]
const AS_SHOPS_STORE_THEM: Array<[string, string, number, string]> = [
	['CJ', 'Cluj-Napoca', 15, 'CLUJ-NAPOCA'],
	['cj', 'cluj napoca', 15, 'CLUJ-NAPOCA'],
	['Cluj', 'Mun. Cluj-Napoca', 15, 'CLUJ-NAPOCA'],
	['Județul Cluj', 'Municipiul Cluj-Napoca', 15, 'CLUJ-NAPOCA'],
	['CLUJ', 'Câmpia Turzii', 15, 'Campia turzii'],
	['Cluj', 'Floreşti', 15, 'FLORESTI'],
	['Jud. Cluj', 'Com. Apahida', 15, 'Apahida'],
	['B', 'București', 44, 'BUCURESTI'],
	['B', 'Bucuresti Sector 3', 44, 'BUCURESTI'],
	['Bucuresti', 'Sector 1', 44, 'BUCURESTI'],
	['București', 'Sectorul 6', 44, 'BUCURESTI'],
	['Municipiul București', 'S2', 44, 'BUCURESTI'],
	['Bucharest', 'Bucharest, Sector 4', 44, 'BUCURESTI'],
	['b', 'Sect. 5', 44, 'BUCURESTI'],
	['B', 'BUCUREȘTI SECTORUL 3', 44, 'BUCURESTI'],
	['Bucuresti', 'Mun. Bucuresti', 44, 'BUCURESTI'],
	['BV', 'Brașov', 11, 'BRASOV'],
	['Brasov', 'Oraș Râșnov', 11, 'Rasnov'],
	['BV', 'Săcele', 11, 'Sacele'],
	['IS', 'Iași', 26, 'IASI'],
	['Iasi', 'Dumbrava', 26, 'Dumbrava (Ciurea)'],
	['IS', 'Târgu Frumos', 26, 'Targu Frumos'],
	['MS', 'Târgu Mureș', 30, 'TARGU MURES'],
	['Mureș', 'Sângeorgiu de Mureș', 30, 'Sangeorgiu de Mures'],
	['CT', 'Constanța', 16, 'CONSTANTA'],
	['Constanta', '2 Mai', 16, '2 Mai'],
	['CT', 'valu lui traian', 16, 'Valu lui Traian'],
	['SM', 'Satu-Mare', 35, 'SATU MARE'],
	['Satu Mare', 'Negrești Oaș', 35, 'Negresti-Oas'],
	['Bistrița-Năsăud', 'Bistrița', 8, 'BISTRITA'],
	['BN', 'Sângeorz Băi', 8, 'Sangeorz-Bai'],
	['CS', 'Caransebeș', 14, 'Caransebes'],
	['Caraș Severin', 'Reșița', 14, 'RESITA'],
	['HD', 'Geoagiu Bai', 24, 'Geoagiu-Bai'],
	['MH', 'Drobeta Turnu Severin', 29, 'DROBETA-TURNU SEVERIN'],
	['AB', 'Alba-Iulia', 3, 'ALBA IULIA'],
	['Alba', 'Carpiniș', 3, 'Carpinis (Rosia Montana)'],
	['VL', 'Cârlogani', 41, 'Carlogani(Valcea)'],
	['Vâlcea', 'Râmnicu Vâlcea', 41, 'RAMNICU VALCEA'],
	['IF', 'Com. Afumați', 27, 'Afumati'],
	['Ilfov', 'Sat Balotești', 27, 'Balotesti'],
	['IF', 'Popești Leordeni', 27, 'Popesti-Leordeni'],
	['PH', 'Cornu', 33, 'Cornu '],
	['NT', 'Piatra-Neamț', 31, 'PIATRA NEAMT'],
	['HR', 'Miercurea-Ciuc', 23, 'MIERCUREA CIUC'],
];

/** One Create item per address, mapped automatically, each with its own order reference. */
const orderAt = (county: string | number, locality: string | number, index: number): IDataObject => ({
	senderLocationId: SMALL_SHIPMENT.senderLocationId,
	serviceId: 34,
	recipientName: 'Ana Pop',
	recipientPhone: '0722000000',
	recipientCountyId: county,
	recipientLocalityId: locality,
	pieces: [{ type: 1, weight: 2 }],
	orderReference: `ADDR-${index + 1}`,
	oneAwbPerReference: false,
});

const createMapped = async (input: IDataObject[]) =>
	await runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData' }, { input, continueOnFail: true });

/** The Recipient each order reference was sent with. */
async function recipientsSent(): Promise<Map<string, IDataObject>> {
	const bodies = (await requestsSeen(sandbox, 'createAwb')).map((request) => request.body as IDataObject);
	return new Map(bodies.map((body) => [String(body.CustomString), body.Recipient as IDataObject]));
}

describe('Shipment › Create: addresses as shops store them', () => {
	it(`makes the AWB of each of ${AS_SHOPS_STORE_THEM.length} addresses with the county and locality Cargus lists, reading each county's localities once`, async () => {
		const { items } = await createMapped(AS_SHOPS_STORE_THEM.map(([county, locality], index) => orderAt(county, locality, index)));
		expect(items.map((item) => item.error?.message)).toEqual(AS_SHOPS_STORE_THEM.map(() => undefined));
		const sent = await recipientsSent();
		AS_SHOPS_STORE_THEM.forEach(([county, locality, countyId, cargusName], index) => {
			const expected = cargusLocality(countyId, cargusName);
			expect({ county, locality, sent: sent.get(`ADDR-${index + 1}`) }).toEqual({
				county,
				locality,
				sent: expect.objectContaining({ CountyId: countyId, CountyName: expected.CountyName, LocalityId: expected.LocalityId, LocalityName: cargusName }),
			});
		});
		const counties = new Set(AS_SHOPS_STORE_THEM.map(([, , countyId]) => countyId));
		const listings = await requestsSeen(sandbox, 'localities');
		expect(listings.map((request) => Number(request.query.countyId)).sort((a, b) => a - b)).toEqual([...counties].sort((a, b) => a - b));
	});

	it('takes the code of every county, lower or upper case, with a locality of that county', async () => {
		const { counties, localities } = referenceData();
		// Every county of Romania and Bucharest (Cargus also numbers "Necunoscut" and Poland, with no localities).
		const served = counties.filter((county) => localities.some((locality) => locality.CountyId === county.CountyId));
		const input = served.map((county, index) => {
			const locality = localities.find((candidate) => candidate.CountyId === county.CountyId)!;
			return orderAt(index % 2 ? county.Abbreviation.toLowerCase() : county.Abbreviation, locality.Name.toLowerCase(), index);
		});
		const { items } = await createMapped(input);
		expect(items.filter((item) => item.error)).toEqual([]);
		const sent = await recipientsSent();
		served.forEach((county, index) => {
			const locality = localities.find((candidate) => candidate.CountyId === county.CountyId)!;
			expect(sent.get(`ADDR-${index + 1}`)).toMatchObject({ CountyId: county.CountyId, LocalityId: locality.LocalityId });
		});
		expect(served.map((county) => county.Abbreviation)).toEqual(counties.map((county) => county.Abbreviation).filter((code) => code !== 'NN' && code !== 'PL'));
		expect(served).toHaveLength(42);
	});

	it('refuses a misspelt locality before sending, naming the item, the input field and the closest localities of the county', async () => {
		const { items } = await createMapped([orderAt('CJ', 'Cluj-Napoca', 0), orderAt('CJ', 'Cluj Napocaa', 1), orderAt('Cluj', 'Turda Noua', 2)]);
		expect(items[0].error).toBeUndefined();
		expect(items[1].error?.message).toBe('Input field "recipientLocalityId" (item 2): "Cluj Napocaa" is not a locality of Cluj that Cargus knows (check the spelling, or the county); the closest: CLUJ-NAPOCA, Cara or Coplean');
		expect(items[2].error?.message).toMatch(/^Input field "recipientLocalityId" \(item 3\): "Turda Noua" is not a locality of Cluj that Cargus knows .*the closest: TURDA/);
		expect([...(await recipientsSent()).keys()]).toEqual(['ADDR-1']);
	});

	it('refuses a county it cannot tell, naming the form field and the closest counties', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, recipientCountyId: '={{ "CJJ" }}', recipientLocalityId: '={{ "Cluj-Napoca" }}' });
		expect(error?.message).toMatch(/^Recipient County Name or ID \(item 1\): "CJJ" is not a county Cargus knows: give its name or its code \(CJ; B for Bucharest\)\. The closest: Cluj \(CJ\)/);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(0);
	});

	it('refuses a locality name Cargus lists twice in the county, giving the IDs to choose from', async () => {
		const twins = [
			{ LocalityId: 9001, Name: 'Dumbrava (Ciurea)', CountyId: 26 },
			{ LocalityId: 9002, Name: 'Dumbrava (Lungani)', CountyId: 26 },
		];
		await sandbox.control.addFault({ operation: 'localities', kind: 'status', status: 200, body: [{ Locality: twins, message: 'OK' }] });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, recipientCountyId: '={{ "IS" }}', recipientLocalityId: '={{ "Dumbrava" }}' });
		expect(error?.message).toBe('Recipient Locality Name or ID (item 1): "Dumbrava" names 2 localities of Iasi: Dumbrava (Ciurea) (ID 9001) or Dumbrava (Lungani) (ID 9002). Give the ID of the one meant');
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(0);
	});

	it('reads a locality list Cargus answers flat, as the shop plugins read it', async () => {
		await sandbox.control.addFault({ operation: 'localities', kind: 'status', status: 200, body: [{ LocalityId: 164, Name: 'CLUJ-NAPOCA', CountyId: 15 }] });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, recipientCountyId: '={{ "CJ" }}', recipientLocalityId: '={{ "cluj napoca" }}' });
		expect(error).toBeUndefined();
		expect(((await requestsSeen(sandbox, 'createAwb'))[0].body as IDataObject).Recipient).toMatchObject({ CountyId: 15, LocalityId: 164 });
	});

	it('names the field when Cargus itself refuses the locality, keeping what Cargus said', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, recipientLocalityId: 999999 });
		expect(error?.message).toBe('Recipient Locality Name or ID (item 1): Cargus does not know this locality. Cargus rejected the input (HTTP 400: Localitate invalida: LocalityId 999999.)');
	});

	it('sends ids chosen from the dropdowns as they are, without reading any list', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'create', SMALL_SHIPMENT);
		expect(error).toBeUndefined();
		expect(((await requestsSeen(sandbox, 'createAwb'))[0].body as IDataObject).Recipient).toEqual(expect.objectContaining({ CountyId: 15, LocalityId: 164 }));
		expect(await requestsSeen(sandbox, 'localities')).toHaveLength(0);
	});

	it('300 orders to three counties by name read three locality lists, not one per order', async () => {
		const places: Array<[string, string]> = [['CJ', 'Cluj-Napoca'], ['B', 'Sector 2'], ['Iași', 'Iasi']];
		const { items } = await createMapped(Array.from({ length: 300 }, (_, index) => orderAt(...places[index % 3], index)));
		expect(items.filter((item) => item.error)).toEqual([]);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(300);
		expect(await requestsSeen(sandbox, 'localities')).toHaveLength(3);
	});
});

describe('Shipment › Calculate Price and Ship & Go points: addresses as shops store them', () => {
	it('prices to a county code and a locality as typed: the same price as by ids', async () => {
		const route = { shipFrom: 'pickupLocation', fromLocationId: SMALL_SHIPMENT.senderLocationId, serviceId: 34, parcels: 1, envelopes: 0, totalWeight: 2 };
		const byName = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', { ...route, toCountyId: '={{ "CJ" }}', toLocalityId: '={{ "Mun. Cluj Napoca" }}' });
		const byId = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', { ...route, toCountyId: 15, toLocalityId: 164 });
		expect(byName.error).toBeUndefined();
		expect(byName.json).toEqual(byId.json);
		const [sent] = await requestsSeen(sandbox, 'shippingCalculation');
		expect(sent.body).toMatchObject({ ToCountyId: 15, ToLocalityId: 164, ToLocalityName: 'CLUJ-NAPOCA' });
	});

	it('refuses a misspelt destination before pricing, naming the form field', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', {
			shipFrom: 'place', fromCountyId: 15, fromLocalityId: 164, toCountyId: '={{ "BV" }}', toLocalityId: '={{ "Brasovv" }}', serviceId: 34, parcels: 1, envelopes: 0, totalWeight: 2,
		});
		expect(error?.message).toMatch(/^To Locality Name or ID \(item 1\): "Brasovv" is not a locality of Brasov that Cargus knows .*the closest: BRASOV/);
		expect(await requestsSeen(sandbox, 'shippingCalculation')).toHaveLength(0);
	});

	it('filters Ship & Go points by a county code and a city as typed: the same points as by the county\'s ID and Cargus\' spelling', async () => {
		const engine = engineFor(sandbox);
		const points = async (filters: INodeParameters) => (await runOperation(engine, 'shipAndGoPoint', 'getMany', { returnAll: true, filters })).json.map((point) => point.Id);
		const cluj = await points({ countyId: 15, city: 'CLUJ-NAPOCA' });
		expect(cluj.length).toBeGreaterThan(1);
		expect(await points({ countyId: '={{ "cj" }}', city: 'Mun. Cluj Napoca' })).toEqual(cluj);
		const bucharest = await points({ countyId: 44, city: 'Bucuresti' });
		expect(bucharest.length).toBeGreaterThan(1);
		expect(await points({ countyId: '={{ "B" }}', city: 'București Sectorul 3' })).toEqual(bucharest);
	});

	it('refuses a Ship & Go county filter no county has, before asking Cargus', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipAndGoPoint', 'getMany', { returnAll: true, filters: { countyId: '={{ "Clujj" }}' } });
		expect(error?.message).toMatch(/^Filters › County Name or ID \(item 1\): "Clujj" is not a county Cargus knows: .*The closest: Cluj \(CJ\)/);
		expect(await requestsSeen(sandbox, 'shipAndGoPoints')).toHaveLength(0);
	});
});
