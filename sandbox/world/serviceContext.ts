import type { SandboxClock } from './clock';
import type { SandboxSettings } from './settings';
import type { SandboxStore } from './store';

/** What the service's operations answer from: the clock, the state, and how Cargus answers (the settings). */
export interface ServiceContext {
	readonly clock: SandboxClock;
	readonly store: SandboxStore;
	readonly settings: SandboxSettings;
}
