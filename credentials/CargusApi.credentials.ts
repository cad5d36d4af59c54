import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestMethods,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { authenticateRequest, type CargusRequestOptions } from '../nodes/shared/transport/authentication';
import {
	CUSTOM_ENVIRONMENT,
	PRODUCTION_BASE_URL,
	TEST_BASE_URL,
} from '../nodes/shared/cargus/baseUrl';
import { AUTOMATIC_LOGIN, LEGAL_ENTITY_LOGIN, STANDARD_LOGIN } from '../nodes/shared/cargus/credentials';
import { SUBSCRIPTION_KEY_ADVICE, subscriptionKeyRejected } from '../nodes/shared/transport/errors';
import { hasAccount } from '../nodes/shared/transport/login';
import { renewToken } from '../nodes/shared/transport/tokenCache';

// The test's login carries only the key, at the path the Account Type gives (authentication.ts); the key-only test, only the key.
const TEST_TOKEN_PLACEMENT: Pick<CargusRequestOptions, 'tokenIn'> = { tokenIn: '={{ $credentials.username ? "login" : "none" }}' as CargusRequestOptions['tokenIn'] };

export class CargusApi implements ICredentialType {
	name = 'cargusApi';

	displayName = 'Cargus API';

	icon: Icon = { light: 'file:cargus.svg', dark: 'file:cargus.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-cargus/n8n-nodes-cargus#cargus-api-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{ name: 'Production', value: PRODUCTION_BASE_URL, description: `Your live Cargus account (${PRODUCTION_BASE_URL})` },
				{ name: 'Cargus Test Host', value: TEST_BASE_URL, description: `Cargus' test system, with a test subscription (${TEST_BASE_URL})` },
				{ name: 'Custom Base URL', value: CUSTOM_ENVIRONMENT, description: 'Another address, e.g. a Cargus simulator for trying flows' },
			],
			default: PRODUCTION_BASE_URL,
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'http://127.0.0.1:4000',
			description: 'Where the Cargus API answers, without /api. For the Cargus sandbox (in this package\'s source), the address it prints, e.g. http://127.0.0.1:4000.',
			displayOptions: { show: { environment: [CUSTOM_ENVIRONMENT] } },
			required: true,
		},
		{
			displayName: 'Subscription Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The primary key of your subscription on the Cargus API portal (sent as Ocp-Apim-Subscription-Key). The sandbox accepts "sandbox-key".',
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			description: 'The Cargus account the node logs in with. Leave empty to use only the operations that need no login.',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Account Type',
			name: 'loginEndpoint',
			type: 'options',
			options: [
				{ name: 'Automatic (Recommended)', value: AUTOMATIC_LOGIN, description: 'Logs in the way Cargus\'s shop plugins do and, if Cargus refuses the account there, as a company; remembers which worked' },
				{ name: 'Company (Legal Entity)', value: LEGAL_ENTITY_LOGIN, description: 'Only the login for business client accounts (persoană juridică)' },
				{ name: 'Standard Client', value: STANDARD_LOGIN, description: 'Only the login the shop plugins use' },
			],
			default: AUTOMATIC_LOGIN,
			description: 'How the node logs in with the Username. Automatic works for both kinds of Cargus account.',
		},
		{
			displayName: 'Token',
			name: 'token',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			// Saved by n8n with the token: the login path that gave it, where the next login goes first.
			displayName: 'Login Path',
			name: 'loginPath',
			type: 'hidden',
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<IDataObject> {
		if (!hasAccount(credentials)) return {};
		return { ...(await renewToken(this, credentials)) };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return await authenticateRequest(credentials, requestOptions);
	}

	// With an account, the login itself, with exactly what the dialog shows (a stored token proves
	// nothing about a changed password), at the path of the Account Type (for Automatic, the path its
	// login found, authentication.ts); without one, a call that needs only the key.
	test: ICredentialTestRequest = {
		request: {
			...TEST_TOKEN_PLACEMENT,
			baseURL: `={{ $credentials.environment === "${CUSTOM_ENVIRONMENT}" ? $credentials.baseUrl.replace(/\\/+$/, "") : $credentials.environment }}`,
			method: '={{ $credentials.username ? "POST" : "GET" }}' as IHttpRequestMethods,
			url: `={{ $credentials.username ? "${STANDARD_LOGIN}" : "/api/NoAuth/GetLocalities" }}`,
			qs: {
				countryId: '={{ $credentials.username ? undefined : 1 }}',
				countyId: '={{ $credentials.username ? undefined : 44 }}',
			},
			body: '={{ $credentials.username ? { UserName: $credentials.username.trim(), Password: $credentials.password } : undefined }}',
		},
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: `${subscriptionKeyRejected(401)}. ${SUBSCRIPTION_KEY_ADVICE}` } },
			{ type: 'responseCode', properties: { value: 404, message: 'Cargus does not know this address (HTTP 404): check the Environment or Base URL of the credential' } },
			...[400, 403, 409, 500].map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `Cargus refused the login (HTTP ${status}): check the Username and Password, and the Account Type (Automatic tries both of Cargus' login paths)`,
				},
			})),
		],
	};
}
