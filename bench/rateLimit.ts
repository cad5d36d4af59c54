/**
 * A batch under Cargus' rate limit (the sandbox's gateway refusing past N requests a second with 429 and Retry-After,
 * as Azure API Management does): the time a run takes against the time the limit allows (the requests the gateway
 * served ÷ the rate).
 */
import { shopOrders, type BenchN8n } from './n8n';

export interface RateLimitedRun {
	label: string;
	requestsPerSecond: number;
	ms: number;
	/** Requests the gateway served (not refused with 429). */
	served: number;
	refused: number;
	answered: number;
	expected: number;
	/** The target: at most this many times the limit's time, and at most this share of the answers refused. */
	targetRatio: number;
	maxRefusedShare: number;
}

export const RATE_LIMITED_ORDERS = 60;
const ORDERS_RATE = 10;
const TRACK_RATE = 50;
/** Issue 65's second batch: 100 Track items at the orders' 10 requests a second. */
const FEW_TRACKED = 100;

/** 60 orders in one execution at 10 requests a second, 100 Track items at 10 a second, then the bench's Track flow (1,000 items) at 50 a second. */
export async function measureRateLimit(n8n: BenchN8n, runs: number, log: (line: string) => void): Promise<RateLimitedRun[]> {
	const results: RateLimitedRun[] = [];
	const limited = async (
		label: string,
		requestsPerSecond: number,
		expected: number,
		run: () => ReturnType<BenchN8n['runWebhook']>,
		{ flow = 'cargus', targetRatio = 1.5, maxRefusedShare = 1 }: { flow?: 'cargus' | 'cargusOtherKey'; targetRatio?: number; maxRefusedShare?: number } = {},
	) => {
		// One login before the limit, as in a running shop.
		await n8n.run(flow);
		await n8n.control.setRateLimit(requestsPerSecond);
		try {
			const result = await run();
			const requests = await n8n.control.requests();
			const refused = requests.filter((entry) => entry.status === 429).length;
			const entry = { label, requestsPerSecond, ms: result.ms, served: requests.length - refused, refused, answered: result.answered, expected, targetRatio, maxRefusedShare };
			log(`${label}: ${(entry.ms / 1000).toFixed(2)} s, ${entry.served} requests served, ${refused} refused, ${result.answered} of ${expected} answered`);
			results.push(entry);
		} finally {
			await n8n.control.setRateLimit(null);
		}
	};
	for (let round = 1; round <= runs; round++) {
		await limited(`${RATE_LIMITED_ORDERS} orders in one execution (Create, One AWB per Order Reference)`, ORDERS_RATE, RATE_LIMITED_ORDERS, async () =>
			await n8n.runWebhook('bench-cargusCreate', JSON.stringify({ orders: shopOrders(RATE_LIMITED_ORDERS, 10_000 + round) }), 'createAwb'),
			{ maxRefusedShare: 0.1 },
		);
		await n8n.deleteBenchAwbs();
		const few = n8n.barcodes.slice(0, FEW_TRACKED);
		await limited(`${few.length} Track items in one execution`, ORDERS_RATE, few.length, async () => await n8n.runWebhook('bench-cargus', JSON.stringify({ barcodes: few }), 'trace'), {
			targetRatio: 1.3,
			maxRefusedShare: 0.1,
		});
		// Another subscription key (the sandbox's second account): n8n keeps each key's pace, learnt here at 10 a second.
		await limited(`${n8n.barcodes.length} Track items in one execution (another subscription key)`, TRACK_RATE, n8n.barcodes.length, async () => await n8n.run('cargusOtherKey'), { flow: 'cargusOtherKey' });
	}
	return results;
}
