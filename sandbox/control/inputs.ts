import type { FastifyReply } from 'fastify';
import { isObject } from '../routes/validation';

/** Invalid control input: 400 {"message"}; the state is left as it was. */
export function badRequest(reply: FastifyReply, message: string): FastifyReply {
	return reply.code(400).send({ message });
}

export function numberField(body: Record<string, unknown>, name: string): number | undefined {
	const value = body[name];
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The field's number, the fallback when it is absent, undefined when it is not a number. */
export function optionalNumber(body: Record<string, unknown>, name: string, fallback: number): number | undefined {
	return body[name] === undefined ? fallback : numberField(body, name);
}

/** The request body as an object ({} for anything else). */
export const bodyOf = (raw: unknown): Record<string, unknown> => (isObject(raw) ? raw : {});

export const iso = (ms: number): string => new Date(ms).toISOString();
