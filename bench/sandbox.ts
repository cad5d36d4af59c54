import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { DEFAULT_ACCOUNT } from '../sandbox/index';
import { SandboxControl } from '../sandbox/control';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

interface Measurement { requests: number; errors: number; seconds: number }

/** Keeps CONCURRENCY requests in flight for DURATION_MS and counts the answers with the expected status. */
async function measure(send: () => Promise<number>, expected: number): Promise<Measurement> {
	let requests = 0;
	let errors = 0;
	const started = process.hrtime.bigint();
	const deadline = Date.now() + DURATION_MS;
	const worker = async () => {
		while (Date.now() < deadline) {
			try {
				if ((await send()) === expected) requests++;
				else errors++;
			} catch {
				errors++;
			}
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
	return { requests, errors, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

function report(name: string, m: Measurement): void {
	console.log(`${name.padEnd(44)} ${(m.requests / m.seconds).toFixed(0).padStart(7)} requests/second  (${m.requests} ok, ${m.errors} errors, ${m.seconds.toFixed(1)} s, ${CONCURRENCY} concurrent)`);
}

/** Starts the sandbox from code in a worker thread (its own event loop, like a separate server). */
function startSandboxInWorker(): Promise<{ url: string; stop(): Promise<void> }> {
	const script = `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(path.join(__dirname, 'sandboxWorker.ts'))});`;
	const worker = new Worker(script, { eval: true });
	return new Promise((resolve, reject) => {
		worker.once('error', reject);
		worker.once('message', ({ url }: { url: string }) => {
			resolve({
				url,
				stop: () => new Promise((done) => {
					worker.once('exit', () => done());
					worker.postMessage('stop');
				}),
			});
		});
	});
}

async function main(): Promise<void> {
	const sandbox = await startSandboxInWorker();
	const pool = new Pool(sandbox.url, { connections: CONCURRENCY, pipelining: 1 });
	try {
		const [shipment] = await new SandboxControl(sandbox.url).shipments();
		const key = { 'ocp-apim-subscription-key': DEFAULT_ACCOUNT.subscriptionKey };
		const loginBody = JSON.stringify({ UserName: DEFAULT_ACCOUNT.username, Password: DEFAULT_ACCOUNT.password });
		const login = async () => {
			const response = await pool.request({ method: 'POST', path: '/api/LoginUser/Juridic', headers: { ...key, 'content-type': 'application/json' }, body: loginBody });
			const text = await response.body.text();
			return response.statusCode === 200 && text.startsWith('"') ? 200 : response.statusCode;
		};
		const tokenResponse = await pool.request({ method: 'POST', path: '/api/LoginUser/Juridic', headers: { ...key, 'content-type': 'application/json' }, body: loginBody });
		const token = (await tokenResponse.body.json()) as string;
		const trace = async () => {
			const response = await pool.request({
				method: 'GET',
				path: `/api/AwbTrace/GetAwbTraceOneRequest?barCode=[${shipment.barcode}]`,
				headers: { ...key, authorization: `Bearer ${token}` },
			});
			await response.body.text();
			return response.statusCode;
		};
		console.log(`Cargus sandbox benchmark at ${sandbox.url} (sandbox in a worker thread, ${DURATION_MS / 1000} s per measurement)`);
		await measure(trace, 200);
		report('GET /api/AwbTrace/GetAwbTraceOneRequest', await measure(trace, 200));
		report('POST /api/LoginUser/Juridic', await measure(login, 200));
	} finally {
		await pool.close();
		await sandbox.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
