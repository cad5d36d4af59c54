/**
 * The sandbox's world kept in a file across starts (npm start): read at start when the file is there, written soon
 * after each request that may change it (every method but GET and HEAD), every few seconds when something else did,
 * and at stop. The file is replaced whole (written beside it, then renamed), so a crash leaves the last one written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext, WorldSnapshot } from './context';

const FORMAT = 'cargus-sandbox-world/1';
const SOON_MS = 200;
const EVERY_MS = 5000;

export interface KeptWorld {
	/** Whether the world went on from the file (false: a new world, now written there). */
	continued: boolean;
	/** Writes the world now if it changed since the last write. */
	save(): void;
	/** Writes it a last time and stops watching. */
	stop(): void;
}

export function keepWorld(context: SandboxContext, app: FastifyInstance, file: string): KeptWorld {
	let continued = false;
	if (fs.existsSync(file)) {
		try {
			const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { format?: string; world?: WorldSnapshot };
			if (kept.format !== FORMAT || !kept.world) throw new Error(`not a sandbox world (${String(kept.format)})`);
			context.restoreWorld(kept.world);
			continued = true;
		} catch (error) {
			throw new Error(`the sandbox's world kept in ${file} cannot be read (${error instanceof Error ? error.message : String(error)}); move that file away, or start a new world (npm start -- --fresh)`);
		}
	}
	let written = '';
	const save = () => {
		const text = JSON.stringify({ format: FORMAT, savedAt: new Date().toISOString(), world: context.worldSnapshot() });
		const world = text.slice(text.indexOf('"world":'));
		if (world === written) return;
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(`${file}.tmp`, text);
		fs.renameSync(`${file}.tmp`, file);
		written = world;
	};
	save();
	let soon: NodeJS.Timeout | undefined;
	app.addHook('onResponse', (request, _reply, done) => {
		if (request.method !== 'GET' && request.method !== 'HEAD') soon ??= setTimeout(() => ((soon = undefined), save()), SOON_MS);
		done();
	});
	const every = setInterval(save, EVERY_MS);
	every.unref();
	return {
		continued,
		save,
		stop: () => {
			clearInterval(every);
			if (soon) clearTimeout(soon);
			save();
		},
	};
}
