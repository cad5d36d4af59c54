import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { AnswerError, sendAnswer, type Answer } from './answers';
import type { AuthCarried, AuthRule } from './authKinds';
import type { ServiceContext } from '../world/serviceContext';
import { serverError } from './errorBodies';
import type { Account } from '../world/types';
import { isObject } from './validation';

export interface OperationSpec {
	/** Operation name used by the request log and faults. */
	operation: string;
	auth: AuthRule;
	/** Status for invalid input: 400, or 409 where the operation lists no 400, or 204 where it lists neither. */
	invalidStatus: number;
	/** Whether the sandbox's own checks, which no source shows Cargus making, apply (the `strictChecks` setting). */
	strict?: boolean;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		operation?: string;
		auth?: AuthRule;
		invalidStatus?: number;
	}
	interface FastifyRequest {
		sandboxAccount: Account | null;
		sandboxAuth: AuthCarried;
		/** The route's operation name, or 'unknown' (set by the gateway). */
		sandboxOperation: string;
	}
}

/** Case-insensitive access to query parameters, like ASP.NET model binding. */
export class QueryReader {
	constructor(readonly raw: Record<string, unknown>) {}

	/** The raw value (string, or array when repeated) of the first parameter with this name in any case. */
	value(name: string): unknown {
		const wanted = name.toLowerCase();
		for (const key of Object.keys(this.raw)) {
			if (key === name || key.toLowerCase() === wanted) return this.raw[key];
		}
		return undefined;
	}

	/** The last value as a trimmed string, undefined when absent or empty. */
	text(name: string): string | undefined {
		const value = this.value(name);
		const last = Array.isArray(value) ? value[value.length - 1] : value;
		if (typeof last !== 'string') return undefined;
		const trimmed = last.trim();
		return trimmed === '' ? undefined : trimmed;
	}
}

export interface OperationInput {
	request: FastifyRequest;
	query: QueryReader;
	body: unknown;
	/** The account the token belongs to (AUTH and PDF operations), or the subscription key's account. */
	account: Account;
	now: number;
	spec: OperationSpec;
}

export type OperationHandler = (input: OperationInput) => Answer | Promise<Answer>;

function answerOfError(error: unknown): Answer {
	return error instanceof AnswerError ? error.answer : serverError();
}

export function defineOperation(
	app: FastifyInstance,
	context: ServiceContext,
	method: HTTPMethods,
	url: string,
	spec: OperationSpec,
	handler: OperationHandler,
): void {
	app.route({
		method,
		url,
		config: { operation: spec.operation, auth: spec.auth, invalidStatus: spec.invalidStatus },
		handler: (request, reply) => {
			let answer: Answer | Promise<Answer>;
			try {
				const account = request.sandboxAccount ?? context.store.accounts[0];
				answer = handler({
					request,
					query: new QueryReader(isObject(request.query) ? request.query : {}),
					body: request.body,
					account,
					now: context.clock.now(),
					spec: context.settings.strictChecks ? { ...spec, strict: true } : spec,
				});
			} catch (error) {
				answer = answerOfError(error);
			}
			// Most operations answer at once; a promise only for those that wait.
			if (!(answer instanceof Promise)) return void sendAnswer(request, reply, answer);
			return answer.then((settled) => sendAnswer(request, reply, settled), (error: unknown) => sendAnswer(request, reply, answerOfError(error)));
		},
	});
}
