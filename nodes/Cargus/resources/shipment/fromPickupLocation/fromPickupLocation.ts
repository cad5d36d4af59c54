import type { IDataObject } from 'n8n-workflow';

import { oncePerExecution } from '../../../../shared/run/executionCache';
import { refuse } from '../../../../shared/values/refusal';
import { askOnce, type Asking } from '../../../../shared/run/asking';
import { requireAccount, sendToCargus } from '../../../../shared/transport/send';

/** Where Calculate Price's form puts the pickup location it ships from; sent as that location's FromLocalityId. */
export const FROM_LOCATION_PROPERTY = 'FromLocationId';

/**
 * Calculate Price from one of the account's pickup locations, as the OpenCart plugin prices: from the location's
 * locality. The account's locations are read once per execution for all its items.
 */
export const askFromPickupLocation: Asking = async function (this, requestData, credentials) {
	const body = (requestData.options.body ?? {}) as IDataObject;
	if (body[FROM_LOCATION_PROPERTY] === undefined) return await askOnce.call(this, requestData, credentials);
	requireAccount(this, credentials);
	const locationId = Number(body[FROM_LOCATION_PROPERTY]);
	const locations = await oncePerExecution(this, 'GET /api/PickupLocations', async () => {
		const answer = await sendToCargus(this, { method: 'GET', url: '/api/PickupLocations', json: true }, credentials);
		return (Array.isArray(answer.body) ? answer.body : []) as IDataObject[];
	});
	const location = locations.find((entry) => Number(entry.LocationId) === locationId);
	if (!location || !Number(location.LocalityId)) {
		throw refuse(this, 'Pickup Location Name or ID', `${locationId} is not one of the account's active pickup locations: choose one from the list (Pickup Location › Get Many lists them)`);
	}
	const priced: IDataObject = { ...body, FromLocalityId: Number(location.LocalityId) };
	delete priced[FROM_LOCATION_PROPERTY];
	const options = { ...requestData.options, body: priced };
	return await askOnce.call(this, { ...requestData, options }, credentials);
};
