/** Reads the SQLite database of a running n8n 2.x (its user folder's `.n8n/database.sqlite`), read-only. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Launched } from '../../scripts/lib/launcher';

const run = promisify(execFile);

// Run by the Node.js 24 that runs n8n 2.x, which has node:sqlite (the test's own Node 20 has not).
const QUERY = `
const { DatabaseSync } = require('node:sqlite');
const [file, sql, params] = process.argv.slice(1);
const db = new DatabaseSync(file, { readOnly: true });
process.stdout.write(JSON.stringify(db.prepare(sql).all(...JSON.parse(params))));
db.close();
`;

export async function queryN8nDatabase<T>(n8n: Launched, sql: string, ...params: Array<string | number>): Promise<T[]> {
	if (n8n.n8n.major < 2) throw new Error(`reading n8n's database needs Node.js with node:sqlite (n8n ${n8n.n8n.version} runs on ${n8n.n8n.nodeVersion})`);
	const file = path.join(n8n.userFolder, '.n8n', 'database.sqlite');
	const { stdout } = await run(n8n.n8n.node, ['--no-warnings', '-e', QUERY, file, sql, JSON.stringify(params)], { maxBuffer: 64 * 1024 * 1024 });
	return JSON.parse(stdout) as T[];
}
