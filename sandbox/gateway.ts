import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from './answers';
import { authCarried, checkAuth } from './auth';
import type { SandboxContext } from './context';
import { gatewayBodies, serverError } from './errorBodies';
import type { Fault } from './faults';
import { loggedBody, redactQuery } from './requestLog';
import { toServiceDate } from './dates';

import { isControlPath } from './controlPath';

function pathOf(url: string): string {
	const q = url.indexOf('?');
	return q < 0 ? url : url.slice(0, q);
}

function operationOf(request: FastifyRequest): string {
	return request.routeOptions.config?.operation ?? 'unknown';
}

function sendGateway(reply: FastifyReply, status: number, body: unknown): FastifyReply {
	return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * What a misbehaving gateway might quote back: the request's subscription key, Authorization header and
 * Token parameter, and the account's password and live tokens.
 */
function echoOf(context: SandboxContext, request: FastifyRequest): Record<string, unknown> {
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

const truncateRequests = new WeakSet<FastifyRequest>();
const unloggedRequests = new WeakSet<FastifyRequest>();

function logRequest(context: SandboxContext, request: FastifyRequest, status: number): void {
	context.log.add({
		time: toServiceDate(context.clock.now(), true),
		realTime: new Date().toISOString(),
		method: request.method,
		path: pathOf(request.url),
		operation: operationOf(request),
		query: redactQuery((request.query ?? {}) as Record<string, unknown>),
		body: loggedBody(request.body),
		status,
		auth: request.sandboxAuth,
		account: request.sandboxAccount?.username,
	});
}

/** Applies a fault; true when it has answered (or dropped) the request, false when processing goes on. */
async function applyFault(context: SandboxContext, fault: Fault, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
	switch (fault.kind) {
		case 'latency':
			await new Promise((resolve) => setTimeout(resolve, Math.max(0, fault.latencyMs ?? 1000)));
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

/** The API Management layer plus the service's own token check, in the order the real stack applies them. */
export function installGateway(app: FastifyInstance, context: SandboxContext): void {
	app.decorateRequest('sandboxAccount', null);
	app.decorateRequest('sandboxAuth', 'none');

	app.addHook('onRequest', async (request, reply) => {
		if (isControlPath(request.url)) return;
		request.sandboxAuth = authCarried(request);
		const key = request.headers['ocp-apim-subscription-key'];
		const subscriptionKey = Array.isArray(key) ? key[0] : key;
		if (!subscriptionKey) return sendGateway(reply, 401, gatewayBodies.missingKey);
		const keyAccount = context.store.accountByKey(subscriptionKey);
		if (!keyAccount) return sendGateway(reply, 401, gatewayBodies.invalidKey);
		const wait = context.rateLimit.check();
		if (wait > 0) return sendGateway(reply.header('retry-after', String(wait)), 429, gatewayBodies.rateLimited(wait));
		const fault = context.faults.take(operationOf(request), pathOf(request.url), request.method, context.store.random);
		// A reply is thenable, so hooks must not await or return one after sending: hence the boolean.
		if (fault && (await applyFault(context, fault, request, reply))) return reply;
		const rule = request.routeOptions.config?.auth;
		if (!rule || !request.routeOptions.config?.operation) return;
		if (rule === 'none') {
			request.sandboxAccount = keyAccount;
			return;
		}
		const result = checkAuth(context, request, rule);
		if ('answer' in result) return sendAnswer(request, reply, result.answer);
		request.sandboxAccount = result.account;
	});

	app.addHook('onSend', async (request, reply, payload) => {
		if (!truncateRequests.has(request) || payload === null || payload === undefined) return payload;
		const data = Buffer.isBuffer(payload) ? payload : typeof payload === 'string' ? Buffer.from(payload) : undefined;
		if (!data) return payload;
		reply.header('content-length', String(data.length));
		unloggedRequests.add(request);
		logRequest(context, request, 0);
		const half = data.subarray(0, Math.floor(data.length / 2));
		let pushed = false;
		return new Readable({
			read() {
				if (pushed) return;
				pushed = true;
				this.push(half);
				setImmediate(() => this.destroy(new Error('truncated by an injected fault')));
			},
		});
	});

	app.addHook('onResponse', async (request, reply) => {
		if (isControlPath(request.url) || unloggedRequests.has(request)) return;
		logRequest(context, request, reply.statusCode);
	});

	app.setNotFoundHandler((request, reply) => {
		if (isControlPath(request.url)) return sendGateway(reply, 404, { message: `No control endpoint ${request.method} ${pathOf(request.url)}` });
		return sendGateway(reply, 404, gatewayBodies.notFound);
	});
}
