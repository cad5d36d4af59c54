import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { chosenId, formParameter, lookup } from './lookup';

/**
 * A dropdown of the streets of the locality chosen in the form parameter `localityParameter`
 * (GET /api/Streets?localityId=). Give the field `loadOptionsDependsOn: [localityParameter]`.
 */
export function streetOptionsOf(localityParameter: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const localityId = chosenId(formParameter(this, localityParameter));
		if (localityId === undefined) {
			throw new NodeOperationError(this.getNode(), 'Choose the Locality first: Cargus lists streets per locality');
		}
		const { rows, shown } = await lookup(this, 'streets', '/api/Streets', { localityId });
		return rows
			.filter((street) => street.StreetId !== undefined && street.StreetId !== null)
			.map((street) => ({ name: shown(street.Name ?? street.StreetId), value: Number(street.StreetId) }))
			.sort((a, b) => a.name.localeCompare(b.name));
	};
}

/** The streets of the address's locality (pickup locations and pickup orders). */
export const getStreets = streetOptionsOf('address.LocalityId');

const getRecipientStreetList = streetOptionsOf('recipientLocalityId');

/** The streets of the recipient's locality (Shipment › Create), after "no street": the street is optional there. */
export async function getRecipientStreets(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return [{ name: '(No Street: Address Text Only)', value: '' }, ...(await getRecipientStreetList.call(this))];
}
