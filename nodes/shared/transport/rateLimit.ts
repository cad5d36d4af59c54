import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { baseUrlOf } from '../cargus/baseUrl';

/**
 * How long the requests of one item (or one poll) may wait out Cargus' rate limit. Only the waits that
 * Cargus asks for (Retry-After) count; waiting for the pace of the other items does not.
 */
export interface Patience {
	/** Retry-After waits allowed in all, in ms: 0 gives the first 429 back at once. */
	maxWaitMs: number;
	waitedMs: number;
	/** No wait may end after this (epoch ms): a poll's time budget. */
	deadline?: number;
	/** n8n's cancel signal: every wait ends at once when the execution is cancelled. */
	signal?: AbortSignal;
}

/** What a request came to: its answer, or what it threw. */
export type Outcome<T> = { value: T } | { error: unknown };

/** The gateway's 429, read off an outcome: its Retry-After header as sent. */
export interface RateLimited {
	retryAfter: unknown;
}

export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 60;

/**
 * One gate per subscription key and base URL, as Cargus' gateway counts. Once the gateway has refused a
 * request, the process starts that key's requests one `intervalMs` apart, learnt from how many the
 * gateway served in the Retry-After window before it refused, and eases off again when refusals stop.
 */
interface Gate {
	intervalMs: number;
	/** No request starts before this (epoch ms): a 429's Retry-After. */
	closedUntilMs: number;
	/** When the last request let through by the queue started. */
	lastStartMs: number;
	/** Requests waiting for their turn, in order; one loop lets them through one `intervalMs` apart. */
	queue: Array<{ go: () => void; cancel: () => void }>;
	letting: boolean;
	/** When the requests served in the last minute started. */
	served: number[];
	lastRefusalMs: number;
}

const gates = new Map<string, Gate>();
const MAX_GATES = 100;
const SERVED_MEMORY_MS = 60_000;
const MAX_SERVED = 2_000;
/** The pace kept a little under the one learnt, so that a paced batch meets no refusal. */
const MARGIN = 1.1;
/** A refusal while paced slows the pace by a tenth. */
const SLOWER = 1.1;
/** Refusal-free time after which the pace eases off, 2% each request served. */
const EASE_AFTER_MS = 10_000;
const EASIER = 0.98;
const MIN_INTERVAL_MS = 5;
const MAX_INTERVAL_MS = 10_000;
/** Waits for a 429 without a readable Retry-After: 1 s, then twice as long each time, at most 30 s. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

/** The patience of one run of requests, with `seconds` of Retry-After waits allowed. */
export function patienceFor(seconds: number, signal?: AbortSignal, deadline?: number): Patience {
	const maxWaitMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : seconds === Infinity ? Infinity : 0;
	return { maxWaitMs, waitedMs: 0, deadline, signal };
}

/** The gate of the credential's subscription key and base URL. */
export function gateKeyOf(credentials: ICredentialDataDecryptedObject): string {
	let baseUrl = '';
	try {
		baseUrl = baseUrlOf(credentials);
	} catch {
		// The request itself reports a missing base URL.
	}
	return createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex').slice(0, 32);
}

/**
 * Sends through the gate of `gateKey`: at the gate's pace, and again after each 429 of the gateway (which
 * answers it before the service sees the request, so nothing was done) for as long as `patience` allows.
 * Any other answer or failure is handed back as it came, never sent again here. When the patience runs
 * out, the last 429 is handed back with the time waited (`waitedMs` on the error).
 */
export async function throughRateLimit<T>(
	gateKey: string,
	patience: Patience,
	send: () => Promise<T>,
	rateLimitOf: (outcome: Outcome<T>) => RateLimited | undefined,
): Promise<T> {
	const gate = gateOf(gateKey);
	for (let refusals = 0; ; refusals++) {
		await takeTurn(gate, patience.signal);
		const startedMs = Date.now();
		let outcome: Outcome<T>;
		try {
			outcome = { value: await send() };
		} catch (error) {
			outcome = { error };
		}
		const limited = rateLimitOf(outcome);
		if (limited === undefined) {
			noteServed(gate, startedMs);
			if ('error' in outcome) throw outcome.error;
			return outcome.value;
		}
		const waitMs = retryAfterMs(limited.retryAfter) ?? Math.min(FIRST_BACKOFF_MS * 2 ** refusals, MAX_BACKOFF_MS);
		const now = Date.now();
		noteRefusal(gate, startedMs, now, waitMs);
		const beyondDeadline = patience.deadline !== undefined && now + waitMs > patience.deadline;
		if (patience.waitedMs + waitMs > patience.maxWaitMs || beyondDeadline) {
			if ('value' in outcome) return outcome.value;
			throw withWaited(outcome.error, patience.waitedMs);
		}
		patience.waitedMs += waitMs;
	}
}

/** The time an error's request waited for the rate limit before it was given up, if it waited. */
export function waitedMsOf(error: unknown): number | undefined {
	const waited = (error as { cargusRateLimitWaitedMs?: unknown } | undefined)?.cargusRateLimitWaitedMs;
	return typeof waited === 'number' ? waited : undefined;
}

function withWaited(error: unknown, waitedMs: number): unknown {
	if (error !== null && typeof error === 'object') Object.assign(error, { cargusRateLimitWaitedMs: waitedMs });
	return error;
}

/** Retry-After in ms: seconds, or an HTTP date; undefined when missing or unreadable. */
function retryAfterMs(value: unknown): number | undefined {
	const text = String(Array.isArray(value) ? value[0] : (value ?? '')).trim();
	if (text === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function gateOf(key: string): Gate {
	let gate = gates.get(key);
	if (gate === undefined) {
		if (gates.size >= MAX_GATES) gates.clear();
		gate = { intervalMs: 0, closedUntilMs: 0, lastStartMs: 0, queue: [], letting: false, served: [], lastRefusalMs: 0 };
		gates.set(key, gate);
	}
	return gate;
}

async function takeTurn(gate: Gate, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw cancelled();
	if (gate.intervalMs === 0 && gate.closedUntilMs <= Date.now() && gate.queue.length === 0) return;
	await new Promise<void>((resolve, reject) => {
		const onAbort = () => {
			gate.queue = gate.queue.filter((waiter) => waiter !== entry);
			reject(cancelled());
		};
		const entry = {
			go: () => {
				signal?.removeEventListener('abort', onAbort);
				resolve();
			},
			cancel: onAbort,
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		gate.queue.push(entry);
		void letThrough(gate);
	});
}

/**
 * Lets the queue's requests through one at a time, each at least `intervalMs` after the one before actually went
 * (a busy event loop delays a turn, it never brings two together) and none before a Retry-After has passed.
 */
async function letThrough(gate: Gate): Promise<void> {
	if (gate.letting) return;
	gate.letting = true;
	try {
		while (gate.queue.length > 0) {
			const now = Date.now();
			const wait = Math.max(gate.closedUntilMs - now, gate.lastStartMs + gate.intervalMs - now);
			if (wait > 0) {
				await sleep(wait);
				continue;
			}
			gate.lastStartMs = now;
			gate.queue.shift()?.go();
		}
	} finally {
		gate.letting = false;
	}
}

function noteServed(gate: Gate, startedMs: number): void {
	gate.served.push(startedMs);
	while (gate.served.length > MAX_SERVED || (gate.served.length > 0 && gate.served[0] < startedMs - SERVED_MEMORY_MS)) gate.served.shift();
	if (gate.intervalMs > 0 && startedMs - gate.lastRefusalMs > EASE_AFTER_MS) {
		gate.intervalMs = gate.intervalMs < 5 ? 0 : gate.intervalMs * EASIER;
	}
}

/**
 * A refusal of a request started after the last refusal was learnt from says the pace was too fast: the first one
 * sets the pace from the requests served in the Retry-After window, each later one slows it by a tenth. The
 * requests refused with it, under way before, teach nothing more. Every refusal closes the gate for its Retry-After.
 */
function noteRefusal(gate: Gate, startedMs: number, now: number, waitMs: number): void {
	if (startedMs >= gate.lastRefusalMs) {
		const window = Math.max(waitMs, FIRST_BACKOFF_MS);
		const servedInWindow = gate.served.filter((started) => started > now - window).length;
		const learnt = gate.intervalMs > 0 ? gate.intervalMs * SLOWER : servedInWindow > 0 ? (window / servedInWindow) * MARGIN : MIN_INTERVAL_MS;
		// Slower than one request per Retry-After would not serve more.
		gate.intervalMs = Math.min(Math.max(learnt, MIN_INTERVAL_MS), window, MAX_INTERVAL_MS);
		gate.lastRefusalMs = now;
	}
	gate.closedUntilMs = Math.max(gate.closedUntilMs, now + waitMs);
}

function cancelled(): Error {
	return new Error("The execution was cancelled while it waited for Cargus' rate limit");
}

/** Forgets every gate (tests). */
export function forgetRateLimits(): void {
	gates.clear();
}
