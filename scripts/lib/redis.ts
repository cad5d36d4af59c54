/** A Redis server of its own for n8n's queue mode (Debian's redis-server): 127.0.0.1 only, nothing saved to disk. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isRunning, killGroup, spawnGroup } from './processes';

export interface RunningRedis {
	host: string;
	port: number;
	logFile: string;
	stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk.toString();
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

export async function startRedis(options: { port: number; dir: string; log: (line: string) => void }): Promise<RunningRedis> {
	fs.mkdirSync(options.dir, { recursive: true });
	const logFile = path.join(options.dir, `redis-${options.port}.log`);
	const out = fs.openSync(logFile, 'w');
	const t = Date.now();
	const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', options.dir];
	const child = spawnGroup('redis-server', args, { cwd: options.dir, stdio: ['ignore', out, out] });
	fs.closeSync(out);
	const stop = () => killGroup(child, 5000);
	const deadline = Date.now() + 30000;
	while (!(await ping(options.port))) {
		if (!isRunning(child) || Date.now() > deadline) {
			await stop();
			const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-10).join('\n');
			throw new Error(`Redis did not start on 127.0.0.1:${options.port} (port taken?). Last log lines:\n${tail}`);
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	options.log(`redis: 127.0.0.1:${options.port} ready in ${((Date.now() - t) / 1000).toFixed(1)}s`);
	return { host: '127.0.0.1', port: options.port, logFile, stop };
}
