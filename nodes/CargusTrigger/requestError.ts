import { NodeApiError, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import type { Explanation } from '../shared/transport/errors';
import { redact, secretsOf } from '../shared/transport/redact';
import { credentialsAfterSending } from '../shared/transport/secretsKept';
import type { Source } from './source';

/** An error about one request of a poll: Cargus' answer as errors.ts explains it, and that the request is repeated at the next poll. */
export function requestError(context: IPollFunctions, requestName: string, { message, description, httpCode }: Explanation): NodeApiError {
	const repeated = [description, `The ${requestName} is repeated at the next poll; nothing is lost.`].filter(Boolean).join(' ');
	return new NodeApiError(context.getNode(), { message } as JsonObject, { message, description: repeated, httpCode });
}

/**
 * The failure as a new error holding only its message, description and status, with the credential's
 * secrets redacted, the token got while sending included: an error n8n's helper throws keeps the request
 * (headers) and the whole answer.
 */
export function redactedError(context: IPollFunctions, source: Source, error: unknown): NodeApiError {
	const apiError = error instanceof NodeApiError ? error : new NodeApiError(context.getNode(), error as JsonObject);
	const secrets = secretsOf(...credentialsAfterSending(source.credentials));
	const message = redact(apiError.message, secrets);
	const description = apiError.description ? redact(apiError.description, secrets) : undefined;
	return new NodeApiError(context.getNode(), { message, description } as JsonObject, {
		message,
		description: description ?? undefined,
		httpCode: apiError.httpCode ?? undefined,
	});
}
