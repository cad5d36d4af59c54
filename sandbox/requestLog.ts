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
	status: number;
	auth: AuthCarried;
}

/** Keeps the most recent requests to the service (control-API calls are not logged). */
export class RequestLog {
	static readonly MAX_ENTRIES = 10_000;
	private entries: RequestLogEntry[] = [];
	private seq = 0;

	add(entry: Omit<RequestLogEntry, 'seq'>): void {
		this.entries.push({ seq: ++this.seq, ...entry });
		if (this.entries.length > RequestLog.MAX_ENTRIES * 1.1) this.entries = this.entries.slice(-RequestLog.MAX_ENTRIES);
	}

	list(operation?: string): RequestLogEntry[] {
		const recent = this.entries.slice(-RequestLog.MAX_ENTRIES);
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
