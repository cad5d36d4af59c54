/**
 * The GitHub Actions workflows: valid YAML, accepted by GitHub's workflow schema, and doing what the README
 * promises (CI checks everything on the Node.js versions the tested n8n versions run on; a version tag releases
 * through n8n's own tool, `n8n-node release`, with npm provenance and trusted publishing, after the checks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { parseDocument } from 'yaml';

const ROOT = path.join(__dirname, '..', '..');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const CHECKS = ['npm ci', 'npm run build', 'npm run lint', 'npm run typecheck', 'npm test', 'npm run scan'];
// `npm run release` lints and builds itself.
const RELEASE_CHECKS = ['npm ci', 'npm run typecheck', 'npm test', 'npm run scan', 'npm run release'];
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string }; scripts: Record<string, string> };

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'runs-on': string;
	permissions?: Record<string, string>;
	strategy?: { matrix?: Record<string, unknown[]> };
	steps: Step[];
}
interface Workflow {
	on: Record<string, { branches?: string[]; tags?: string[] } | null>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

function source(file: string): string {
	return fs.readFileSync(path.join(WORKFLOWS, file), 'utf8');
}

function load(file: string): Workflow {
	const doc = parseDocument(source(file), { uniqueKeys: true, strict: true });
	expect(doc.errors.map((e) => e.message)).toEqual([]);
	expect(doc.warnings.map((e) => e.message)).toEqual([]);
	return doc.toJS() as Workflow;
}

/** Index of the first step whose command starts with each of `commands`, in the order given. */
function positions(steps: Step[], commands: string[]): number[] {
	return commands.map((command) => steps.findIndex((s) => s.run?.split('\n').some((line) => line.trim().startsWith(command))));
}

function onlyJob(workflow: Workflow): Job {
	const jobs = Object.values(workflow.jobs);
	expect(jobs).toHaveLength(1);
	return jobs[0];
}

function globMatches(pattern: string, value: string): boolean {
	return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(value);
}

/** The Node.js major versions the tested n8n versions run on: n8n 1.x on the package's lowest, n8n 2.x on the provisioner's Node 24. */
function nodeMajorsNeeded(): string[] {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const provisioner = require('../../scripts/provision-n8n.js') as { NODE_24: string; N8N_VERSIONS: Record<string, { node: string }> };
	const majors = Object.values(provisioner.N8N_VERSIONS).map((spec) => (spec.node === 'machine' ? /\d+/.exec(pkg.engines.node)![0] : spec.node.split('.')[0]));
	return [...new Set(majors)].sort();
}

describe.each(['ci.yml', 'publish.yml'])('%s', (file) => {
	it('is a workflow GitHub accepts (its published schema)', () => {
		expect(validateWorkflow(source(file)).errors).toEqual([]);
	});

	it('checks out the code and sets up Node.js before running anything', () => {
		const steps = onlyJob(load(file)).steps;
		expect(steps[0].uses).toMatch(/^actions\/checkout@v\d+$/);
		expect(steps[1].uses).toMatch(/^actions\/setup-node@v\d+$/);
	});
});

describe('ci.yml', () => {
	const ci = load('ci.yml');
	const job = onlyJob(ci);

	it('runs on pull requests and on pushes to main, with read-only permissions', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push?.branches).toEqual(['main']);
		expect(ci.permissions).toEqual({ contents: 'read' });
	});

	it('runs on each Node.js the tested n8n versions need (Node 20 for n8n 1.x, Node 24 for n8n 2.x)', () => {
		expect(nodeMajorsNeeded()).toEqual(['20', '24']);
		expect(job.steps[1].with?.['node-version']).toBe('${{ matrix.node }}');
		expect((job.strategy?.matrix?.node ?? []).map(String).sort()).toEqual(nodeMajorsNeeded());
	});

	it('installs from the lockfile, then builds, lints, type-checks, tests and scans, in that order', () => {
		const at = positions(job.steps, CHECKS);
		expect(at.every((i) => i >= 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
	});

	it('publishes nothing', () => {
		expect(job.steps.filter((s) => /npm publish|npm run release|n8n-node release/.test(s.run ?? ''))).toEqual([]);
	});
});

describe('publish.yml', () => {
	const publish = load('publish.yml');
	const job = onlyJob(publish);
	const release = job.steps[job.steps.length - 1];

	it('runs only when a version tag is pushed (v1.2.3 or 1.2.3), not for branches', () => {
		expect(Object.keys(publish.on)).toEqual(['push']);
		expect(publish.on.push?.branches).toBeUndefined();
		const tags = publish.on.push?.tags ?? [];
		for (const tag of [`v${pkg.version}`, pkg.version]) expect(tags.some((p) => globMatches(p, tag))).toBe(true);
		expect(tags.some((p) => globMatches(p, 'main'))).toBe(false);
	});

	it('may mint an OIDC token (trusted publishing, provenance), and only read the repository', () => {
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	});

	it('runs on Node 24 with npm 11.5.1 or newer, which trusted publishing needs', () => {
		expect(String(job.steps[1].with?.['node-version'])).toBe('24');
		const npm = job.steps.findIndex((s) => /^npm install -g npm@\^11\.(5\.[1-9]|[6-9]\.\d+|\d{2,}\.\d+)\s*$/.test(s.run ?? ''));
		expect(npm).toBeGreaterThan(1);
		expect(npm).toBeLessThan(job.steps.indexOf(release));
	});

	it('installs from the lockfile, type-checks, tests and scans, then releases, in that order', () => {
		const at = positions(job.steps, RELEASE_CHECKS);
		expect(at.every((i) => i >= 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
	});

	it('releases through n8n\'s tool as its last step, with provenance: `npm run release` is `n8n-node release`', () => {
		expect(release.run?.trim().split('\n').pop()?.trim()).toBe('npm run release');
		expect(pkg.scripts.release).toBe('n8n-node release');
		expect(release.env?.NPM_CONFIG_PROVENANCE).toBe('true');
		expect(job.steps.filter((s) => /npm publish/.test(s.run ?? ''))).toEqual([]);
	});

	it('has n8n-node release (the pinned @n8n/node-cli) lint, build and publish with provenance inside GitHub Actions', () => {
		const cli = fs.readFileSync(path.join(ROOT, 'node_modules', '@n8n', 'node-cli', 'dist', 'commands', 'release.js'), 'utf8');
		const ci = cli.slice(cli.indexOf('if (isCI)'), cli.indexOf('return;', cli.indexOf('if (isCI)')));
		expect(cli).toMatch(/const isCI = Boolean\(process\.env\.GITHUB_ACTIONS\)/);
		expect(ci.indexOf("['run', 'lint']")).toBeGreaterThan(0);
		expect(ci.indexOf("['run', 'build']")).toBeGreaterThan(ci.indexOf("['run', 'lint']"));
		expect(ci.indexOf("['publish']")).toBeGreaterThan(ci.indexOf("['run', 'build']"));
		expect(ci).toMatch(/NPM_CONFIG_PROVENANCE: 'true'/);
	});

	it('falls back to an NPM_TOKEN secret, used only when it is set', () => {
		expect(release.env?.NPM_TOKEN).toBe('${{ secrets.NPM_TOKEN }}');
		expect(release.run).toMatch(/if \[ -n "\$NPM_TOKEN" \]; then npm config set \/\/registry\.npmjs\.org\/:_authToken "\$NPM_TOKEN"; fi/);
	});

	it('refuses a tag that differs from the package.json version before installing anything', () => {
		const check = job.steps.findIndex((s) => s.run?.includes('GITHUB_REF_NAME'));
		expect(check).toBeGreaterThan(0);
		expect(check).toBeLessThan(positions(job.steps, ['npm ci'])[0]);
	});
});

describe('the schema check', () => {
	it('rejects a workflow GitHub would refuse', () => {
		const broken = [
			source('ci.yml').replace('runs-on: ubuntu-latest', 'runs-on-x: ubuntu-latest'),
			source('publish.yml').replace('run: npm ci', 'runs: npm ci'),
			source('ci.yml').replace('pull_request:', 'pull-request:'),
		];
		for (const workflow of broken) expect(validateWorkflow(workflow).errors.length).toBeGreaterThan(0);
	});
});
