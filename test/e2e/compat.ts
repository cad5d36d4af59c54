/**
 * Compatibility run (npm run test:e2e:compat): the end-to-end test (test/e2e/run.ts) on every tested n8n
 * version, each in its own process with its own provisioned n8n, user folder and ports. The default version runs
 * every check, split across two servers of that version at once (the checks that move the sandbox's clock on one,
 * every other check on the other: CLOCK_SERVER_CHECKS in test/e2e/versionChecks.ts); the others run what differs
 * between versions, beside it, once the default version is provisioned (a cold machine provisions it first, with
 * nothing heavy beside it), each as soon as its own n8n is provisioned. The package is built once, first.
 * `--one-server` runs the default version's checks on one server.
 * Prints each version's checks prefixed with the version, a table of the results, writes it to
 * artifacts/compat.json, and ends with `e2e: N passed, N failed` over all versions. `--n8n 1.x,2.40.7` runs only
 * those; `--serial` one after another; `--every-check` the whole suite on every version.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { n8nTarget, N8N_VERSION, N8N_VERSIONS, ROOT } from '../../scripts/lib/launcher';
import { defaultVersionHalves, onlyFor } from './versionChecks';

interface VersionResult {
	n8n: string;
	node: string;
	passed: number;
	failed: number;
	seconds: number;
	checks: string[];
}

/**
 * Each version's run takes ten ports from its base (see run.ts), 20 apart; the default version's second server 200
 * above the base (5940: clear of the bases people give CARGUS_E2E_PORT by hand); the queue-mode run takes 5720-5731.
 */
const PORT_BASE = Number(process.env.CARGUS_COMPAT_PORT ?? 5740);
const PORT_STEP = 20;
const SECOND_SERVER_OFFSET = 200;

/** Which checks one run.ts process runs: CARGUS_E2E_ONLY, CARGUS_E2E_SKIP, and the label of its output lines. */
interface Selection {
	only?: string;
	skip?: string;
	label?: string;
}

function runOne(version: string, portBase: number, selection: Selection): Promise<VersionResult> {
	const target = n8nTarget(version);
	const started = Date.now();
	const prefix = `[n8n ${version}${selection.label ? ` ${selection.label}` : ''}]`;
	return new Promise((resolve, reject) => {
		const env: NodeJS.ProcessEnv = { ...process.env, CARGUS_E2E_PORT: String(portBase), CARGUS_PACKAGE_BUILT: '1' };
		if (selection.only !== undefined) env.CARGUS_E2E_ONLY = selection.only;
		if (selection.skip !== undefined) env.CARGUS_E2E_SKIP = selection.skip;
		const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', '--prefer-ts-exts', path.join(__dirname, 'run.ts'), '--n8n', version], {
			cwd: ROOT,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		let partial = '';
		const relay = (chunk: Buffer) => {
			output += chunk.toString();
			const lines = (partial + chunk.toString()).split('\n');
			partial = lines.pop() ?? '';
			for (const line of lines.filter(Boolean)) process.stdout.write(`${prefix} ${line}\n`);
		};
		child.stdout.on('data', relay);
		child.stderr.on('data', relay);
		child.on('error', reject);
		child.on('close', (code) => {
			if (partial) process.stdout.write(`${prefix} ${partial}\n`);
			const summary = /^e2e: (\d+) passed, (\d+) failed/m.exec(output);
			const checks = output.split('\n').filter((l) => /^ {2}(ok|FAIL) /.test(l)).map((l) => l.trim().replace(/ \[[\d.]+s\]$/, ''));
			const failed = summary ? Number(summary[2]) : 1;
			resolve({
				n8n: target.version,
				node: target.nodeVersion,
				passed: summary ? Number(summary[1]) : 0,
				failed: code === 0 || failed > 0 ? failed : 1,
				seconds: Math.round((Date.now() - started) / 1000),
				checks,
			});
		});
	});
}

function buildOnce(): void {
	if (process.env.CARGUS_PACKAGE_BUILT === '1') return;
	process.stdout.write('compat: npm run build (once for every version)\n');
	const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (build.status !== 0) throw new Error(`npm run build failed (exit ${String(build.status)})`);
}

/** The two halves of one version's checks, run at once, as one result: their counts added, the longer one's time. */
async function runHalves(version: string, portBase: number, secondPortBase: number): Promise<VersionResult> {
	const halves = defaultVersionHalves();
	const [clocks, others] = await Promise.all([
		runOne(version, portBase, { only: halves.clocks, label: 'clocks' }),
		runOne(version, secondPortBase, { skip: halves.others }),
	]);
	const load = os.loadavg().map((average) => average.toFixed(2)).join(' ');
	process.stdout.write(`compat: n8n ${version} on two servers: the clock-moving checks ${clocks.seconds} s (${clocks.passed} passed, ${clocks.failed} failed), the others ${others.seconds} s (${others.passed} passed, ${others.failed} failed), load average ${load}\n`);
	return { ...others, passed: clocks.passed + others.passed, failed: clocks.failed + others.failed, seconds: Math.max(clocks.seconds, others.seconds), checks: [...clocks.checks, ...others.checks] };
}

/** Waits for the default version's provisioning (.ci/run's background, or this process): the others come after it. */
async function defaultProvisioned(): Promise<void> {
	const provisioner = require('../../scripts/provision-n8n.js') as { provision: (version: string) => Promise<unknown> };
	process.stdout.write(`compat: the other versions wait for n8n ${N8N_VERSION}'s provisioning\n`);
	// A failure is the default version's run's to report; the others still run.
	await provisioner.provision(N8N_VERSION).catch((err: unknown) => process.stdout.write(`compat: provisioning n8n ${N8N_VERSION} failed: ${err instanceof Error ? err.message : String(err)}\n`));
}

async function main(): Promise<void> {
	const { values } = parseArgs({ options: { n8n: { type: 'string' }, serial: { type: 'boolean' }, 'every-check': { type: 'boolean' }, 'one-server': { type: 'boolean' } } });
	const versions = values.n8n ? values.n8n.split(',').map((v) => n8nTarget(v.trim()).version) : N8N_VERSIONS;
	const everything = values['every-check'] === true || process.env.CARGUS_E2E_EVERY_CHECK === '1';
	const asked = process.env.CARGUS_E2E_ONLY;
	// A run of chosen checks (CARGUS_E2E_ONLY), or one after another, keeps one server per version.
	const split = values['one-server'] !== true && values.serial !== true && asked === undefined;
	const started = Date.now();
	buildOnce();
	const portOf = (version: string) => PORT_BASE + versions.indexOf(version) * PORT_STEP;
	const run = (version: string) =>
		version === N8N_VERSION && split
			? runHalves(version, portOf(version), PORT_BASE + SECOND_SERVER_OFFSET)
			: runOne(version, portOf(version), { only: asked ?? onlyFor(version, N8N_VERSION, everything) });
	const others = versions.filter((version) => version !== N8N_VERSION);
	const withDefault = versions.includes(N8N_VERSION);
	const plan = values.serial
		? 'one after another'
		: `${withDefault ? `${N8N_VERSION} (every check${split ? ', on two servers at once: the clock-moving checks, the others' : ''}) beside ` : ''}${others.join(' and ')}${everything ? '' : ' (the checks that differ between versions)'}`;
	process.stdout.write(`compat: n8n ${plan}\n`);
	const inTurn = async (list: string[]) => {
		const done: VersionResult[] = [];
		for (const version of list) done.push(await run(version));
		return done;
	};
	// On a cold machine one after another would wait for the second's provisioning and then run it alone at the end.
	const afterDefault = async (list: string[]) => {
		if (withDefault && list.length > 0) await defaultProvisioned();
		return await Promise.all(list.map(run));
	};
	const results: VersionResult[] = values.serial
		? await inTurn(versions)
		: (await Promise.all([inTurn(versions.filter((version) => version === N8N_VERSION)), afterDefault(others)])).flat();
	process.stdout.write('\ncompat: results\n');
	process.stdout.write('| n8n | Node.js | checks passed | failed | time |\n|---|---|---|---|---|\n');
	for (const r of results) process.stdout.write(`| ${r.n8n} | ${r.node} | ${r.passed} | ${r.failed} | ${r.seconds} s |\n`);
	fs.mkdirSync(path.join(ROOT, 'artifacts'), { recursive: true });
	fs.writeFileSync(path.join(ROOT, 'artifacts', 'compat.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n');
	const passed = results.reduce((n, r) => n + r.passed, 0);
	const failed = results.reduce((n, r) => n + r.failed, 0);
	const seconds = Math.round((Date.now() - started) / 1000);
	process.stdout.write(`e2e: ${passed} passed, ${failed} failed (${results.length} n8n versions, ${seconds}s)\n`);
	process.exit(failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
	process.stdout.write(`compat: crashed: ${err instanceof Error ? err.stack : String(err)}\ne2e: 0 passed, 1 failed\n`);
	process.exit(1);
});
