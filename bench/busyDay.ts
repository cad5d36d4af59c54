/**
 * One shop order per execution (as a shop's webhook sends them) on a quiet account and on a day of 5,000 AWBs, the
 * sandbox answering every request after 100 ms (a real gateway's order of magnitude): what Create's look for an AWB
 * already made costs an order once the n8n process has read the day.
 */
import fs from 'node:fs';
import path from 'node:path';

import { ROOT } from '../scripts/lib/launcher';
import { bucharestDay, type BenchN8n } from './n8n';

const GATEWAY_MS = 100;
export const BUSY_DAY_AWBS = 5000;

export interface OrderCost {
	ms: number;
	requests: number;
	listings: number;
}

export interface BusyDay {
	quiet: OrderCost[];
	busy: OrderCost[];
	/** AWBs the account held today before the quiet orders. */
	quietToday: number;
}

/** The order example 1's webhook takes, with an order number of its own. */
function shopOrder(orderNumber: string): Record<string, unknown> {
	const order = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', 'shop-order.json'), 'utf8')) as Record<string, unknown>;
	return { ...order, orderNumber };
}

/**
 * `runs` orders on the account as it is after a reset, then `runs` orders after 5,000 AWBs were made today; each
 * series starts with one order left out (the first order of a process, or of the grown day, reads what is new).
 * Resets the sandbox: run it after the sections that need the bench's own barcodes and token.
 */
export async function measureBusyDay(n8n: BenchN8n, runs: number, log: (line: string) => void): Promise<BusyDay> {
	await n8n.control.reset();
	await n8n.control.addFault({ kind: 'latency', latencyMs: GATEWAY_MS });
	let number = 0;
	const order = async (): Promise<OrderCost> => {
		const result = await n8n.runWebhook('bench-cargusCreate', JSON.stringify({ orders: [shopOrder(`BUSY-${++number}`)] }), 'createAwb');
		if (result.answered !== 1) throw new Error(`busy day: order BUSY-${number} made ${result.answered} AWBs`);
		return { ms: result.ms, requests: result.requests, listings: result.listings };
	};
	const series = async (): Promise<OrderCost[]> => {
		await order();
		const costs: OrderCost[] = [];
		for (let run = 0; run < runs; run++) costs.push(await order());
		return costs;
	};
	try {
		const { now } = await n8n.control.clock();
		const today = bucharestDay(now);
		const quietToday = (await n8n.control.shipments()).filter((shipment) => bucharestDay(shipment.createdAt) === today).length;
		log(`busy day: ${runs} orders, one per execution, on the quiet account (${quietToday} AWBs today), the sandbox at ${GATEWAY_MS} ms`);
		const quiet = await series();
		await n8n.control.addShipments({ count: BUSY_DAY_AWBS, scenario: 'not-picked-up', startAt: new Date(Date.parse(now) - 3_600_000).toISOString() });
		log(`busy day: ${runs} orders after ${BUSY_DAY_AWBS.toLocaleString('en-US')} AWBs made today`);
		const busy = await series();
		return { quiet, busy, quietToday };
	} finally {
		await n8n.control.clearFaults();
	}
}
