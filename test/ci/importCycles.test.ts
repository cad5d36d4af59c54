/**
 * No import cycle in the package, its credential or the sandbox: madge reads every TypeScript file of nodes/,
 * credentials/ and sandbox/ and names each cycle it finds. Type-only imports count: a type two files need each
 * other for belongs in a file of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importGraph } from '../helpers/importGraph';

const ROOT = path.join(__dirname, '..', '..');
const CHECKED = ['nodes', 'credentials', 'sandbox'];

function tsFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

it('the check finds a cycle closed by a type-only import', async () => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-cycles-'));
	try {
		fs.mkdirSync(path.join(root, 'shared'));
		fs.writeFileSync(path.join(root, 'shared', 'field.ts'), "import type { RuleName } from './rules';\nexport const rule: RuleName = 'text';\n");
		fs.writeFileSync(path.join(root, 'shared', 'rules.ts'), "import { rule } from './field';\nexport type RuleName = 'text';\nexport const first = rule;\n");
		fs.writeFileSync(path.join(root, 'shared', 'alone.ts'), "import { first } from './rules';\nexport const again = first;\n");
		const { cycles } = await importGraph(root, ['shared']);
		expect(cycles).toEqual(['shared/field.ts → shared/rules.ts → shared/field.ts']);
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
});

it('no import cycle under nodes/, credentials/ and sandbox/', async () => {
	const { files, cycles, skipped } = await importGraph(ROOT, CHECKED, path.join(ROOT, 'tsconfig.dev.json'));
	expect(files).toEqual(CHECKED.flatMap(tsFiles).sort());
	expect(skipped).toEqual([]);
	expect(cycles).toEqual([]);
});
