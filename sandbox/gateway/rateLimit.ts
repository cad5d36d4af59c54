/**
 * Gateway rate limit: at most N service requests in any one-second window (wall clock). The gateway counts every
 * request, limit or not, so a limit set just after a burst already counts it, as a live subscription's limit would.
 */
export class RateLimiter {
	private limit: number | null = null;
	private stamps: number[] = [];

	set(requestsPerSecond: number | null): void {
		this.limit = requestsPerSecond;
	}

	get requestsPerSecond(): number | null {
		return this.limit;
	}

	/** Returns the seconds to wait when over the limit, otherwise records the request and returns 0. */
	check(nowMs = Date.now()): number {
		while (this.stamps.length > 0 && this.stamps[0] <= nowMs - 1000) this.stamps.shift();
		// The machine's clock set back (or a test's): requests "after" now say nothing of the last second.
		if (this.stamps.length > 0 && this.stamps[this.stamps.length - 1] > nowMs) this.stamps = this.stamps.filter((stamp) => stamp <= nowMs);
		if (this.limit !== null && this.stamps.length >= this.limit) return Math.max(1, Math.ceil((this.stamps[0] + 1000 - nowMs) / 1000));
		this.stamps.push(nowMs);
		return 0;
	}
}
