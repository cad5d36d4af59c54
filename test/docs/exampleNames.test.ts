/**
 * One name per example everywhere: the workflow's name in n8n ("Cargus: " and the name), its file, the heading of
 * its first sticky note, the README's and docs/examples.md's tables, the `npm start` banner and `npm run demo`.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples');
const PREFIX = 'Cargus: ';

interface Example {
	file: string;
	number: number;
	/** The name without the "Cargus: " that groups the examples in n8n's workflow list. */
	name: string;
	workflowName: string;
	notes: string[];
}

function examples(): Example[] {
	return fs
		.readdirSync(EXAMPLES)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as {
				name: string;
				nodes: Array<{ type: string; parameters: { content?: string } }>;
			};
			const notes = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote').map((node) => node.parameters.content ?? '');
			return { file, number: Number(file.split('-')[0]), name: workflow.name.replace(PREFIX, ''), workflowName: workflow.name, notes };
		});
}

/** The words of a name as a file name spells them: "E-shop order to AWB" -> "eshop-order-to-awb". */
function slug(name: string): string {
	return name
		.toLowerCase()
		.replace(/['’-]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
}

interface Source {
	file: string;
	text: string;
}

/**
 * Where a source names an example, the name it gives, as `[example number or file, name]`:
 * - a Markdown table row holding the file (`` `1-….json` ``): its first bold text, without a closing period;
 * - the `npm start` banner: a line `'  1. <name>'`;
 * - the demo: `say('\n1. <name>: examples/<file>')`.
 */
function namesIn({ file, text }: Source): Array<{ where: string; key: string; name: string }> {
	const found: Array<{ where: string; key: string; name: string }> = [];
	text.split('\n').forEach((line, index) => {
		const where = `${file}:${index + 1}`;
		const row = /^\|\s*(?:\*\*(.+?)\*\*[^|]*`(\d-[\w-]+\.json)`|`(\d-[\w-]+\.json)`\s*\|\s*\*\*(.+?)\*\*)/.exec(line);
		if (row) found.push({ where, key: row[2] ?? row[3], name: (row[1] ?? row[4]).replace(/\.$/, '') });
		const banner = /^\s*'  (\d)\. ([^:']+)',?$/.exec(line);
		if (banner) found.push({ where, key: banner[1], name: banner[2] });
		const demo = /say\('\\n(\d)\. (.+): examples\/(\d-[\w-]+\.json)'\)/.exec(line);
		if (demo) found.push({ where, key: demo[3], name: demo[2] }, { where, key: demo[1], name: demo[2] });
	});
	return found;
}

/** Every place a source names an example otherwise than the example's own name. */
function disagreements(all: Example[], sources: Source[]): string[] {
	const problems: string[] = [];
	for (const source of sources) {
		for (const { where, key, name } of namesIn(source)) {
			const example = all.find((candidate) => candidate.file === key || String(candidate.number) === key);
			if (!example) problems.push(`${where}: "${key}" is no example`);
			else if (example.name !== name) problems.push(`${where}: "${name}" for ${example.file}, named "${example.name}"`);
		}
	}
	return problems;
}

const read = (...parts: string[]) => ({ file: path.join(...parts), text: fs.readFileSync(path.join(ROOT, ...parts), 'utf8') });

describe('each example has one name', () => {
	const all = examples();
	const sources = [read('README.md'), read('docs', 'examples.md'), read('scripts', 'start.ts'), read('scripts', 'demo.ts')];

	it('is its workflow\'s name in n8n, after "Cargus: "', () => {
		expect(all.map((example) => example.workflowName.startsWith(PREFIX) && example.name.length > 0)).toEqual(all.map(() => true));
	});

	it('whose first words make its file name', () => {
		for (const example of all) {
			const words = example.file.replace(/^\d-/, '').replace(/\.json$/, '');
			expect(`${slug(example.name)}-`.startsWith(`${words}-`) ? example.file : `${example.file} for "${example.name}"`).toBe(example.file);
		}
	});

	it('heads its first sticky note', () => {
		expect(all.map((example) => example.notes[0]?.split('\n')[0])).toEqual(all.map((example) => `## ${example.name}`));
	});

	it('the README, docs/examples.md, the npm start banner and the demo name every example so', () => {
		expect(disagreements(all, sources)).toEqual([]);
		const named = (source: Source) => new Set(namesIn(source).map(({ key }) => key));
		for (const source of sources.slice(0, 3)) {
			const keys = named(source);
			expect(all.filter((example) => !keys.has(example.file) && !keys.has(String(example.number))).map((example) => `${source.file}: ${example.file}`)).toEqual([]);
		}
	});

	it('every example file the docs, scripts, benchmarks and tests name is there', () => {
		const files = new Set(all.map((example) => example.file));
		const texts = [
			...sources,
			...fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => read('docs', name)),
			...['bench', 'test/node', 'test/e2e', 'test/e2e-queue'].flatMap((dir) =>
				fs.readdirSync(path.join(ROOT, dir)).filter((name) => name.endsWith('.ts')).map((name) => read(dir, name)),
			),
		];
		const missing = texts.flatMap(({ file, text }) => [...text.matchAll(/\b\d-[a-z0-9-]+\.json\b/g)].map(([name]) => name).filter((name) => !files.has(name)).map((name) => `${file}: ${name}`));
		expect(missing).toEqual([]);
	});

	it('a source that names an example otherwise is reported', () => {
		const readme = { file: 'README.md', text: '| **E-shop order to pickup request**, `1-eshop-order-to-awb-and-label.json` | … |\n| **Ghost**, `9-ghost.json` | … |' };
		const banner = { file: 'start.ts', text: "\t\t\t'  2. Email invoices',\n" };
		expect(disagreements(all, [readme, banner])).toEqual([
			'README.md:1: "E-shop order to pickup request" for 1-eshop-order-to-awb-and-label.json, named "E-shop order to AWB and label"',
			'README.md:2: "9-ghost.json" is no example',
			'start.ts:1: "Email invoices" for 2-email-invoices.json, named "Email invoices automatically"',
		]);
	});
});
