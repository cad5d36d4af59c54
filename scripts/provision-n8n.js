#!/usr/bin/env node
'use strict';
/**
 * Provisions a pinned n8n and the Node.js it needs into a per-machine cache outside the clone, shared by
 * every clone, `npm start`, the end-to-end tests and CI: $CARGUS_N8N_CACHE, else
 * $XDG_CACHE_HOME/n8n-nodes-cargus, else ~/.cache/n8n-nodes-cargus. Clear it with `npm run cache:clear`.
 * Each clone keeps its own n8n user folder (.n8n-cache/user, git-ignored).
 * Recipe: shared n8n notes ("Running the real n8n server here").
 *   - Node 24 from the npm registry (package `node`), into .n8n-cache/node24/
 *   - n8n with an override linkedom 0.18.12, installed with --ignore-scripts, then `npm rebuild sqlite3`,
 *     into .n8n-cache/n8n/
 * Idempotent: each step writes a marker when it completed; later runs reuse it.
 * Run: node scripts/provision-n8n.js   (or require it and call provision()).
 */
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const N8N_VERSION = '2.40.7';
const NODE_VERSION = '24.21.0';
const LINKEDOM_OVERRIDE = '0.18.12';

const ROOT = path.resolve(__dirname, '..');
const CLONE_CACHE = path.join(ROOT, '.n8n-cache');
const CACHE =
	process.env.CARGUS_N8N_CACHE ||
	path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'n8n-nodes-cargus');
const NODE_DIR = path.join(CACHE, `node-${NODE_VERSION}`);
const N8N_DIR = path.join(CACHE, `n8n-${N8N_VERSION}`);
const LOCK = path.join(CACHE, '.provisioning.lock');

const paths = {
	root: ROOT,
	cache: CACHE,
	node: path.join(NODE_DIR, 'node_modules', '.bin', 'node'),
	n8nBin: path.join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n'),
	userFolder: path.join(CLONE_CACHE, 'user'),
	mailDir: path.join(CLONE_CACHE, 'mail'),
	nodeMarker: path.join(NODE_DIR, '.provisioned.json'),
	n8nMarker: path.join(N8N_DIR, '.provisioned.json'),
};

function log(line) {
	process.stdout.write(`provision: ${line}\n`);
}

/** Environment for child npm runs: without the npm_* variables of a parent `npm run` (they would point npm at this repo). */
function cleanEnv() {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^npm_/i.test(k) && !/^npm_config_(cache|userconfig|globalconfig|registry)$/i.test(k)) continue;
		env[k] = v;
	}
	return env;
}

function readMarker(file, expected) {
	try {
		const m = JSON.parse(fs.readFileSync(file, 'utf8'));
		return Object.entries(expected).every(([k, v]) => m[k] === v);
	} catch {
		return false;
	}
}

function countPackages(dir) {
	const nm = path.join(dir, 'node_modules');
	let n = 0;
	try {
		for (const e of fs.readdirSync(nm)) {
			if (e.startsWith('.')) continue;
			if (e.startsWith('@')) {
				try {
					n += fs.readdirSync(path.join(nm, e)).length;
				} catch {
					/* being written */
				}
			} else n++;
		}
	} catch {
		/* not there yet */
	}
	return n;
}

/** Runs npm in cwd, printing a progress line every 15 s (elapsed time, top-level packages so far). */
function npm(args, cwd, label) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		log(`${label}: npm ${args.join(' ')}`);
		const child = spawn('npm', args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
		// If this process ends first (Ctrl-C, SIGTERM), the install must not go on by itself.
		const stopChild = () => child.kill('SIGTERM');
		process.once('exit', stopChild);
		let tail = '';
		const keep = (chunk) => {
			tail = (tail + chunk.toString()).slice(-4000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const timer = setInterval(() => {
			const s = Math.round((Date.now() - started) / 1000);
			log(`${label}: ${s}s elapsed, ${countPackages(cwd)} packages in node_modules so far`);
		}, 15000);
		child.on('error', (err) => {
			clearInterval(timer);
			reject(err);
		});
		child.on('close', (code) => {
			clearInterval(timer);
			process.removeListener('exit', stopChild);
			const s = Math.round((Date.now() - started) / 1000);
			if (code === 0) {
				log(`${label}: done in ${s}s`);
				resolve();
			} else {
				reject(new Error(`${label} failed (npm exit code ${code}) after ${s}s. Last output:\n${tail}`));
			}
		});
	});
}

function writeJson(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

async function provisionNode() {
	const expected = { node: NODE_VERSION };
	if (readMarker(paths.nodeMarker, expected) && fs.existsSync(paths.node)) {
		log(`Node ${NODE_VERSION} already in ${NODE_DIR} (cached)`);
		return;
	}
	fs.rmSync(paths.nodeMarker, { force: true });
	writeJson(path.join(NODE_DIR, 'package.json'), {
		name: 'n8n-cache-node24',
		private: true,
		description: 'Node.js 24 for running n8n (provisioned by scripts/provision-n8n.js)',
		dependencies: { node: NODE_VERSION },
	});
	// The `node` package installs its platform binary from its preinstall script, so scripts stay on here.
	await npm(['install', '--ignore-scripts=false', '--no-audit', '--no-fund'], NODE_DIR, `Node ${NODE_VERSION}`);
	const version = execFileSync(paths.node, ['--version'], { encoding: 'utf8' }).trim();
	if (version !== `v${NODE_VERSION}`) throw new Error(`expected Node v${NODE_VERSION}, got ${version}`);
	writeJson(paths.nodeMarker, { ...expected, completedAt: new Date().toISOString() });
	log(`Node ${version} ready`);
}

async function provisionN8n() {
	const expected = { n8n: N8N_VERSION, linkedom: LINKEDOM_OVERRIDE };
	if (readMarker(paths.n8nMarker, expected) && fs.existsSync(paths.n8nBin)) {
		log(`n8n ${N8N_VERSION} already in ${N8N_DIR} (cached)`);
		return;
	}
	fs.rmSync(paths.n8nMarker, { force: true });
	writeJson(path.join(N8N_DIR, 'package.json'), {
		name: 'n8n-cache-n8n',
		private: true,
		description: 'Pinned n8n for npm start and the end-to-end test (provisioned by scripts/provision-n8n.js)',
		dependencies: { n8n: N8N_VERSION },
		overrides: { linkedom: LINKEDOM_OVERRIDE },
	});
	log(`installing n8n ${N8N_VERSION} (first time only: about 4 minutes and 2.8 GB, then ~80 s to build sqlite3)`);
	await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], N8N_DIR, `n8n ${N8N_VERSION}`);
	await npm(['rebuild', 'sqlite3', '--ignore-scripts=false'], N8N_DIR, 'sqlite3 build');
	writeJson(paths.n8nMarker, { ...expected, completedAt: new Date().toISOString() });
	log(`n8n ${N8N_VERSION} ready`);
}

/** One provisioning at a time per machine: another clone waits for the first to finish, then reuses it. */
async function withLock(work) {
	fs.mkdirSync(CACHE, { recursive: true });
	let announced = false;
	for (;;) {
		try {
			fs.mkdirSync(LOCK);
			fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			if (!lockHolderAlive()) {
				fs.rmSync(LOCK, { recursive: true, force: true });
				continue;
			}
			if (!announced) log(`another process is provisioning into ${CACHE}; waiting for it`);
			announced = true;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
	const release = () => fs.rmSync(LOCK, { recursive: true, force: true });
	process.once('exit', release);
	try {
		return await work();
	} finally {
		process.removeListener('exit', release);
		release();
	}
}

function lockHolderAlive() {
	try {
		process.kill(Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8')), 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

async function provision() {
	const started = Date.now();
	log(`cache: ${CACHE} (shared by every clone; npm run cache:clear empties it)`);
	await withLock(async () => {
		await provisionNode();
		await provisionN8n();
	});
	log(`ready in ${Math.round((Date.now() - started) / 1000)}s`);
	return paths;
}

function clearCache() {
	fs.rmSync(CACHE, { recursive: true, force: true });
	log(`removed ${CACHE}`);
}

module.exports = { provision, clearCache, paths, N8N_VERSION, NODE_VERSION };

if (require.main === module) {
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
	(process.argv[2] === 'clear' ? Promise.resolve(clearCache()) : provision()).catch((err) => {
		process.stderr.write(`provision: ${err.message}\n`);
		process.exit(1);
	});
}
