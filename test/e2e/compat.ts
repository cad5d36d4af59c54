/**
 * Compatibility run (npm run test:e2e:compat): the end-to-end test (test/e2e/run.ts) on every tested n8n
 * version at once, each in its own process with its own provisioned n8n, user folder and ports (the servers
 * mostly wait for n8n's polls, so they overlap well). The package is built once, first. A version still being
 * provisioned (by .ci/run in the background) is waited for by its own run only. Prints each version's checks
 * prefixed with the version, a table of the results, writes it to artifacts/compat.json, and ends with
 * `e2e: N passed, N failed` over all versions. `--n8n 1.x,2.40.7` runs only those; `--serial` one after another.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { n8nTarget, N8N_VERSIONS, ROOT } from '../../scripts/lib/launcher';

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

function runOne(version: string, portBase: number): Promise<VersionResult> {
	const target = n8nTarget(version);
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', '--prefer-ts-exts', path.join(__dirname, 'run.ts'), '--n8n', version], {
			cwd: ROOT,
			env: { ...process.env, CARGUS_E2E_PORT: String(portBase), CARGUS_PACKAGE_BUILT: '1' },
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
	const { values } = parseArgs({ options: { n8n: { type: 'string' }, serial: { type: 'boolean' } } });
	const versions = values.n8n ? values.n8n.split(',').map((v) => n8nTarget(v.trim()).version) : N8N_VERSIONS;
	const started = Date.now();
	buildOnce();
	process.stdout.write(`compat: n8n ${versions.join(', ')}${values.serial ? ', one after another' : ', at once'}\n`);
	const results: VersionResult[] = [];
	if (values.serial) {
		for (const [index, version] of versions.entries()) results.push(await runOne(version, PORT_BASE + index * PORT_STEP));
	} else {
		results.push(...(await Promise.all(versions.map((version, index) => runOne(version, PORT_BASE + index * PORT_STEP)))));
	}
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
