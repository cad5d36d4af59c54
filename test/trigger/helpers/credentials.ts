import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { DEFAULT_ACCOUNT } from '../../helpers/sandbox';

/** Cargus API credential data for a sandbox: with the sandbox account (login) or with the key only. */
export function sandboxCredential(url: string, kind: 'login' | 'key-only' = 'login'): ICredentialDataDecryptedObject {
	const account = kind === 'login' ? DEFAULT_ACCOUNT : { username: '', password: '' };
	return {
		environment: 'custom',
		baseUrl: url,
		apiKey: DEFAULT_ACCOUNT.subscriptionKey,
		username: account.username,
		password: account.password,
		token: '',
	};
}
