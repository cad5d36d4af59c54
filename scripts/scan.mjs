#!/usr/bin/env node
/**
 * npm run scan: n8n's community-package scanner (@n8n/scan-community-package), run here on both legs it
 * checks before n8n verifies a package: the source (its SOURCE_FILE_PATTERNS) and the tarball `npm pack`
 * makes (unpacked, all files). Also lists tarball files the package does not need (declarations, maps,
 * tests, sources). Prints the problems and exits 1 when there is any. Expects a fresh `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEEDED = /^(package\.json|README\.md|LICENSE\.md|dist\/(nodes|credentials)\/.+\.(js|json|svg|png))$/;
const NOT_NEEDED = /\.d\.ts$|\.map$|\.test\.js$|(^|\/)test\//;

function problemsIn(result) {
	if (result.passed) return { count: 0, text: '' };
	const match = /(\d+) problems?/.exec(result.details ?? '');
	return { count: match ? Number(match[1]) : 1, text: result.details ?? result.message };
}

async function leg(name, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	const { count, text } = problemsIn(result);
	process.stdout.write(`scan: ${name}: ${count} problem${count === 1 ? '' : 's'}${result.message && count === 0 && !result.passed ? ` (${result.message})` : ''}\n`);
	if (text) process.stdout.write(`${text.trim()}\n`);
	return count;
}

function packFiles(work) {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) throw new Error('no dist/: run `npm run build` first');
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' }));
	const unpacked = path.join(work, 'package');
	fs.mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', unpacked, '--strip-components=1']);
	return { unpacked, files: packed.files.map((f) => f.path), filename: packed.filename };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-scan-'));
try {
	const { unpacked, files, filename } = packFiles(work);
	process.stdout.write(`scan: ${filename}: ${files.length} files\n`);
	let problems = await leg('source (package.json, nodes/, credentials/)', ROOT, SOURCE_FILE_PATTERNS);
	problems += await leg(`tarball (${filename}, every file)`, unpacked);
	const extra = files.filter((f) => NOT_NEEDED.test(f) || !NEEDED.test(f));
	process.stdout.write(`scan: tarball: ${extra.length} file${extra.length === 1 ? '' : 's'} the package does not need\n`);
	for (const f of extra) process.stdout.write(`  ${f}\n`);
	problems += extra.length;
	process.stdout.write(`scan: ${problems} problem${problems === 1 ? '' : 's'} in total\n`);
	process.exitCode = problems === 0 ? 0 : 1;
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
