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

/** Forwards every request to `target` unchanged and keeps what was sent and what came back, byte for byte. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
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
					const bytes = Buffer.from(await answer.arrayBuffer());
					recorded.answer = { status: answer.status, bytes };
					response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
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
