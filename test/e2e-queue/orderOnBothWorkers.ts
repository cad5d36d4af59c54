/**
 * Queue mode's check of One AWB per Order Reference across workers (issue 46): each worker keeps what it read of
 * the day, so once both have served an order, a new order delivered to one worker and then to the other must still
 * be one AWB (the second worker reads what changed since, and finds the first worker's AWB).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { SandboxControl } from '../../sandbox';
import { EXAMPLES_DIR, type Launched } from '../../scripts/lib/launcher';
import { assert, waitFor } from '../e2e/checks';
import { executionsOf } from '../e2e/n8n-api';

/** At most this many deliveries are posted to have a worker serve one (the queue picks the worker, not the test). */
const TRIES = 12;

interface Delivery {
	barcode: string;
	worker: string;
}

/**
 * Posts shop orders to example 1's webhook until both workers have served one, then one new order again and again
 * until a delivery of it has run on each worker: every delivery answers the same AWB, and Cargus holds one.
 * `post` delivers an order to the webhook (signed as example 1 checks it); `ranOn` names the worker that ran an
 * execution (the workers' logs).
 */
export async function oneAwbOnBothWorkers(
	live: Launched,
	control: SandboxControl,
	workflowId: string,
	post: (order: Record<string, unknown>) => Promise<{ status: number; text: string }>,
	workers: string[],
	ranOn: (executionIds: string[]) => string[],
): Promise<string> {
	const order = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'shop-order.json'), 'utf8')) as Record<string, unknown>;
	const base = `${String(order.orderNumber)}-BOTH-${Date.now()}`;
	const deliver = async (orderNumber: string): Promise<Delivery> => {
		const before = new Set((await executionsOf(live, workflowId)).map((e) => e.id));
		const { status, text } = await post({ ...order, orderNumber });
		assert(status === 200, `order ${orderNumber}: webhook answered ${status}: ${text.slice(0, 300)}`);
		const barcode = String((JSON.parse(text) as { barcode?: unknown }).barcode);
		assert(/^\d{6,20}$/.test(barcode), `order ${orderNumber}: no AWB in ${text.slice(0, 200)}`);
		// Main may list the execution a moment after the webhook answered.
		const id = await waitFor(`the execution of order ${orderNumber}`, 30000, async () => {
			const fresh = (await executionsOf(live, workflowId)).filter((e) => !before.has(e.id));
			return fresh.length === 1 ? fresh[0].id : undefined;
		});
		return { barcode, worker: ranOn([id])[0] };
	};

	const served = new Set<string>();
	for (let n = 1; served.size < workers.length && n <= TRIES; n++) served.add((await deliver(`${base}-W${n}`)).worker);
	assert(served.size === workers.length, `only ${[...served].join(', ')} served an order in ${TRIES} deliveries`);

	const reference = `${base}-NEW`;
	const deliveries = [await deliver(reference)];
	while (deliveries.every((d) => d.worker === deliveries[0].worker) && deliveries.length < TRIES) deliveries.push(await deliver(reference));
	const workersOf = deliveries.map((d) => d.worker);
	assert(new Set(workersOf).size === workers.length, `order ${reference} ran only on ${deliveries[0].worker} in ${deliveries.length} deliveries`);
	const barcodes = new Set(deliveries.map((d) => d.barcode));
	assert(barcodes.size === 1, `order ${reference} got ${barcodes.size} AWBs: ${[...barcodes].join(', ')} (deliveries on ${workersOf.join(', ')})`);
	const held = (await control.shipments()).filter((shipment) => shipment.orderReference === reference);
	assert(held.length === 1, `Cargus holds ${held.length} AWBs carrying ${reference}`);
	return `both workers served an order first (${[...served].join(', ')}); order ${reference} delivered ${deliveries.length} times, on ${workersOf.join(', ')}: one AWB, ${held[0].barcode}`;
}
