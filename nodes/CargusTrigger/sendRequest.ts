import type { IN8nHttpFullResponse, IPollFunctions } from 'n8n-workflow';

import type { CargusRequestOptions } from '../shared/transport/authentication';
import { hasAccount } from '../shared/transport/login';
import { sendToCargus } from '../shared/transport/send';
import type { Source } from './source';

/**
 * Sends one request of a poll through the package's one sender (token handling and one login as everywhere, the
 * poll's budget for a 429) and gives Cargus' answer; its failure is the node's explanation plus that the request is
 * repeated at the next poll (errors.ts, for the caller `{ poll: requestName }`).
 */
export async function sendPollRequest(
	context: IPollFunctions,
	source: Source,
	requestName: string,
	{ tokenIn, ...request }: CargusRequestOptions,
): Promise<IN8nHttpFullResponse> {
	return await sendToCargus(context, { timeout: source.timeoutMs, ...request }, source.credentials, {
		// A credential without an account polls with the no-login operations.
		carrying: tokenIn === 'query' ? 'tokenInQuery' : hasAccount(source.credentials) ? 'token' : 'keyOnly',
		reference: source.reference,
		patience: source.patience,
		caller: { poll: requestName },
	});
}
