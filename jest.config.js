/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	setupFiles: ['<rootDir>/test/setup-env.js'],
	testTimeout: 120000,
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
