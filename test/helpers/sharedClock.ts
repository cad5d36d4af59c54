import { SandboxControl } from '../../sandbox/control/client';

/**
 * One clock for both sides of a test: the nodes read the process's Date, the sandbox its own clock. While a
 * test file's sandbox runs, the process's Date (only Date: timers stay real) starts at the sandbox's now and
 * runs on with real time; every move of the sandbox's clock moves it too. So a node counting a window from
 * "today" sees the day the sandbox sees, whatever the hour or time zone the suite runs at.
 */
export class SharedClockControl extends SandboxControl {
	async advanceClock(by: { seconds?: number; minutes?: number; hours?: number; days?: number }): Promise<{ now: string }> {
		const moved = await super.advanceClock(by);
		jest.setSystemTime(Date.parse(moved.now));
		return moved;
	}

	async reset(seed?: number): Promise<{ seed: number; now: string }> {
		const reset = await super.reset(seed);
		jest.setSystemTime(Date.parse(reset.now));
		return reset;
	}
}

const REAL_TIMERS = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;

/** Sets the process's Date to the sandbox's now; it then runs with real time (jest's modern fake timers, Date only). */
export async function shareClockWith(control: SandboxControl): Promise<void> {
	const { now } = await control.clock();
	jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], advanceTimers: true, now: Date.parse(now) });
}

export function releaseClock(): void {
	jest.useRealTimers();
}
