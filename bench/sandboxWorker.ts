import { parentPort } from 'node:worker_threads';
import { startSandbox } from '../sandbox/index';

/** Runs a sandbox in its own thread so the benchmark client does not share its event loop. */
async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, clockMode: 'frozen' });
	parentPort?.postMessage({ url: sandbox.url });
	parentPort?.on('message', (message: unknown) => {
		if (message === 'stop') void sandbox.stop().then(() => process.exit(0));
	});
}

void main();
