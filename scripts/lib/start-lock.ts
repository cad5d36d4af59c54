/**
 * One `npm start` per folder: the first takes a lock file naming its process and ports; a second finds it and stops
 * at once. A lock whose process is gone (a crash, a kill -9) or is no longer an npm start is stale, and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The folder an npm start keeps everything in (n8n's data, mails, webhook secret, worlds, lock): $CARGUS_START_DIR, else the clone's .n8n-cache/. */
export function startFolder(root: string, env: NodeJS.ProcessEnv = process.env): string {
	return env.CARGUS_START_DIR ? path.resolve(env.CARGUS_START_DIR) : path.join(root, '.n8n-cache');
}

/** The variables of this environment that move npm start's ports or folder, as a command's prefix ('' when none). */
export function startVariables(env: NodeJS.ProcessEnv = process.env): string {
	return ['CARGUS_START_DIR', 'CARGUS_PORT_BASE', 'CARGUS_N8N_PORT', 'CARGUS_SANDBOX_PORT', 'CARGUS_SMTP_PORT', 'CARGUS_SHOP_PORT']
		.filter((name) => env[name])
		.map((name) => `${name}=${env[name]} `)
		.join('');
}

export interface RunningStart {
	pid: number;
	startedAt: string;
	/** What it listens on, as a person reaches it: { "n8n editor": "http://127.0.0.1:5678/", ... }. */
	addresses: Record<string, string>;
}

/** Whether the process is alive and still an npm start (a pid the system gave to another program since is not). */
function isStartRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
	}
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.ts');
	} catch {
		return true; // no /proc: alive is all we can know
	}
}

/** Takes the lock, or answers the npm start that holds it. Released by release() and when this process exits. */
export function takeStartLock(file: string, addresses: RunningStart['addresses']): { release(): void } | { running: RunningStart } {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const mine: RunningStart = { pid: process.pid, startedAt: new Date().toISOString(), addresses };
	const draft = `${file}.${process.pid}`;
	fs.writeFileSync(draft, `${JSON.stringify(mine, null, 2)}\n`);
	try {
		for (let attempt = 0; attempt < 3; attempt++) {
			try {
				fs.linkSync(draft, file); // fails when the file exists: only one start gets it
				const release = () => {
					try {
						if ((JSON.parse(fs.readFileSync(file, 'utf8')) as RunningStart).pid === process.pid) fs.unlinkSync(file);
					} catch {
						/* gone already */
					}
				};
				process.on('exit', release);
				return { release };
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			}
			let holder: RunningStart | undefined;
			try {
				holder = JSON.parse(fs.readFileSync(file, 'utf8')) as RunningStart;
			} catch {
				holder = undefined; // half written or unreadable: stale
			}
			if (holder && isStartRunning(holder.pid)) return { running: holder };
			fs.rmSync(file, { force: true });
		}
		throw new Error(`could not take the lock ${file}`);
	} finally {
		fs.rmSync(draft, { force: true });
	}
}
