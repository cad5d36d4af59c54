import type { FastifyReply, FastifyRequest } from 'fastify';
import { toXml } from './xml';

/** What a route handler answers: a status with a body (JSON or XML by Accept), no body, or binary bytes. */
export interface Answer {
	status: number;
	body?: unknown;
	/** XML type name: arrays become ArrayOf<typeName>, objects <typeName>. */
	typeName?: string;
	binary?: { contentType: string; data: Uint8Array; fileName?: string };
	/** The body already written as JSON, by a handler that has seen the request does not prefer XML. */
	json?: string;
}

/** Thrown by handlers to answer an error from any depth. */
export class AnswerError extends Error {
	constructor(readonly answer: Answer) {
		super(`answer ${answer.status}`);
	}
}

export const ok = (body: unknown, typeName?: string): Answer => ({ status: 200, body, typeName });
export const noContent = (): Answer => ({ status: 204 });
export const okJson = (json: string): Answer => ({ status: 200, json });

/** The XML media type the Accept header prefers over JSON (by q-value, then order), or undefined for JSON. */
export function preferredXml(request: FastifyRequest): 'application/xml' | 'text/xml' | undefined {
	const accept = request.headers.accept;
	if (!accept || !accept.toLowerCase().includes('xml')) return undefined;
	let best: { type: string; q: number } | undefined;
	for (const part of accept.toLowerCase().split(',')) {
		const [type, ...params] = part.split(';').map((piece) => piece.trim());
		if (type !== 'application/xml' && type !== 'text/xml' && type !== 'application/json') continue;
		const qParam = params.find((param) => param.startsWith('q='));
		const q = qParam ? Number(qParam.slice(2)) : 1;
		if (!Number.isFinite(q) || q <= 0) continue;
		if (!best || q > best.q) best = { type, q };
	}
	return best && best.type !== 'application/json' ? (best.type as 'application/xml' | 'text/xml') : undefined;
}

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
	reply.code(answer.status);
	if (answer.binary) {
		reply.header('content-type', answer.binary.contentType);
		if (answer.binary.fileName) reply.header('content-disposition', `inline; filename="${answer.binary.fileName}"`);
		return reply.send(Buffer.from(answer.binary.data));
	}
	if (answer.status === 204 || (answer.body === undefined && answer.json === undefined)) return reply.send();
	const xmlType = answer.json === undefined ? preferredXml(request) : undefined;
	if (xmlType) {
		reply.header('content-type', `${xmlType}; charset=utf-8`);
		return reply.send(toXml(answer.body, answer.typeName));
	}
	reply.header('content-type', 'application/json; charset=utf-8');
	return reply.send(answer.json ?? JSON.stringify(answer.body));
}
