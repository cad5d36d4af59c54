/**
 * npm run bench:profile: a CPU profile of the n8n server process while it runs the 1,000-item Cargus
 * tracking flow (after a warm-up), taken through the inspector so that n8n's start-up is not in it.
 * Writes artifacts/n8n-cargus-flow.cpuprofile (open it in Chrome DevTools) and prints where the time goes.
 * Environment: BENCH_RUNS (3), BENCH_ITEMS (1000), BENCH_FLOW (cargus), BENCH_PORT_BASE (5700).
 */
import fs from 'node:fs';
import path from 'node:path';
import { request, WebSocket } from 'undici';

import { ROOT } from '../scripts/lib/launcher';
import { benchPorts, startBenchN8n, type Flow } from './n8n';
import { summarize, type Profile } from './profileSummary';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const FLOW = (process.env.BENCH_FLOW ?? 'cargus') as Flow;

/** A minimal Chrome DevTools Protocol client. */
async function inspector(port: number) {
	const targets = (await (await request(`http://127.0.0.1:${port}/json/list`)).body.json()) as Array<{ webSocketDebuggerUrl: string }>;
	const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
	await new Promise((resolve, reject) => {
		socket.addEventListener('open', resolve, { once: true });
		socket.addEventListener('error', reject, { once: true });
	});
	let nextId = 1;
	const pending = new Map<number, (result: unknown) => void>();
	socket.addEventListener('message', (event) => {
		const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
		if (message.id !== undefined) pending.get(message.id)?.(message.result);
	});
	return {
		send: <T>(method: string, params: Record<string, unknown> = {}) =>
			new Promise<T>((resolve) => {
				const id = nextId++;
				pending.set(id, resolve as (result: unknown) => void);
				socket.send(JSON.stringify({ id, method, params }));
			}),
		close: () => socket.close(),
	};
}

async function main(): Promise<void> {
	const ports = benchPorts();
	const n8n = await startBenchN8n({
		items: ITEMS,
		nodeArgs: [`--inspect=127.0.0.1:${ports.inspector}`],
		log: (line) => process.stderr.write(`${line}\n`),
	});
	try {
		await n8n.run(FLOW);
		const cdp = await inspector(ports.inspector);
		await cdp.send('Profiler.enable');
		await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
		await cdp.send('Profiler.start');
		for (let run = 0; run < RUNS; run++) {
			const result = await n8n.run(FLOW);
			process.stderr.write(`run ${run + 1}: ${(result.ms / 1000).toFixed(2)} s, ${result.answered} answered, ${result.logins} logins\n`);
		}
		const { profile } = await cdp.send<{ profile: Profile }>('Profiler.stop');
		cdp.close();
		const file = path.join(ROOT, 'artifacts', `n8n-${FLOW}-flow.cpuprofile`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, JSON.stringify(profile));
		process.stdout.write(`${summarize(profile)}\n\nProfile: ${path.relative(ROOT, file)}\n`);
	} finally {
		await n8n.stop();
	}
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
