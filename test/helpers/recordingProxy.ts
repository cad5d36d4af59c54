import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	url: string;
	body: unknown;
	/** The target's answer, as it was passed on (set once it has been). */
	answer?: { status: number; bytes: Buffer };
}

export interface RecordingProxy {
	/** Base URL to give the credential instead of the target's. */
	readonly url: string;
	readonly requests: RecordedRequest[];
	stop(): Promise<void>;
}

/** Changes the JSON answer of one path (the path without its query) before it is passed on; undefined: unchanged. */
export type AnswerRewrite = (path: string, body: unknown) => unknown;

/**
 * Forwards every request to `target` and keeps what was sent and what came back, byte for byte; `rewrite` (none:
 * every answer unchanged) may change a JSON answer before it is passed on.
 */
export async function startRecordingProxy(target: string, rewrite: { current: AnswerRewrite } = { current: () => undefined }): Promise<RecordingProxy> {
	const requests: RecordedRequest[] = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const raw = Buffer.concat(chunks);
			let body: unknown = raw.length === 0 ? undefined : raw.toString('utf8');
			try {
				body = body === undefined ? undefined : (JSON.parse(body as string) as unknown);
			} catch {
				/* not JSON: kept as text */
			}
			const recorded: RecordedRequest = { method: request.method ?? '', url: request.url ?? '', body };
			requests.push(recorded);
			const headers = Object.fromEntries(
				Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
			) as Record<string, string>;
			fetch(`${target}${request.url ?? ''}`, { method: request.method, headers, body: raw.length === 0 ? undefined : raw })
				.then(async (answer) => {
					let bytes = Buffer.from(await answer.arrayBuffer());
					const type = answer.headers.get('content-type') ?? 'application/octet-stream';
					if (type.includes('json') && bytes.length > 0) {
						const changed = rewrite.current((request.url ?? '').split('?')[0], JSON.parse(bytes.toString('utf8')) as unknown);
						if (changed !== undefined) bytes = Buffer.from(JSON.stringify(changed));
					}
					recorded.answer = { status: answer.status, bytes };
					// Cargus' clock is its answers' Date (the package reads "today" from it): passed on as it came.
					const date = answer.headers.get('date');
					response.writeHead(answer.status, { 'content-type': type, ...(date === null ? {} : { date }) });
					response.end(bytes);
				})
				.catch(() => {
					response.writeHead(502);
					response.end();
				});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
