import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { RunningSandbox, SandboxOptions } from '../../sandbox';
import { DEFAULT_ACCOUNT, startSandbox } from '../../sandbox';
import { releaseClock, shareClockWith, SharedClockControl } from './sharedClock';

export { DEFAULT_ACCOUNT };

/** Where the frozen clock of every test sandbox starts. */
export const SANDBOX_NOW = '2026-11-20T10:00:00Z';

/** Cargus API credential data for the sandbox at `url`, with its default account; override any field. */
export function sandboxCredential(url: string, overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		baseUrl: url,
		apiKey: DEFAULT_ACCOUNT.subscriptionKey,
		username: DEFAULT_ACCOUNT.username,
		password: DEFAULT_ACCOUNT.password,
		...overrides,
	};
}

/** The overrides of a credential with the subscription key only. */
export const KEY_ONLY: ICredentialDataDecryptedObject = { username: '', password: '' };

export interface SandboxHandle {
	/** Base URL without trailing slash, e.g. http://127.0.0.1:40123 */
	readonly url: string;
	readonly control: SharedClockControl;
}

/**
 * Starts one frozen-clock sandbox on a free port for the test file (beforeAll) and stops it (afterAll). The
 * nodes' clock is the sandbox's while it runs (sharedClock.ts): move it with `control.advanceClock`
 * (`control.advanceSandboxClockOnly` moves the sandbox's alone, ahead of n8n's).
 * Read `url` and `control` inside tests or hooks, not at module load.
 */
export function useSandbox(options: SandboxOptions = {}): SandboxHandle {
	let running: RunningSandbox | undefined;
	let control: SharedClockControl | undefined;
	beforeAll(async () => {
		running = await startSandbox({ port: 0, clockMode: 'frozen', now: SANDBOX_NOW, ...options });
		control = new SharedClockControl(running.url);
		await shareClockWith(control);
	});
	afterAll(async () => {
		releaseClock();
		await running?.stop();
	});
	return {
		get url() {
			if (!running) throw new Error('The sandbox is not running: use it inside a test or hook');
			return running.url;
		},
		get control() {
			if (!control) throw new Error('The sandbox is not running: use it inside a test or hook');
			return control;
		},
	};
}
