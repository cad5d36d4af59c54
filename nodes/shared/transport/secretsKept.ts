import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../cargus/credentials';
import { outputSecretsOf, redactError, redactOutputItems, secretsOf } from './redact';
import { newestTokenFor } from './tokenCache';

/** The Cargus API credential, read once for the item; an error reading it loses every secret. */
export async function credentialsOfItem(context: IExecuteSingleFunctions): Promise<ICredentialDataDecryptedObject> {
	try {
		return await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	} catch (error) {
		throw redactError(error, []);
	}
}

/** The item's error without the credential's secrets, the token a login while asking got included. */
export function errorWithoutSecrets<T>(error: T, credentials: ICredentialDataDecryptedObject): T {
	return redactError(error, secretsOf(...credentialsAfterSending(credentials)));
}

/**
 * The item's output items as Cargus sent them, except a value that carries a secret beyond doubt (redact.ts); a login
 * while asking gives this process a new token that the answer may quote: it counts as a secret too.
 */
export function itemsWithoutSecrets(items: INodeExecutionData[], credentials: ICredentialDataDecryptedObject): INodeExecutionData[] {
	return redactOutputItems(items, outputSecretsOf(...credentialsAfterSending(credentials)));
}

/** The credential and the newest token this process got for it (a login while sending replaces the stored one). */
export function credentialsAfterSending(credentials: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject[] {
	return [credentials, { token: newestTokenFor(credentials) ?? '' }];
}
