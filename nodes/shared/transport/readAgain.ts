import type { IHttpRequestOptions } from 'n8n-workflow';

import { failureOf } from './errors';

const READS = new Set(['GET', 'HEAD']);

/**
 * Sends a read once more when its connection was reset before any answer came (a gateway closing a kept-alive
 * connection as it is reused, a connection queue overflowing under thousands of items): reading twice changes
 * nothing. Anything else (an AWB made, a pickup ordered) is never sent twice.
 */
export async function readAgainOnReset<T>(request: Pick<IHttpRequestOptions, 'method'>, attempt: () => Promise<T>): Promise<T> {
	const isRead = READS.has(String(request.method ?? 'GET').toUpperCase());
	// The caller turns what fails into n8n's error.
	return await attempt().catch(async (error: unknown) => (isRead && isResetBeforeAnswer(error) ? await attempt() : await Promise.reject(error)));
}

function isResetBeforeAnswer(error: unknown): boolean {
	const { status, code } = failureOf(error);
	return status === undefined && (code === 'ECONNRESET' || code === 'EPIPE');
}
