import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { countyNamed, countyOptions, ROMANIA_COUNTRY_ID } from '../../shared/places/counties';
import { CREDENTIAL_TYPE } from '../../shared/cargus/credentials';
import { localityRecords } from '../../shared/places/localityList';
import { outputSecretsOf, redactOutputValue } from '../../shared/transport/redact';
import { credentialsAfterSending } from '../../shared/transport/secretsKept';
import { chosenId, formParameter, listBody, optionsOrReason } from './lookup';

export async function getCounties(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return countyOptions();
}

/**
 * A dropdown of the localities of the county chosen in the form parameter `countyParameter`, from Cargus'
 * no-login list (key-only credentials work too). Give the field `loadOptionsDependsOn: [countyParameter]`, and a
 * hint saying to choose the county first: with none chosen the list is empty (n8n shows "No data").
 */
export function localityOptionsOf(countyParameter: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const county = formParameter(this, countyParameter);
		// A county given by name or code in an expression the editor resolves ("Cluj", "CJ") lists its localities too.
		const countyId = chosenId(county) ?? countyNamed(county)?.id;
		if (countyId === undefined) return [];
		return await optionsOrReason(this, async () => await localitiesOf(this, countyId));
	};
}

/** The localities of the county chosen in the address (pickup locations and pickup orders). */
export const getLocalities = localityOptionsOf('address.CountyId');

/** The recipient's localities (Shipment › Create), and the two ends of a route (Shipment › Calculate Price). */
export const getRecipientLocalities = localityOptionsOf('recipientCountyId');
export const getFromLocalities = localityOptionsOf('fromCountyId');
export const getToLocalities = localityOptionsOf('toCountyId');

/** The localities of the county chosen in the operation's own County field (Street › Get Many). */
export const getCountyLocalities = localityOptionsOf('countyId');

async function localitiesOf(context: ILoadOptionsFunctions, countyId: number): Promise<INodePropertyOptions[]> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const body = await listBody(context, 'localities', '/api/NoAuth/GetLocalities', { countryId: ROMANIA_COUNTRY_ID, countyId }, credentials, 'keyOnly');
	const localities = localityRecords(body);
	// The names as Cargus sent them, under the output rule of the node's items.
	const secrets = outputSecretsOf(...credentialsAfterSending(credentials));
	return localities
		.filter((locality) => locality.LocalityId !== undefined)
		.map((locality) => ({ name: redactOutputValue(String(locality.Name ?? locality.LocalityId), secrets) as string, value: Number(locality.LocalityId) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
