/**
 * The end-to-end checks run on every tested n8n version (test/e2e/versionChecks.ts) name real checks, and
 * docs/testing.md lists each with its reason, so that a renamed check cannot silently stop running on the other
 * versions and the docs say what CI runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CLOCK_SERVER_CHECKS, EVERY_VERSION_CHECKS } from '../e2e/versionChecks';

const ROOT = path.resolve(__dirname, '../..');
const E2E = path.join(ROOT, 'test', 'e2e');

/** A check named in a loop over the editor's themes is one check per theme. */
const perTheme = (name: string) => (name.includes('${theme}') ? ['light', 'dark'].map((theme) => name.replace('${theme}', theme)) : [name]);

/** The first argument of every `check(` call in the end-to-end sources, lowercased. */
function checkNames(): string[] {
	const names: string[] = [];
	for (const file of fs.readdirSync(E2E).filter((name) => name.endsWith('.ts'))) {
		const source = fs.readFileSync(path.join(E2E, file), 'utf8');
		for (const match of source.matchAll(/check\(\s*(['`])((?:\\.|(?!\1).)*)\1/g)) names.push(match[2].replace(/\\'/g, "'").toLowerCase());
		// The second server's checks are listed as [name, run] pairs.
		for (const match of source.matchAll(/\[\s*(['`])((?:\\.|(?!\1).)*)\1\s*,\s*\w+\s*\]/g)) names.push(match[2].replace(/\\'/g, "'").toLowerCase());
	}
	return names.flatMap(perTheme);
}

describe('the checks every n8n version runs', () => {
	const names = checkNames();

	it('finds the end-to-end checks', () => {
		expect(names.length).toBeGreaterThan(20);
	});

	it.each(EVERY_VERSION_CHECKS.map((entry) => [entry.word]))('"%s" names exactly one end-to-end check', (word) => {
		expect(names.filter((name) => name.includes(word))).toHaveLength(1);
	});

	// The default version's second server skips what the first runs: a word that names nothing would move nothing.
	it.each(CLOCK_SERVER_CHECKS.map((word) => [word]))('"%s" names a check of the clock-moving server', (word) => {
		expect(names.filter((name) => name.includes(word)).length).toBeGreaterThan(0);
	});

	it('docs/testing.md lists each with its reason', () => {
		const docs = fs.readFileSync(path.join(ROOT, 'docs', 'testing.md'), 'utf8');
		const missing = EVERY_VERSION_CHECKS.filter(({ word, why }) => !docs.includes(`| ${word} | ${why} |`));
		expect(missing.map(({ word }) => word)).toEqual([]);
	});
});
