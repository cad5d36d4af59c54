import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requestWithCredential, throughGateOf } from './authenticatedRequest';
import type { CargusRequestOptions } from './authentication';
import { baseUrlOf } from '../cargus/baseUrl';
import { answered, cargusError } from './errors';
import { asLoginPath, hasAccount, logIn, SUBSCRIPTION_KEY_HEADER } from './login';
import { readAgainOnReset } from './readAgain';
import { isFailedToAuthenticate } from '../cargus/serviceMessage';

/*
 * The one way a request goes to Cargus and its answer comes back: the node's operations, their lookups, the
 * once-per-order look and paging all send through `sendToCargus`. It gives Cargus' answer as it came (status,
 * headers, body), or one kind of error, explained in errors.ts; it makes no items (run/ does, after it).
 */

/** How a request carries the login: the token in the Authorization header, the token as the Token query parameter (the PDF downloads), or no login at all, only the subscription key. */
export type Carrying = 'token' | 'tokenInQuery' | 'keyOnly';

type Credentials = ICredentialDataDecryptedObject;
type Request = DeclarativeRestApiSettings.HttpRequestOptions | IHttpRequestOptions;

/** Sends the request with the credential the caller read and gives Cargus' answer, or throws the error errors.ts explains. */
export async function sendToCargus(context: IExecuteSingleFunctions, request: Request, credentials: Credentials, carrying: Carrying = 'token'): Promise<IN8nHttpFullResponse> {
	const prepared = preparedFor(context, request, credentials);
	try {
		if (carrying === 'keyOnly') return await sendWithKeyOnly(context, prepared, credentials);
		const withToken: CargusRequestOptions = { ...prepared, tokenIn: carrying === 'tokenInQuery' ? 'query' : 'header' };
		const answer = await requestWithCredential(context, withToken, credentials);
		if (!isFailedToAuthenticate(answer.body)) return answer;
		throw answered({ statusCode: 401, body: 'Failed to authenticate! (after logging in again)', headers: {} });
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

async function sendWithKeyOnly(context: IExecuteSingleFunctions, request: IHttpRequestOptions, credentials: Credentials): Promise<IN8nHttpFullResponse> {
	request.headers = { ...request.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	return (await readAgainOnReset(request, async () => await throughGateOf(context, credentials, async () => await context.helpers.httpRequest(request)))) as IN8nHttpFullResponse;
}

/**
 * The credential's account logged in as its Account Type says (for Automatic, first where the credential last
 * logged in), through the same code as the automatic login: the token and the login path that gave it.
 */
export async function logInWith(context: IExecuteSingleFunctions, credentials: Credentials): Promise<{ token: string; path: string }> {
	requireAccount(context, credentials);
	baseUrlFor(context, credentials);
	try {
		return await logIn({ helpers: { httpRequest: context.helpers.httpRequest } }, credentials, asLoginPath(credentials.loginPath));
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

export function requireAccount(context: IExecuteSingleFunctions, credentials: Credentials): void {
	if (hasAccount(credentials)) return;
	throw new NodeOperationError(
		context.getNode(),
		'This operation needs a Cargus login, but the Cargus API credential has no Username',
		{
			itemIndex: context.getItemIndex(),
			description: 'Add the account\'s Username and Password to the Cargus API credential. A credential with only a subscription key can run the operations marked "without login".',
		},
	);
}

function baseUrlFor(context: IExecuteSingleFunctions, credentials: Credentials): string {
	try {
		return baseUrlOf(credentials);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), (error as Error).message, { itemIndex: context.getItemIndex() });
	}
}

function preparedFor(context: IExecuteSingleFunctions, request: Request, credentials: Credentials): IHttpRequestOptions {
	return {
		...(request as IHttpRequestOptions),
		baseURL: baseUrlFor(context, credentials),
		headers: { ...request.headers },
		qs: { ...request.qs },
		returnFullResponse: true,
	};
}
