/**
 * The maps are the rule: the table of docs/developing.md says which folder of nodes/ and credentials/ may import
 * which room of nodes/shared/, and the table of sandbox/README.md which folder or top file of sandbox/ may import
 * which. This check reads both tables and fails on an import against them (type-only imports too), on a file no
 * row holds, and on rows a table lets import each other in a circle; in nodes/shared/, also on a room of more than
 * 12 files or without the README that says what it is for. Cycles between files: importCycles.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importGraph } from '../helpers/importGraph';

const ROOT = path.join(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'developing.md');
const CHECKED = ['nodes', 'credentials'];
const SANDBOX_DOC = path.join(ROOT, 'sandbox', 'README.md');
const SANDBOX = 'sandbox';
const ROOMS = 'nodes/shared/';
const MAX_FILES_PER_ROOM = 12;

interface Folder {
	/** The folder's path from the repository's root, with a trailing slash; or a file's path, for a file that is a row of its own. */
	folder: string;
	mayImport: string[];
}

/** The rows of the table headed "| Folder | What lives there | May import |", each room of the last column by its full path. */
function mapOf(markdown: string): Folder[] {
	const lines = markdown.split('\n');
	const head = lines.findIndex((line) => /^\|\s*Folder\s*\|\s*What lives there\s*\|\s*May import\s*\|$/.test(line.trim()));
	if (head < 0) throw new Error('no map table (| Folder | What lives there | May import |)');
	const rows: string[][] = [];
	for (const line of lines.slice(head + 2)) {
		if (!line.trim().startsWith('|')) break;
		rows.push(line.trim().slice(1, -1).split('|').map((cell) => cell.trim()));
	}
	const folders = rows.map((cells) => codeSpans(cells[0])[0]);
	const fullName = (name: string) => {
		const found = folders.filter((folder) => folder === name || folder.endsWith(`/${name}`));
		if (found.length !== 1) throw new Error(`"${name}" in the map's last column names ${found.length} folders of its first`);
		return found[0];
	};
	return rows.map((cells, i) => ({ folder: folders[i], mayImport: codeSpans(cells[2]).map(fullName) }));
}

function codeSpans(cell: string): string[] {
	return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** The row of the map holding `file` (the longest folder that contains it, or the file itself). */
function folderOf(map: Folder[], file: string): Folder | undefined {
	return map.filter(({ folder }) => file.startsWith(folder)).sort((a, b) => b.folder.length - a.folder.length)[0];
}

/** Each import against the map, as "importer → imported (folder may import: …)". */
function importsAgainst(map: Folder[], imports: Record<string, string[]>): string[] {
	const wrong: string[] = [];
	for (const [file, targets] of Object.entries(imports)) {
		const from = folderOf(map, file);
		if (!from) continue;
		for (const target of targets) {
			const to = folderOf(map, target);
			if (to === from || (to && from.mayImport.includes(to.folder))) continue;
			wrong.push(`${file} → ${target} (${from.folder} may import: ${from.mayImport.join(', ') || 'nothing'})`);
		}
	}
	return wrong.sort();
}

/** A circle of folders the map lets import each other, as "a/ → b/ → a/", or none. */
function circleIn(map: Folder[]): string | undefined {
	const byName = new Map(map.map((entry) => [entry.folder, entry]));
	const done = new Set<string>();
	const visit = (folder: string, trail: string[]): string | undefined => {
		if (trail.includes(folder)) return [...trail.slice(trail.indexOf(folder)), folder].join(' → ');
		if (done.has(folder)) return undefined;
		for (const next of byName.get(folder)?.mayImport ?? []) {
			const circle = visit(next, [...trail, folder]);
			if (circle) return circle;
		}
		done.add(folder);
		return undefined;
	};
	for (const { folder } of map) {
		const circle = visit(folder, []);
		if (circle) return circle;
	}
	return undefined;
}

/** The line each room's README.md carries, from the map: what the room imports and what imports it. */
function readmeLine(map: Folder[], room: string): string {
	const names = (folders: string[]) => (folders.length ? folders.map((folder) => `\`${folder}\``).join(', ') : 'nothing');
	const importers = map.filter(({ mayImport }) => mayImport.includes(room)).map(({ folder }) => folder);
	return `May import: ${names(map.find(({ folder }) => folder === room)?.mayImport ?? [])}. Imported by: ${names(importers)}.`;
}

/** The rows naming no folder (a path ending in "/") or file (any other path) that exists. */
function missing(map: Folder[], root = ROOT): string[] {
	const exists = (row: string) => {
		const stat = fs.statSync(path.join(root, row.replace(/\/$/, '')), { throwIfNoEntry: false });
		return row.endsWith('/') ? stat?.isDirectory() : stat?.isFile();
	};
	return map.map(({ folder }) => folder).filter((row) => !exists(row));
}

function tsFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

describe('the map of docs/developing.md', () => {
	const map = mapOf(fs.readFileSync(DOC, 'utf8'));
	const rooms = map.filter(({ folder }) => folder.startsWith(ROOMS));

	it('names folders that exist, and its rooms import each other in no circle', () => {
		expect(rooms.length).toBeGreaterThan(1);
		expect(missing(map)).toEqual([]);
		expect(circleIn(map)).toBeUndefined();
	});

	it('holds every TypeScript file of nodes/ and credentials/', () => {
		expect(CHECKED.flatMap(tsFiles).filter((file) => !folderOf(map, file))).toEqual([]);
		expect(fs.readdirSync(path.join(ROOT, ROOMS)).map((name) => `${ROOMS}${name}/`).sort()).toEqual(rooms.map(({ folder }) => folder).sort());
	});

	it.each(rooms.map(({ folder }) => folder))('%s holds at most 12 files and opens with a README saying what it is for and its imports', (room) => {
		const files = fs.readdirSync(path.join(ROOT, room)).filter((name) => name.endsWith('.ts'));
		expect(files.length).toBeLessThanOrEqual(MAX_FILES_PER_ROOM);
		const readme = fs.readFileSync(path.join(ROOT, room, 'README.md'), 'utf8');
		expect(readme.split('\n')).toContain(readmeLine(map, room));
	});

	it('no import of nodes/ or credentials/ runs against it', async () => {
		const { files, imports, skipped } = await importGraph(ROOT, CHECKED, path.join(ROOT, 'tsconfig.dev.json'));
		expect(files).toEqual(CHECKED.flatMap(tsFiles).sort());
		expect(skipped).toEqual([]);
		expect(importsAgainst(map, imports)).toEqual([]);
	});
});

describe('the map of sandbox/README.md', () => {
	const map = mapOf(fs.readFileSync(SANDBOX_DOC, 'utf8'));

	it('names folders and files that exist, and its rows import each other in no circle', () => {
		expect(map.length).toBeGreaterThan(4);
		expect(map.every(({ folder }) => folder.startsWith(`${SANDBOX}/`))).toBe(true);
		expect(missing(map)).toEqual([]);
		expect(circleIn(map)).toBeUndefined();
	});

	it('holds every TypeScript file of sandbox/', () => {
		expect(tsFiles(SANDBOX).filter((file) => !folderOf(map, file))).toEqual([]);
	});

	it('no import of sandbox/ runs against it', async () => {
		const { files, imports, skipped } = await importGraph(ROOT, [SANDBOX], path.join(ROOT, 'tsconfig.dev.json'));
		expect(files).toEqual(tsFiles(SANDBOX).sort());
		expect(skipped).toEqual([]);
		expect(importsAgainst(map, imports)).toEqual([]);
	});
});

it('the check finds an import against the map, a type-only one too', async () => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-map-'));
	try {
		const map = mapOf(
			['| Folder | What lives there | May import |', '|---|---|---|', '| `shared/form/` | fields | `transport/` |', '| `shared/transport/` | sending | nothing |', ''].join('\n'),
		);
		expect(map).toEqual([
			{ folder: 'shared/form/', mayImport: ['shared/transport/'] },
			{ folder: 'shared/transport/', mayImport: [] },
		]);
		fs.mkdirSync(path.join(root, 'shared', 'form'), { recursive: true });
		fs.mkdirSync(path.join(root, 'shared', 'transport'), { recursive: true });
		fs.writeFileSync(path.join(root, 'shared', 'form', 'field.ts'), "import { send } from '../transport/send';\nexport type Field = string;\nexport const go = send;\n");
		fs.writeFileSync(path.join(root, 'shared', 'form', 'rules.ts'), "import type { Field } from './field';\nexport const rule: Field = 'text';\n");
		fs.writeFileSync(path.join(root, 'shared', 'transport', 'send.ts'), "import type { Field } from '../form/field';\nexport const send = (field: Field) => field;\n");
		const { imports } = await importGraph(root, ['shared']);
		expect(importsAgainst(map, imports)).toEqual(['shared/transport/send.ts → shared/form/field.ts (shared/transport/ may import: nothing)']);
		expect(circleIn(mapOf(['| Folder | What lives there | May import |', '|---|---|---|', '| `a/` | x | `b/` |', '| `b/` | y | `a/` |'].join('\n')))).toBe('a/ → b/ → a/');
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
});

it('the check finds an arrow running back up a map whose rows are files too, and a file no row holds', async () => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-map-'));
	try {
		const map = mapOf(
			[
				'| Folder | What lives there | May import |',
				'|---|---|---|',
				'| `box/server.ts` | the app | `context.ts`, `routes/` |',
				'| `box/context.ts` | the state | `world/` |',
				'| `box/routes/` | operations | `world/` |',
				'| `box/world/` | the world | nothing |',
			].join('\n'),
		);
		expect(map.map(({ folder }) => folder)).toEqual(['box/server.ts', 'box/context.ts', 'box/routes/', 'box/world/']);
		const write = (file: string, text: string) => {
			fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
			fs.writeFileSync(path.join(root, file), text);
		};
		write('box/server.ts', "import { Context } from './context';\nimport { route } from './routes/tracking';\nexport const app = [new Context(), route];\n");
		write('box/context.ts', "import { Store } from './world/store';\nexport class Context { store = new Store(); }\n");
		write('box/routes/tracking.ts', "import type { Context } from '../context';\nimport type { Store } from '../world/store';\nexport const route = (context: Context): Store => context.store;\n");
		write('box/world/store.ts', 'export class Store {}\n');
		write('box/world/timelines/invoices.ts', "import { Store } from '../store';\nexport const store = new Store();\n");
		write('box/cli.ts', "import { app } from './server';\nexport const started = app;\n");
		expect(missing(map, root)).toEqual([]);
		expect(missing(mapOf(['| Folder | What lives there | May import |', '|---|---|---|', '| `box/context.ts/` | x | nothing |', '| `box/world` | y | nothing |'].join('\n')), root)).toEqual([
			'box/context.ts/',
			'box/world',
		]);
		const { files, imports } = await importGraph(root, ['box']);
		expect(importsAgainst(map, imports)).toEqual(['box/routes/tracking.ts → box/context.ts (box/routes/ may import: box/world/)']);
		expect(files.filter((file) => !folderOf(map, file))).toEqual(['box/cli.ts']);
		expect(circleIn(map)).toBeUndefined();
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
});
