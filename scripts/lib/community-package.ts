/**
 * This package as n8n's community-node install leaves it: `npm pack` once, then `npm install` of the tarball into
 * `<user folder>/.n8n/nodes` of each n8n process, with scripts off and without the n8n-workflow peer dependency
 * (n8n provides it).
 */
import { spawnSync } from 'node:child_process';
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

/** Installs the tarball into the user folder's community-node folder; answers where the package landed. */
export function installCommunityPackage(userFolder: string, tarball: string, packageName: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2) + '\n');
	npm(['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--no-package-lock', tarball], nodesDir);
	return path.join(nodesDir, 'node_modules', packageName);
}
