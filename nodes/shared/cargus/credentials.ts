import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'cargusApi';

export const LEGAL_ENTITY_LOGIN = '/api/LoginUser/Juridic';
export const STANDARD_LOGIN = '/api/LoginUser';
/** Account Type "Automatic": the path every public client logs in at first, then the legal-entity one. */
export const AUTOMATIC_LOGIN = 'automatic';
export const LOGIN_PATHS = [STANDARD_LOGIN, LEGAL_ENTITY_LOGIN];

export type LoginChoice = typeof AUTOMATIC_LOGIN | typeof STANDARD_LOGIN | typeof LEGAL_ENTITY_LOGIN;

/**
 * The credential's Account Type. A path only when the user chose one; anything else (the default, which
 * n8n does not store, so also every credential saved with the old default) is Automatic.
 */
export function loginChoiceOf(credentials: ICredentialDataDecryptedObject): LoginChoice {
	const chosen = credentials.loginEndpoint;
	return chosen === STANDARD_LOGIN || chosen === LEGAL_ENTITY_LOGIN ? chosen : AUTOMATIC_LOGIN;
}
