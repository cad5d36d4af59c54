/**
 * A room of nodes/shared/ holds what its README.md says: every TypeScript file of the room is named (as `name.ts`)
 * in the room's README.md or in its row of the map in docs/developing.md, and every file the README or the row
 * names by its bare name is there. A file holding a job nobody wrote down, or a README naming a file that left, fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const ROOMS = 'nodes/shared';

function codeSpans(text: string): string[] {
	return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** What the map's row of each room says it holds ("What lives there"), by the room's folder ("nodes/shared/run/"). */
function mapRows(markdown: string, rooms: string): Map<string, string> {
	const rows = new Map<string, string>();
	for (const line of markdown.split('\n')) {
		const cells = line.trim().split('|').map((cell) => cell.trim());
		const folder = codeSpans(cells[1] ?? '')[0];
		if (folder?.startsWith(`${rooms}/`) && cells.length >= 4) rows.set(folder, cells[2]);
	}
	return rows;
}

/** Each file of a room that neither its README nor its map row names, and each file its README names that is not there. */
function untold(root: string, rooms: string, rows: Map<string, string>): string[] {
	const wrong: string[] = [];
	for (const room of fs.readdirSync(path.join(root, rooms)).sort()) {
		const dir = path.join(root, rooms, room);
		if (!fs.statSync(dir).isDirectory()) continue;
		const readmeFile = path.join(dir, 'README.md');
		const readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : '';
		const named = [...codeSpans(readme), ...codeSpans(rows.get(`${rooms}/${room}/`) ?? '')];
		const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => file.split(path.sep).join('/'));
		for (const file of files.sort()) {
			if (!named.some((name) => name === file || name.endsWith(`/${room}/${file}`) || name === `${room}/${file}`)) wrong.push(`${rooms}/${room}/${file}: named in neither ${room}/README.md nor the map's row`);
		}
		const told = (text: string) => codeSpans(text).filter((span) => /^[\w.-]+\.ts$/.test(span));
		for (const name of told(readme)) {
			if (!files.includes(name)) wrong.push(`${rooms}/${room}/README.md names ${name}, which the room does not hold`);
		}
		for (const name of told(rows.get(`${rooms}/${room}/`) ?? '')) {
			if (!files.includes(name)) wrong.push(`the map's row of ${rooms}/${room}/ names ${name}, which the room does not hold`);
		}
	}
	return wrong;
}

it("every file of each room of nodes/shared/ is named in the room's README.md or the map's row, and every file they name is there", () => {
	const rows = mapRows(fs.readFileSync(path.join(ROOT, 'docs', 'developing.md'), 'utf8'), ROOMS);
	expect(rows.size).toBeGreaterThan(1);
	expect(untold(ROOT, ROOMS, rows)).toEqual([]);
});

it('the check fails naming a file no README or map row names, and a file a README or map row names that is gone', () => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cargus-rooms-'));
	try {
		const room = path.join(root, 'shared', 'run');
		fs.mkdirSync(room, { recursive: true });
		for (const file of ['told.ts', 'inTheMap.ts', 'untold.ts']) fs.writeFileSync(path.join(room, file), 'export {};\n');
		fs.writeFileSync(path.join(room, 'README.md'), '# run\n\n- `told.ts`: a job.\n- `gone.ts`: a job that moved.\n\nChecked by `test/ci/importMap.test.ts`.\n');
		const rows = mapRows(['| Folder | What lives there | May import |', '|---|---|---|', '| `shared/run/` | paging (`inTheMap.ts`), sending (`moved.ts`) | nothing |', ''].join('\n'), 'shared');
		expect(rows).toEqual(new Map([['shared/run/', 'paging (`inTheMap.ts`), sending (`moved.ts`)']]));
		expect(untold(root, 'shared', rows)).toEqual([
			"shared/run/untold.ts: named in neither run/README.md nor the map's row",
			'shared/run/README.md names gone.ts, which the room does not hold',
			"the map's row of shared/run/ names moved.ts, which the room does not hold",
		]);
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
});
