/**
 * The same tracking requests as the webhook flows, sent by a plain undici loop outside n8n with the
 * same concurrency (every item at once, as n8n sends a node's items). Runs in a worker thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

interface LoopInput {
	sandboxUrl: string;
	subscriptionKey: string;
	token: string;
	barcodes: string[];
}

const input = workerData as LoopInput;
const agent = new Agent({ connections: null });

async function trackAll(): Promise<{ ms: number; ok: number }> {
	const headers = { 'ocp-apim-subscription-key': input.subscriptionKey, authorization: `Bearer ${input.token}`, accept: 'application/json' };
	const started = process.hrtime.bigint();
	const statuses = await Promise.all(
		input.barcodes.map(async (barcode) => {
			const response = await request(`${input.sandboxUrl}/api/AwbTrace?barCode=${encodeURIComponent(`[${barcode}]`)}`, { headers, dispatcher: agent });
			JSON.parse(await response.body.text());
			return response.statusCode;
		}),
	);
	return { ms: Number(process.hrtime.bigint() - started) / 1e6, ok: statuses.filter((status) => status === 200).length };
}

parentPort?.on('message', () => {
	void trackAll().then((result) => parentPort?.postMessage(result));
});
