import type { AuthCarried } from '../routes/authKinds';
import { toServiceDate } from '../world/dates';

export interface RequestLogEntry {
	seq: number;
	/** Sandbox clock time of the request. */
	time: string;
	/** Wall-clock time of the request. */
	realTime: string;
	method: string;
	path: string;
	operation: string;
	query: Record<string, unknown>;
	/** The parsed body with Password redacted; a body larger than 10 KB as its size only. */
	body?: unknown;
	status: number;
	auth: AuthCarried;
	/** The username the request was served for: its token's account, or the key's for operations without a token; absent when refused. */
	account?: string;
	/** The kind of fault injected into the request (POST /_sandbox/faults), if any: its answer is not what the service made. */
	fault?: string;
}

/** What the gateway records of a request (its query as received): it becomes a RequestLogEntry when the log is read. */
export type LoggedRequest = Omit<RequestLogEntry, 'seq' | 'time' | 'realTime'> & {
	/** Sandbox clock time of the request, in ms. */
	clockMs: number;
	/** Wall-clock time of the request, in ms. */
	realMs: number;
};

function entryOf(seq: number, request: LoggedRequest): RequestLogEntry {
	return {
		seq,
		time: toServiceDate(request.clockMs, true),
		realTime: new Date(request.realMs).toISOString(),
		method: request.method,
		path: request.path,
		operation: request.operation,
		query: redactQuery(request.query),
		body: request.body,
		status: request.status,
		auth: request.auth,
		account: request.account,
		...(request.fault !== undefined && { fault: request.fault }),
	};
}

/** Keeps the most recent requests to the service (control-API calls are not logged). */
export class RequestLog {
	static readonly MAX_ENTRIES = 10_000;
	private requests: LoggedRequest[] = [];
	/** requests[i] as the log shows it, once it has been read. */
	private entries: Array<RequestLogEntry | undefined> = [];
	/** The sequence number of requests[0]. */
	private firstSeq = 1;

	constructor(private readonly maxEntries = RequestLog.MAX_ENTRIES) {}

	add(request: LoggedRequest): void {
		this.requests.push(request);
		this.entries.push(undefined);
		if (this.requests.length > this.maxEntries * 1.1) {
			const dropped = this.requests.length - this.maxEntries;
			this.requests = this.requests.slice(dropped);
			this.entries = this.entries.slice(dropped);
			this.firstSeq += dropped;
		}
	}

	list(operation?: string): RequestLogEntry[] {
		const start = Math.max(0, this.requests.length - this.maxEntries);
		const wanted = operation ? operation.toLowerCase() : undefined;
		const listed: RequestLogEntry[] = [];
		for (let index = start; index < this.requests.length; index++) {
			const request = this.requests[index];
			if (wanted !== undefined && request.operation.toLowerCase() !== wanted) continue;
			let entry = this.entries[index];
			if (entry === undefined) {
				entry = entryOf(this.firstSeq + index, request);
				this.entries[index] = entry;
			}
			listed.push(entry);
		}
		return listed;
	}

	clear(): void {
		this.firstSeq += this.requests.length;
		this.requests = [];
		this.entries = [];
	}
}

/** Copies the query for the log with the Token parameter redacted. */
export function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
	const copy: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(query)) copy[key] = key.toLowerCase() === 'token' ? '[redacted]' : value;
	return copy;
}

const LARGEST_LOGGED_BODY = 10 * 1024;

/** The body as the log keeps it: Password redacted, large bodies summarised. */
export function loggedBody(body: unknown): unknown {
	if (body === undefined) return undefined;
	const text = JSON.stringify(body) ?? '';
	if (text.length > LARGEST_LOGGED_BODY) return `[${text.length} bytes]`;
	return JSON.parse(text, (key, value: unknown) => (key.toLowerCase() === 'password' ? '[redacted]' : value)) as unknown;
}
