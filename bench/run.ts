/**
 * npm run bench: the product's benchmark. Prints one table of medians (Markdown, as in docs/performance.md).
 * Environment: BENCH_RUNS (5), BENCH_ITEMS (1000), BENCH_WATCHED ("10000,100000"), BENCH_SECONDS (3, per
 * load run), BENCH_RECORDS (10000: invoices and repaid records for the trigger's account events),
 * BENCH_SECTIONS ("flows,create,operations,rateLimit,rateLimitEngine,busyDay,trigger,sandbox"), BENCH_PORT_BASE (5700: n8n, its two task-broker ports,
 * the sandbox and the SMTP sink take that port and the four after it).
 */
import os from 'node:os';
import path from 'node:path';

import { DEFAULT_ACCOUNT } from '../sandbox';
import { bucharestDay, startBenchN8n, type BenchN8n, type Flow, type FlowRun } from './n8n';
import { operationBenches, operationFlows } from './operations';
import { median, ratio, reached, seconds, table, type Row } from './stats';
import { ask, startTsWorker } from './threads';
import { measureThroughput, throughputRatio } from './throughput';
import { measureAccountTracking, measureInvoices, measureRepayments } from './accountEvents';
import { measureTrigger } from './trigger';
import { BUSY_DAY_AWBS, measureBusyDay, type OrderCost } from './busyDay';
import { measureRateLimit, type RateLimitedRun } from './rateLimit';
import { measureRateLimitInEngine } from './rateLimitEngine';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const RECORDS = Math.max(1, Number(process.env.BENCH_RECORDS ?? 10_000));
const WATCHED = (process.env.BENCH_WATCHED ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'flows,create,operations,rateLimit,rateLimitEngine,busyDay,trigger,sandbox').split(','));

const started = Date.now();
const log = (line: string) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const count = (n: number) => n.toLocaleString('en-US');

type Variant = Flow | 'undici';

const LABELS: Record<Variant, string> = {
	cargus: '(a) Cargus node › Shipment › Track',
	cargusOtherKey: '(a) with the sandbox\'s second account (another subscription key)',
	httpCredential: '(b) HTTP Request, Header Auth credential',
	httpHeaders: '(c) HTTP Request, typed-in headers',
	undici: '(d) undici loop outside n8n, same concurrency',
	cargusCreate: '(e) Edit Fields (the order in one expression) › Cargus node › Shipment › Create, Map Automatically',
	httpCreate: '(f) HTTP Request, Header Auth credential, POST /api/Awbs/WithGetAwb with the same body',
	cargusCreateForm: '(g) Cargus node › Shipment › Create, an expression per field (example 1\'s Create AWB)',
	cargusCreateUnchecked: '(h) as (e), One AWB per Order Reference off (no look for an AWB already made)',
	httpCreateForm: '(i) HTTP Request, Header Auth credential, the same body with example 1\'s 13 values as 13 expressions',
};

/** Runs `run` once per variant to warm up, then RUNS rounds each starting with a different variant, so none always runs first or last. */
async function alternate<V extends string>(variants: V[], run: (variant: V) => Promise<FlowRun>, label: (variant: V) => string): Promise<Record<V, number[]>> {
	const times = Object.fromEntries(variants.map((variant) => [variant, [] as number[]])) as Record<V, number[]>;
	log(`${variants.join(', ')}: one warm-up run each, then ${RUNS} alternating runs of ${count(ITEMS)} items`);
	for (const variant of variants) await run(variant);
	for (let round = 0; round < RUNS; round++) {
		for (let step = 0; step < variants.length; step++) {
			const variant = variants[(round + step) % variants.length];
			const result = await run(variant);
			if (result.answered !== ITEMS) throw new Error(`${label(variant)}: ${result.answered} of ${ITEMS} requests succeeded`);
			times[variant].push(result.ms);
		}
		log(`round ${round + 1}: ${variants.map((v) => `${v} ${seconds(times[v][round])}`).join(', ')}`);
	}
	return times;
}

const runsNote = (times: number[]) => `${times.length} runs: ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')}`;

async function flowRows(n8n: BenchN8n): Promise<Row[]> {
	const loop = startTsWorker(path.join(__dirname, 'undiciLoop.ts'), {
		sandboxUrl: n8n.sandboxUrl,
		subscriptionKey: DEFAULT_ACCOUNT.subscriptionKey,
		token: n8n.token,
		barcodes: n8n.barcodes,
	});
	try {
		const variants: Variant[] = ['cargus', 'httpCredential', 'httpHeaders', 'undici'];
		const runOnce = async (variant: Variant): Promise<FlowRun> => {
			if (variant !== 'undici') return await n8n.run(variant);
			const { ms, ok } = await ask<{ ms: number; ok: number }>(loop, 'run');
			return { ms, answered: ok, sample: undefined, logins: 0, listings: 0, localityLists: 0, requests: 0 };
		};
		const times = await alternate(variants, runOnce, (variant) => LABELS[variant]);

		log(`logins: ${RUNS} runs of the Cargus flow right after every token expired`);
		const logins: number[] = [];
		const loginTimes: number[] = [];
		for (let run = 0; run < RUNS; run++) {
			await n8n.control.expireTokens();
			const result = await n8n.run('cargus');
			if (result.answered !== ITEMS) throw new Error(`After expiry: ${result.answered} of ${ITEMS} tracking requests succeeded`);
			logins.push(result.logins);
			loginTimes.push(result.ms);
		}

		const [a, b, c, d] = variants.map((variant) => median(times[variant]));
		const note = (variant: Variant) => runsNote(times[variant]);
		return [
			{
				measure: `${LABELS.cargus}, ${count(ITEMS)} items`,
				value: seconds(a),
				ratio: `${ratio(a, b)} (b), ${ratio(a, c)} (c)`,
				target: `≤ 1.0× (b): ${reached(a <= b)}; ≤ 1.5× (c): ${reached(a <= 1.5 * c)}`,
				note: note('cargus'),
			},
			{ measure: LABELS.httpCredential, value: seconds(b), ratio: `${ratio(b, c)} (c)`, note: note('httpCredential') },
			{ measure: LABELS.httpHeaders, value: seconds(c), ratio: `${ratio(c, d)} (d)`, note: note('httpHeaders') },
			{ measure: LABELS.undici, value: seconds(d), note: note('undici') },
			{
				measure: `Logins for ${count(ITEMS)} items right after every token expired`,
				value: String(median(logins)),
				target: `1: ${reached(median(logins) <= 1)}`,
				note: `${RUNS} runs: ${logins.join(', ')} logins; the run took ${seconds(median(loginTimes))}`,
			},
		];
	} finally {
		await loop.terminate();
	}
}

type CreateFlow = 'cargusCreate' | 'httpCreate' | 'cargusCreateForm' | 'cargusCreateUnchecked' | 'httpCreateForm';
type CargusCreateFlow = Exclude<CreateFlow, 'httpCreate' | 'httpCreateForm'>;

/** 1,000 shop orders (BENCH_ITEMS) made AWBs in one execution: the Cargus node mapped three ways next to the HTTP Request node. */
async function createRows(n8n: BenchN8n): Promise<Row[]> {
	const samples: Partial<Record<Flow, unknown>> = {};
	const cargusFlows: CargusCreateFlow[] = ['cargusCreate', 'cargusCreateForm', 'cargusCreateUnchecked'];
	const logins = Object.fromEntries(cargusFlows.map((flow) => [flow, [] as number[]])) as Record<CargusCreateFlow, number[]>;
	const listings = Object.fromEntries(cargusFlows.map((flow) => [flow, [] as number[]])) as Record<CargusCreateFlow, number[]>;
	const localityLists = Object.fromEntries(cargusFlows.map((flow) => [flow, [] as number[]])) as Record<CargusCreateFlow, number[]>;
	// Each run starts from the same account: the AWBs a run makes are deleted after it (outside its time).
	let accountSize = 0;
	const times = await alternate(
		['cargusCreate', 'httpCreate', 'cargusCreateForm', 'cargusCreateUnchecked', 'httpCreateForm'] as CreateFlow[],
		async (flow) => {
			const result = await n8n.run(flow);
			accountSize = (await n8n.deleteBenchAwbs()).remaining;
			samples[flow] = result.sample;
			if (flow !== 'httpCreate' && flow !== 'httpCreateForm') {
				logins[flow].push(result.logins);
				listings[flow].push(result.listings);
				localityLists[flow].push(result.localityLists);
			}
			return result;
		},
		(flow) => LABELS[flow],
	);
	// Every flow must send the same AWB (the order number and total differ from one order to the next). The HTTP
	// Request node sends the county and locality as the order names them, for Cargus to match; the Cargus node sends
	// the ids and names Cargus lists, resolved before sending: the same place.
	const ADDRESS_IDS = new Set(['CountyId', 'LocalityId']);
	const ADDRESS_NAMES = new Set(['CountyName', 'LocalityName']);
	const comparable = (body: unknown): string => {
		const sorted = (value: unknown): unknown =>
			value && typeof value === 'object' && !Array.isArray(value)
				? Object.fromEntries(
						Object.entries(value)
							.filter(([key]) => key !== 'CustomString' && key !== 'CashRepayment' && !ADDRESS_IDS.has(key))
							.sort(([a], [b]) => a.localeCompare(b))
							.map(([key, v]) => [key, ADDRESS_NAMES.has(key) ? String(v).toLowerCase() : sorted(v)]),
					)
				: Array.isArray(value) ? value.map(sorted) : value;
		return JSON.stringify(sorted(body));
	};
	for (const flow of [...cargusFlows, 'httpCreateForm' as const]) {
		if (comparable(samples[flow]) !== comparable(samples.httpCreate)) {
			throw new Error(`${flow} and httpCreate send different AWBs:\n${JSON.stringify(samples[flow])}\n${JSON.stringify(samples.httpCreate)}`);
		}
	}
	if (listings.cargusCreateUnchecked.some((n) => n > 0)) throw new Error(`(h) looked for AWBs already made: ${listings.cargusCreateUnchecked.join(', ')} listings`);
	const [e, f, g, h, i] = [median(times.cargusCreate), median(times.httpCreate), median(times.cargusCreateForm), median(times.cargusCreateUnchecked), median(times.httpCreateForm)];
	const loginNote = (flow: CargusCreateFlow) => `logins: ${logins[flow][0]} in the warm-up run, then ${logins[flow].slice(1).join(', ')}`;
	const listingNote = (flow: CargusCreateFlow) =>
		`listings of the last days' AWBs per run: ${listings[flow].join(', ')}; locality lists read (the county and locality are given by name): ${localityLists[flow].join(', ')}`;
	return [
		{
			measure: `${LABELS.cargusCreate}, ${count(ITEMS)} shop orders`,
			value: seconds(e),
			ratio: `${ratio(e, f)} (f), ${ratio(e, h)} (h)`,
			target: `≤ 1.0× (f): ${reached(e <= f)}`,
			note: `${runsNote(times.cargusCreate)}; ${loginNote('cargusCreate')}; ${listingNote('cargusCreate')}; the look costs ${seconds(e - h)} against (h), for an account holding ${count(accountSize)} AWBs made today before each run (a run's own AWBs are deleted after it; yesterday and today are kept by the process and read again per execution from the last page held, whole when the list changed under it, as the deletions make it; the days before read once per n8n process, day and login)`,
		},
		{ measure: LABELS.httpCreate, value: seconds(f), note: runsNote(times.httpCreate) },
		{
			measure: LABELS.cargusCreateForm,
			value: seconds(g),
			ratio: `${ratio(g, i)} (i), ${ratio(g, f)} (f)`,
			target: `≤ 1.0× (i): ${reached(g <= i)}; ≤ 2.0× (f): ${reached(g <= 2 * f)}`,
			note: `${runsNote(times.cargusCreateForm)}; ${loginNote('cargusCreateForm')}; ${listingNote('cargusCreateForm')}`,
		},
		{ measure: LABELS.httpCreateForm, value: seconds(i), ratio: `${ratio(i, f)} (f)`, note: runsNote(times.httpCreateForm) },
		{ measure: LABELS.cargusCreateUnchecked, value: seconds(h), ratio: `${ratio(h, f)} (f)`, note: `${runsNote(times.cargusCreateUnchecked)}; ${loginNote('cargusCreateUnchecked')}; ${listingNote('cargusCreateUnchecked')}` },
	];
}

/** Each operation that takes a barcode, a location or dates, one expression per field, next to the HTTP Request node making the same call. */
async function operationRows(n8n: BenchN8n): Promise<Row[]> {
	// The sandbox account's pickup locations with pickup orders (its eCom Test and depot locations).
	const locations = [1005962049, 1005962050];
	const today = bucharestDay((await n8n.control.clock()).now);
	const rows: Row[] = [];
	for (const bench of operationBenches(n8n.barcodes, locations, today)) {
		const flows = await operationFlows(n8n, bench, ITEMS);
		const times = await alternate(['cargus', 'http'] as const, async (flow) => await flows[flow](), (flow) => `${bench.name} (${flow})`);
		const [cargus, http] = [median(times.cargus), median(times.http)];
		rows.push({
			measure: `${bench.name}, an expression per field, ${count(ITEMS)} items`,
			value: seconds(cargus),
			ratio: `${ratio(cargus, http)} (HTTP Request: ${seconds(http)})`,
			target: `≤ 1.0×: ${reached(cargus <= http)}`,
			note: `Cargus ${runsNote(times.cargus)}; HTTP Request ${runsNote(times.http)}`,
		});
	}
	return rows;
}

/** One order per execution on a quiet account and on a day of 5,000 AWBs, the sandbox at 100 ms a request. */
async function busyDayRows(n8n: BenchN8n): Promise<Row[]> {
	const { quiet, busy, quietToday } = await measureBusyDay(n8n, RUNS, log);
	const of = (costs: OrderCost[], key: keyof OrderCost) => median(costs.map((cost) => cost[key]));
	const [quietMs, busyMs, quietRequests, busyRequests] = [of(quiet, 'ms'), of(busy, 'ms'), of(quiet, 'requests'), of(busy, 'requests')];
	const note = (costs: OrderCost[]) =>
		`${costs.length} orders: ${costs.map((cost) => (cost.ms / 1000).toFixed(2)).join(', ')} s; requests ${costs.map((cost) => cost.requests).join(', ')}, of which listings ${costs.map((cost) => cost.listings).join(', ')}`;
	return [
		{
			measure: `(j) One shop order per execution (as (e)), quiet account (${count(quietToday)} AWBs today), every request answered after 100 ms: time per order`,
			value: seconds(quietMs),
			note: `${note(quiet)}; ${quietRequests} requests per order (median), after the process's first order`,
		},
		{
			measure: `(k) as (j), ${count(BUSY_DAY_AWBS)} more AWBs made today`,
			value: seconds(busyMs),
			ratio: `${ratio(busyMs, quietMs)} (j) in time, ${busyRequests} requests against ${quietRequests} (${ratio(busyRequests, quietRequests)})`,
			target: `≤ 1.5× (j): ${reached(busyMs <= 1.5 * quietMs)}; ≤ 2 requests more: ${reached(busyRequests <= quietRequests + 2)}`,
			note: `${note(busy)}; after the first order of the grown day, which read what was new`,
		},
	];
}

async function triggerRows(): Promise<Row[]> {
	const rows: Row[] = [];
	for (const watched of WATCHED) {
		log(`trigger: ${count(watched)} watched shipments, the activation poll and ${RUNS} more`);
		const result = await measureTrigger(watched, RUNS);
		const poll = median(result.pollMs);
		const bytes = result.staticDataBytes / watched;
		const large = watched >= 100_000;
		rows.push({
			measure: `Cargus Trigger poll, ${count(watched)} watched shipments`,
			value: seconds(poll),
			target: large ? `≤ 5 s: ${reached(poll <= 5000)}` : undefined,
			note: `${RUNS} polls: ${result.pollMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}; activation poll ${seconds(result.firstPollMs)}; ${count(result.eventsEmitted)} events`,
		});
		rows.push({
			measure: `Static data per shipment, ${count(watched)} watched`,
			value: `${bytes.toFixed(1)} bytes`,
			target: large ? `≤ 45 bytes: ${reached(bytes <= 45)}` : undefined,
			note: `${count(result.staticDataBytes)} bytes of JSON in all`,
		});
	}
	rows.push(...(await accountEventRows()));
	rows.push(...(await accountTrackingRows()));
	return rows;
}

/** New Tracking Event watching the whole account that shipped BENCH_RECORDS (10,000) parcels in the window. */
async function accountTrackingRows(): Promise<Row[]> {
	log(`trigger: All Shipments of the Account, ${count(RECORDS)} shipments in the window, the activation poll and ${RUNS} more`);
	const rows: Row[] = [];
	for (const shape of ['event', 'shipment'] as const) {
		const result = await measureAccountTracking(RECORDS, RUNS, shape);
		const poll = median(result.pollMs);
		const bytes = result.staticDataBytes / RECORDS;
		// A steady state: the polls after the first, which meets the moves of the half hour after activation (in the
		// bench's world about 330 shipments, 7 trace requests, where a later half hour brings 2 to 40).
		const requests = Math.max(...(result.requests ?? [0, 0]).slice(1));
		const answered = shape === 'event' ? 'GetDeltaEvents per event' : 'GetDeltaEvents per shipment';
		rows.push(
			{
				measure: `Cargus Trigger poll, All Shipments of the Account, ${count(RECORDS)} shipments in the window, ${answered}`,
				value: seconds(poll),
				target: shape === 'event' ? `≤ 2 s: ${reached(poll <= 2000)}` : `≤ 2 s and ≤ 3 requests a poll in a steady state (after the first): ${reached(poll <= 2000 && requests <= 3)}`,
				note: `${RUNS} polls 30 sandbox minutes apart, ${result.requests?.join(', ')} requests: ${result.pollMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; activation poll ${seconds(result.firstPollMs)}; ${count(result.emitted)} events`,
			},
			{
				measure: `Static data per shipment, All Shipments of the Account, ${count(RECORDS)} shipments, ${answered}`,
				value: `${bytes.toFixed(1)} bytes`,
				target: `≤ 45 bytes: ${reached(bytes <= 45)}`,
				note: `${count(result.staticDataBytes)} bytes of JSON in all after the activation poll`,
			},
		);
	}
	return rows;
}

/** New Invoice and Cash on Delivery Repaid at 10,000 records (BENCH_RECORDS). */
async function accountEventRows(): Promise<Row[]> {
	const rows: Row[] = [];
	const events = [
		{ name: 'New Invoice', what: 'invoices in the window', measure: measureInvoices, emitted: 'invoices with their PDF' },
		{ name: 'Cash on Delivery Repaid', what: 'repaid records', measure: measureRepayments, emitted: 'repayments' },
	];
	for (const event of events) {
		log(`trigger: ${event.name}, ${count(RECORDS)} ${event.what}, the activation poll and ${RUNS} more`);
		const result = await event.measure(RECORDS, RUNS);
		rows.push({
			measure: `Cargus Trigger poll, ${event.name}, ${count(RECORDS)} ${event.what}`,
			value: seconds(median(result.pollMs)),
			note: `${RUNS} polls, each finding 20 ${event.emitted}: ${result.pollMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}; activation poll ${seconds(result.firstPollMs)}`,
		});
		rows.push({
			measure: `Static data per record, ${event.name}, ${count(RECORDS)} ${event.what}`,
			value: `${(result.staticDataBytes / RECORDS).toFixed(1)} bytes`,
			note: `${count(result.staticDataBytes)} bytes of JSON in all after the activation poll`,
		});
	}
	return rows;
}

/** Each run's time against the limit's (requests served ÷ rate), the median of the runs; target ≤ 1.5×. */
async function rateLimitRows(n8n: BenchN8n): Promise<Row[]> {
	return limitedRows(await measureRateLimit(n8n, RUNS, log));
}

function limitedRows(runs: RateLimitedRun[]): Row[] {
	const labels = [...new Set(runs.map((run) => run.label))];
	return labels.map((label) => {
		const mine = runs.filter((run) => run.label === label);
		const shares = mine.map((run) => run.ms / ((run.served / run.requestsPerSecond) * 1000));
		const complete = mine.every((run) => run.answered === run.expected);
		const share = median(shares);
		const { targetRatio, maxRefusedShare } = mine[0];
		const refusedShare = Math.max(...mine.map((run) => run.refused / (run.served + run.refused)));
		const refusals = maxRefusedShare < 1 ? `, ≤ ${Math.round(maxRefusedShare * 100)}% of the answers 429 (at most ${(refusedShare * 100).toFixed(1)}%)` : '';
		return {
			measure: `${label}, the sandbox's gateway at ${mine[0].requestsPerSecond} requests/s`,
			value: seconds(median(mine.map((run) => run.ms))),
			ratio: `${share.toFixed(2)}× the limit's time`,
			target: `≤ ${targetRatio}×, every item answered${refusals}: ${reached(share <= targetRatio && complete && refusedShare <= maxRefusedShare)}`,
			note: mine.map((run) => `${seconds(run.ms)} for ${run.served} requests served (${run.refused} refused 429), ${run.answered} of ${run.expected} answered`).join('; '),
		};
	});
}

async function sandboxRows(): Promise<Row[]> {
	log(`sandbox: autocannon, ${RUNS} alternating runs of ${LOAD_SECONDS} s per server`);
	const result = await measureThroughput(RUNS, LOAD_SECONDS);
	const perSecond = (values: number[]) => `${count(Math.round(median(values)))} req/s`;
	const runs = (values: number[]) => `${RUNS} runs: ${values.map((v) => count(Math.round(v))).join(', ')}`;
	const share = throughputRatio(result);
	return [
		{
			measure: 'Sandbox, tracking call (autocannon, 32 connections)',
			value: perSecond(result.sandbox),
			ratio: `${share.toFixed(2)}× bare`,
			target: `≥ 0.5×: ${reached(share >= 0.5)}`,
			note: runs(result.sandbox),
		},
		{ measure: 'Bare node:http, same bytes, same load', value: perSecond(result.bare), note: runs(result.bare) },
	];
}

async function main(): Promise<void> {
	const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
	const rows: Row[] = [];
	if (['flows', 'create', 'operations', 'rateLimit', 'busyDay'].some((section) => SECTIONS.has(section))) {
		log(`n8n: starting (fresh user folder, ports from ${process.env.BENCH_PORT_BASE ?? 5700})`);
		const n8n = await startBenchN8n({ items: ITEMS, log: (line) => log(line) });
		try {
			// Before the flows section, which ends by expiring every token, the one the HTTP Request flows hold too. The
			// operations before creating: the sandbox keeps the AWBs the create section deletes, listed "Deleted", and
			// listing a day of thousands of them made both sides of Shipment › Get Many wait on the sandbox.
			const operations = SECTIONS.has('operations') ? await operationRows(n8n) : [];
			const created = SECTIONS.has('create') ? await createRows(n8n) : [];
			if (SECTIONS.has('flows')) rows.push(...(await flowRows(n8n)));
			const rateLimited = SECTIONS.has('rateLimit') ? await rateLimitRows(n8n) : [];
			// Last: it resets the sandbox, which the other sections' barcodes and token do not survive.
			const busyDay = SECTIONS.has('busyDay') ? await busyDayRows(n8n) : [];
			rows.push(...created, ...operations, ...rateLimited, ...busyDay);
		} finally {
			log('n8n: stopping');
			await n8n.stop();
		}
	}
	if (SECTIONS.has('rateLimitEngine')) rows.push(...limitedRows(await measureRateLimitInEngine(RUNS, log)));
	if (SECTIONS.has('trigger')) rows.push(...(await triggerRows()));
	if (SECTIONS.has('sandbox')) rows.push(...(await sandboxRows()));
	const cpus = os.cpus();
	process.stdout.write(
		`\nn8n-nodes-cargus benchmark, ${new Date().toISOString()}: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ` +
			`load average ${load} at the start and ${os.loadavg().map((value) => value.toFixed(1)).join(' ')} at the end, ` +
			`${((Date.now() - started) / 1000).toFixed(0)} s wall time\n\n${table(rows)}\n`,
	);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
