import type { IDataObject } from 'n8n-workflow';

import { compareEvents } from './eventIdentity';
import type { ShipmentEvent } from './shipmentEvent';

/**
 * What the trigger remembers about one watched shipment. It never grows with the number of
 * events: a high-water mark (latest Date and EventId seen), how many distinct events were seen
 * and an order-independent fingerprint of their identities. Events after the mark are new;
 * an event that shows up late with an older date is found by comparing count and fingerprint.
 */
export interface ShipmentState {
	latestTime: number;
	latestEventId: number;
	count: number;
	/** Sum, modulo 2^32, of the hashes of the identities of every event seen. */
	fingerprint: number;
	/** Successful polls since the latest event became a final one (delivered or returned); -1 if not. */
	pollsSinceFinal: number;
	/** Consecutive answers that contradicted what was seen (events vanished or changed). */
	mismatches: number;
}

/**
 * Stored form: a short number array (Listed Barcodes), the same numbers in base 36 joined by "." (All Shipments
 * of the Account, where thousands are kept), or 0 for a shipment that is finished and no longer polled (kept
 * while it stays in the list so it is not picked up again as a new shipment).
 */
type StoredShipment = number[] | string | 0;

interface StoredState {
	shipments?: Record<string, StoredShipment>;
	/** The barcode the next poll starts with: the first one a poll could not trace. */
	resumeAt?: string;
	/** All Shipments of the Account: the account's events were read once; a shipment not known since then is new. */
	accountWatched?: true;
	/**
	 * All Shipments of the Account, GetDeltaEvents answered per shipment: each shipment's row as last seen, "<hash>.<latest
	 * event time>" in base 36. A row that changed is traced; its events after that time are new.
	 */
	rows?: Record<string, string>;
}

/** A shipment's GetDeltaEvents row as last seen (deltaRows.ts). */
export interface SeenRow {
	hash: number;
	latestTime: number;
}

/** A row that changed: as seen before (undefined: never seen) and now. */
interface RowToTrace {
	before: SeenRow | undefined;
	now: SeenRow;
}

function toNumbers(stored: StoredShipment | undefined): number[] | undefined {
	if (Array.isArray(stored)) return stored;
	if (typeof stored !== 'string') return undefined;
	return stored.split('.').map((part) => parseInt(part, 36));
}

export type Watched = { status: 'new' } | { status: 'finished' } | { status: 'watching'; state: ShipmentState };

/** Answers that contradict what was seen are ignored this many times before the trigger resynchronises. */
export const MISMATCHES_BEFORE_RESYNC = 3;

const MAX_LATE_EVENT_COMBINATIONS = 20_000;

/**
 * The watched shipments, read from the node's static data and written back in one assignment by
 * `commit`. n8n saves static data only when a top-level key of it is assigned (nested changes go
 * unnoticed), and a poll that fails half-way must leave it as it was.
 */
export class WatchState {
	private readonly shipments: Record<string, StoredShipment>;
	/** The shipments as the static data holds them (untouched until `commit`). */
	private readonly saved: Record<string, StoredShipment>;
	private changed = false;

	private resumeAtBarcode: string | undefined;
	private readonly rows: Record<string, string>;
	private rowsChanged = false;
	/** Rows of this poll's answer, kept until their shipment is traced (then they are seen). */
	private readonly rowsToTrace = new Map<string, RowToTrace>();
	/** All Shipments of the Account: whether the account's events were read before this poll. */
	accountWatched: boolean;

	constructor(
		private readonly staticData: IDataObject,
		/** Shipments kept in the short text form (All Shipments of the Account). */
		private readonly compact = false,
	) {
		const stored = staticData as StoredState;
		this.saved = stored.shipments !== null && typeof stored.shipments === 'object' ? stored.shipments : {};
		this.shipments = { ...this.saved };
		this.resumeAtBarcode = typeof stored.resumeAt === 'string' ? stored.resumeAt : undefined;
		this.accountWatched = stored.accountWatched === true;
		this.rows = stored.rows !== null && typeof stored.rows === 'object' ? { ...stored.rows } : {};
	}

	/** The shipment's GetDeltaEvents row as last seen, if any. */
	seenRow(barcode: string): SeenRow | undefined {
		const stored = this.rows[barcode];
		if (typeof stored !== 'string') return undefined;
		const [hash, latestTime] = stored.split('.').map((part) => parseInt(part, 36));
		return Number.isFinite(hash) && Number.isFinite(latestTime) ? { hash, latestTime } : undefined;
	}

	/** Records the shipment's row as seen. */
	seeRow(barcode: string, row: SeenRow): void {
		const stored = `${row.hash.toString(36)}.${row.latestTime.toString(36)}`;
		if (this.rows[barcode] === stored) return;
		this.rows[barcode] = stored;
		this.rowsChanged = true;
	}

	/** Forgets the rows of shipments the answer no longer lists (no event in the window). */
	keepRowsOf(barcodes: ReadonlySet<string>): void {
		for (const barcode of Object.keys(this.rows)) {
			if (barcodes.has(barcode)) continue;
			delete this.rows[barcode];
			this.rowsChanged = true;
		}
	}

	/** A changed row whose shipment this poll traces (`before`: the row as seen before, if any): seen once the trace is read. */
	traceRow(barcode: string, before: SeenRow | undefined, now: SeenRow): void {
		this.rowsToTrace.set(barcode, { before, now });
	}

	/** The changed row of a shipment being traced (and forgets it: it is seen now). */
	takeRowToTrace(barcode: string): RowToTrace | undefined {
		const row = this.rowsToTrace.get(barcode);
		this.rowsToTrace.delete(barcode);
		return row;
	}

	/** All Shipments of the Account: the account's events were read; what shows up from now on is new. */
	watchAccount(): void {
		this.changed ||= !this.accountWatched;
		this.accountWatched = true;
	}

	/** Forgets every shipment whose latest event is older than `time` (it left the account window). */
	forgetBefore(time: number): void {
		for (const barcode of Object.keys(this.shipments)) {
			const watched = this.get(barcode);
			if (watched.status === 'watching' && watched.state.latestTime >= time) continue;
			if (watched.status === 'finished' && !this.finishedBefore(barcode, time)) continue;
			delete this.shipments[barcode];
			this.changed = true;
		}
	}

	private finishedBefore(barcode: string, time: number): boolean {
		const stored = this.shipments[barcode];
		return typeof stored === 'string' && stored.startsWith('0.') && parseInt(stored.slice(2), 36) < time;
	}

	/** Every shipment the state holds. */
	barcodes(): string[] {
		return Object.keys(this.shipments);
	}

	/** Writes the shipments back to the static data, if anything changed. */
	commit(): void {
		const stored = this.staticData as StoredState;
		if (this.changed) {
			stored.shipments = this.shipments;
			if (this.accountWatched) stored.accountWatched = true;
		}
		if (this.rowsChanged) stored.rows = this.rows;
		this.rowsChanged = false;
		if (stored.resumeAt !== this.resumeAtBarcode) {
			if (this.resumeAtBarcode === undefined) delete stored.resumeAt;
			else stored.resumeAt = this.resumeAtBarcode;
		}
		this.changed = false;
	}

	/**
	 * The watch list turned to start with the barcode a previous poll could not reach (rate limit,
	 * time budget), so that under a lasting limit every batch gets its turn.
	 */
	inTracingOrder(barcodes: readonly string[]): string[] {
		const start = this.resumeAtBarcode === undefined ? -1 : barcodes.indexOf(this.resumeAtBarcode);
		return start <= 0 ? [...barcodes] : [...barcodes.slice(start), ...barcodes.slice(0, start)];
	}

	resumeAt(barcode: string | undefined): void {
		this.resumeAtBarcode = barcode;
	}

	/** Forgets every shipment that is no longer in the watch list. */
	prune(watchList: readonly string[]): void {
		const keep = new Set(watchList);
		for (const barcode of Object.keys(this.shipments)) {
			if (keep.has(barcode)) continue;
			delete this.shipments[barcode];
			this.changed = true;
		}
	}

	/** Forgets what this poll learned about the shipment: its events are found again, as new, at the next poll. */
	revert(barcode: string): void {
		if (Object.prototype.hasOwnProperty.call(this.saved, barcode)) this.shipments[barcode] = this.saved[barcode];
		else delete this.shipments[barcode];
		this.changed = true;
	}

	get(barcode: string): Watched {
		const stored = this.shipments[barcode];
		if (stored === 0 || (typeof stored === 'string' && stored.startsWith('0.'))) return { status: 'finished' };
		const numbers = toNumbers(stored);
		if (numbers === undefined || numbers.length < 4) return { status: 'new' };
		const [latestTime, latestEventId, count, fingerprint, pollsSinceFinal = -1, mismatches = 0] = numbers;
		return {
			status: 'watching',
			state: { latestTime, latestEventId, count, fingerprint, pollsSinceFinal, mismatches },
		};
	}

	isFinished(barcode: string): boolean {
		return this.get(barcode).status === 'finished';
	}

	set(barcode: string, state: ShipmentState): void {
		const numbers = [state.latestTime, state.latestEventId, state.count, state.fingerprint];
		if (state.pollsSinceFinal >= 0 || state.mismatches > 0) numbers.push(state.pollsSinceFinal);
		if (state.mismatches > 0) numbers.push(state.mismatches);
		this.store(barcode, this.compact ? numbers.map((value) => value.toString(36)).join('.') : numbers);
	}

	/** Finished: no longer traced. With All Shipments of the Account, the time of its latest event is kept (to forget it with the window). */
	markFinished(barcode: string, latestTime = 0): void {
		this.store(barcode, this.compact ? `0.${latestTime.toString(36)}` : 0);
	}

	private store(barcode: string, stored: StoredShipment): void {
		this.changed ||= !sameStored(this.shipments[barcode], stored);
		this.shipments[barcode] = stored;
	}
}

function sameStored(previous: StoredShipment | undefined, next: StoredShipment): boolean {
	if (!Array.isArray(previous) || !Array.isArray(next)) return previous === next;
	return previous.length === next.length && previous.every((value, index) => value === next[index]);
}

function fingerprintOf(events: readonly ShipmentEvent[]): number {
	let sum = 0;
	for (const event of events) sum = (sum + event.hash) >>> 0;
	return sum;
}

function isAfterMark(event: ShipmentEvent, state: ShipmentState): boolean {
	return event.time - state.latestTime > 0 || (event.time === state.latestTime && event.eventId > state.latestEventId);
}

/** The state that records every one of `events` as seen (they are sorted oldest first). */
export function summarize(events: readonly ShipmentEvent[], previous?: ShipmentState): ShipmentState {
	const latest = events[events.length - 1];
	return {
		latestTime: latest ? latest.time : 0,
		latestEventId: latest ? latest.eventId : -1,
		count: events.length,
		fingerprint: fingerprintOf(events),
		pollsSinceFinal: previous?.pollsSinceFinal ?? -1,
		mismatches: 0,
	};
}

/**
 * Finds `size` events among `candidates` whose hashes add up to `target` (mod 2^32): the events
 * that arrived late, with a date at or before the high-water mark. Usually size is 1.
 */
function findLateEvents(candidates: readonly ShipmentEvent[], size: number, target: number): ShipmentEvent[] | undefined {
	let budget = MAX_LATE_EVENT_COMBINATIONS;
	const chosen: ShipmentEvent[] = [];
	const search = (start: number, sum: number): boolean => {
		if (chosen.length === size) return sum === target;
		for (let index = start; index <= candidates.length - (size - chosen.length); index++) {
			if (--budget < 0) return false;
			chosen.push(candidates[index]);
			if (search(index + 1, (sum + candidates[index].hash) >>> 0)) return true;
			chosen.pop();
		}
		return false;
	};
	return search(0, 0) ? [...chosen] : undefined;
}

export type Comparison =
	/** The events not seen before (oldest first) and the state that records all current events. */
	| { outcome: 'new-events'; newEvents: ShipmentEvent[]; next: ShipmentState }
	/** The answer contradicts what was seen: nothing is emitted, the mismatch is counted. */
	| { outcome: 'mismatch'; next: ShipmentState };

/**
 * Compares a shipment's current events (distinct, oldest first) with what was seen. Events after
 * the high-water mark are new; events at or before it are new only if count and fingerprint show
 * that they were not seen (late arrivals, or a second event with the exact same date).
 */
export function compareWithSeen(state: ShipmentState, events: readonly ShipmentEvent[]): Comparison {
	const after = events.filter((event) => isAfterMark(event, state));
	const before = events.filter((event) => !isAfterMark(event, state));
	const lateCount = before.length - state.count;
	const missingSum = (fingerprintOf(before) - state.fingerprint) >>> 0;

	let late: ShipmentEvent[] | undefined;
	if (lateCount === 0 && missingSum === 0) late = [];
	else if (lateCount > 0) late = findLateEvents(before, lateCount, missingSum);

	if (late === undefined) {
		if (state.mismatches + 1 < MISMATCHES_BEFORE_RESYNC) {
			return { outcome: 'mismatch', next: { ...state, mismatches: state.mismatches + 1 } };
		}
		// History really changed on the service's side: start again from what it shows now.
		return { outcome: 'new-events', newEvents: after, next: summarize(events, state) };
	}
	const newEvents = late.length === 0 ? after : [...late, ...after].sort(compareEvents);
	return { outcome: 'new-events', newEvents, next: summarize(events, state) };
}
