/**
 * The sandbox's requests per second for the tracking call, next to a bare node:http server that answers
 * the same bytes, both in worker threads, loaded by the same generator (autocannon) with the same settings.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';

import { DEFAULT_ACCOUNT, SandboxControl } from '../sandbox';
import { median } from './stats';
import { ask, startTsWorker } from './threads';

const CONNECTIONS = 32;

export interface ThroughputResult {
	sandbox: number[];
	bare: number[];
	seconds: number;
	connections: number;
}

async function load(url: string, pathAndQuery: string, headers: Record<string, string>, seconds: number): Promise<number> {
	const result = await autocannon({ url: `${url}${pathAndQuery}`, connections: CONNECTIONS, duration: seconds, headers });
	const ok = result['2xx'];
	if (result.errors > 0 || result.non2xx > 0) throw new Error(`Load on ${url} had ${result.errors} errors and ${result.non2xx} non-2xx answers`);
	return ok / (result.duration || seconds);
}

export async function measureThroughput(runs: number, seconds: number): Promise<ThroughputResult> {
	const sandboxWorker = startTsWorker(path.join(__dirname, 'sandboxWorker.ts'));
	const { url: sandboxUrl } = await ask<{ url: string }>(sandboxWorker, 'hello');
	let bareWorker;
	try {
		const [shipment] = await new SandboxControl(sandboxUrl).shipments();
		const login = await request(`${sandboxUrl}/api/LoginUser/Juridic`, {
			method: 'POST',
			headers: { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey, 'content-type': 'application/json' },
			body: JSON.stringify({ UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password }),
		});
		const token = (await login.body.json()) as string;
		const headers = { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey, authorization: `Bearer ${token}`, accept: 'application/json' };
		const pathAndQuery = `/api/AwbTrace?barCode=${encodeURIComponent(`[${shipment.barcode}]`)}`;
		const sample = await request(`${sandboxUrl}${pathAndQuery}`, { headers });
		const answer = { status: sample.statusCode, contentType: String(sample.headers['content-type']), body: await sample.body.text() };
		if (answer.status !== 200) throw new Error(`The sandbox answered the tracking call with HTTP ${answer.status}`);
		bareWorker = startTsWorker(path.join(__dirname, 'bareServer.ts'), answer);
		const { url: bareUrl } = await new Promise<{ url: string }>((resolve) => bareWorker!.once('message', resolve));

		await load(sandboxUrl, pathAndQuery, headers, 1);
		await load(bareUrl, pathAndQuery, headers, 1);
		const result: ThroughputResult = { sandbox: [], bare: [], seconds, connections: CONNECTIONS };
		for (let run = 0; run < runs; run++) {
			result.sandbox.push(await load(sandboxUrl, pathAndQuery, headers, seconds));
			result.bare.push(await load(bareUrl, pathAndQuery, headers, seconds));
		}
		if (process.env.BENCH_PROFILE_DIR) await ask(sandboxWorker, 'profile');
		return result;
	} finally {
		await bareWorker?.terminate();
		await sandboxWorker.terminate();
	}
}

export function throughputRatio(result: ThroughputResult): number {
	return median(result.sandbox) / median(result.bare);
}
