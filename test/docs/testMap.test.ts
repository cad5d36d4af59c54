import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const HEADING = '## Which tests guard which room';

/** Every test file under `test/`, as a path from the repository's root. */
function testFiles(directory = path.join(ROOT, 'test')): string[] {
	return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(directory, entry.name);
		if (entry.isDirectory()) return testFiles(full);
		return entry.name.endsWith('.test.ts') ? [path.relative(ROOT, full)] : [];
	});
}

/** The test files the map (the section under HEADING of a page in docs/) links to, as paths from the repository's root. */
function mappedTests(page: string): Set<string> {
	const start = page.indexOf(`\n${HEADING}\n`);
	if (start < 0) return new Set();
	const next = page.indexOf('\n## ', start + HEADING.length + 1);
	const section = page.slice(start, next < 0 ? undefined : next);
	return new Set([...section.matchAll(/\]\(\.\.\/(test\/[^)#]+\.test\.ts)\)/g)].map((match) => match[1]));
}

function unmapped(page: string, files: string[]): string[] {
	const mapped = mappedTests(page);
	return files.filter((file) => !mapped.has(file)).sort();
}

describe('the map of the tests by room (docs/testing.md)', () => {
	it('names every test file under test/', () => {
		const page = fs.readFileSync(path.join(ROOT, 'docs', 'testing.md'), 'utf8');
		expect(unmapped(page, testFiles())).toEqual([]);
	});

	it('reports a test file it does not name, and one named only outside its section', () => {
		const page = `# Testing\n\n[a](../test/node/a.test.ts)\n\n${HEADING}\n\n| Room | Tests |\n|---|---|\n| run | [b](../test/node/b.test.ts) |\n\n## After\n\n[c](../test/node/c.test.ts)\n`;
		expect(unmapped(page, ['test/node/a.test.ts', 'test/node/b.test.ts', 'test/node/c.test.ts'])).toEqual(['test/node/a.test.ts', 'test/node/c.test.ts']);
	});
});
