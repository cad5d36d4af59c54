/**
 * The import graph of TypeScript files, as madge reads it: type-only imports, `export … from` and require()
 * included. Shared by the import-cycle check and the import-map check of test/ci/.
 */
import path from 'node:path';

interface MadgeResult {
	obj(): Record<string, string[]>;
	circular(): string[][];
	warnings(): { skipped: string[] };
}
type Madge = (paths: string[], config: object) => Promise<MadgeResult>;

// madge ships no types.
const madge = require('madge') as Madge;

export interface ImportGraph {
	/** Every file read, relative to the root, in alphabetical order. */
	files: string[];
	/** What each file imports, relative to the root. */
	imports: Record<string, string[]>;
	/** Each import cycle as "a.ts → b.ts → a.ts". */
	cycles: string[];
	/** Imports madge could not resolve. */
	skipped: string[];
}

/** Every TypeScript file under `dirs` of `root`, with what each imports and each import cycle among them. */
export async function importGraph(root: string, dirs: string[], tsConfig?: string): Promise<ImportGraph> {
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
	const imports = result.obj();
	return {
		files: Object.keys(imports).sort(),
		imports,
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
