/**
 * `npm run lint` is n8n's own `n8n-node lint` in strict mode: eslint.config.mjs is n8n's default, unchanged, its
 * rules reach every file of the package, and the code outside the package (tests, sandbox, scripts, bench) is
 * left to the nested config in its folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	scripts: Record<string, string>;
	n8n: { strict?: boolean };
};
const OUTSIDE = ['test', 'sandbox', 'scripts', 'bench', '.n8n-cache'];
const INSIDE = ['nodes/shared', 'credentials'];
const PROBE = 'export const key = process.env.KEY;\nconsole.log(key);\n';

interface Message {
	ruleId: string | null;
	severity: number;
	message: string;
}
interface Linted {
	/** Every file `eslint .` lints. */
	files: string[];
	/** What ESLint says of PROBE placed in each folder. */
	probes: Record<string, Message[]>;
}

/** The environment `npm run lint` gives ESLint: the variables its script sets before `n8n-node lint`. */
function lintEnv(): NodeJS.ProcessEnv {
	const env = { ...process.env };
	for (const [, name, value] of pkg.scripts.lint.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)) env[name] = value;
	return env;
}

/** ESLint's API in a child process (it loads eslint.config.mjs, an ES module), as `npm run lint` runs it. */
function lint(): Linted {
	const script = `
		import { ESLint } from 'eslint';
		import path from 'node:path';
		const eslint = new ESLint({ cwd: process.cwd() });
		const files = (await eslint.lintFiles(['.'])).map((r) => r.filePath);
		const probes = {};
		for (const dir of ${JSON.stringify([...INSIDE, ...OUTSIDE])}) {
			const [result] = await eslint.lintText(${JSON.stringify(PROBE)}, { filePath: path.resolve(dir, 'probe.ts'), warnIgnored: true });
			probes[dir] = result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message }));
		}
		process.stdout.write(JSON.stringify({ files, probes }));
	`;
	const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: lintEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
	return JSON.parse(stdout) as Linted;
}

function tsFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith('.ts'))
		.map((f) => path.join(ROOT, dir, f));
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

it('is n8n-node lint, in strict mode, with n8n’s default eslint.config.mjs unchanged', () => {
	expect(pkg.scripts.lint).toMatch(/(^|\s)n8n-node lint$/);
	expect(pkg.n8n.strict).toBe(true);
	const template = path.join(ROOT, 'node_modules', '@n8n', 'node-cli', 'dist', 'template', 'templates', 'shared', 'default', 'eslint.config.mjs');
	expect(normalized(fs.readFileSync(path.join(ROOT, 'eslint.config.mjs'), 'utf8'))).toBe(normalized(fs.readFileSync(template, 'utf8')));
});

describe('with the environment of `npm run lint`', () => {
	let linted: Linted;
	beforeAll(() => {
		linted = lint();
	});

	it('lints every TypeScript file of nodes/ and credentials/, and package.json', () => {
		const files = new Set(linted.files);
		const expected = [...tsFiles('nodes'), ...tsFiles('credentials'), path.join(ROOT, 'package.json')];
		expect(expected.length).toBeGreaterThan(10);
		expect(expected.filter((f) => !files.has(f))).toEqual([]);
		expect(linted.files.filter((f) => OUTSIDE.some((dir) => f.startsWith(path.join(ROOT, dir, path.sep))))).toEqual([]);
	});

	it.each(INSIDE)('holds code in %s/ to n8n’s rules for community nodes', (dir) => {
		expect(linted.probes[dir].map((m) => [m.ruleId, m.severity])).toEqual(
			expect.arrayContaining([
				['@n8n/community-nodes/no-restricted-globals', 2],
				['no-console', 2],
			]),
		);
	});

	it.each(OUTSIDE)('leaves %s/ (not in the package) to its own config', (dir) => {
		expect(fs.existsSync(path.join(ROOT, dir, 'eslint.config.mjs'))).toBe(true);
		expect(linted.probes[dir].map((m) => m.message)).toEqual([expect.stringMatching(/^File ignored/)]);
	});
});
