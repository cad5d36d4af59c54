import type { FastifyInstance } from 'fastify';
import { noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { localityViews } from '../world/localityViews';
import { referenceData } from '../world/referenceData';
import { defineOperation, type OperationInput } from './operation';
import { intQuery } from './inputs';

/**
 * Localities of Romania (CountryId 1), filterable by county and postal code; other countries: 204. A flat list of
 * localities as the shop plugins read it, or grouped as the interface shows it (the `localities` setting).
 */
export function registerLocalities(app: FastifyInstance, context: ServiceContext): void {
	const list = (countyRequired: boolean) => ({ query, spec }: OperationInput) => {
		const countryId = intQuery(query, 'countryId', spec, true);
		const countyId = intQuery(query, 'countyId', spec, countyRequired);
		const postalCode = query.text('postalCode');
		if (countryId !== 1) return noContent();
		const views = localityViews();
		const matches = referenceData().localities
			.filter((l) => countyId === undefined || l.CountyId === countyId)
			.filter((l) => postalCode === undefined || l.PostalCodes.includes(postalCode))
			.map((l) => {
				const view = views.get(l.LocalityId);
				return postalCode === undefined ? view : { ...view, PostalCode: postalCode };
			});
		if (matches.length === 0) return noContent();
		if (context.settings.localities === 'grouped') return ok([{ Locality: matches, message: 'OK' }], 'LocalityResult');
		return ok(matches, 'Locality');
	};
	defineOperation(app, context, 'GET', '/api/Localities', { operation: 'localities', auth: 'bearer', invalidStatus: 409 }, list(false));
	defineOperation(app, context, 'GET', '/api/NoAuth/GetLocalities', { operation: 'localitiesNoAuth', auth: 'none', invalidStatus: 409 }, list(true));
}
