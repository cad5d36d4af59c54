/**
 * Issue 65's batches under Cargus' rate limit in n8n's engine (in this process, as the tests run the node), the
 * sandbox in its own thread: a fresh process's first execution (the pace not learnt yet) and its next one.
 */
import path from 'node:path';

import { SandboxControl } from '../sandbox';
import { forgetRateLimits } from '../nodes/shared/transport/rateLimit';
import { forgetTokens } from '../nodes/shared/transport/tokenCache';
import { sandboxCredential } from '../test/helpers/sandbox';
import { createEngine, type Engine } from '../test/helpers/engine';
import { SMALL_SHIPMENT } from '../test/node/world';
import type { RateLimitedRun } from './rateLimit';
import { RATE_LIMITED_ORDERS } from './rateLimit';
import { ask, startTsWorker, stopWorker } from './threads';

const RATE = 10;
const TRACKED = 100;

type Batch = 'orders' | 'track';

/** Every round: a fresh process's gate (forgotten), then the same process's next execution; one login before the limit in each. */
export async function measureRateLimitInEngine(runs: number, log: (line: string) => void): Promise<RateLimitedRun[]> {
	const worker = startTsWorker(path.join(__dirname, 'sandboxWorker.ts'));
	const { url } = await ask<{ url: string }>(worker, 'hello');
	const control = new SandboxControl(url);
	const engine = createEngine({ credential: sandboxCredential(url) });
	const results: RateLimitedRun[] = [];
	try {
		for (let round = 1; round <= runs; round++) {
			for (const batch of ['orders', 'track'] as Batch[]) {
				forgetRateLimits();
				forgetTokens();
				for (const execution of ['first', 'next'] as const) {
					const entry = await limitedRun(engine, control, batch, `${round}-${execution}`, log);
					const label = `${batch === 'orders' ? `${RATE_LIMITED_ORDERS} orders` : `${TRACKED} Track items`} in one execution, n8n's engine, the process's ${execution} execution`;
					log(`${label}: ${(entry.ms / 1000).toFixed(2)} s, ${entry.served} requests served, ${entry.refused} refused, ${entry.answered} of ${entry.expected} answered`);
					results.push({ ...entry, label });
				}
			}
		}
	} finally {
		await stopWorker(worker);
	}
	return results;
}

async function limitedRun(engine: Engine, control: SandboxControl, batch: Batch, tag: string, log: (line: string) => void): Promise<Omit<RateLimitedRun, 'label'>> {
	await control.setRateLimit(null);
	const shipments = await control.shipments();
	const barcodes = Array.from({ length: TRACKED }, (_, index) => shipments[index % shipments.length].barcode);
	// One login before the limit, as in a running shop.
	await engine.run({ resource: 'shipment', operation: 'track', barcodes: barcodes[0] });
	await control.clearRequests();
	await control.setRateLimit(RATE);
	const input =
		batch === 'orders' ? Array.from({ length: RATE_LIMITED_ORDERS }, (_, index) => ({ ref: `engine-${tag}-${index}` })) : barcodes.map((barcode) => ({ barcode }));
	const parameters =
		batch === 'orders'
			? { resource: 'shipment', operation: 'create', ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: '={{ $json.ref }}' } }
			: { resource: 'shipment', operation: 'track', barcodes: '={{ $json.barcode }}' };
	const started = performance.now();
	const { items, error } = await engine.run(parameters, { input });
	const ms = performance.now() - started;
	if (error !== undefined) log(`the execution failed: ${error.message}`);
	const requests = await control.requests();
	await control.setRateLimit(null);
	const refused = requests.filter((request) => request.status === 429).length;
	const answered = error === undefined ? items.filter((item) => item.error === undefined).length : 0;
	const expected = input.length;
	return { requestsPerSecond: RATE, ms, served: requests.length - refused, refused, answered, expected, targetRatio: batch === 'orders' ? 1.5 : 1.3, maxRefusedShare: 0.1 };
}
