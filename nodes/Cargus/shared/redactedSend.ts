import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './credentials';
import { redactError, redactItems, secretsOf } from './redact';
import type { Sender } from './send';

async function credentialsOf(context: IExecuteSingleFunctions): Promise<ICredentialDataDecryptedObject | undefined> {
	try {
		return await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	} catch {
		return undefined;
	}
}

/**
 * Sends with `send`, then redacts whatever comes back, outputs and errors alike. The secrets are read
 * before and after sending: a login while sending stores a new token that the answer may quote.
 */
export function redactedSend(send: Sender, options: { outputIsSecret?: boolean } = {}): Sender {
	return async function (this, requestData) {
		const before = await credentialsOf(this);
		let items;
		try {
			items = await send.call(this, requestData);
		} catch (error) {
			throw redactError(error, secretsOf(before, await credentialsOf(this)));
		}
		if (options.outputIsSecret) return items;
		return redactItems(items, secretsOf(before, await credentialsOf(this)));
	};
}
