export type AuthCarried = 'bearer' | 'query-token' | 'none';

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
}

/** Keeps the most recent requests to the service (control-API calls are not logged). */
export class RequestLog {
	static readonly MAX_ENTRIES = 10_000;
	private entries: RequestLogEntry[] = [];
	private seq = 0;

	constructor(private readonly maxEntries = RequestLog.MAX_ENTRIES) {}

	add(entry: Omit<RequestLogEntry, 'seq'>): void {
		this.entries.push({ seq: ++this.seq, ...entry });
		if (this.entries.length > this.maxEntries * 1.1) this.entries = this.entries.slice(-this.maxEntries);
	}

	list(operation?: string): RequestLogEntry[] {
		const recent = this.entries.slice(-this.maxEntries);
		if (!operation) return recent;
		const wanted = operation.toLowerCase();
		return recent.filter((entry) => entry.operation.toLowerCase() === wanted);
	}

	clear(): void {
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
