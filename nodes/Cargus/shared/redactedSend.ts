import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './credentials';
import { redactError, redactItems, secretsOf } from './redact';
import type { RoutingSender, Sender } from './send';
import { newestTokenFor } from './tokenCache';

/**
 * Reads the Cargus API credential once for the item, sends with `send`, then redacts whatever comes
 * back, outputs and errors alike. A login while sending gives this process a new token that the
 * answer may quote: it is redacted too.
 */
export function redactedSend(send: Sender, options: { outputIsSecret?: boolean } = {}): RoutingSender {
	return async function (this, requestData) {
		let credentials: ICredentialDataDecryptedObject;
		try {
			credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
		} catch (error) {
			throw redactError(error, []);
		}
		let items;
		try {
			items = await send.call(this, requestData, credentials);
		} catch (error) {
			throw redactError(error, secretsAfterSending(credentials));
		}
		if (options.outputIsSecret) return items;
		return redactItems(items, secretsAfterSending(credentials));
	};
}

function secretsAfterSending(credentials: ICredentialDataDecryptedObject): string[] {
	return secretsOf(credentials, { token: newestTokenFor(credentials) ?? '' });
}
