import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { startSandbox } from '../sandbox/index';

/**
 * Runs a sandbox in its own thread so the benchmark client does not share its event loop. With BENCH_PROFILE_DIR set,
 * a CPU profile of this thread from its start, written on the message "profile" as sandbox.cpuprofile.
 */
async function main(): Promise<void> {
	const profileDir = process.env.BENCH_PROFILE_DIR;
	const session = profileDir ? new Session() : undefined;
	if (session) {
		session.connect();
		await session.post('Profiler.enable');
		await session.post('Profiler.start');
	}
	const sandbox = await startSandbox({ port: 0, clockMode: 'frozen' });
	parentPort?.postMessage({ url: sandbox.url });
	parentPort?.on('message', (message: unknown) => {
		if (message === 'stop') void sandbox.stop().then(() => process.exit(0));
		if (message === 'profile' && session && profileDir) {
			void session.post('Profiler.stop').then(({ profile }) => {
				fs.mkdirSync(profileDir, { recursive: true });
				fs.writeFileSync(path.join(profileDir, 'sandbox.cpuprofile'), JSON.stringify(profile));
				parentPort?.postMessage({ profile: path.join(profileDir, 'sandbox.cpuprofile') });
			});
		}
	});
}

void main();
