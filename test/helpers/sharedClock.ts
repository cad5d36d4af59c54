import { SandboxControl } from '../../sandbox/control/client';

/**
 * One clock for both sides of a test: the nodes read the process's Date, the sandbox its own clock. While a
 * test file's sandbox runs, the process's Date is the real one shifted to the sandbox's now: it runs on with
 * real time (to the millisecond: timers, timeouts and rate limits keep their real pace), and every move of the
 * sandbox's clock shifts it again. So a node counting a window from "today" sees the day the sandbox sees,
 * whatever the hour or time zone the suite runs at.
 */
const RealDate = Date;
let offsetMs = 0;
/** How far the sandbox's clock is ahead of the nodes' (moved alone by advanceSandboxClockOnly). */
let sandboxLeadMs = 0;

function SharedDate(this: unknown, ...args: unknown[]): Date | string {
	const now = RealDate.now() + offsetMs;
	if (!new.target) return new RealDate(now).toString();
	return args.length === 0 ? new RealDate(now) : new (RealDate as unknown as new (...values: unknown[]) => Date)(...args);
}
SharedDate.now = () => RealDate.now() + offsetMs;
SharedDate.parse = RealDate.parse;
SharedDate.UTC = RealDate.UTC;
SharedDate.prototype = RealDate.prototype;

function shiftTo(sandboxNow: string): void {
	offsetMs = RealDate.parse(sandboxNow) - sandboxLeadMs - RealDate.now();
}

export class SharedClockControl extends SandboxControl {
	async advanceClock(by: { seconds?: number; minutes?: number; hours?: number; days?: number }): Promise<{ now: string }> {
		const moved = await super.advanceClock(by);
		shiftTo(moved.now);
		return moved;
	}

	/**
	 * Moves the sandbox's clock alone: Cargus' clock runs ahead of n8n's from then on (later moves of both keep
	 * the lead), as when a user moves the clock of `npm start`'s sandbox. A reset ends the lead.
	 */
	async advanceSandboxClockOnly(by: { seconds?: number; minutes?: number; hours?: number; days?: number }): Promise<{ now: string }> {
		const before = RealDate.parse((await this.clock()).now);
		const moved = await super.advanceClock(by);
		sandboxLeadMs += RealDate.parse(moved.now) - before;
		shiftTo(moved.now);
		return moved;
	}

	async reset(seed?: number): Promise<{ seed: number; now: string }> {
		const reset = await super.reset(seed);
		sandboxLeadMs = 0;
		shiftTo(reset.now);
		return reset;
	}
}

/** From now on the process's Date is the sandbox's clock. */
export async function shareClockWith(control: SandboxControl): Promise<void> {
	shiftTo((await control.clock()).now);
	globalThis.Date = SharedDate as unknown as DateConstructor;
}

export function releaseClock(): void {
	globalThis.Date = RealDate;
	offsetMs = 0;
	sandboxLeadMs = 0;
}
