import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST, parseBarcodes } from '../values/barcodes';
import { nodeError } from '../transport/errors';
import { logInWith, requireAccount, sendToCargus, type Carrying } from '../transport/send';

/*
 * How an operation asks Cargus for an item: the requests it sends (one, one per batch of barcodes, one per page,
 * the login) through the one sender (transport/send.ts), and its items made from each answer by its output
 * steps (`itemsOfAnswer`). `request` is the item's request as the routing prepared it (fields and preSend
 * applied), with the operation's output steps.
 */
export type Asking = (
	this: IExecuteSingleFunctions,
	request: DeclarativeRestApiSettings.ResultOptions,
	credentials: ICredentialDataDecryptedObject,
) => Promise<INodeExecutionData[]>;

function askOnceCarrying(carrying: Exclude<Carrying, 'keyOnly'>): Asking {
	return async function (this, request, credentials) {
		requireAccount(this, credentials);
		return await itemsOfAnswer(this, request, await sendToCargus(this, request.options, credentials, { carrying }));
	};
}

/** One request with the login token in the Authorization header: most operations. */
export const askOnce = askOnceCarrying('token');

/** One request with the login token as the Token query parameter: the PDF downloads. */
export const askOnceWithTokenInQuery = askOnceCarrying('tokenInQuery');

/** One request with only the subscription key, never a login: the operations marked "without login". */
export const askWithoutLogin: Asking = async function (this, request, credentials) {
	return await itemsOfAnswer(this, request, await sendToCargus(this, request.options, credentials, { carrying: 'keyOnly' }));
};

/** A barcode list (query `property`) longer than one request takes: one request per batch, the items in order. */
export function askInBatches(property: string): Asking {
	return async function (this, request, credentials) {
		requireAccount(this, credentials);
		const all = parseBarcodes(request.options.qs?.[property]);
		const items: INodeExecutionData[] = [];
		for (let start = 0; start < all.length; start += MAX_BARCODES_PER_REQUEST) {
			const batch = all.slice(start, start + MAX_BARCODES_PER_REQUEST);
			const options = { ...request.options, qs: { ...request.options.qs, [property]: `[${batch.join(',')}]` } };
			items.push(...(await itemsOfAnswer(this, request, await sendToCargus(this, options, credentials))));
		}
		return items;
	};
}

/** Account › Log In: the credential's login (transport/send.ts) as the answer, and the login path that gave it beside the token. */
export const askLogin: Asking = async function (this, request, credentials) {
	const { token, path } = await logInWith(this, credentials);
	const items = await itemsOfAnswer(this, request, { statusCode: 200, headers: {}, body: token });
	return items.map((item) => ({ ...item, json: { ...item.json, loginPath: path } }));
};

/** The operation's output steps (routing.output.postReceive), in order, on one answer of Cargus. */
export async function itemsOfAnswer(
	context: IExecuteSingleFunctions,
	request: DeclarativeRestApiSettings.ResultOptions,
	answer: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	let items: INodeExecutionData[] = [{ json: {} }];
	for (const { actions } of request.postReceive) {
		for (const action of actions) {
			if (typeof action !== 'function') {
				throw nodeError(context, { message: 'Cargus operations describe their output with functions only' });
			}
			items = await action.call(context, items, answer);
		}
	}
	return items;
}
