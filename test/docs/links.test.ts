import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorsOf, brokenLinks, missingPictures } from './markdownLinks';

const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(): string[] {
	const docs = path.join(ROOT, 'docs');
	const pages = fs.existsSync(docs) ? fs.readdirSync(docs).filter((name) => name.endsWith('.md')).map((name) => path.join(docs, name)) : [];
	return [path.join(ROOT, 'README.md'), path.join(ROOT, 'sandbox', 'README.md'), path.join(ROOT, 'CHANGELOG.md'), ...pages];
}

describe('the links between the README, docs/ and the sandbox README', () => {
	it('every relative link reaches an existing file and heading', () => {
		expect(brokenLinks(markdownFiles())).toEqual([]);
	});

	it('a link to a missing file or heading is reported', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
		fs.writeFileSync(path.join(dir, 'a.md'), '# Try it: `npm start`\n\n[ok](#try-it-npm-start) [ok](b.md#queue-mode) [gone](c.md) [wrong](b.md#nowhere) [web](https://example.com/x.md)\n');
		fs.writeFileSync(path.join(dir, 'b.md'), '# Queue mode\n');
		expect(brokenLinks([path.join(dir, 'a.md')]).map(({ href, reason }) => `${href}: ${reason}`)).toEqual([
			'c.md: no such file',
			'b.md#nowhere: no such heading',
		]);
	});

	it('every picture they show is a file the repository holds', () => {
		const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n'));
		expect(missingPictures(markdownFiles(), ROOT, tracked).map(({ file, href, reason }) => `${path.relative(ROOT, file)}: ${href}: ${reason}`)).toEqual([]);
	});

	it('a picture that is missing, uncommitted or on the web is reported', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pictures-'));
		fs.mkdirSync(path.join(dir, 'images'));
		fs.writeFileSync(path.join(dir, 'images', 'kept.png'), 'png');
		fs.writeFileSync(path.join(dir, 'images', 'new.png'), 'png');
		fs.writeFileSync(path.join(dir, 'a.md'), '![kept](images/kept.png) ![new](images/new.png) ![gone](images/gone.png) ![web](https://example.com/x.png) <img src="images/kept.png">\n');
		expect(missingPictures([path.join(dir, 'a.md')], dir, new Set(['images/kept.png', 'a.md'])).map(({ href, reason }) => `${href}: ${reason}`)).toEqual([
			'images/new.png: not committed',
			'images/gone.png: no such file',
			'https://example.com/x.png: not in the repository',
		]);
	});

	it('headings get GitHub anchors, repeated ones numbered', () => {
		expect([...anchorsOf('## Cargus API credential\n## Options\n### Options\n<a id="custom"></a>')]).toEqual([
			'cargus-api-credential',
			'options',
			'options-1',
			'custom',
		]);
	});
});
describe('the README is a front page', () => {
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

	it('is at most 250 lines and 18 KB', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(250);
		expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(18 * 1024);
	});

	it('gives the two commands in its first 40 lines', () => {
		const top = readme.split('\n').slice(0, 40).join('\n');
		expect(top).toContain('npm install && npm start');
		expect(top).toContain('npm install && npm test');
	});

	it('counts the example workflows that examples/ holds, each one published by npm start', () => {
		const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
		const examples = fs.readdirSync(path.join(ROOT, 'examples')).filter((file) => file.endsWith('.json')).length;
		expect(/the (\w+) example workflows, every one published/.exec(readme)?.[1]).toBe(NUMBERS[examples]);
		expect(/\(all (\w+) are in \[`examples\/`\]/.exec(readme)?.[1]).toBe(NUMBERS[examples]);
	});
});

describe('the repository stands on its own', () => {
	// A clone has nothing beside it: a relative path that climbs out of the repository leads nowhere.
	const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((file) => /\.(md|ts|js|mjs|json|ya?ml|sh)$/.test(file) && file !== 'package-lock.json' && fs.existsSync(path.join(ROOT, file)));

	it('no file names a path outside it, or a path that is not there (../)', () => {
		expect(pathsOutside(tracked)).toEqual([]);
	});

	it('a path that climbs out of the repository is reported', () => {
		const dir = fs.mkdtempSync(path.join(ROOT, '.links-'));
		try {
			fs.writeFileSync(path.join(dir, 'a.md'), 'See `../../shared/spec/x.md`, `../shared/data/` and [y](../README.md).\n');
			const file = path.relative(ROOT, path.join(dir, 'a.md'));
			expect(pathsOutside([file])).toEqual([`${file}: ../../shared/spec/x.md`, `${file}: ../shared/data`]);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

function pathsOutside(files: string[]): string[] {
	const outside: string[] = [];
	for (const file of files) {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		for (const [relative] of text.matchAll(/(?:\.\.\/)+[\w.@-]+(?:\/[\w.@-]+)*/g)) {
			const target = path.resolve(ROOT, path.dirname(file), relative);
			// In prose a path must also be there (in code the compiler sees to it, and tests hold fixtures).
			const missing = file.endsWith('.md') && !fs.existsSync(target);
			if (path.relative(ROOT, target).startsWith('..') || missing) outside.push(`${file}: ${relative}`);
		}
	}
	return outside;
}
