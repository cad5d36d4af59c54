import { NodeApiError, type IN8nHttpFullResponse, type IPollFunctions, type NodeOperationError } from 'n8n-workflow';

import type { CargusRequestOptions } from '../shared/transport/authentication';
import { hasAccount } from '../shared/transport/login';
import { sendToCargus } from '../shared/transport/send';
import { requestError } from './requestError';
import type { Source } from './source';

/**
 * Sends one request of a poll through the package's one sender (token handling and one login as everywhere, the
 * poll's budget for a 429) and gives Cargus' answer; its failure is the node's explanation plus that the request is
 * repeated at the next poll.
 */
export async function sendPollRequest(
	context: IPollFunctions,
	source: Source,
	requestName: string,
	{ tokenIn, ...request }: CargusRequestOptions,
): Promise<IN8nHttpFullResponse> {
	try {
		return await sendToCargus(context, { timeout: source.timeoutMs, ...request }, source.credentials, {
			// A credential without an account polls with the no-login operations.
			carrying: tokenIn === 'query' ? 'tokenInQuery' : hasAccount(source.credentials) ? 'token' : 'keyOnly',
			reference: source.reference,
			patience: source.patience,
			caller: 'poll',
		});
	} catch (error) {
		throw repeatedNextPoll(context, requestName, error as NodeApiError | NodeOperationError);
	}
}

/** The sender's error, and that the request is repeated at the next poll. */
function repeatedNextPoll(context: IPollFunctions, requestName: string, error: NodeApiError | NodeOperationError): NodeApiError | NodeOperationError {
	if (!(error instanceof NodeApiError)) return error;
	return requestError(context, requestName, { message: error.message, description: error.description ?? undefined, httpCode: error.httpCode ?? undefined });
}
