import type { IN8nHttpFullResponse, IPollFunctions } from 'n8n-workflow';

import { requestWithCredential } from '../shared/transport/authenticatedRequest';
import type { CargusRequestOptions } from '../shared/transport/authentication';
import { failureExplained, tokenStillRefused } from '../shared/transport/errors';
import { isFailedToAuthenticate } from '../shared/cargus/serviceMessage';
import { requestError } from './requestError';
import type { Source } from './source';

/**
 * Sends one request with the credential (token handling and one login as everywhere in the package) and
 * throws a NodeApiError when it fails or Cargus refuses the token even after logging in again.
 */
export async function send(
	context: IPollFunctions,
	source: Source,
	requestName: string,
	request: CargusRequestOptions,
): Promise<IN8nHttpFullResponse> {
	let response: IN8nHttpFullResponse;
	try {
		response = await requestWithCredential(context, { timeout: source.timeoutMs, ...request }, source.credentials, source.reference, source.patience);
	} catch (error) {
		throw requestError(context, requestName, failureExplained(error, source.credentials, 'poll'));
	}
	if (isFailedToAuthenticate(response.body)) {
		throw requestError(context, requestName, failureExplained(tokenStillRefused(), source.credentials, 'poll'));
	}
	return response;
}
