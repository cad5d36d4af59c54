import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendAnswer } from '../routes/answers';
import { isControlPath } from './controlPath';
import { modelStateError, serverError } from '../routes/errorBodies';
import { parseXmlBody, XmlBodyError } from '../routes/xml';

/**
 * Largest service request body accepted (JSON or XML); larger bodies get the operation's invalid-input status. The
 * service answers as ASP.NET does, whose default request limit (`maxRequestLength`) is 4,096 KB.
 */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** Deepest nesting of a service request's JSON body: ASP.NET Web API's JSON formatter reads 256 levels by default. */
export const SERVICE_BODY_DEPTH = 256;
/** The control API's own limits: its bodies are the sandbox's, not Cargus'. */
export const CONTROL_BODY_LIMIT_BYTES = 1024 * 1024;
export const MAX_BODY_DEPTH = 32;

class BodyError extends Error {
	statusCode = 400;
}

function parseJson(text: string, maxDepth: number): unknown {
	if (text.trim() === '') return undefined;
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw new BodyError(`The request body is not valid JSON: ${(error as Error).message}`);
	}
	if (depthOf(value, maxDepth) > maxDepth) throw new BodyError(`The request body is nested more than ${maxDepth} levels deep.`);
	return value;
}

/** How deeply arrays and objects nest in a value, measured without recursion (stops past the limit). */
export function depthOf(value: unknown, limit = MAX_BODY_DEPTH): number {
	let deepest = 0;
	const pending: Array<[unknown, number]> = [[value, 0]];
	while (pending.length > 0) {
		const [current, depth] = pending.pop() as [unknown, number];
		if (current === null || typeof current !== 'object') continue;
		deepest = Math.max(deepest, depth + 1);
		if (deepest > limit) return deepest;
		for (const child of Object.values(current as Record<string, unknown>)) pending.push([child, depth + 1]);
	}
	return deepest;
}

/** JSON (default, also for unknown media types) and XML bodies, both as plain objects for the routes. */
export function installBodyParsers(app: FastifyInstance): void {
	app.removeContentTypeParser(['application/json', 'text/plain']);
	app.addHook('onRoute', (route) => {
		if (isControlPath(route.url)) route.bodyLimit ??= CONTROL_BODY_LIMIT_BYTES;
	});
	const json = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
		try {
			done(null, parseJson(body.toString(), isControlPath(request.url) ? MAX_BODY_DEPTH : SERVICE_BODY_DEPTH));
		} catch (error) {
			done(error as Error);
		}
	};
	app.addContentTypeParser(/^(application|text)\/([\w.-]+\+)?xml\s*(;|$)/i, { parseAs: 'string' }, (_request, body, done) => {
		try {
			done(null, parseXmlBody(body.toString()));
		} catch (error) {
			const problem = error instanceof XmlBodyError ? new BodyError(error.message) : (error as Error);
			done(problem);
		}
	});
	app.addContentTypeParser('application/json', { parseAs: 'string' }, json);
	app.addContentTypeParser('*', { parseAs: 'string' }, json);

	app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
		const status = error.statusCode ?? 500;
		if (isControlPath(request.url)) {
			const message = status === 413 ? `The request body is larger than ${CONTROL_BODY_LIMIT_BYTES} bytes.` : error.message;
			return reply.code(status >= 400 && status < 500 ? 400 : 500).send({ message: status < 500 ? message : 'The control API failed.' });
		}
		if (status >= 400 && status < 500) {
			const invalidStatus = request.routeOptions.config?.invalidStatus ?? 400;
			const message = status === 413 ? `The request body is larger than ${BODY_LIMIT_BYTES} bytes.` : error.message;
			if (invalidStatus === 204) return sendAnswer(request, reply, { status: 204 });
			return sendAnswer(request, reply, modelStateError(invalidStatus, { request: [message] }));
		}
		return sendAnswer(request, reply, serverError());
	});
}
