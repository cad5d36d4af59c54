import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../cargus/credentials';
import { outputSecretsOf, redactError, redactOutputItems, secretsOf } from './redact';
import { newestTokenFor } from './tokenCache';

/**
 * Reads the Cargus API credential once for the item and runs `ask` with it. An error loses every secret; the
 * output items keep what Cargus sent except a value that carries a secret beyond doubt (redact.ts). A login
 * while asking gives this process a new token that the answer may quote: it counts as a secret too.
 */
export async function withSecretsKept(
	context: IExecuteSingleFunctions,
	ask: (credentials: ICredentialDataDecryptedObject) => Promise<INodeExecutionData[]>,
	options: { outputIsSecret?: boolean } = {},
): Promise<INodeExecutionData[]> {
	let credentials: ICredentialDataDecryptedObject;
	try {
		credentials = await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	} catch (error) {
		throw redactError(error, []);
	}
	let items;
	try {
		items = await ask(credentials);
	} catch (error) {
		throw redactError(error, secretsOf(...credentialsAfterSending(credentials)));
	}
	if (options.outputIsSecret) return items;
	return redactOutputItems(items, outputSecretsOf(...credentialsAfterSending(credentials)));
}

/** The credential and the newest token this process got for it (a login while sending replaces the stored one). */
export function credentialsAfterSending(credentials: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject[] {
	return [credentials, { token: newestTokenFor(credentials) ?? '' }];
}
