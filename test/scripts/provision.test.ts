/**
 * Which n8n the provisioner installs and how it is started: the tested versions, their aliases, the Node.js each
 * runs on, and where each keeps its files (the shared per-machine cache; the clone's own user folders).
 */
import os from 'node:os';
import path from 'node:path';

interface Target {
	version: string;
	major: number;
	nodeVersion: string;
	node: string;
	n8nDir: string;
	userFolder: string;
	env: Record<string, string>;
	overrides: Record<string, string>;
}
interface Provisioner {
	target(version?: string): Target;
	N8N_VERSIONS: Record<string, unknown>;
	DEFAULT_N8N_VERSION: string;
	NODE_24: string;
	paths: { root: string; cache: string };
}

function load(env: Record<string, string | undefined> = {}): Provisioner {
	const saved = { ...process.env };
	Object.assign(process.env, env);
	for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
	try {
		let provisioner: Provisioner | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			provisioner = require('../../scripts/provision-n8n.js') as Provisioner;
		});
		return provisioner!;
	} finally {
		process.env = saved;
	}
}

describe('the provisioner', () => {
	it('tests the latest 1.x, the default 2.40.7 and the latest installable 2.x', () => {
		const p = load();
		expect(Object.keys(p.N8N_VERSIONS)).toEqual(['1.123.81', '2.40.7', '2.41.1']);
		expect(p.target('default').version).toBe('2.40.7');
		expect(p.target('1.x').version).toBe('1.123.81');
		expect(p.target('2.x').version).toBe('2.41.1');
	});

	it('takes the version from CARGUS_N8N_VERSION when none is given', () => {
		const saved = process.env.CARGUS_N8N_VERSION;
		process.env.CARGUS_N8N_VERSION = '1.x';
		try {
			expect(load().target().version).toBe('1.123.81');
		} finally {
			if (saved === undefined) delete process.env.CARGUS_N8N_VERSION;
			else process.env.CARGUS_N8N_VERSION = saved;
		}
	});

	it('names the tested versions when asked for another', () => {
		expect(() => load().target('2.39.0')).toThrow(/n8n 2\.39\.0 is not one of the tested versions: 1\.123\.81, 2\.40\.7, 2\.41\.1/);
	});

	it('runs n8n 2.x on the provisioned Node.js 24 without its MCP registry (it calls api.n8n.io) and n8n 1.x on this machine\'s Node.js with the legacy expression engine', () => {
		const p = load();
		for (const v of ['2.40.7', '2.41.1']) {
			const t = p.target(v);
			expect(t.nodeVersion).toBe(p.NODE_24);
			expect(t.node).toBe(path.join(p.paths.cache, `node-${p.NODE_24}`, 'node_modules', '.bin', 'node'));
			expect(t.env).toEqual({ N8N_DISABLED_MODULES: 'mcp-registry' });
		}
		const one = p.target('1.x');
		expect(one.node).toBe(process.execPath);
		expect(one.env).toEqual({ N8N_EXPRESSION_ENGINE: 'legacy' });
		expect(one.overrides).toEqual({ linkedom: '0.18.12', xlsx: '0.18.5' });
	});

	it('keeps n8n in the per-machine cache, and each version\'s data in the clone', () => {
		const p = load({ CARGUS_N8N_CACHE: undefined, XDG_CACHE_HOME: undefined });
		expect(p.paths.cache).toBe(path.join(os.homedir(), '.cache', 'n8n-nodes-cargus'));
		expect(p.target('1.x').n8nDir).toBe(path.join(p.paths.cache, 'n8n-1.123.81'));
		expect(p.target('default').userFolder).toBe(path.join(p.paths.root, '.n8n-cache', 'user'));
		expect(p.target('2.x').userFolder).toBe(path.join(p.paths.root, '.n8n-cache', 'user-2.41.1'));
		expect(load({ CARGUS_N8N_CACHE: '/tmp/elsewhere' }).paths.cache).toBe('/tmp/elsewhere');
	});
});
