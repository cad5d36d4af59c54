/**
 * Compatibility run (npm run test:e2e:compat): the end-to-end test (test/e2e/run.ts) on every tested n8n
 * version in turn, each in its own process with its own provisioned n8n and user folder. Prints each version's
 * checks, a table of the results, writes it to artifacts/compat.json, and ends with `e2e: N passed, N failed`
 * over all versions. `--n8n 1.x,2.40.7` runs only those.
 */
import { spawn } from 'node:child_process';
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

function runOne(version: string): Promise<VersionResult> {
	const target = n8nTarget(version);
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', '--prefer-ts-exts', path.join(__dirname, 'run.ts'), '--n8n', version], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const relay = (chunk: Buffer) => {
			output += chunk.toString();
			for (const line of chunk.toString().split('\n').filter(Boolean)) process.stdout.write(`[n8n ${version}] ${line}\n`);
		};
		child.stdout.on('data', relay);
		child.stderr.on('data', relay);
		child.on('error', reject);
		child.on('close', (code) => {
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

async function main(): Promise<void> {
	const { values } = parseArgs({ options: { n8n: { type: 'string' } } });
	const versions = values.n8n ? values.n8n.split(',').map((v) => n8nTarget(v.trim()).version) : N8N_VERSIONS;
	const results: VersionResult[] = [];
	for (const version of versions) {
		process.stdout.write(`compat: n8n ${version}\n`);
		results.push(await runOne(version));
	}
	process.stdout.write('\ncompat: results\n');
	process.stdout.write('| n8n | Node.js | checks passed | failed | time |\n|---|---|---|---|---|\n');
	for (const r of results) process.stdout.write(`| ${r.n8n} | ${r.node} | ${r.passed} | ${r.failed} | ${r.seconds} s |\n`);
	fs.mkdirSync(path.join(ROOT, 'artifacts'), { recursive: true });
	fs.writeFileSync(path.join(ROOT, 'artifacts', 'compat.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n');
	const passed = results.reduce((n, r) => n + r.passed, 0);
	const failed = results.reduce((n, r) => n + r.failed, 0);
	process.stdout.write(`e2e: ${passed} passed, ${failed} failed (${results.length} n8n versions)\n`);
	process.exit(failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
	process.stdout.write(`compat: crashed: ${err instanceof Error ? err.stack : String(err)}\ne2e: 0 passed, 1 failed\n`);
	process.exit(1);
});
