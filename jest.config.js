const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// A guard against a hung test, not a speed check: CI runs the suite beside n8n servers on 2 cores, where a
	// 100-poll test took over 600 s at a load of 30 (every explicit per-test guard is this one too).
	testTimeout: 1200000,
	// Most files wait on timers (fault latencies, request timeouts, rate limits, token expiry): on an idle machine, 4
	// workers (alone on 2 cores, 2 workers ran 861 s on 501 s of CPU, 5 workers 414 s on 506 s, 29 Nov 2026). On a busy
	// one (a load at or above its cores, as in CI beside the n8n servers), 2: there, on 4, a 1-s request timeout and
	// the rate limit's refusal counts broke (CI at 04581f9 and d7838e6, a load of 15 to 24).
	maxWorkers: os.loadavg()[0] < os.availableParallelism() ? 4 : 2,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
	// The longest files first when jest has no timings of its own (a clean clone): test/sequencer.js.
	testSequencer: '<rootDir>/test/sequencer.js',
};
