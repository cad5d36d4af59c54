import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { baseUrlOf } from '../shared/baseUrl';
import { countyOptions, ROMANIA_COUNTRY_ID } from '../shared/counties';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { outputSecretsOf, redact, redactOutputValue, secretsOf } from '../shared/redact';
import { credentialsAfterSending } from '../shared/redactedSend';
import { serviceMessageOf } from '../shared/serviceMessage';
import { chosenId, formParameter } from './lookup';

export async function getCounties(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return countyOptions();
}

/**
 * A dropdown of the localities of the county chosen in the form parameter `countyParameter`, from Cargus'
 * no-login list (key-only credentials work too). Give the field `loadOptionsDependsOn: [countyParameter]`.
 */
export function localityOptionsOf(countyParameter: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const countyId = chosenId(formParameter(this, countyParameter));
		if (countyId === undefined) {
			throw new NodeOperationError(this.getNode(), 'Choose the County first: Cargus lists localities per county');
		}
		return await localitiesOf(this, countyId);
	};
}

/** The localities of the county chosen in the address (pickup locations and pickup orders). */
export const getLocalities = localityOptionsOf('address.CountyId');

/** The localities of the county chosen in the operation's own County field (Street › Get Many). */
export const getCountyLocalities = localityOptionsOf('countyId');

async function localitiesOf(context: ILoadOptionsFunctions, countyId: number): Promise<INodePropertyOptions[]> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	let groups: unknown;
	try {
		groups = await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
			method: 'GET',
			baseURL: baseUrlOf(credentials),
			url: '/api/NoAuth/GetLocalities',
			qs: { countryId: ROMANIA_COUNTRY_ID, countyId },
			headers: { Accept: 'application/json' },
			json: true,
		});
	} catch (error) {
		const response = (error as { response?: { status?: number; data?: unknown } }).response;
		const said = serviceMessageOf(response?.data) ?? (error as Error).message;
		const status = response?.status === undefined ? '' : `HTTP ${response.status}: `;
		throw new NodeOperationError(context.getNode(), redact(`Could not load the localities from Cargus: ${status}${said}`, secretsOf(...credentialsAfterSending(credentials))));
	}
	const localities = (Array.isArray(groups) ? groups : []).flatMap((group: IDataObject) =>
		Array.isArray(group?.Locality) ? (group.Locality as IDataObject[]) : [],
	);
	// The names as Cargus sent them, under the output rule of the node's items.
	const secrets = outputSecretsOf(...credentialsAfterSending(credentials));
	return localities
		.filter((locality) => locality.LocalityId !== undefined)
		.map((locality) => ({ name: redactOutputValue(String(locality.Name ?? locality.LocalityId), secrets) as string, value: Number(locality.LocalityId) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
