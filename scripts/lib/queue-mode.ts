/**
 * What n8n's queue mode needs besides n8n: Postgres (the database every process shares), Redis (the queue), one
 * encryption key for all processes, binary data in the database, and a user folder per worker. Used by the
 * launcher when it is asked for queue mode (`npm run start:queue`, `npm run test:e2e:queue`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDebianPackages, QUEUE_PACKAGES } from './debian-packages';
import { startPostgres, type RunningPostgres } from './postgres';
import { startRedis, type RunningRedis } from './redis';

export interface WorkerPorts {
	/** The worker's own task broker (n8n's N8N_RUNNERS_BROKER_PORT). */
	brokerPort: number;
	/** The worker's health check server (/healthz, /healthz/readiness). */
	healthPort: number;
}

export interface QueueOptions {
	postgresPort?: number;
	redisPort?: number;
	workers?: WorkerPorts[];
}

export const QUEUE_DEFAULTS: Required<QueueOptions> = {
	postgresPort: 5433,
	redisPort: 6380,
	workers: [
		{ brokerPort: 5681, healthPort: 5691 },
		{ brokerPort: 5682, healthPort: 5692 },
	],
};

export interface WorkerPlan extends WorkerPorts {
	name: string;
	userFolder: string;
}

export interface QueueServices {
	postgres: RunningPostgres;
	redis: RunningRedis;
	workers: WorkerPlan[];
	/** Environment shared by n8n main, the workers and n8n's CLI. */
	env: NodeJS.ProcessEnv;
	stop(): Promise<void>;
}

const DB_USER = 'n8n';
const DB_PASSWORD = 'n8n-cargus-local';

/** The folder holding main's user folder also holds the workers' user folders and the encryption key. */
export function workerFolders(mainUserFolder: string, count: number): string[] {
	return Array.from({ length: count }, (_, i) => path.join(path.dirname(mainUserFolder), `worker-${i + 1}`));
}

/** For a fresh start: the workers' user folders and the encryption key (so the database is created anew too). */
export function removeQueueFolders(mainUserFolder: string): void {
	const home = path.dirname(mainUserFolder);
	if (!fs.existsSync(home)) return;
	for (const entry of fs.readdirSync(home)) {
		if (/^worker-\d+$/.test(entry) || entry === 'encryption-key') fs.rmSync(path.join(home, entry), { recursive: true, force: true });
	}
}

/** One key for every process, kept beside the user folders; a new key means a new database (old credentials could not be read). */
function encryptionKey(file: string): { key: string; created: boolean } {
	try {
		return { key: fs.readFileSync(file, 'utf8').trim(), created: false };
	} catch {
		const key = crypto.randomBytes(24).toString('hex');
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
		return { key, created: true };
	}
}

export async function startQueueServices(setup: {
	mainUserFolder: string;
	/** Per-machine cache: the Postgres cluster lives there (one per port). */
	cache: string;
	options: QueueOptions;
	log: (line: string) => void;
}): Promise<QueueServices> {
	const options = { ...QUEUE_DEFAULTS, ...setup.options };
	const home = path.dirname(setup.mainUserFolder);
	ensureDebianPackages(QUEUE_PACKAGES, setup.log);
	const { key, created } = encryptionKey(path.join(home, 'encryption-key'));
	// One database per clone (and per test folder) in the shared cluster.
	const database = `n8n_cargus_${crypto.createHash('sha256').update(home).digest('hex').slice(0, 10)}`;
	const postgres = await startPostgres({
		dir: path.join(setup.cache, `postgres-${options.postgresPort}`),
		port: options.postgresPort,
		database,
		user: DB_USER,
		password: DB_PASSWORD,
		freshDatabase: created,
		log: setup.log,
	});
	let redis: RunningRedis;
	try {
		redis = await startRedis({ port: options.redisPort, dir: home, log: setup.log });
	} catch (err) {
		await postgres.stop();
		throw err;
	}
	const folders = workerFolders(setup.mainUserFolder, options.workers.length);
	return {
		postgres,
		redis,
		workers: options.workers.map((ports, i) => ({ ...ports, name: `worker-${i + 1}`, userFolder: folders[i] })),
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: postgres.password,
			// n8n reads the credential from the database for every item; its default pool (2 connections, 20 s
			// wait) times out ("timeout exceeded when trying to connect") when several 1,000-item runs share a worker.
			DB_POSTGRESDB_POOL_SIZE: '10',
			DB_POSTGRESDB_CONNECTION_TIMEOUT: '120000',
			// n8n pings the database through the same pool every 2 s and, after 3 pings not answered within 5 s,
			// tears the pool down and reconnects, failing every query in flight. A pool busy with those credential
			// reads is not a dead database: a ping may wait as long as any other query.
			DB_PING_TIMEOUT_MS: '120000',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			N8N_ENCRYPTION_KEY: key,
			// PDFs made on a worker reach main's webhook response intact only from the database.
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		},
		stop: async () => {
			await redis.stop();
			await postgres.stop();
		},
	};
}

/** What a worker adds to the shared environment. */
export function workerEnv(worker: WorkerPlan): NodeJS.ProcessEnv {
	return {
		N8N_USER_FOLDER: worker.userFolder,
		N8N_RUNNERS_BROKER_PORT: String(worker.brokerPort),
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		QUEUE_HEALTH_CHECK_PORT: String(worker.healthPort),
	};
}
