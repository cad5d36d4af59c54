#!/usr/bin/env node
'use strict';
/**
 * Provisions a pinned n8n and the Node.js it needs into a per-machine cache outside the clone, shared by
 * every clone, `npm start`, the end-to-end tests and CI: $CARGUS_N8N_CACHE, else
 * $XDG_CACHE_HOME/n8n-nodes-cargus, else ~/.cache/n8n-nodes-cargus. Clear it with `npm run cache:clear`.
 * Each clone keeps its own n8n user folders (.n8n-cache/, git-ignored).
 * Recipe: shared n8n notes ("Running the real n8n server here", "n8n 1.123.x here").
 *   - n8n 2.x: Node 24 from the npm registry (package `node`) into <cache>/node-<version>/
 *   - n8n 1.x: the machine's Node (>= 20.19, <= 24)
 *   - n8n with overrides (linkedom, and xlsx for 1.x), installed with --ignore-scripts into <cache>/n8n-<version>/,
 *     and n8n's sqlite3 built from source once per machine, beside that install, in its own folder
 *     (<cache>/sqlite3-<v>-napi/: an N-API module, one build serves Node 20 and 24); copied into each n8n
 * Idempotent: each step writes a marker when it completed; later runs reuse it. One lock per cached folder,
 * so a second clone waits for the first to finish that folder, then reuses it.
 * Run: node scripts/provision-n8n.js [version|1.x|2.x|all] | list | clear [version] (`all`: the default version, then the others at once)
 * The version also comes from $CARGUS_N8N_VERSION; the default is DEFAULT_N8N_VERSION.
 */
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const NODE_24 = '24.21.0';
/** The sqlite3 every tested n8n pins (n8n and @n8n/typeorm depend on exactly this version). */
const SQLITE3 = '5.1.7';

/** The n8n versions this package is tested on, and how each is installed and started. */
const N8N_VERSIONS = {
	'1.123.81': {
		node: 'machine',
		overrides: { linkedom: '0.18.12', xlsx: '0.18.5' },
		// Its default `vm` expression engine needs the native isolated-vm, which is not built here.
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
	// The MCP server registry module refreshes its list from api.n8n.io, out of reach here (ENOTFOUND in the log).
	'2.40.7': { node: NODE_24, overrides: { linkedom: '0.18.12' }, env: { N8N_DISABLED_MODULES: 'mcp-registry' } },
	// The newest 2.x whose dependencies the npm registry serves here: 2.41.3 needs 23 n8n packages of its release, of
	// which 21 are missing (n8n-core 2.41.2, n8n-editor-ui 2.41.1, @n8n/config 2.39.1, ...: docs/compatibility.md).
	'2.41.1': { node: NODE_24, overrides: { linkedom: '0.18.12' }, env: { N8N_DISABLED_MODULES: 'mcp-registry' } },
};
const DEFAULT_N8N_VERSION = '2.40.7';
const ALIASES = { '1.x': '1.123.81', '2.x': '2.41.1', latest: '2.41.1', default: DEFAULT_N8N_VERSION };

const ROOT = path.resolve(__dirname, '..');
const CLONE_CACHE = path.join(ROOT, '.n8n-cache');
const CACHE =
	process.env.CARGUS_N8N_CACHE ||
	path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'n8n-nodes-cargus');

const LEGACY_LOCK = path.join(CACHE, '.provisioning.lock');

const paths = {
	root: ROOT,
	cache: CACHE,
};

function log(line) {
	process.stdout.write(`provision: ${line}\n`);
}

/** A version number, an alias (1.x, 2.x, latest, default) or nothing (then $CARGUS_N8N_VERSION or the default). */
function resolveVersion(wanted) {
	const asked = wanted || process.env.CARGUS_N8N_VERSION || DEFAULT_N8N_VERSION;
	const version = ALIASES[asked] || asked;
	if (!N8N_VERSIONS[version]) {
		throw new Error(
			`n8n ${asked} is not one of the tested versions: ${Object.keys(N8N_VERSIONS).join(', ')} (or ${Object.keys(ALIASES).join(', ')})`,
		);
	}
	return version;
}

/** Where a version lives in the cache, the Node that runs it, and what its server needs in its environment. */
function target(wanted) {
	const version = resolveVersion(wanted);
	const spec = N8N_VERSIONS[version];
	const n8nDir = path.join(CACHE, `n8n-${version}`);
	const nodeDir = spec.node === 'machine' ? undefined : path.join(CACHE, `node-${spec.node}`);
	return {
		version,
		major: Number(version.split('.')[0]),
		nodeVersion: spec.node === 'machine' ? process.versions.node : spec.node,
		node: nodeDir ? path.join(nodeDir, 'node_modules', '.bin', 'node') : process.execPath,
		nodeDir,
		n8nDir,
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nMarker: path.join(n8nDir, '.provisioned.json'),
		nodeMarker: nodeDir ? path.join(nodeDir, '.provisioned.json') : undefined,
		overrides: spec.overrides,
		env: spec.env,
		// Each version keeps its own n8n database: a 2.x database cannot be opened by 1.x.
		userFolder: path.join(CLONE_CACHE, version === DEFAULT_N8N_VERSION ? 'user' : `user-${version}`),
		mailDir: path.join(CLONE_CACHE, 'mail'),
	};
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
		// Markers written before several versions were supported name the one override: { n8n, linkedom }.
		if (m.linkedom && !m.overrides) m.overrides = { linkedom: m.linkedom };
		return Object.entries(expected).every(([k, v]) => JSON.stringify(m[k]) === JSON.stringify(v));
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

function versionAtLeast(actual, minimum) {
	const a = actual.split('.').map(Number);
	const m = minimum.split('.').map(Number);
	for (let i = 0; i < m.length; i++) if ((a[i] || 0) !== m[i]) return (a[i] || 0) > m[i];
	return true;
}

async function provisionNode(t) {
	if (!t.nodeDir) {
		const major = Number(t.nodeVersion.split('.')[0]);
		if (!versionAtLeast(t.nodeVersion, '20.19.0') || major > 24) {
			throw new Error(`n8n ${t.version} needs Node.js >= 20.19 and <= 24.x; this is Node.js ${t.nodeVersion}`);
		}
		return;
	}
	const expected = { node: t.nodeVersion };
	if (readMarker(t.nodeMarker, expected) && fs.existsSync(t.node)) {
		log(`Node ${t.nodeVersion}: cached in ${t.nodeDir}`);
		return;
	}
	await withLock(t.nodeDir, async () => {
		if (readMarker(t.nodeMarker, expected) && fs.existsSync(t.node)) return;
		fs.rmSync(t.nodeMarker, { force: true });
		writeJson(path.join(t.nodeDir, 'package.json'), {
			name: 'n8n-cache-node',
			private: true,
			description: `Node.js ${t.nodeVersion} for running n8n (provisioned by scripts/provision-n8n.js)`,
			dependencies: { node: t.nodeVersion },
		});
		// The `node` package installs its platform binary from its preinstall script, so scripts stay on here.
		await npm(['install', '--ignore-scripts=false', '--no-audit', '--no-fund'], t.nodeDir, `Node ${t.nodeVersion}`);
		const version = execFileSync(t.node, ['--version'], { encoding: 'utf8' }).trim();
		if (version !== `v${t.nodeVersion}`) throw new Error(`expected Node v${t.nodeVersion}, got ${version}`);
		writeJson(t.nodeMarker, { ...expected, completedAt: new Date().toISOString() });
		log(`Node ${version} ready`);
	});
}

async function provisionN8n(t) {
	const expected = { n8n: t.version, overrides: t.overrides };
	if (readMarker(t.n8nMarker, expected) && fs.existsSync(t.n8nBin)) {
		log(`n8n ${t.version}: cached in ${t.n8nDir}`);
		return;
	}
	await withLock(t.n8nDir, async () => {
		if (readMarker(t.n8nMarker, expected) && fs.existsSync(t.n8nBin)) return;
		fs.rmSync(t.n8nMarker, { force: true });
		writeJson(path.join(t.n8nDir, 'package.json'), {
			name: 'n8n-cache-n8n',
			private: true,
			description: `n8n ${t.version} for npm start and the end-to-end tests (provisioned by scripts/provision-n8n.js)`,
			dependencies: { n8n: t.version },
			overrides: t.overrides,
		});
		log(`installing n8n ${t.version} into ${t.n8nDir} (first time only: 2 to 5 minutes and about 3 GB; sqlite3 is built beside it)`);
		// The install mostly waits for the registry and the disk, the build for a core: side by side they take the longer one's time.
		const sqlite3Built = prebuildSqlite3(SQLITE3).catch((err) => log(`sqlite3 ${SQLITE3}: the build beside the install failed (${err.message}); it is built after the install`));
		await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], t.n8nDir, `n8n ${t.version}`);
		await sqlite3Built;
		await buildSqlite3(t);
		writeJson(t.n8nMarker, { ...expected, completedAt: new Date().toISOString() });
		log(`n8n ${t.version} ready`);
	});
}

/** Where the one build of a sqlite3 version is kept (an N-API module: the same file loads in Node 20 and 24). */
const sqlite3Kept = (version) => path.join(CACHE, `sqlite3-${version}-napi`, 'node_sqlite3.node');

/**
 * Builds sqlite3 from source (no prebuilt binary can be downloaded here) in a folder of its own, once per machine,
 * so that it need not wait for n8n's install: the install's copy is then replaced by this build (buildSqlite3).
 */
async function prebuildSqlite3(version) {
	const kept = sqlite3Kept(version);
	if (fs.existsSync(kept)) return;
	await withLock(path.dirname(kept), async () => {
		if (fs.existsSync(kept)) return;
		const dir = path.join(CACHE, `sqlite3-${version}-build`);
		fs.rmSync(dir, { recursive: true, force: true });
		writeJson(path.join(dir, 'package.json'), { name: 'n8n-cache-sqlite3', private: true, dependencies: { sqlite3: version } });
		await npm(['install', '--ignore-scripts=false', '--no-audit', '--no-fund'], dir, `sqlite3 ${version} build`);
		fs.mkdirSync(path.dirname(kept), { recursive: true });
		fs.copyFileSync(path.join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'), `${kept}.partial`);
		fs.renameSync(`${kept}.partial`, kept);
		fs.rmSync(dir, { recursive: true, force: true });
	});
}

/**
 * n8n's native sqlite3: the machine's one build of its version (prebuildSqlite3), else one per Node.js version
 * (an older cache's), else `npm rebuild sqlite3` in this n8n, kept for the next one of the same Node.js.
 */
async function buildSqlite3(t) {
	const sqlite3 = path.join(t.n8nDir, 'node_modules', 'sqlite3');
	const version = JSON.parse(fs.readFileSync(path.join(sqlite3, 'package.json'), 'utf8')).version;
	const binary = path.join(sqlite3, 'build', 'Release', 'node_sqlite3.node');
	const kept = path.join(CACHE, `sqlite3-${version}-node-${t.nodeVersion}`, 'node_sqlite3.node');
	const loads = () => {
		try {
			execFileSync(t.node, ['-e', `require(${JSON.stringify(sqlite3)})`], { stdio: 'ignore' });
			return true;
		} catch {
			return false;
		}
	};
	for (const built of [sqlite3Kept(version), kept].filter((file) => fs.existsSync(file))) {
		fs.mkdirSync(path.dirname(binary), { recursive: true });
		fs.copyFileSync(built, binary);
		if (loads()) return log(`sqlite3 ${version}: the build ${built} used for Node ${t.nodeVersion}`);
	}
	await withLock(path.dirname(kept), async () => {
		if (fs.existsSync(kept)) {
			fs.mkdirSync(path.dirname(binary), { recursive: true });
			fs.copyFileSync(kept, binary);
			if (loads()) return log(`sqlite3 ${version}: the build for Node ${t.nodeVersion} reused (${kept})`);
		}
		await npm(['rebuild', 'sqlite3', '--ignore-scripts=false'], t.n8nDir, 'sqlite3 build');
		fs.mkdirSync(path.dirname(kept), { recursive: true });
		fs.copyFileSync(binary, kept);
	});
}

/** One provisioning of a folder at a time per machine: another clone waits for the first to finish it. */
async function withLock(dir, work) {
	const lock = `${dir}.lock`;
	fs.mkdirSync(path.dirname(lock), { recursive: true });
	// The single lock of the provisioner before several versions were supported covers the folders it wrote.
	const legacy = ['node-24.21.0', 'n8n-2.40.7'].includes(path.basename(dir)) ? LEGACY_LOCK : undefined;
	let announced = false;
	for (;;) {
		try {
			if (legacy && lockHolderAlive(legacy)) throw Object.assign(new Error('legacy lock held'), { code: 'EEXIST' });
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			if (!lockHolderAlive(lock) && !(legacy && lockHolderAlive(legacy))) {
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!announced) log(`another process is provisioning ${dir}; waiting for it`);
			announced = true;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
	const release = () => fs.rmSync(lock, { recursive: true, force: true });
	process.once('exit', release);
	try {
		return await work();
	} finally {
		process.removeListener('exit', release);
		release();
	}
}

function lockHolderAlive(lock) {
	try {
		process.kill(Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/** Provisions one n8n version (and its Node) when absent; returns where it is. */
async function provision(wanted) {
	const started = Date.now();
	const t = target(wanted);
	log(`cache: ${CACHE} (shared by every clone; \`npm run cache:clear\` empties it)`);
	await provisionNode(t);
	await provisionN8n(t);
	log(`n8n ${t.version} on Node ${t.nodeVersion}: ready in ${Math.round((Date.now() - started) / 1000)}s`);
	return t;
}

function sizeOf(dir) {
	try {
		return execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0];
	} catch {
		return '?';
	}
}

function listCache() {
	log(`cache: ${CACHE}`);
	const entries = fs.existsSync(CACHE) ? fs.readdirSync(CACHE).filter((e) => /^(n8n|node)-/.test(e) && !e.endsWith('.lock')) : [];
	if (entries.length === 0) log('  (empty)');
	for (const e of entries.sort()) {
		const ready = fs.existsSync(path.join(CACHE, e, '.provisioned.json'));
		log(`  ${e}  ${sizeOf(path.join(CACHE, e))}${ready ? '' : '  (incomplete)'}`);
	}
	log(`tested n8n versions: ${Object.keys(N8N_VERSIONS).join(', ')} (default ${DEFAULT_N8N_VERSION})`);
	log('remove one: npm run cache:clear -- <version>; everything: npm run cache:clear');
}

function clearCache(wanted) {
	if (wanted) {
		const t = target(wanted);
		fs.rmSync(t.n8nDir, { recursive: true, force: true });
		log(`removed ${t.n8nDir}`);
		return;
	}
	fs.rmSync(CACHE, { recursive: true, force: true });
	log(`removed ${CACHE}`);
}

module.exports = { provision, buildSqlite3, target, resolveVersion, clearCache, paths, N8N_VERSIONS, DEFAULT_N8N_VERSION, NODE_24 };

if (require.main === module) {
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
	const [command, arg] = process.argv.slice(2);
	const run = async () => {
		if (command === 'clear') return clearCache(arg);
		if (command === 'list') return listCache();
		if (command !== 'all') return provision(command);
		// The default version first (its end-to-end run is the longest and waits for it), then the others side by side.
		const started = Date.now();
		const timed = async (version) => {
			await provision(version);
			const load = os.loadavg().map((average) => average.toFixed(2)).join(' ');
			log(`all: n8n ${version} ready ${Math.round((Date.now() - started) / 1000)}s after the start, load average ${load}`);
		};
		await timed(DEFAULT_N8N_VERSION);
		await Promise.all(Object.keys(N8N_VERSIONS).filter((v) => v !== DEFAULT_N8N_VERSION).map((v) => timed(v)));
	};
	run().catch((err) => {
		process.stderr.write(`provision: ${err.message}\n`);
		process.exit(1);
	});
}
