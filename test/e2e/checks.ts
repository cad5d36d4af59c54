/** The small harness of the end-to-end runs: named checks that count passes and failures, and waiting helpers. */

export const tally = { passed: 0, failed: 0 };

export function say(line: string): void {
	process.stdout.write(`${line}\n`);
}

// CARGUS_E2E_ONLY=scale,sigkill runs only the checks whose name contains one of the words (and the final clean-up check);
// CARGUS_E2E_SKIP=words skips those whose name contains one (how the compatibility run splits a version's checks).
const words = (list: string | undefined) => (list ?? '').toLowerCase().split(',').filter(Boolean);
const ONLY = words(process.env.CARGUS_E2E_ONLY);
const SKIP = words(process.env.CARGUS_E2E_SKIP);

/** Whether CARGUS_E2E_ONLY and CARGUS_E2E_SKIP let the check of this name run. */
export function selected(name: string): boolean {
	if (name.startsWith('nothing left')) return true;
	const lower = name.toLowerCase();
	return (ONLY.length === 0 || ONLY.some((word) => lower.includes(word))) && !SKIP.some((word) => lower.includes(word));
}

/** Runs one named check; prints `ok` with its detail and time, or `FAIL` with the reason. */
export async function check(name: string, fn: () => Promise<string | void>): Promise<boolean> {
	if (!selected(name)) {
		say(`  skip ${name}`);
		return false;
	}
	const t = Date.now();
	try {
		const detail = await fn();
		tally.passed++;
		say(`  ok   ${name}${detail ? ` (${detail})` : ''} [${((Date.now() - t) / 1000).toFixed(1)}s]`);
		return true;
	} catch (err) {
		tally.failed++;
		say(`  FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
		return false;
	}
}

export function assert(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Probes every second until it answers something other than undefined. */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let last: unknown;
	while (Date.now() < deadline) {
		try {
			const value = await probe();
			if (value !== undefined) return value;
		} catch (err) {
			last = err;
		}
		await sleep(1000);
	}
	throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}${last instanceof Error ? ` (last error: ${last.message})` : ''}`);
}
