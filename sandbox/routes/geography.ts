import type { FastifyInstance } from 'fastify';
import { noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { referenceData } from '../world/referenceData';
import { streetsOf } from '../world/streets';
import { defineOperation } from './operation';
import { intQuery } from './inputs';

/** Romania is the one country the sandbox knows (CountryId 1): its counties and the streets of its localities. */
export function registerGeography(app: FastifyInstance, context: ServiceContext): void {
	defineOperation(app, context, 'GET', '/api/Countries', { operation: 'countries', auth: 'bearer', invalidStatus: 400 },
		() => ok([{ CountryId: 1, CountryName: 'Romania', Abbreviation: 'RO' }], 'Country'));

	defineOperation(app, context, 'GET', '/api/Counties', { operation: 'counties', auth: 'bearer', invalidStatus: 400 },
		({ query, spec }) => {
			if (intQuery(query, 'countryId', spec, true) !== 1) return noContent();
			return ok(referenceData().counties.map(({ CountyId, Name, Abbreviation }) => ({ CountyId, Name, Abbreviation })), 'County');
		});

	defineOperation(app, context, 'GET', '/api/Streets', { operation: 'streets', auth: 'bearer', invalidStatus: 400 },
		({ query, spec }) => {
			const streets = streetsOf(intQuery(query, 'localityId', spec, true) as number);
			if (!streets) return noContent();
			return ok(streets.map(({ StreetId, Name }) => ({ StreetId, Name })), 'Street');
		});
}
