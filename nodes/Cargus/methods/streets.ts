import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chosenId, formParameter, lookup, optionsOrReason } from './lookup';

/**
 * A dropdown of the streets of the locality chosen in the form parameter `localityParameter`
 * (GET /api/Streets?localityId=). Give the field `loadOptionsDependsOn: [localityParameter]`, and a hint saying to
 * choose the locality first: with none chosen the list is empty (n8n shows "No data").
 */
export function streetOptionsOf(localityParameter: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const localityId = chosenId(formParameter(this, localityParameter));
		if (localityId === undefined) return [];
		return await optionsOrReason(this, async () => {
			const { rows, shown } = await lookup(this, 'streets', '/api/Streets', { localityId });
			return rows
				.filter((street) => street.StreetId !== undefined && street.StreetId !== null)
				.map((street) => ({ name: shown(street.Name ?? street.StreetId), value: Number(street.StreetId) }))
				.sort((a, b) => a.name.localeCompare(b.name));
		});
	};
}

/** The streets of the address's locality (pickup locations and pickup orders). */
export const getStreets = streetOptionsOf('address.LocalityId');

const getRecipientStreetList = streetOptionsOf('recipientLocalityId');

/**
 * The streets of the recipient's locality (Shipment › Create), after "no street": the street is optional there.
 * Empty before a locality is chosen; a list that cannot load is its reason alone (its empty value is "no street" too).
 */
export async function getRecipientStreets(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const streets = await getRecipientStreetList.call(this);
	if (streets.length === 0 && chosenId(formParameter(this, 'recipientLocalityId')) === undefined) return [];
	if (streets.some((street) => street.value === '')) return streets;
	return [{ name: '(No Street: Address Text Only)', value: '' }, ...streets];
}
