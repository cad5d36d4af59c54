import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { errorObject } from './errorBodies';
import { findMinihub, referenceData } from '../world/referenceData';
import { defineOperation, type OperationInput } from './operation';
import type { PickupLocation } from '../world/types';
import { applyAddress, checkEmail, resolveLocality, ADDRESS_FIELDS, requireLocality } from './address';
import { failWith, requireBody, validateOrFail } from './inputs';

/** A pickup location as the lists answer it: the fields of Cargus' document, then Active and AutomaticEOD. */
export const locationView = (l: PickupLocation) => ({
	LocationId: l.LocationId, Name: l.Name, CountyId: l.CountyId, CountyName: l.CountyName, LocalityId: l.LocalityId,
	LocalityName: l.LocalityName, StreetId: l.StreetId, StreetName: l.StreetName, BuildingNumber: l.BuildingNumber,
	AddressText: l.AddressText, ContactPerson: l.ContactPerson, PhoneNumber: l.PhoneNumber, Email: l.Email,
	CodPostal: l.CodPostal, Active: l.Active, AutomaticEOD: l.AutomaticEOD,
});

/** Pickup locations: list them (the user's active ones, or all of the client), create a collection-point location, modify one. */
export function registerPickupLocations(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;

	const list = (active: boolean) => ({ account }: OperationInput) => {
		const locations = store.locationsOf(account.clientId, active);
		return locations.length === 0 ? noContent() : ok(locations.map(locationView), 'PickupLocation');
	};
	defineOperation(app, context, 'GET', '/api/PickupLocations', { operation: 'pickupLocations', auth: 'bearer', invalidStatus: 400 }, list(true));
	defineOperation(app, context, 'GET', '/api/PickupLocations/GetForClient', { operation: 'pickupLocationsForClient', auth: 'bearer', invalidStatus: 400 }, list(false));

	const nameTaken = (clientId: number, name: string, exceptId?: number) =>
		[...store.locations.values()].some((l) => l.clientId === clientId && l.LocationId !== exceptId && l.Name.toLowerCase() === name.trim().toLowerCase());

	defineOperation(app, context, 'POST', '/api/PickupLocations/PostClickCollect',
		{ operation: 'createClickCollect', auth: 'bearer', invalidStatus: 400 }, ({ body, spec, account }) => {
			const fields = validateOrFail(requireBody(body, spec), {
				...ADDRESS_FIELDS,
				Name: { type: 'string', required: 'strict', maxLength: 100 },
				ContactPerson: { type: 'string', required: 'strict', maxLength: 100 },
				PhoneNumber: { type: 'string', required: 'strict', maxLength: 50 },
				MinihubId: { type: 'string', maxLength: 50 },
				Active: { type: 'int' },
				AutomaticEOD: { type: 'string', maxLength: 20 },
			}, spec);
			checkEmail(fields, spec);
			if (spec.strict && fields.Active !== undefined && fields.Active !== 0 && fields.Active !== 1) failWith(spec, 'Active trebuie sa fie 0 sau 1.');
			const minihubId = fields.MinihubId === undefined ? '' : String(fields.MinihubId).trim();
			const minihub = minihubId === '' ? undefined : findMinihub(minihubId);
			if (minihubId !== '' && !minihub) {
				throw new AnswerError(errorObject(409, `MinihubId invalid: punctul Ship & Go "${minihubId}" nu exista.`));
			}
			const locality = resolveLocality(fields, spec) ?? (minihub ? referenceData().localityById.get(minihub.LocalityId) : undefined) ?? requireLocality(fields, spec);
			if (spec.strict && nameTaken(account.clientId, String(fields.Name ?? ''))) {
				throw new AnswerError(errorObject(409, `Exista deja un punct de ridicare cu numele "${String(fields.Name)}".`));
			}
			const location: Omit<PickupLocation, 'LocationId'> = {
				clientId: account.clientId, Name: '', CountyId: 0, CountyName: '', LocalityId: 0, LocalityName: '', StreetId: 0, StreetName: '',
				BuildingNumber: '', AddressText: minihub?.Address ?? '', ContactPerson: '', PhoneNumber: '', Email: '', CodPostal: minihub?.PostalCode ?? '',
				PostalCode: minihub?.PostalCode ?? '', CountryId: 1, MinihubId: minihubId, Active: (fields.Active as number | undefined) ?? 1,
				AutomaticEOD: '', clickCollect: true,
			};
			applyAddress(location as PickupLocation, fields, locality);
			return ok(store.addLocation(location).LocationId, 'int');
		});

	defineOperation(app, context, 'PUT', '/api/PickupLocations',
		{ operation: 'updatePickupLocation', auth: 'bearer', invalidStatus: 400 }, ({ body, spec, account }) => {
			const fields = validateOrFail(requireBody(body, spec), {
				...ADDRESS_FIELDS,
				LocationId: { type: 'int', required: true },
				AutomaticEOD: { type: 'string', maxLength: 20 },
			}, spec);
			checkEmail(fields, spec);
			const location = store.locations.get(fields.LocationId as number);
			if (!location || location.clientId !== account.clientId) {
				throw new AnswerError(errorObject(409, `Punctul de ridicare ${String(fields.LocationId)} nu exista.`));
			}
			if (spec.strict && fields.Name !== undefined && String(fields.Name).trim() === '') failWith(spec, 'Name nu poate fi gol.');
			const locality = resolveLocality(fields, spec);
			if (spec.strict && fields.Name !== undefined && nameTaken(account.clientId, String(fields.Name), location.LocationId)) {
				throw new AnswerError(errorObject(409, `Exista deja un punct de ridicare cu numele "${String(fields.Name)}".`));
			}
			applyAddress(location, fields, locality);
			return ok(location.LocationId, 'int');
		});
}
