import type { FastifyRequest } from 'fastify';
import type { Answer } from '../routes/answers';
import type { ServiceContext } from '../world/serviceContext';
import { notAuthorized } from '../routes/errorBodies';
import type { AuthCarried, AuthRule } from '../routes/authKinds';
import type { Account } from '../world/types';

function bearerToken(request: FastifyRequest): string | undefined {
	const header = request.headers.authorization;
	if (!header) return undefined;
	const match = /^\s*bearer\s+(.+?)\s*$/i.exec(header);
	return match ? match[1] : header.trim() || undefined;
}

function queryToken(request: FastifyRequest): string | undefined {
	const query = request.query as Record<string, unknown>;
	const key = Object.keys(query).find((k) => k.toLowerCase() === 'token');
	const value = key === undefined ? undefined : query[key];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What credentials the request carried, for the request log. */
export function authCarried(request: FastifyRequest): AuthCarried {
	if (request.headers.authorization) return 'bearer';
	return queryToken(request) ? 'query-token' : 'none';
}

/**
 * Checks the token an operation needs: Bearer header (AUTH operations) or Token query parameter
 * (PDF operations). Missing, invalid or expired: 401, or the "Failed to authenticate!" variant.
 */
export function checkAuth(context: ServiceContext, request: FastifyRequest, rule: AuthRule): { account: Account } | { answer: Answer } {
	const token = rule === 'bearer' ? bearerToken(request) : queryToken(request);
	const result = context.store.checkToken(token);
	if (result.status === 'valid') return { account: result.account };
	if (result.status === 'expired' && context.settings.expiredTokenAnswer === 'failed-to-authenticate') {
		return { answer: { status: 200, body: 'Failed to authenticate!', typeName: 'string' } };
	}
	return { answer: notAuthorized() };
}
