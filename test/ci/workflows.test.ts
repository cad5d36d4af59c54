/**
 * The GitHub Actions workflows: valid YAML, accepted by GitHub's workflow schema, and doing what the README
 * promises (CI checks everything; a version tag publishes with npm provenance after the same checks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { parseDocument } from 'yaml';

const WORKFLOWS = path.join(__dirname, '..', '..', '.github', 'workflows');
const CHECKS = ['npm ci', 'npm run build', 'npm run lint', 'npm run typecheck', 'npm test', 'npm run scan'];

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
}
interface Job {
	'runs-on': string;
	permissions?: Record<string, string>;
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

describe.each(['ci.yml', 'publish.yml'])('%s', (file) => {
	it('is a workflow GitHub accepts (its published schema)', () => {
		expect(validateWorkflow(source(file)).errors).toEqual([]);
	});

	it('checks out the code and sets up Node.js 20 before running anything', () => {
		const steps = onlyJob(load(file)).steps;
		expect(steps[0].uses).toMatch(/^actions\/checkout@v\d+$/);
		expect(steps[1].uses).toMatch(/^actions\/setup-node@v\d+$/);
		expect(String(steps[1].with?.['node-version'])).toBe('20');
	});

	it('installs from the lockfile, then builds, lints, type-checks, tests and scans, in that order', () => {
		const at = positions(onlyJob(load(file)).steps, CHECKS);
		expect(at.every((i) => i >= 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
	});
});

describe('ci.yml', () => {
	it('runs on pull requests and on pushes to main, with read-only permissions', () => {
		const ci = load('ci.yml');
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push?.branches).toEqual(['main']);
		expect(ci.permissions).toEqual({ contents: 'read' });
	});

	it('publishes nothing', () => {
		expect(source('ci.yml')).not.toMatch(/npm publish/);
	});
});

describe('publish.yml', () => {
	const publish = load('publish.yml');
	const job = onlyJob(publish);
	const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

	it('runs only when a version tag is pushed (v1.2.3 or 1.2.3), not for branches', () => {
		expect(Object.keys(publish.on)).toEqual(['push']);
		expect(publish.on.push?.branches).toBeUndefined();
		const tags = publish.on.push?.tags ?? [];
		for (const tag of [`v${version}`, version]) expect(tags.some((p) => globMatches(p, tag))).toBe(true);
		expect(tags.some((p) => globMatches(p, 'main'))).toBe(false);
	});

	it('may mint an OIDC token for npm provenance, and only read the repository', () => {
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	});

	it('publishes with provenance as its last step, after every check passed', () => {
		const [publishAt] = positions(job.steps, ['npm publish']);
		expect(publishAt).toBe(job.steps.length - 1);
		expect(job.steps[publishAt].run).toMatch(/^npm publish --provenance --access public\s*$/);
		expect(Math.max(...positions(job.steps, CHECKS))).toBeLessThan(publishAt);
	});

	it('refuses a tag that differs from the package.json version before installing anything', () => {
		const check = job.steps.findIndex((s) => s.run?.includes('GITHUB_REF_NAME'));
		expect(check).toBeGreaterThan(0);
		expect(check).toBeLessThan(positions(job.steps, ['npm ci'])[0]);
	});

	it('authenticates to the npm registry that setup-node configures', () => {
		expect(job.steps[1].with?.['registry-url']).toBe('https://registry.npmjs.org');
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
