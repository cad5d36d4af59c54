import type { ClockMode } from './world/clock';
import { SandboxContext } from './context';
import { buildServer } from './server';
import { keepWorld } from './stateFile';
import type { ExtraUser } from './world/store';

export { DEFAULT_ACCOUNT } from './world/seed';
export { SandboxControl } from './control/client';
export { restoreSnapshot, snapshotOf } from './world/snapshot';
export { EVENT_TEXTS, REFUSALS, RETURNS } from './world/timelines/cargusEvents';

export interface SandboxOptions {
	/** Default 4000 for the CLI; 0 = free port. */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** Default 1; same seed => same seeded data. */
	seed?: number;
	/** Sandbox clock start; default: real current time. */
	now?: string | Date;
	/** Default 'running' (moves with real time + manual advances); tests use 'frozen'. */
	clockMode?: ClockMode;
	/** Default 86400. */
	tokenLifetimeSeconds?: number;
	/** How many recent requests the request log keeps; default 10,000. */
	requestLogSize?: number;
	/** Default silent from code. */
	logger?: (line: string) => void;
	/** More users of the default account's client (its locations, orders and shipments), beside the two built in. */
	extraUsers?: ExtraUser[];
	/**
	 * A file the world is kept in across starts (npm start's): read at start when it is there (the store and the clock
	 * go on from it), written after each change and at stop.
	 */
	stateFile?: string;
}

export interface RunningSandbox {
	url: string;
	port: number;
	/** With a stateFile: whether this start went on from the world kept there. */
	continued: boolean;
	stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const startMs = options.now === undefined ? Date.now() : new Date(options.now).getTime();
	if (Number.isNaN(startMs)) throw new Error(`Invalid sandbox start time: ${String(options.now)}`);
	const context = new SandboxContext({
		seed: options.seed ?? 1,
		startMs,
		clockMode: options.clockMode ?? 'running',
		tokenLifetimeMs: (options.tokenLifetimeSeconds ?? 86400) * 1000,
		requestLogSize: options.requestLogSize,
		extraUsers: options.extraUsers,
	});
	const app = buildServer(context, options.logger);
	const kept = options.stateFile ? keepWorld(context, app, options.stateFile) : undefined;
	const host = options.host ?? '127.0.0.1';
	// A gateway takes thousands of connections at once (n8n sends every item's request together); Node's default
	// queue of 511 overflows under a few runs of 1,000 items, and the kernel then resets some of them.
	await app.listen({ port: options.port ?? 0, host, backlog: 4096 });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
	const urlHost = host.includes(':') ? `[${host}]` : host;
	return {
		url: `http://${urlHost}:${port}`,
		port,
		continued: kept?.continued ?? false,
		stop: async () => {
			await app.close();
			kept?.stop();
		},
	};
}
