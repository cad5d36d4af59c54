import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export const PRODUCTION_BASE_URL = 'https://urgentcargus.azure-api.net';
export const TEST_BASE_URL = 'https://urgentcargusapitest.azure-api.net';
export const CUSTOM_ENVIRONMENT = 'custom';

/** The service's base URL chosen in the credential, without a trailing slash. */
export function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	const environment = String(credentials.environment ?? PRODUCTION_BASE_URL);
	const chosen = environment === CUSTOM_ENVIRONMENT ? String(credentials.baseUrl ?? '') : environment;
	const baseUrl = chosen.trim().replace(/\/+$/, '');
	if (baseUrl === '') {
		throw new Error('The Cargus credential uses a custom environment but its Base URL is empty');
	}
	return baseUrl;
}
