/**
 * Compatibility run (npm run test:e2e:compat): the end-to-end test (test/e2e/run.ts) on every tested n8n
 * version, each in its own process with its own provisioned n8n, user folder and ports. The default version runs
 * every check; the others run what differs between versions (test/e2e/versionChecks.ts), one after another beside
 * the default one, so that no more servers and browsers run at once than 2 cores carry. The package is built once,
 * first. A version still being provisioned (by .ci/run in the background) is waited for by its own run only.
 * Prints each version's checks prefixed with the version, a table of the results, writes it to
 * artifacts/compat.json, and ends with `e2e: N passed, N failed` over all versions. `--n8n 1.x,2.40.7` runs only
 * those; `--serial` one after another; `--every-check` the whole suite on every version.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { n8nTarget, N8N_VERSION, N8N_VERSIONS, ROOT } from '../../scripts/lib/launcher';
import { onlyFor } from './versionChecks';

interface VersionResult {
	n8n: string;
	node: string;
	passed: number;
	failed: number;
	seconds: number;
	checks: string[];
}

/** Each version's run takes five ports from its base (see run.ts), 20 apart; the queue-mode run takes 5720-5730. */
const PORT_BASE = Number(process.env.CARGUS_COMPAT_PORT ?? 5740);
const PORT_STEP = 20;

function runOne(version: string, portBase: number, only: string | undefined): Promise<VersionResult> {
	const target = n8nTarget(version);
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', '--prefer-ts-exts', path.join(__dirname, 'run.ts'), '--n8n', version], {
			cwd: ROOT,
			env: { ...process.env, CARGUS_E2E_PORT: String(portBase), CARGUS_PACKAGE_BUILT: '1', ...(only === undefined ? {} : { CARGUS_E2E_ONLY: only }) },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		let partial = '';
		const relay = (chunk: Buffer) => {
			output += chunk.toString();
			const lines = (partial + chunk.toString()).split('\n');
			partial = lines.pop() ?? '';
			for (const line of lines.filter(Boolean)) process.stdout.write(`[n8n ${version}] ${line}\n`);
		};
		child.stdout.on('data', relay);
		child.stderr.on('data', relay);
		child.on('error', reject);
		child.on('close', (code) => {
			if (partial) process.stdout.write(`[n8n ${version}] ${partial}\n`);
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

async function main(): Promise<void> {
	const { values } = parseArgs({ options: { n8n: { type: 'string' }, serial: { type: 'boolean' }, 'every-check': { type: 'boolean' } } });
	const versions = values.n8n ? values.n8n.split(',').map((v) => n8nTarget(v.trim()).version) : N8N_VERSIONS;
	const everything = values['every-check'] === true || process.env.CARGUS_E2E_EVERY_CHECK === '1';
	const started = Date.now();
	buildOnce();
	const run = (version: string) => runOne(version, PORT_BASE + versions.indexOf(version) * PORT_STEP, process.env.CARGUS_E2E_ONLY ?? onlyFor(version, N8N_VERSION, everything));
	const others = versions.filter((version) => version !== N8N_VERSION);
	const plan = values.serial ? 'one after another' : `${versions.includes(N8N_VERSION) ? `${N8N_VERSION} (every check) beside ` : ''}${others.join(' then ')}${everything ? '' : ' (the checks that differ between versions)'}`;
	process.stdout.write(`compat: n8n ${plan}\n`);
	const inTurn = async (list: string[]) => {
		const done: VersionResult[] = [];
		for (const version of list) done.push(await run(version));
		return done;
	};
	const results: VersionResult[] = values.serial
		? await inTurn(versions)
		: (await Promise.all([inTurn(versions.filter((version) => version === N8N_VERSION)), inTurn(others)])).flat();
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
