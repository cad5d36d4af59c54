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
 * few under way, where a batch sent all at once would be refused nearly whole. Once the gateway has refused with
 * evidence of the rate (at least `MIN_EVIDENCE` requests served in its Retry-After window), the process starts that
 * key's requests one `intervalMs` apart, learnt from that refusal's Retry-After and how many the gateway served in it.
 * A pace learnt from a batch that met the limit (`KEPT_EVIDENCE` served) is kept for the process's later executions:
 * the limit is the subscription's. One learnt from fewer (a stray 429 among a few requests, or a share of the limit
 * that another process also uses) eases off as answers come without refusal, until requests go unpaced again. A
 * refusal with fewer than `MIN_EVIDENCE` served says nothing of the rate: it is waited out and teaches nothing.
 */
interface Gate {
	intervalMs: number;
	/** No request starts before this (epoch ms): a 429's Retry-After. */
	closedUntilMs: number;
	/** When the last request let through by the queue started. */
	lastStartMs: number;
	/** Requests waiting for their turn, in order; one loop lets them through. */
	queue: Array<{ go: () => void; cancel: () => void; login: boolean }>;
	letting: boolean;
	/** When the requests served in the last minute were answered. */
	served: number[];
	lastRefusalMs: number;
	/**
	 * The first refusal's window (its Retry-After before its answer) and the requests served in it: those answered in
	 * it, and those under way when the refusal came (sent before it or beside it) as their answers arrive.
	 */
	learning?: { windowMs: number; toMs: number; served: number; refused: number };
	/**
	 * The pace kept for the process (0: none), taught by a first refusal with `KEPT_EVIDENCE`: later refusals slow the gate,
	 * and answers served without refusal bring it back to this, never past it.
	 */
	learntMs: number;
	/** Answers served to requests started after the last refusal that taught something. */
	servedSinceRefusal: number;
	/** Logins under way, whose token the requests waiting for their turn will send: they take no turn until it comes. */
	logins?: { count: number; ended: Promise<void>; end: () => void };
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
/** A refusal teaches a pace only when the gateway served at least this many requests in its Retry-After window. */
const MIN_EVIDENCE = 4;
/**
 * A first refusal with this many served in its window, and refused with another under way beside it (a full window
 * refuses every request until it frees; a stray 429 comes alone), is a batch that met the limit: its pace is kept.
 */
const KEPT_EVIDENCE = 10;
const KEPT_REFUSED = 2;
/** Answers served without a refusal after which a pace comes back towards the kept one (or towards none), 2% an answer. */
const RECOVER_AFTER_SERVED = 20;
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
 * A `login` (or the request whose sending logs in first) goes first and is not held back by the slow start: the
 * requests under way may be waiting for its token. While one is under way the other requests take no turn (waiting
 * for the token, they would all send at once when it comes), and the request sent after it counts as a turn.
 */
export async function throughRateLimit<T>(
	gateKey: string,
	patience: Patience,
	attempt: () => Promise<T>,
	rateLimitOf: (outcome: Outcome<T>) => RateLimited | undefined,
	{ login = false }: { login?: boolean } = {},
): Promise<T> {
	const gate = gateOf(gateKey);
	if (login) loginStarts(gate);
	try {
		return await sendThrough(gate, patience, attempt, rateLimitOf, login);
	} finally {
		if (login) loginEnds(gate);
	}
}

async function sendThrough<T>(gate: Gate, patience: Patience, attempt: () => Promise<T>, rateLimitOf: (outcome: Outcome<T>) => RateLimited | undefined, login: boolean): Promise<T> {
	for (let refusals = 0; ; refusals++) {
		let underWay = await takeTurn(gate, patience.signal, login);
		while (!login && gate.logins !== undefined) {
			endUnderWay(gate, underWay);
			await untilLoggedIn(gate.logins.ended, patience.signal);
			underWay = await takeTurn(gate, patience.signal, false);
		}
		const { startedMs } = underWay;
		let outcome: Outcome<T>;
		try {
			outcome = { value: await attempt() };
		} catch (error) {
			outcome = { error };
		}
		endUnderWay(gate, underWay);
		const limited = rateLimitOf(outcome);
		if (limited === undefined) {
			noteServed(gate, startedMs);
			// The request that waited for this login's token goes now: its turn, for the pace.
			if (login) gate.lastStartMs = Math.max(gate.lastStartMs, Date.now());
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
		gate = {
			intervalMs: 0,
			closedUntilMs: 0,
			lastStartMs: 0,
			queue: [],
			letting: false,
			served: [],
			lastRefusalMs: 0,
			learntMs: 0,
			servedSinceRefusal: 0,
			allowance: FIRST_ALLOWANCE,
			underWay: new Set(),
		};
		gates.set(key, gate);
	}
	return gate;
}

/** Ends when the logins under way with this key's gate have ended; undefined when none is. */
export function loginUnderWay(gateKey: string): Promise<void> | undefined {
	return gates.get(gateKey)?.logins?.ended;
}

function loginStarts(gate: Gate): void {
	if (gate.logins === undefined) {
		let end = () => {};
		const ended = new Promise<void>((resolve) => (end = resolve));
		gate.logins = { count: 0, ended, end };
	}
	gate.logins.count++;
}

function loginEnds(gate: Gate): void {
	if (gate.logins === undefined || --gate.logins.count > 0) return;
	const { end } = gate.logins;
	gate.logins = undefined;
	end();
}

async function untilLoggedIn(ended: Promise<void>, signal?: AbortSignal): Promise<void> {
	if (signal === undefined) return await ended;
	if (signal.aborted) throw cancelled();
	let onAbort = () => {};
	try {
		await Promise.race([ended, new Promise<never>((_, reject) => signal.addEventListener('abort', (onAbort = () => reject(cancelled())), { once: true }))]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/**
 * Waits for the request's turn and counts it under way from then (at once, so that a burst sees it). A login's turn
 * comes first and the slow start does not hold it back: the requests under way wait for its token.
 */
async function takeTurn(gate: Gate, signal: AbortSignal | undefined, login: boolean): Promise<UnderWay> {
	if (signal?.aborted) throw cancelled();
	const now = Date.now();
	if (gate.intervalMs === 0 && gate.closedUntilMs <= now && gate.queue.length === 0 && (login || underWayCount(gate, now) < gate.allowance)) return underWayFrom(gate, now);
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
			login,
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		if (login) gate.queue.unshift(entry);
		else gate.queue.push(entry);
		// A loop waiting for a request under way to end (perhaps the one that waits for this login) looks again.
		if (login) gate.wake?.();
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
			if (gate.intervalMs === 0 && !gate.queue[0].login && underWayCount(gate, now) >= gate.allowance) {
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

function endUnderWay(gate: Gate, underWay: UnderWay): void {
	gate.underWay.delete(underWay);
	gate.wake?.();
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
	if (startedMs > gate.lastRefusalMs) gate.servedSinceRefusal++;
	if (gate.intervalMs > gate.learntMs && gate.servedSinceRefusal > RECOVER_AFTER_SERVED) recover(gate);
	if (gate.learning !== undefined && startedMs <= gate.learning.toMs) {
		gate.learning.served++;
		learnPace(gate);
	}
}

/** A pace comes back 2% towards the kept one; with none kept, requests go unpaced again once it is fast enough. */
function recover(gate: Gate): void {
	gate.intervalMs = Math.max(gate.learntMs, gate.intervalMs * RECOVERY);
	if (gate.intervalMs < MIN_INTERVAL_MS) {
		gate.intervalMs = 0;
		gate.learning = undefined;
		gate.allowance = FIRST_ALLOWANCE;
	}
}

/**
 * A refusal of a request started after the last refusal was learnt from says the pace was too fast, if the gateway
 * served at least `MIN_EVIDENCE` requests in its Retry-After window: the first such sets the pace from them (those
 * still under way count as their answers come), each later one slows it by a tenth. A refusal with fewer served
 * teaches nothing (a slow start begins again from one request). The requests refused with it, under way before,
 * teach nothing more. Every refusal closes the gate for its Retry-After.
 */
function noteRefusal(gate: Gate, startedMs: number, now: number, waitMs: number): void {
	if (startedMs > gate.lastRefusalMs) {
		const window = Math.max(waitMs, FIRST_BACKOFF_MS);
		const served = gate.served.filter((answered) => answered > now - window).length;
		if (gate.intervalMs > 0) {
			if (served >= MIN_EVIDENCE) gate.intervalMs = paceWithin(gate.intervalMs * SLOWER, window);
			gate.learning = undefined;
		} else {
			gate.learning = { windowMs: window, toMs: now, served, refused: 1 };
			learnPace(gate);
			if (gate.intervalMs === 0) gate.allowance = FIRST_ALLOWANCE;
		}
		if (served >= MIN_EVIDENCE) gate.servedSinceRefusal = 0;
		gate.lastRefusalMs = now;
	} else if (gate.learning !== undefined && startedMs <= gate.learning.toMs) {
		gate.learning.refused++;
		learnPace(gate);
	}
	gate.closedUntilMs = Math.max(gate.closedUntilMs, now + waitMs);
}

/**
 * The pace of the first refusal's window, once it holds evidence of the rate: its length over the requests served in
 * it, kept a tenth under; kept for the process when they were a batch that met the limit. The requests under way
 * beside the refusal count as their answers come: served in the window, or refused with it.
 */
function learnPace(gate: Gate): void {
	if (gate.learning === undefined || gate.learning.served < MIN_EVIDENCE) return;
	const { windowMs, served, refused } = gate.learning;
	gate.intervalMs = paceWithin((windowMs / served) * MARGIN, windowMs);
	gate.learntMs = served >= KEPT_EVIDENCE && refused >= KEPT_REFUSED ? gate.intervalMs : 0;
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
