import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorsOf, brokenLinks } from './markdownLinks';

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

	it('headings get GitHub anchors, repeated ones numbered', () => {
		expect([...anchorsOf('## Cargus API credential\n## Options\n### Options\n<a id="custom"></a>')]).toEqual([
			'cargus-api-credential',
			'options',
			'options-1',
			'custom',
		]);
	});
});
