import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The sandbox's imports run one way: wiring (sandbox/*.ts) → gateway → routes → world, with the control API
 * beside the gateway (it configures the gateway's faults and reads the request log). The routes and the
 * gateway may name the SandboxContext type the wiring hands them, nothing more of the wiring.
 */
type Layer = 'wiring' | 'control' | 'gateway' | 'routes' | 'world';

const MAY_IMPORT: Record<Layer, Layer[]> = {
	wiring: ['wiring', 'control', 'gateway', 'routes', 'world'],
	control: ['control', 'gateway', 'routes', 'world'],
	gateway: ['gateway', 'control', 'routes', 'world'],
	routes: ['routes', 'world'],
	world: ['world'],
};
const CONTEXT = 'context.ts';

function layerOf(file: string): Layer {
	const first = file.split('/')[0];
	return first === 'control' || first === 'gateway' || first === 'routes' || first === 'world' ? first : 'wiring';
}

interface ImportLine {
	specifier: string;
	typeOnly: boolean;
}

function importsOf(source: string): ImportLine[] {
	const found: ImportLine[] = [];
	const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/g;
	for (const match of source.matchAll(statement)) found.push({ specifier: match[3], typeOnly: match[2] !== undefined });
	for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.push({ specifier: match[1], typeOnly: false });
	for (const match of source.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ specifier: match[1], typeOnly: false });
	return found;
}

/** Files are paths relative to sandbox/ ('world/store.ts'); answers "file imports target" for each breach. */
function layerViolations(files: Map<string, string>): string[] {
	const violations: string[] = [];
	for (const [file, source] of files) {
		const from = layerOf(file);
		for (const { specifier, typeOnly } of importsOf(source)) {
			if (!specifier.startsWith('.')) continue;
			const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
			if (target.startsWith('..')) {
				violations.push(`${file} imports ${specifier} (outside the sandbox)`);
				continue;
			}
			const to = layerOf(target);
			if (MAY_IMPORT[from].includes(to)) continue;
			if (typeOnly && `${target}.ts` === CONTEXT && from !== 'world') continue;
			violations.push(`${file} (${from}) imports ${specifier} (${to})`);
		}
	}
	return violations;
}

function sandboxFiles(): Map<string, string> {
	const root = path.join(__dirname, '..', '..', 'sandbox');
	const files = new Map<string, string>();
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.ts')) files.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
		}
	};
	walk(root);
	return files;
}

describe('sandbox layers', () => {
	it('the check finds a world file that imports the gateway, the control API, a route or the wiring', () => {
		const files = new Map([
			['world/store.ts', "import { installGateway } from '../gateway/hooks';\nimport type { RequestLogEntry } from '../control/requestLog';"],
			['world/timelines/invoices.ts', "import { ok } from '../../routes/answers';\nimport type { SandboxContext } from '../../context';"],
			['routes/tracking.ts', "import { isControlPath } from '../control/path';\nimport type { SandboxContext } from '../context';"],
			['world/seed.ts', "import { DAY } from './dates';\nimport { SeededRandom } from './random';"],
		]);
		expect(layerViolations(files)).toEqual([
			'world/store.ts (world) imports ../gateway/hooks (gateway)',
			'world/store.ts (world) imports ../control/requestLog (control)',
			'world/timelines/invoices.ts (world) imports ../../routes/answers (routes)',
			'world/timelines/invoices.ts (world) imports ../../context (wiring)',
			'routes/tracking.ts (routes) imports ../control/path (control)',
		]);
	});

	it('every file of the sandbox imports only its own layer or the layers below it', () => {
		const files = sandboxFiles();
		expect([...files.keys()].filter((file) => layerOf(file) === 'world').length).toBeGreaterThan(10);
		expect(layerViolations(files)).toEqual([]);
	});
});
