export type ClockMode = 'running' | 'frozen';

/** The sandbox's notion of "now": a start instant plus real elapsed time (running) and manual advances. */
export class SandboxClock {
	private advancedMs = 0;
	private realStartMs = Date.now();

	constructor(
		readonly startMs: number,
		readonly mode: ClockMode,
	) {}

	now(): number {
		const realElapsed = this.mode === 'running' ? Date.now() - this.realStartMs : 0;
		return this.startMs + realElapsed + this.advancedMs;
	}

	advance(ms: number): void {
		this.advancedMs += ms;
	}

	reset(): void {
		this.advancedMs = 0;
		this.realStartMs = Date.now();
	}
}
