import { Worker } from 'node:worker_threads';

/** Runs a TypeScript file in a worker thread: its own event loop, like a separate process. */
export function startTsWorker(file: string, workerData?: unknown): Worker {
	const script = `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(file)});`;
	return new Worker(script, { eval: true, workerData });
}

/** Sends a message to a worker and waits for its next answer. */
export function ask<T>(worker: Worker, message: unknown): Promise<T> {
	return new Promise((resolve, reject) => {
		const onError = (error: Error) => reject(error);
		worker.once('error', onError);
		worker.once('message', (answer: T) => {
			worker.off('error', onError);
			resolve(answer);
		});
		worker.postMessage(message);
	});
}

export async function stopWorker(worker: Worker): Promise<void> {
	await worker.terminate();
}
