import { AnswerError } from './answers';
import { modelStateError } from './errorBodies';
import { referenceData, type County, type LocalityRecord } from '../world/referenceData';
import type { OperationSpec } from './operation';
import type { PickupLocation } from '../world/types';
import { EMAIL_PATTERN, type Schema } from './validation';
import { failWith } from './inputs';

/** AddressFields, shared by the pickup location and pickup order bodies. */
export const ADDRESS_FIELDS: Schema = {
	LocationId: { type: 'int' },
	Name: { type: 'string', maxLength: 100 },
	CountyId: { type: 'int' },
	CountyName: { type: 'string', maxLength: 100 },
	LocalityId: { type: 'int' },
	LocalityName: { type: 'string', maxLength: 100 },
	StreetId: { type: 'int' },
	StreetName: { type: 'string', maxLength: 200 },
	BuildingNumber: { type: 'string', maxLength: 50 },
	AddressText: { type: 'string', maxLength: 500 },
	ContactPerson: { type: 'string', maxLength: 100 },
	PhoneNumber: { type: 'string', maxLength: 50 },
	Email: { type: 'string', maxLength: 200 },
	CodPostal: { type: 'string', maxLength: 10 },
	PostalCode: { type: 'string', maxLength: 10 },
	CountryId: { type: 'int' },
};

/** Names compare as Cargus matches them for the shop plugins: case, spaces and diacritics aside (`Iași` = `IASI`). */
const normalize = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/**
 * Whether a county name as a client sends it names this county: its name, or its code (`CJ`), which OpenCart sends
 * from the shop's zone (real-clients.md, "OpenCart's whole flow", calls 6 and 7).
 */
function namesCounty(given: string, county: County | undefined): boolean {
	const wanted = normalize(given);
	return county !== undefined && (normalize(county.Name) === wanted || normalize(county.Abbreviation) === wanted);
}

/**
 * Finds the locality the address names (LocalityId, or LocalityName within the county, named or by its code):
 * unknown locality or county answers ["Localitate invalida"] / ["Judet invalid"].
 */
export function resolveLocality(fields: Record<string, unknown>, spec: OperationSpec): LocalityRecord | undefined {
	const reference = referenceData();
	if (fields.CountryId !== undefined && fields.CountryId !== 1) failWith(spec, `Tara invalida: CountryId ${String(fields.CountryId)} (Romania este 1).`);
	if (fields.CountyId !== undefined && !reference.countyById.has(fields.CountyId as number)) {
		failWith(spec, `Judet invalid: CountyId ${String(fields.CountyId)}.`);
	}
	if (fields.LocalityId !== undefined) {
		const locality = reference.localityById.get(fields.LocalityId as number);
		if (!locality) failWith(spec, `Localitate invalida: LocalityId ${String(fields.LocalityId)}.`);
		if (fields.CountyId !== undefined && locality.CountyId !== fields.CountyId) failWith(spec, 'Localitate invalida: LocalityId nu apartine judetului CountyId.');
		return locality;
	}
	if (fields.LocalityName !== undefined) {
		const name = normalize(String(fields.LocalityName));
		const county = fields.CountyName === undefined ? undefined : String(fields.CountyName);
		const locality = reference.localities.find((l) => normalize(l.Name) === name &&
			(fields.CountyId === undefined || l.CountyId === fields.CountyId) && (county === undefined || namesCounty(county, reference.countyById.get(l.CountyId))));
		if (!locality) failWith(spec, `Localitate invalida: LocalityName "${String(fields.LocalityName).slice(0, 60)}".`);
		return locality;
	}
	return undefined;
}

/** An e-mail address's form: checked only with `strictChecks` (Cargus documents none). */
export function checkEmail(fields: Record<string, unknown>, spec: OperationSpec): void {
	if (spec.strict && fields.Email !== undefined && !EMAIL_PATTERN.test(String(fields.Email))) {
		throw new AnswerError(modelStateError(spec.invalidStatus, { Email: ['The Email field is not a valid e-mail address.'] }));
	}
}

export function requireLocality(fields: Record<string, unknown>, spec: OperationSpec): LocalityRecord {
	const locality = resolveLocality(fields, spec);
	if (!locality) throw new AnswerError(modelStateError(spec.invalidStatus, { LocalityId: ['The LocalityId field (or LocalityName) is required.'] }));
	return locality;
}

/** Applies the given address fields to a location; the locality fields follow the resolved locality. */
export function applyAddress(target: PickupLocation, fields: Record<string, unknown>, locality: LocalityRecord | undefined): void {
	const text = (name: string) => (fields[name] === undefined ? undefined : String(fields[name]));
	const assign = <K extends keyof PickupLocation>(key: K, value: PickupLocation[K] | undefined) => {
		if (value !== undefined) target[key] = value;
	};
	assign('Name', text('Name'));
	assign('StreetId', fields.StreetId as number | undefined);
	assign('StreetName', text('StreetName'));
	assign('BuildingNumber', text('BuildingNumber'));
	assign('AddressText', text('AddressText'));
	assign('ContactPerson', text('ContactPerson'));
	assign('PhoneNumber', text('PhoneNumber'));
	assign('Email', text('Email'));
	assign('CodPostal', text('CodPostal') ?? text('PostalCode'));
	assign('PostalCode', text('PostalCode') ?? text('CodPostal'));
	assign('AutomaticEOD', text('AutomaticEOD'));
	if (locality) {
		target.LocalityId = locality.LocalityId;
		target.LocalityName = locality.Name;
		target.CountyId = locality.CountyId;
		target.CountyName = locality.CountyName;
		if (!target.PostalCode) target.PostalCode = target.CodPostal = locality.PostalCodes[0] ?? '';
	}
	if (!target.AddressText) target.AddressText = [target.StreetName, target.BuildingNumber].filter(Boolean).join(' nr. ');
}
