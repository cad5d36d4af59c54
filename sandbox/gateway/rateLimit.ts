/** Gateway rate limit: at most N service requests in any one-second window (wall clock). */
export class RateLimiter {
	private limit: number | null = null;
	private stamps: number[] = [];

	set(requestsPerSecond: number | null): void {
		this.limit = requestsPerSecond;
		this.stamps = [];
	}

	get requestsPerSecond(): number | null {
		return this.limit;
	}

	/** Returns the seconds to wait when over the limit, otherwise records the request and returns 0. */
	check(nowMs = Date.now()): number {
		if (this.limit === null) return 0;
		while (this.stamps.length > 0 && this.stamps[0] <= nowMs - 1000) this.stamps.shift();
		if (this.stamps.length >= this.limit) return Math.max(1, Math.ceil((this.stamps[0] + 1000 - nowMs) / 1000));
		this.stamps.push(nowMs);
		return 0;
	}
}
