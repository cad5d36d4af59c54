import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { BUCHAREST_COUNTY_ID, countiesLike, countyNamed, countyWithId, ROMANIA_COUNTRY_ID, type County } from '../places/counties';
import { oncePerExecution } from './executionCache';
import { refuse } from '../values/refusal';
import { fieldLabel } from '../form/itemMapping';
import { localityRecords } from '../places/localityList';
import { BUCHAREST, bucharestSector, closestNames, oneOf, plainName, typedName } from '../places/placeNames';
import type { Asking } from './asking';
import { namingField } from '../transport/errors';
import { sendToCargus } from '../transport/send';

/*
 * A county and locality given as text (a shop's county code, a locality as the customer typed it) are resolved
 * against Cargus' own lists before sending, and sent as the ids and names Cargus matched. What cannot be decided
 * is refused before sending, naming the field and the closest names.
 */

/** Where one address sits in the request body, and the fields the user gave it in. */
export interface AddressPlace {
	/** The body's object holding it (Recipient), or the prefix of its flat keys (From, To). */
	at: { object: string } | { prefix: string };
	county: { parameter: string; label: string };
	locality: { parameter: string; label: string };
}

interface Locality {
	id: number;
	name: string;
	/** The name as compared, and the part before a parenthesis ("Carpinis (Rosia Montana)": "carpinis"). */
	keys: string[];
}

/** Resolves each place's county and locality, then sends with `send`; Cargus' own refusal of an address names the field too. */
export function withAddressesResolved(places: AddressPlace[], ask: Asking): Asking {
	return async function (this, requestData, credentials) {
		const body = { ...((requestData.options.body as IDataObject | undefined) ?? {}) };
		const given: AddressPlace[] = [];
		for (const place of places) {
			const address = addressIn(body, place);
			if (!address) continue;
			given.push(place);
			await resolve(this, address.fields, place, credentials);
			address.save();
		}
		try {
			return await ask.call(this, { ...requestData, options: { ...requestData.options, body } }, credentials);
		} catch (error) {
			throw addressRefusal(this, error, given) ?? error;
		}
	};
}

function addressIn(body: IDataObject, place: AddressPlace): { fields: IDataObject; save: () => void } | undefined {
	if ('object' in place.at) {
		const name = place.at.object;
		const holder = body[name];
		if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) return undefined;
		const fields = { ...(holder as IDataObject) };
		return { fields, save: () => (body[name] = fields) };
	}
	const prefix = place.at.prefix;
	const fields: IDataObject = {};
	for (const key of ['CountyId', 'CountyName', 'LocalityId', 'LocalityName']) if (body[`${prefix}${key}`] !== undefined) fields[key] = body[`${prefix}${key}`];
	if (Object.keys(fields).length === 0) return undefined;
	return {
		fields,
		save: () => {
			for (const [key, value] of Object.entries(fields)) body[`${prefix}${key}`] = value;
		},
	};
}

async function resolve(context: IExecuteSingleFunctions, fields: IDataObject, place: AddressPlace, credentials: ICredentialDataDecryptedObject): Promise<void> {
	const label = (of: 'county' | 'locality') => fieldLabel(context, place[of].parameter, place[of].label);
	let county: County | undefined;
	if (typeof fields.CountyName === 'string') {
		county = countyNamed(fields.CountyName);
		if (!county) {
			throw refuse(context, label('county'), `"${fields.CountyName}" is not a county Cargus knows: give its name or its code (CJ; B for Bucharest). The closest: ${oneOf(countiesLike(fields.CountyName))}`);
		}
		fields.CountyId = county.id;
		fields.CountyName = county.name;
	} else if (typeof fields.CountyId === 'number') {
		county = countyWithId(fields.CountyId);
	}
	if (typeof fields.LocalityName !== 'string' || !county) return;
	const typed = fields.LocalityName;
	const localities = await localitiesOf(context, county.id, credentials);
	const matches = matching(typed, county, localities);
	if (matches.length === 1) {
		fields.LocalityId = matches[0].id;
		fields.LocalityName = matches[0].name;
		return;
	}
	if (matches.length > 1) {
		throw refuse(context, label('locality'), `"${typed}" names ${matches.length} localities of ${county.name}: ${oneOf(matches.map((locality) => `${locality.name} (ID ${locality.id})`))}. Give the ID of the one meant`);
	}
	const closest = closestNames(typedName(typed), localities, (locality) => locality.keys).map((locality) => locality.name);
	const hint = closest.length === 0 ? `Cargus lists no locality in ${county.name}` : `the closest: ${oneOf(closest)}`;
	throw refuse(context, label('locality'), `"${typed}" is not a locality of ${county.name} that Cargus knows (check the spelling, or the county); ${hint}`);
}

/** The localities whose name is the typed one; in Bucharest, a sector is the sector when Cargus lists it, else the city. */
function matching(typed: string, county: County, localities: Locality[]): Locality[] {
	const name = typedName(typed);
	const exact = localities.filter((locality) => locality.keys.includes(name));
	if (exact.length > 0 || county.id !== BUCHAREST_COUNTY_ID) return unique(exact);
	const sector = bucharestSector(name);
	if (sector === undefined) return [];
	const sectorNames = [`sector ${sector}`, `${BUCHAREST} sector ${sector}`, `${BUCHAREST} sectorul ${sector}`];
	const ofSector = localities.filter((locality) => sector > 0 && locality.keys.some((key) => sectorNames.includes(key)));
	return unique(ofSector.length > 0 ? ofSector : localities.filter((locality) => locality.keys.includes(BUCHAREST)));
}

function unique(localities: Locality[]): Locality[] {
	return localities.filter((locality, index) => localities.findIndex((other) => other.id === locality.id) === index);
}

/** The localities of a county, read from Cargus once per execution and county for all the items. */
async function localitiesOf(context: IExecuteSingleFunctions, countyId: number, credentials: ICredentialDataDecryptedObject): Promise<Locality[]> {
	return await oncePerExecution(context, `GET /api/Localities?countyId=${countyId}`, async () => {
		const answer = await sendToCargus(context, { method: 'GET', url: '/api/Localities', qs: { countryId: ROMANIA_COUNTRY_ID, countyId }, json: true }, credentials);
		return localityRecords(answer.body)
			.filter((record) => Number(record.LocalityId) > 0 && typeof record.Name === 'string')
			.map((record) => {
				const name = String(record.Name);
				return { id: Number(record.LocalityId), name, keys: [...new Set([plainName(name), plainName(name.replace(/\(.*$/, ''))])] };
			});
	});
}

/** Cargus' refusal of a county or locality it does not know ("Localitate invalida", "Judet invalid"), with the field named. */
function addressRefusal(context: IExecuteSingleFunctions, error: unknown, places: AddressPlace[]): NodeApiError | undefined {
	if (!(error instanceof NodeApiError) || !/^4\d\d$/.test(String(error.httpCode)) || places.length === 0) return undefined;
	const said = error.message;
	const of: 'county' | 'locality' | undefined = /localitate/i.test(said) ? 'locality' : /jude[tț]/i.test(said) ? 'county' : undefined;
	if (!of) return undefined;
	const named = places.filter((place) => 'prefix' in place.at && said.includes(`${place.at.prefix}${of === 'county' ? 'County' : 'Locality'}`));
	const labels = (named.length > 0 ? named : places).map((place) => fieldLabel(context, place[of].parameter, place[of].label));
	const message = `${oneOf(labels)} (item ${context.getItemIndex() + 1}): Cargus does not know this ${of}. ${said}`;
	return namingField(context, error, message);
}
