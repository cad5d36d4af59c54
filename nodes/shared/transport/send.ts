import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requestWithCredential, throughGateOf } from './authenticatedRequest';
import type { CargusRequestOptions, TokenPlacement } from './authentication';
import { MAX_BARCODES_PER_REQUEST, parseBarcodes } from '../values/barcodes';
import { baseUrlOf } from '../cargus/baseUrl';
import { answered, cargusError } from './errors';
import { asLoginPath, hasAccount, logIn, SUBSCRIPTION_KEY_HEADER } from './login';
import { readAgainOnReset } from './readAgain';
import { isFailedToAuthenticate } from '../cargus/serviceMessage';

/*
 * How a request leaves the node. Every operation sets `paginate` and one of these functions as its
 * `operations.pagination`: the node's customOperations (operationRun.ts), like n8n's declarative engine,
 * hand it the prepared request (fields, preSend already applied) to send. That is the one hook in routing
 * that can (1) send without n8n's authenticated helper, which always runs the credential's login
 * first, (2) explain a failed request, and (3) retry a 200 "Failed to authenticate!".
 */
export type RoutingSender = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** How one operation sends, given the Cargus API credential read once for the item (redactedSend.ts). */
export type Sender = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	credentials: ICredentialDataDecryptedObject,
) => Promise<INodeExecutionData[]>;

type Credentials = ICredentialDataDecryptedObject;

function sendWithTokenIn(tokenIn: TokenPlacement): Sender {
	return async function (this, requestData, credentials) {
		requireAccount(this, credentials);
		const response = await requestWithToken(this, requestData.options, credentials, tokenIn);
		return await applyOutput(this, requestData, response);
	};
}

/** Operations that log in and send the token in the Authorization header. */
export const sendWithToken = sendWithTokenIn('header');

/** Operations that log in and send the token as the Token query parameter (the PDF downloads). */
export const sendWithTokenInQuery = sendWithTokenIn('query');

/** Token operations whose barcode list (query `property`) may be longer than one request takes: one request per batch. */
export function sendInBatches(property: string): Sender {
	return async function (this, requestData, credentials) {
		requireAccount(this, credentials);
		const all = parseBarcodes(requestData.options.qs?.[property]);
		const items: INodeExecutionData[] = [];
		for (let start = 0; start < all.length; start += MAX_BARCODES_PER_REQUEST) {
			const batch = all.slice(start, start + MAX_BARCODES_PER_REQUEST);
			const options = { ...requestData.options, qs: { ...requestData.options.qs, [property]: `[${batch.join(',')}]` } };
			const response = await requestWithToken(this, options, credentials);
			items.push(...(await applyOutput(this, requestData, response)));
		}
		return items;
	};
}

/** Operations marked "no Authorization": only the subscription key, never a login. */
export const sendWithKeyOnly: Sender = async function (this, requestData, credentials) {
	const response = await requestWithKeyOnly(this, requestData.options, credentials);
	return await applyOutput(this, requestData, response);
};

/**
 * The Account › Log In operation: the credential's account, logged in as its Account Type says (for
 * Automatic, first where the credential last logged in), through the same code as the automatic login.
 * Beside the token, the path that gave it.
 */
export const sendLogin: Sender = async function (this, requestData, credentials) {
	requireAccount(this, credentials);
	baseUrlFor(this, credentials);
	const { token, path } = await loginOnce(this, credentials);
	const items = await applyOutput(this, requestData, { statusCode: 200, headers: {}, body: token });
	return items.map((item) => ({ ...item, json: { ...item.json, loginPath: path } }));
};

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

export async function requestWithToken(
	context: IExecuteSingleFunctions,
	options: DeclarativeRestApiSettings.HttpRequestOptions,
	credentials: Credentials,
	tokenIn: TokenPlacement = 'header',
): Promise<IN8nHttpFullResponse> {
	const request: CargusRequestOptions = { ...prepared(options, baseUrlFor(context, credentials)), tokenIn };
	try {
		const response = await requestWithCredential(context, request, credentials);
		if (!isFailedToAuthenticate(response.body)) return response;
		throw answered({ statusCode: 401, body: 'Failed to authenticate! (after logging in again)', headers: {} });
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

async function requestWithKeyOnly(
	context: IExecuteSingleFunctions,
	options: DeclarativeRestApiSettings.HttpRequestOptions,
	credentials: Credentials,
): Promise<IN8nHttpFullResponse> {
	const request = prepared(options, baseUrlFor(context, credentials));
	request.headers = { ...request.headers, [SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? '') };
	try {
		return (await readAgainOnReset(request, async () => await throughGateOf(context, credentials, async () => await context.helpers.httpRequest(request)))) as IN8nHttpFullResponse;
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

async function loginOnce(context: IExecuteSingleFunctions, credentials: Credentials): Promise<{ token: string; path: string }> {
	try {
		return await logIn({ helpers: { httpRequest: context.helpers.httpRequest } }, credentials, asLoginPath(credentials.loginPath));
	} catch (error) {
		throw cargusError(context, error, credentials);
	}
}

function baseUrlFor(context: IExecuteSingleFunctions, credentials: Credentials): string {
	try {
		return baseUrlOf(credentials);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), (error as Error).message, { itemIndex: context.getItemIndex() });
	}
}

function prepared(options: DeclarativeRestApiSettings.HttpRequestOptions, baseURL: string): IHttpRequestOptions {
	return {
		...(options as IHttpRequestOptions),
		baseURL,
		headers: { ...options.headers },
		qs: { ...options.qs },
		returnFullResponse: true,
	};
}

/** Runs the operation's output functions (routing.output.postReceive) on the raw response. */
export async function applyOutput(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	let items: INodeExecutionData[] = [{ json: {} }];
	for (const { actions } of requestData.postReceive) {
		for (const action of actions) {
			if (typeof action !== 'function') {
				throw new NodeOperationError(context.getNode(), 'Cargus operations describe their output with functions only');
			}
			items = await action.call(context, items, response);
		}
	}
	return items;
}
