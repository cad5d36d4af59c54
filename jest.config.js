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
	// Most files wait on timers (fault latencies, request timeouts, rate limits, token expiry): alone on 2 cores, 2 workers
	// ran 861 s using 501 s of CPU, 5 workers 414 s with the same CPU (29 Nov 2026).
	maxWorkers: 4,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
	// The longest files first when jest has no timings of its own (a clean clone): test/sequencer.js.
	testSequencer: '<rootDir>/test/sequencer.js',
};
