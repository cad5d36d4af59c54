/**
 * This package as n8n's community-node install leaves it: `npm pack` once, then `npm install` of the tarball into
 * `<user folder>/.n8n/nodes` of each n8n process, with scripts off and without the n8n-workflow peer dependency
 * (n8n provides it).
 */
import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Environment for child npm runs: without the npm_* variables of a parent `npm run` (they would point npm at this repo). */
function npmEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^npm_/i.test(k) && !/^npm_config_(cache|userconfig|globalconfig|registry)$/i.test(k)) continue;
		env[k] = v;
	}
	return env;
}

function npm(args: string[], cwd: string): string {
	const r = spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`npm ${args.join(' ')} (in ${cwd}) failed:\n${r.stdout}${r.stderr}`);
	return r.stdout;
}

/** `npm pack` of the built package (package.json + dist/) into `destination`; answers the tarball's path. */
export function packPackage(root: string, destination: string): string {
	fs.mkdirSync(destination, { recursive: true });
	const packed = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], root)) as Array<{ filename: string }>;
	return path.join(destination, packed[0].filename);
}

/**
 * Installs the tarball into the user folder's community-node folder, unless this very tarball is installed there
 * already. Answers whether it installed.
 */
export async function installCommunityPackage(userFolder: string, tarball: string, packageName: string): Promise<boolean> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const digest = crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
	const marker = path.join(nodesDir, '.installed-tarball-sha256');
	const installed = path.join(nodesDir, 'node_modules', packageName, 'package.json');
	if (fs.existsSync(installed) && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === digest) return false;
	fs.mkdirSync(nodesDir, { recursive: true });
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2) + '\n');
	const args = ['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--no-package-lock', tarball];
	await new Promise<void>((resolve, reject) => {
		execFile('npm', args, { cwd: nodesDir, env: npmEnv() }, (error, stdout, stderr) => {
			if (error) reject(new Error(`npm ${args.join(' ')} (in ${nodesDir}) failed:\n${stdout}${stderr}`));
			else resolve();
		});
	});
	fs.writeFileSync(marker, `${digest}\n`);
	return true;
}
