import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Changes the JSON answer of one path (the path without its query) before it is passed on; undefined: unchanged. */
export type AnswerRewrite = (path: string, body: unknown) => unknown;

export interface RewritingProxy {
	/** Base URL to give the credential instead of the target's. */
	readonly url: string;
	rewrite: AnswerRewrite;
	stop(): Promise<void>;
}

/**
 * Forwards every request to `target` and passes its answer on, except that a JSON answer goes through
 * `rewrite` first: a service answering what it may answer but the sandbox does not (an undocumented
 * order, a date typed wrong at Cargus).
 */
export async function startRewritingProxy(target: string, rewrite: AnswerRewrite = () => undefined): Promise<RewritingProxy> {
	const proxy = { rewrite } as { rewrite: AnswerRewrite };
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const raw = Buffer.concat(chunks);
			const headers = Object.fromEntries(
				Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
			) as Record<string, string>;
			fetch(`${target}${request.url ?? ''}`, { method: request.method, headers, body: raw.length === 0 ? undefined : raw })
				.then(async (answer) => {
					let bytes = Buffer.from(await answer.arrayBuffer());
					const type = answer.headers.get('content-type') ?? 'application/octet-stream';
					if (type.includes('json') && bytes.length > 0) {
						const changed = proxy.rewrite((request.url ?? '').split('?')[0], JSON.parse(bytes.toString('utf8')) as unknown);
						if (changed !== undefined) bytes = Buffer.from(JSON.stringify(changed));
					}
					response.writeHead(answer.status, { 'content-type': type });
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
	return Object.assign(proxy, {
		url: `http://127.0.0.1:${port}`,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	});
}
