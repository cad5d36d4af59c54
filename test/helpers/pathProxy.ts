import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { SandboxHandle } from './sandbox';

export interface PathProxyHandle {
	/** The proxy's base URL including its path, e.g. http://127.0.0.1:40123/cargus */
	readonly url: string;
	/** Requests that did not start with the path (answered 404, never forwarded). */
	readonly strays: string[];
}

/**
 * A company proxy in front of the sandbox: it serves the API under a path of its own and forwards
 * `<prefix>/api/...` to the sandbox's `/api/...`. Started before and stopped after the test file.
 */
export function usePathProxy(sandbox: SandboxHandle, prefix = '/cargus'): PathProxyHandle {
	let server: http.Server | undefined;
	const strays: string[] = [];
	beforeAll(async () => {
		server = http.createServer((request, response) => {
			const url = request.url ?? '';
			if (!url.startsWith(`${prefix}/`)) {
				strays.push(url);
				response.writeHead(404, { 'content-type': 'text/plain' }).end('Not behind this proxy');
				return;
			}
			const target = new URL(`${sandbox.url}${url.slice(prefix.length)}`);
			const upstream = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			});
			upstream.on('error', () => response.writeHead(502).end());
			request.pipe(upstream);
		});
		await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
	});
	afterAll(async () => {
		await new Promise((resolve) => server?.close(resolve));
	});
	return {
		get url() {
			if (!server) throw new Error('The proxy is not running: use it inside a test or hook');
			return `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
		},
		strays,
	};
}
