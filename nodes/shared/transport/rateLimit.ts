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
 * One gate per subscription key and base URL, as Cargus' gateway counts. Before the gateway has refused a request,
 * a burst starts a few requests at once and more as they are served (a slow start): the first refusal then finds
 * few under way, where a batch sent all at once would be refused nearly whole. Once the gateway has refused, the
 * process starts that key's requests one `intervalMs` apart, learnt from the first refusal's Retry-After and how
 * many the gateway served in it, and keeps that pace for its later executions: the limit is the subscription's.
 */
interface Gate {
	intervalMs: number;
	/** No request starts before this (epoch ms): a 429's Retry-After. */
	closedUntilMs: number;
	/** When the last request let through by the queue started. */
	lastStartMs: number;
	/** Requests waiting for their turn, in order; one loop lets them through. */
	queue: Array<{ go: () => void; cancel: () => void }>;
	letting: boolean;
	/** When the requests served in the last minute were answered. */
	served: number[];
	lastRefusalMs: number;
	/**
	 * The first refusal's window (its Retry-After before its answer) and the requests served in it: those answered in
	 * it, and those under way when the refusal came (sent before it or beside it) as their answers arrive.
	 */
	learning?: { windowMs: number; toMs: number; served: number };
	/** The pace the first refusal taught: later refusals slow the gate, and refusal-free time brings it back to this, never past it. */
	learntMs: number;
	/** Before any refusal: how many requests may be under way at once, grown by each one served while others waited. */
	allowance: number;
	/** When each request under way started. */
	underWay: Set<UnderWay>;
	/** Wakes the queue's loop when a request under way ends. */
	wake?: () => void;
}

const gates = new Map<string, Gate>();
const MAX_GATES = 100;
const SERVED_MEMORY_MS = 60_000;
const MAX_SERVED = 2_000;
/** The pace kept a little under the one learnt, so that a paced batch meets no refusal. */
const MARGIN = 1.1;
/** A refusal while paced slows the pace by a tenth. */
const SLOWER = 1.1;
/** Refusal-free time after which a pace slowed by later refusals comes back towards the learnt one, 2% a request served. */
const RECOVER_AFTER_MS = 10_000;
const RECOVERY = 0.98;
const MIN_INTERVAL_MS = 5;
/** How far a late turn may be made up on the next. */
const CATCH_UP = 0.25;
const MAX_INTERVAL_MS = 10_000;
/** The slow start: one request under way at first, a third of a request more for each served while others waited. */
const FIRST_ALLOWANCE = 1;
const GROWTH = 1 / 3;
/** A request under way this long no longer holds back the others (a slow answer must not stall a batch). */
const UNDER_WAY_MS = 1_000;
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
	attempt: () => Promise<T>,
	rateLimitOf: (outcome: Outcome<T>) => RateLimited | undefined,
): Promise<T> {
	const gate = gateOf(gateKey);
	for (let refusals = 0; ; refusals++) {
		const underWay = await takeTurn(gate, patience.signal);
		const { startedMs } = underWay;
		let outcome: Outcome<T>;
		try {
			outcome = { value: await attempt() };
		} catch (error) {
			outcome = { error };
		}
		gate.underWay.delete(underWay);
		gate.wake?.();
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
		gate = { intervalMs: 0, closedUntilMs: 0, lastStartMs: 0, queue: [], letting: false, served: [], lastRefusalMs: 0, learntMs: 0, allowance: FIRST_ALLOWANCE, underWay: new Set() };
		gates.set(key, gate);
	}
	return gate;
}

/** Waits for the request's turn and counts it under way from then (at once, so that a burst sees it). */
async function takeTurn(gate: Gate, signal?: AbortSignal): Promise<UnderWay> {
	if (signal?.aborted) throw cancelled();
	const now = Date.now();
	if (gate.intervalMs === 0 && gate.closedUntilMs <= now && gate.queue.length === 0 && underWayCount(gate, now) < gate.allowance) return underWayFrom(gate, now);
	return await new Promise<UnderWay>((resolve, reject) => {
		const onAbort = () => {
			gate.queue = gate.queue.filter((waiter) => waiter !== entry);
			reject(cancelled());
		};
		const entry = {
			go: () => {
				signal?.removeEventListener('abort', onAbort);
				resolve(underWayFrom(gate, Date.now()));
			},
			cancel: onAbort,
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		gate.queue.push(entry);
		void letThrough(gate);
	});
}

/**
 * Lets the queue's requests through one at a time: paced, each at least `intervalMs` after the one before actually
 * went (a busy event loop delays a turn, it never brings two together); before any refusal, while fewer than the
 * allowance are under way. None goes before a Retry-After has passed.
 */
async function letThrough(gate: Gate): Promise<void> {
	if (gate.letting) return;
	gate.letting = true;
	try {
		while (gate.queue.length > 0) {
			const now = Date.now();
			// The machine's clock set back (or a test's): a turn taken "later" than now says nothing of the pace.
			if (gate.lastStartMs > now) gate.lastStartMs = now;
			const wait = Math.max(gate.closedUntilMs - now, gate.lastStartMs + gate.intervalMs - now);
			if (wait > 0) {
				await sleep(wait);
				continue;
			}
			if (gate.intervalMs === 0 && underWayCount(gate, now) >= gate.allowance) {
				await untilOneEnds(gate, now);
				continue;
			}
			// Paced, a turn taken late is made up on the next ones (a quarter of the pace at most): the pace holds on average.
			gate.lastStartMs = gate.intervalMs === 0 ? now : Math.max(now - gate.intervalMs * CATCH_UP, gate.lastStartMs + gate.intervalMs);
			gate.queue.shift()?.go();
		}
	} finally {
		gate.letting = false;
	}
}

interface UnderWay {
	startedMs: number;
}

function underWayFrom(gate: Gate, startedMs: number): UnderWay {
	const underWay = { startedMs };
	gate.underWay.add(underWay);
	return underWay;
}

/** The requests under way that still hold back the others. */
function underWayCount(gate: Gate, now: number): number {
	let count = 0;
	for (const { startedMs } of gate.underWay) if (holdsBack(startedMs, now)) count++;
	return count;
}

/** A request started after now (the clock was set back) no longer holds back the others either. */
function holdsBack(startedMs: number, now: number): boolean {
	return startedMs <= now && now - startedMs < UNDER_WAY_MS;
}

/** Until a request under way ends, or the oldest of them no longer holds back the others. */
async function untilOneEnds(gate: Gate, now: number): Promise<void> {
	let oldest = now;
	for (const { startedMs } of gate.underWay) if (holdsBack(startedMs, now)) oldest = Math.min(oldest, startedMs);
	await Promise.race([new Promise<void>((resolve) => (gate.wake = resolve)), sleep(Math.max(1, oldest + UNDER_WAY_MS - now))]);
	gate.wake = undefined;
}

function noteServed(gate: Gate, startedMs: number): void {
	const now = Date.now();
	gate.served.push(now);
	while (gate.served.length > MAX_SERVED || (gate.served.length > 0 && gate.served[0] < now - SERVED_MEMORY_MS)) gate.served.shift();
	// Grown only while requests wait for it: a process that sends one at a time keeps the burst it starts with.
	if (gate.intervalMs === 0 && gate.queue.length > 0) gate.allowance += GROWTH;
	if (gate.intervalMs > gate.learntMs && startedMs - gate.lastRefusalMs > RECOVER_AFTER_MS) gate.intervalMs = Math.max(gate.learntMs, gate.intervalMs * RECOVERY);
	if (gate.learning !== undefined && startedMs <= gate.learning.toMs) {
		gate.learning.served++;
		learnPace(gate);
	}
}

/**
 * A refusal of a request started after the last refusal was learnt from says the pace was too fast: the first one
 * sets the pace from the requests the gateway served in the Retry-After window before it (those still under way
 * count as their answers come), each later one slows it by a tenth. The requests refused with it, under way before,
 * teach nothing more. Every refusal closes the gate for its Retry-After.
 */
function noteRefusal(gate: Gate, startedMs: number, now: number, waitMs: number): void {
	if (startedMs > gate.lastRefusalMs) {
		const window = Math.max(waitMs, FIRST_BACKOFF_MS);
		if (gate.intervalMs > 0) {
			gate.intervalMs = paceWithin(gate.intervalMs * SLOWER, window);
			gate.learning = undefined;
		} else {
			gate.learning = { windowMs: window, toMs: now, served: gate.served.filter((answered) => answered > now - window).length };
			learnPace(gate);
		}
		gate.lastRefusalMs = now;
	}
	gate.closedUntilMs = Math.max(gate.closedUntilMs, now + waitMs);
}

/** The pace of the first refusal's window: its length over the requests served in it, kept a tenth under. */
function learnPace(gate: Gate): void {
	if (gate.learning === undefined) return;
	const { windowMs, served } = gate.learning;
	gate.intervalMs = paceWithin(served > 0 ? (windowMs / served) * MARGIN : MIN_INTERVAL_MS, windowMs);
	gate.learntMs = gate.intervalMs;
}

/** Slower than one request per Retry-After would not serve more. */
function paceWithin(intervalMs: number, window: number): number {
	return Math.min(Math.max(intervalMs, MIN_INTERVAL_MS), window, MAX_INTERVAL_MS);
}

function cancelled(): Error {
	return new Error("The execution was cancelled while it waited for Cargus' rate limit");
}

/** The pace of a gate, ms between two requests (0: none learnt), for tests. */
export function paceOf(gateKey: string): number {
	return gates.get(gateKey)?.intervalMs ?? 0;
}

/** Forgets every gate (tests). */
export function forgetRateLimits(): void {
	gates.clear();
}
