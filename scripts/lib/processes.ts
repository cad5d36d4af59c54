/**
 * Child processes of the launcher: each runs detached in its own process group, so stopping it also stops what
 * it started (n8n's task runners, Postgres' backends). Whatever is still running when this process exits is killed.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const children = new Set<ChildProcess>();

process.on('exit', () => {
	for (const child of children) {
		try {
			if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	}
});

/** Starts a child in its own process group and remembers it until it exits. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
	const child = spawn(command, args, { ...options, detached: true });
	children.add(child);
	child.once('exit', () => children.delete(child));
	return child;
}

export function isRunning(child: ChildProcess): boolean {
	return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Sends a signal to a child's whole process group. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	try {
		if (child.pid !== undefined) process.kill(-child.pid, signal);
	} catch {
		/* already gone */
	}
}

/** Stops a child's whole process group: `signal` first (SIGTERM by default), SIGKILL after a grace period. */
export async function killGroup(child: ChildProcess, graceMs = 10000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	if (!isRunning(child)) {
		signalGroup(child, 'SIGKILL');
		children.delete(child);
		return;
	}
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	signalGroup(child, signal);
	const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	// Anything left in the group (task runners) goes too.
	signalGroup(child, 'SIGKILL');
	children.delete(child);
}
