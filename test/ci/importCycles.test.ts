/**
 * No import cycle in the package, its credential or the sandbox: madge reads every TypeScript file of nodes/,
 * credentials/ and sandbox/ and names each cycle it finds. Type-only imports count: a type two files need each
 * other for belongs in a file of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface MadgeResult {
	obj(): Record<string, string[]>;
	circular(): string[][];
	warnings(): { skipped: string[] };
}
type Madge = (paths: string[], config: object) => Promise<MadgeResult>;

// madge ships no types.
const madge = require('madge') as Madge;

const ROOT = path.join(__dirname, '..', '..');
const CHECKED = ['nodes', 'credentials', 'sandbox'];

/** Every TypeScript file under `dirs`, with each import cycle among them as "a.ts → b.ts → a.ts". */
async function importGraph(root: string, dirs: string[], tsConfig?: string): Promise<{ files: string[]; cycles: string[]; skipped: string[] }> {
	const result = await madge(
		dirs.map((dir) => path.join(root, dir)),
		{
			baseDir: root,
			fileExtensions: ['ts'],
			tsConfig,
			// `import type` and `export type` too, and require() beside imports.
			detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false, mixedImports: true } },
		},
	);
	return {
		files: Object.keys(result.obj()).sort(),
		cycles: result.circular().map(cycleText),
		skipped: result.warnings().skipped,
	};
}

/** The cycle from its first file in alphabetical order, whichever file madge reached it from. */
function cycleText(cycle: string[]): string {
	const start = cycle.indexOf([...cycle].sort()[0]);
	const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
	return [...rotated, rotated[0]].join(' → ');
}

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
