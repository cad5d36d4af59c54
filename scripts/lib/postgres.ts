/**
 * A Postgres server of its own for n8n's queue mode: Debian's Postgres, one cluster per port in the per-machine
 * cache (reused on the next start), listening on 127.0.0.1 only. Postgres refuses to run as root, so when this
 * runs as root the cluster belongs to the `postgres` user and the server runs as that user.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killGroup, isRunning, spawnGroup } from './processes';

export interface PostgresOptions {
	/** The cluster folder (created with initdb when it holds no cluster yet). */
	dir: string;
	port: number;
	/** The database n8n uses, owned by `user`; created when missing. */
	database: string;
	user: string;
	password: string;
	/** Drop and re-create the database first. */
	freshDatabase?: boolean;
	log: (line: string) => void;
}

export interface RunningPostgres {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	dir: string;
	logFile: string;
	/** Whether this start created the database (it was missing or freshDatabase was asked). */
	databaseCreated: boolean;
	stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const asRoot = process.getuid?.() === 0;

function binDir(): string {
	const base = '/usr/lib/postgresql';
	const versions = fs.existsSync(base)
		? fs
				.readdirSync(base)
				.filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (versions.length === 0) throw new Error(`no Postgres server found in ${base} (Debian package postgresql)`);
	return path.join(base, versions[0], 'bin');
}

/** Command and arguments that run `program` as the cluster's owner. */
function asOwner(program: string, args: string[]): [string, string[]] {
	return asRoot ? ['runuser', ['-u', SUPERUSER, '--', program, ...args]] : [program, args];
}

function run(program: string, args: string[], what: string): string {
	const [command, commandArgs] = asOwner(program, args);
	const r = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: '/' });
	if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
	return r.stdout;
}

/** Gives a folder to the cluster's owner (the postgres user when this runs as root). */
function ownFolder(folder: string): void {
	fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
	if (!asRoot) return;
	const id = (flag: string) => {
		const r = spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
		if (r.status !== 0) throw new Error(`there is no "${SUPERUSER}" user (Debian package postgresql creates it)`);
		return Number(r.stdout.trim());
	};
	fs.chownSync(folder, id('-u'), id('-g'));
	fs.chmodSync(folder, 0o700);
}

/** The postgres user must be able to walk to its cluster: grant search (x) permission where it is missing, saying so. */
function letOwnerReach(dir: string, log: (line: string) => void): void {
	if (!asRoot) return;
	for (let folder = path.dirname(dir); ; folder = path.dirname(folder)) {
		const mode = fs.statSync(folder).mode;
		if ((mode & 0o001) === 0) {
			fs.chmodSync(folder, (mode & 0o7777) | 0o001);
			log(`postgres: gave other users search permission on ${folder} (chmod o+x) so the ${SUPERUSER} user reaches its cluster`);
		}
		if (folder === path.dirname(folder)) break;
	}
}

function initCluster(dir: string, log: (line: string) => void): void {
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	letOwnerReach(dir, log);
	ownFolder(dir);
	if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
	const t = Date.now();
	run(
		path.join(binDir(), 'initdb'),
		['-D', dir, '-U', SUPERUSER, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'],
		'initdb',
	);
	log(`postgres: new cluster in ${dir} (initdb, ${((Date.now() - t) / 1000).toFixed(1)}s)`);
}

/** Unix sockets have a short path limit: the cluster folder when it fits, else a folder in /tmp. */
function socketDir(dir: string, port: number): string {
	if (`${dir}/.s.PGSQL.${port}.lock`.length < 100) return dir;
	const tmp = path.join(os.tmpdir(), `n8n-nodes-cargus-pg-${port}`);
	ownFolder(tmp);
	return tmp;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitReady(child: ChildProcess, port: number, logFile: string): Promise<void> {
	const deadline = Date.now() + 60000;
	while (Date.now() < deadline) {
		if (!isRunning(child)) {
			const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
			throw new Error(`Postgres exited before it was ready (port ${port} taken?). Last log lines:\n${tail}`);
		}
		if (spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0) return;
		await sleep(300);
	}
	throw new Error(`Postgres did not accept connections on 127.0.0.1:${port} within 60s (log: ${logFile})`);
}

function sqlLiteral(value: string): string {
	return `'${value.replace(/'/g, "''")}'`;
}

function sqlIdentifier(value: string): string {
	return `"${value.replace(/"/g, '""')}"`;
}

export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
	const { dir, port, log } = options;
	initCluster(dir, log);
	const sockets = socketDir(dir, port);
	const logFile = path.join(dir, 'server.log');
	const out = fs.openSync(logFile, 'a');
	const [command, args] = asOwner(path.join(binDir(), 'postgres'), [
		'-D',
		dir,
		'-p',
		String(port),
		'-k',
		sockets,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'max_connections=100',
	]);
	const t = Date.now();
	const child = spawnGroup(command, args, { cwd: '/', stdio: ['ignore', out, out] });
	fs.closeSync(out);
	const stop = () => killGroup(child, 15000, 'SIGINT'); // SIGINT: Postgres' fast shutdown
	let created = false;
	try {
		await waitReady(child, port, logFile);
		const psql = (sql: string) =>
			run('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-h', sockets, '-p', String(port), '-U', SUPERUSER, '-d', 'postgres', '-c', sql], 'psql');
		const user = sqlIdentifier(options.user);
		const database = sqlIdentifier(options.database);
		const exists = (table: string, column: string, name: string) => psql(`SELECT 1 FROM ${table} WHERE ${column} = ${sqlLiteral(name)}`).trim() === '1';
		if (!exists('pg_roles', 'rolname', options.user)) psql(`CREATE ROLE ${user} LOGIN PASSWORD ${sqlLiteral(options.password)}`);
		else psql(`ALTER ROLE ${user} LOGIN PASSWORD ${sqlLiteral(options.password)}`);
		if (options.freshDatabase) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
		created = !exists('pg_database', 'datname', options.database);
		if (created) psql(`CREATE DATABASE ${database} OWNER ${user}`);
		log(
			`postgres: 127.0.0.1:${port} ready in ${((Date.now() - t) / 1000).toFixed(1)}s, database ${options.database} ${created ? 'created' : 'kept'} (cluster ${dir})`,
		);
	} catch (err) {
		await stop();
		throw err;
	}
	return { host: '127.0.0.1', port, database: options.database, user: options.user, password: options.password, dir, logFile, databaseCreated: created, stop };
}
