import { SandboxClock, type ClockMode } from './world/clock';
import { FaultRegistry } from './gateway/faults';
import { RateLimiter } from './gateway/rateLimit';
import type { GatewayContext } from './gateway/gatewayContext';
import { RequestLog } from './gateway/requestLog';
import { DEFAULT_SETTINGS, type SandboxSettings } from './world/settings';
import { restoreSnapshot, snapshotOf } from './world/snapshot';
import { SandboxStore, type ExtraUser } from './world/store';

/**
 * The sandbox's state, made once by startSandbox: the service's (clock, store, settings) and the gateway's
 * (faults, rate limit, request log); the control API resets it all.
 */
export class SandboxContext implements GatewayContext {
	readonly clock: SandboxClock;
	readonly store: SandboxStore;
	readonly faults = new FaultRegistry();
	readonly rateLimit = new RateLimiter();
	readonly log: RequestLog;
	settings: SandboxSettings = { ...DEFAULT_SETTINGS };
	seed: number;

	constructor(options: { seed: number; startMs: number; clockMode: ClockMode; tokenLifetimeMs: number; requestLogSize?: number; extraUsers?: ExtraUser[] }) {
		this.seed = options.seed;
		this.log = new RequestLog(options.requestLogSize);
		this.clock = new SandboxClock(options.startMs, options.clockMode);
		this.store = new SandboxStore(this.clock, options.tokenLifetimeMs, options.seed, options.extraUsers);
	}

	reset(seed = this.seed): void {
		this.seed = seed;
		this.clock.reset();
		this.store.reset(seed);
		this.faults.clear();
		this.rateLimit.set(null);
		this.log.clear();
		this.settings = { ...DEFAULT_SETTINGS };
	}

	/** The service's state as JSON-ready data (the store, its clock, the settings, the seed), for a later start to go on from. */
	worldSnapshot(): WorldSnapshot {
		return { seed: this.seed, settings: { ...this.settings }, clock: snapshotOf(this.clock), store: snapshotOf(this.store, new Set([this.clock])) };
	}

	/** Goes on from a world taken by worldSnapshot (the gateway's faults, rate limit and request log start empty). */
	restoreWorld(world: WorldSnapshot): void {
		restoreSnapshot(this.clock, world.clock);
		restoreSnapshot(this.store, world.store);
		this.settings = { ...DEFAULT_SETTINGS, ...world.settings };
		this.seed = world.seed;
	}
}

export interface WorldSnapshot {
	seed: number;
	settings: Partial<SandboxSettings>;
	clock: ReturnType<typeof snapshotOf>;
	store: ReturnType<typeof snapshotOf>;
}
