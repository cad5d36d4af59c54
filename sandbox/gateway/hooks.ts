import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from '../routes/answers';
import { authCarried, checkAuth } from './tokenCheck';
import type { GatewayContext } from './gatewayContext';
import { gatewayBodies, serverError } from '../routes/errorBodies';
import type { Fault } from './faults';
import { loggedBody } from './requestLog';

import { isControlPath } from './controlPath';

const QUERY_STRING_BYTES = 2048;

function pathOf(url: string): string {
	const q = url.indexOf('?');
	return q < 0 ? url : url.slice(0, q);
}

function sendGateway(reply: FastifyReply, status: number, body: unknown): FastifyReply {
	return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * What a misbehaving gateway might quote back: the request's subscription key, Authorization header and
 * Token parameter, and the account's password and live tokens.
 */
function echoOf(context: GatewayContext, request: FastifyRequest): Record<string, unknown> {
	const header = (name: string) => {
		const value = request.headers[name];
		return Array.isArray(value) ? value.join(', ') : value;
	};
	const key = header('ocp-apim-subscription-key');
	const account = key ? context.store.accountByKey(key) : undefined;
	const tokens = [...context.store.tokens.values()].filter((issued) => issued.username === account?.username).map((issued) => issued.token);
	return {
		Message: `Request ${request.method} ${request.url} could not be forwarded`,
		SubscriptionKey: key,
		Authorization: header('authorization'),
		Token: (request.query as Record<string, unknown> | undefined)?.Token,
		Password: account?.password,
		Tokens: tokens,
		Body: request.body,
	};
}

function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function sendEcho(reply: FastifyReply, status: number, format: 'json' | 'html', echo: Record<string, unknown>): void {
	if (format === 'json') {
		reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(echo));
		return;
	}
	const rows = Object.entries(echo).map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(JSON.stringify(value) ?? '')}</td></tr>`);
	reply.code(status).header('content-type', 'text/html; charset=utf-8').send(`<!DOCTYPE html><html><head><title>Gateway error</title></head><body><h1>Gateway error ${status}</h1><table>${rows.join('')}</table></body></html>`);
}

/** An HTTP date (whole seconds, GMT), worked out once per second. */
let lastDate = { second: NaN, text: '' };
function httpDateOf(ms: number): string {
	const second = Math.floor(ms / 1000);
	if (second !== lastDate.second) lastDate = { second, text: new Date(second * 1000).toUTCString() };
	return lastDate.text;
}

const truncateRequests = new WeakSet<FastifyRequest>();
const unloggedRequests = new WeakSet<FastifyRequest>();
/** The kind of fault injected into a request, for its entry in the request log. */
const faultedRequests = new WeakMap<FastifyRequest, Fault['kind']>();

function logRequest(context: GatewayContext, request: FastifyRequest, status: number): void {
	context.log.add({
		clockMs: context.clock.now(),
		realMs: Date.now(),
		method: request.method,
		path: pathOf(request.url),
		operation: request.sandboxOperation,
		query: (request.query ?? {}) as Record<string, unknown>,
		body: loggedBody(request.body),
		status,
		auth: request.sandboxAuth,
		account: request.sandboxAccount?.username,
		...(faultedRequests.has(request) && { fault: faultedRequests.get(request) }),
	});
}

/** Requests whose answer a fault replaces, or holds back, once the service has done the work (FaultSpec.afterWork). */
const answersLostAfterWork = new WeakMap<FastifyRequest, Fault>();

/** Applies a fault other than latency; true when it has answered (or dropped) the request, false when processing goes on. */
function applyFault(context: GatewayContext, fault: Fault, request: FastifyRequest, reply: FastifyReply): boolean {
	switch (fault.kind) {
		case 'latency':
			return false;
		case 'status': {
			const status = fault.status ?? 500;
			if (status === 429) reply.header('retry-after', '1');
			if (status === 429 && fault.body === undefined) {
				sendGateway(reply, 429, gatewayBodies.rateLimited(1));
				return true;
			}
			if (fault.body === undefined) {
				const fallback = status >= 500 ? serverError().body : { Message: `Injected status ${status}.` };
				sendAnswer(request, reply, { status, body: status === 204 ? undefined : fallback, typeName: 'Error' });
				return true;
			}
			const text = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
			reply.code(status).header('content-type', 'application/json; charset=utf-8').send(text);
			return true;
		}
		case 'malformed': {
			const text = typeof fault.body === 'string' ? fault.body : '{"Code":"1090000000","Event":[{"Date":"2026-';
			reply.code(fault.status ?? 200).header('content-type', 'application/json; charset=utf-8').send(text);
			return true;
		}
		case 'truncated':
			truncateRequests.add(request);
			return false;
		case 'echo':
			sendEcho(reply, fault.status ?? 200, fault.format ?? 'json', echoOf(context, request));
			return true;
		case 'reset':
			unloggedRequests.add(request);
			logRequest(context, request, 0);
			reply.hijack();
			request.raw.socket.destroy();
			return true;
	}
}

/**
 * The API Management layer plus the service's own token check, in the order the real stack applies them.
 * The hooks take callbacks rather than being async: a request then goes through them without promises.
 */
export function installGateway(app: FastifyInstance, context: GatewayContext): void {
	app.decorateRequest('sandboxAccount', null);
	app.decorateRequest('sandboxAuth', 'none');
	app.decorateRequest('sandboxOperation', 'unknown');

	app.addHook('onRequest', (request, reply, done) => {
		if (isControlPath(request.url)) return done();
		// Azure API Management takes a query string of at most 2,048 bytes (its gateway's runtime limits); its answer past that is not documented.
		if (request.url.length - pathOf(request.url).length - 1 > QUERY_STRING_BYTES) return void sendGateway(reply, 414, gatewayBodies.queryTooLong);
		const config = request.routeOptions.config;
		request.sandboxOperation = config?.operation ?? 'unknown';
		request.sandboxAuth = authCarried(request);
		const key = request.headers['ocp-apim-subscription-key'];
		const subscriptionKey = Array.isArray(key) ? key[0] : key;
		if (!subscriptionKey) return void sendGateway(reply, 401, gatewayBodies.missingKey);
		const keyAccount = context.store.accountByKey(subscriptionKey);
		if (!keyAccount) return void sendGateway(reply, 401, gatewayBodies.invalidKey);
		const wait = context.rateLimit.check();
		if (wait > 0) return void sendGateway(reply.header('retry-after', String(wait)), 429, gatewayBodies.rateLimited(wait));

		// A hook that has answered does not call done().
		const checkToken = () => {
			const rule = config?.auth;
			if (!rule || !config?.operation) return done();
			if (rule === 'none') {
				request.sandboxAccount = keyAccount;
				return done();
			}
			const result = checkAuth(context, request, rule);
			if ('answer' in result) return void sendAnswer(request, reply, result.answer);
			request.sandboxAccount = result.account;
			done();
		};
		const fault = context.faults.take(request.sandboxOperation, pathOf(request.url), request.method, context.store.random);
		if (fault) faultedRequests.set(request, fault.kind);
		if (fault?.kind === 'latency' && fault.afterWork) answersLostAfterWork.set(request, fault);
		else if (fault?.kind === 'latency') {
			setTimeout(() => {
				try {
					checkToken();
				} catch (error) {
					done(error as Error);
				}
			}, Math.max(0, fault.latencyMs ?? 1000));
			return;
		} else if (fault?.afterWork) answersLostAfterWork.set(request, fault);
		else if (fault && applyFault(context, fault, request, reply)) return;
		checkToken();
	});

	// Requests are logged as their answer is written rather than in onResponse, which would cost every request
	// a pair of listeners; an answer to a client that has already gone is not logged, as before.
	const logAnswered = (request: FastifyRequest, reply: FastifyReply) => {
		if (!isControlPath(request.url) && !unloggedRequests.has(request) && !reply.raw.destroyed && request.raw.socket?.destroyed === false) {
			logRequest(context, request, reply.statusCode);
		}
	};

	app.addHook('onSend', (request, reply, payload, done) => {
		// The gateway's own clock in every answer, as Azure API Management sends it: the sandbox's, moved or not.
		if (!isControlPath(request.url)) reply.header('date', httpDateOf(context.clock.now()));
		const lost = answersLostAfterWork.get(request);
		if (lost?.kind === 'latency') {
			// The answer as the service made it, held back: what it shows is what was true when the request came.
			answersLostAfterWork.delete(request);
			setTimeout(() => {
				logAnswered(request, reply);
				done(null, payload);
			}, Math.max(0, lost.latencyMs ?? 1000));
			return;
		}
		if (lost) {
			answersLostAfterWork.delete(request);
			const status = lost.status ?? 504;
			reply.code(status).header('content-type', 'application/json; charset=utf-8');
			logAnswered(request, reply);
			return done(null, JSON.stringify(lost.body ?? { statusCode: status, message: 'The backend answered too late: the gateway gave up waiting.' }));
		}
		const data = !truncateRequests.has(request) || payload === null || payload === undefined ? undefined
			: Buffer.isBuffer(payload) ? payload : typeof payload === 'string' ? Buffer.from(payload) : undefined;
		if (!data) {
			logAnswered(request, reply);
			return done(null, payload);
		}
		reply.header('content-length', String(data.length));
		unloggedRequests.add(request);
		logRequest(context, request, 0);
		const half = data.subarray(0, Math.floor(data.length / 2));
		let pushed = false;
		done(null, new Readable({
			read() {
				if (pushed) return;
				pushed = true;
				this.push(half);
				setImmediate(() => this.destroy(new Error('truncated by an injected fault')));
			},
		}));
	});

	app.setNotFoundHandler((request, reply) => {
		if (isControlPath(request.url)) return sendGateway(reply, 404, { message: `No control endpoint ${request.method} ${pathOf(request.url)}` });
		return sendGateway(reply, 404, gatewayBodies.notFound);
	});
}
