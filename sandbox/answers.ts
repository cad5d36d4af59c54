import type { FastifyReply, FastifyRequest } from 'fastify';
import { toXml } from './xml';

/** What a route handler answers: a status with a body (JSON or XML by Accept), no body, or binary bytes. */
export interface Answer {
	status: number;
	body?: unknown;
	/** XML type name: arrays become ArrayOf<typeName>, objects <typeName>. */
	typeName?: string;
	binary?: { contentType: string; data: Uint8Array; fileName?: string };
}

/** Thrown by handlers to answer an error from any depth. */
export class AnswerError extends Error {
	constructor(readonly answer: Answer) {
		super(`answer ${answer.status}`);
	}
}

export const ok = (body: unknown, typeName?: string): Answer => ({ status: 200, body, typeName });
export const noContent = (): Answer => ({ status: 204 });

export function wantsXml(request: FastifyRequest): boolean {
	const accept = request.headers.accept;
	if (!accept) return false;
	const lower = accept.toLowerCase();
	const xmlAt = Math.min(...['application/xml', 'text/xml'].map((t) => lower.indexOf(t)).filter((i) => i >= 0), Infinity);
	if (xmlAt === Infinity) return false;
	const jsonAt = lower.indexOf('application/json');
	return jsonAt < 0 || xmlAt < jsonAt;
}

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
	reply.code(answer.status);
	if (answer.binary) {
		reply.header('content-type', answer.binary.contentType);
		if (answer.binary.fileName) reply.header('content-disposition', `inline; filename="${answer.binary.fileName}"`);
		return reply.send(Buffer.from(answer.binary.data));
	}
	if (answer.status === 204 || answer.body === undefined) return reply.send();
	if (wantsXml(request)) {
		const xmlType = (request.headers.accept ?? '').toLowerCase().includes('text/xml') && !(request.headers.accept ?? '').toLowerCase().includes('application/xml') ? 'text/xml' : 'application/xml';
		reply.header('content-type', `${xmlType}; charset=utf-8`);
		return reply.send(toXml(answer.body, answer.typeName));
	}
	reply.header('content-type', 'application/json; charset=utf-8');
	return reply.send(JSON.stringify(answer.body));
}
