import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { lookup, optionsOrReason } from './lookup';

/** The account's active pickup locations (GET /api/PickupLocations), by name, with their address as the description. */
export async function getPickupLocations(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await optionsOrReason(this, async () => {
		const { rows, shown } = await lookup(this, 'pickup locations', '/api/PickupLocations');
		return rows
			.filter((location) => location.LocationId !== undefined && location.LocationId !== null)
			.map((location) => ({
				name: `${shown(location.Name ?? location.LocationId)} (${shown(location.LocationId)})`,
				value: Number(location.LocationId),
				description: [location.AddressText, location.LocalityName, location.CountyName].map(shown).filter((part) => part !== '').join(', '),
			}))
			.sort((a, b) => a.name.localeCompare(b.name));
	});
}
