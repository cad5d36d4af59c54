/** Installs missing Debian packages with apt-get (as root only), saying so. */
import { execFileSync, spawnSync } from 'node:child_process';

/** What the end-to-end runs need from Debian, and why. */
export const BROWSER_PACKAGES = { chromium: 'the editor screenshots of the end-to-end test' };
export const QUEUE_PACKAGES = { postgresql: 'the database of n8n in queue mode', 'redis-server': 'the queue of n8n in queue mode' };

function installed(pkg: string): boolean {
	const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
	return r.status === 0 && r.stdout.includes('install ok installed');
}

/**
 * Makes sure each package is installed. `needed` maps a package to why it is needed (printed with the install).
 * Not root: throws with the apt-get command to run.
 */
export function ensureDebianPackages(needed: Record<string, string>, log: (line: string) => void): void {
	const missing = Object.keys(needed).filter((pkg) => !installed(pkg));
	if (missing.length === 0) return;
	const command = `apt-get install -y ${missing.join(' ')}`;
	if (process.getuid?.() !== 0) throw new Error(`missing Debian packages ${missing.join(', ')}; install them as root: ${command}`);
	for (const pkg of missing) log(`apt: installing Debian package ${pkg} (${needed[pkg]})`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const t = Date.now();
	execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
	execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
	log(`apt: installed ${missing.join(', ')} in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}

if (require.main === module) {
	// .ci/run installs everything at once, up front: apt-get takes one lock, so runs at the same time must not each call it.
	ensureDebianPackages({ ...BROWSER_PACKAGES, ...QUEUE_PACKAGES }, (line) => process.stdout.write(`${line}\n`));
}
