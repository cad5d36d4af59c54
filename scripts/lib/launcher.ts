/**
 * The launcher behind `npm start` and `npm run test:e2e`: provisions n8n (once), builds this package, starts
 * the sandbox and an SMTP sink, installs the package into n8n's community-node folder, imports the example
 * workflows and credentials, starts n8n, and sets up the owner. `stop()` ends everything it started.
 */
import { type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { startShopStandIn, STAND_IN_KEYS, type ShopStandIn } from './shop-stand-in';
import { SECRET_PLACEHOLDER, webhookSecret } from './webhook-secret';
import { killGroup, spawnGroup } from './processes';
import { installCommunityPackage, packPackage } from './community-package';
import { removeQueueFolders, startQueueServices, workerEnv, type QueueOptions, type QueueServices } from './queue-mode';
import { startSandbox, DEFAULT_ACCOUNT, SandboxControl, type RunningSandbox, type SandboxOptions } from '../../sandbox';

/** A provisioned n8n version: where it is, the Node that runs it, what its server needs. */
export interface N8nTarget {
	version: string;
	major: number;
	nodeVersion: string;
	node: string;
	n8nBin: string;
	env: Record<string, string>;
	userFolder: string;
	mailDir: string;
}
interface ProvisionModule {
	provision(version?: string): Promise<N8nTarget>;
	target(version?: string): N8nTarget;
	paths: { root: string; cache: string };
	N8N_VERSIONS: Record<string, unknown>;
	DEFAULT_N8N_VERSION: string;
}
// Plain JS so that it also runs before anything is built: `node scripts/provision-n8n.js`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const provisioner = require('../provision-n8n.js') as ProvisionModule;

/** The default n8n version (`npm start`, `npm run test:e2e`); others: the `n8nVersion` option or $CARGUS_N8N_VERSION. */
export const N8N_VERSION = provisioner.DEFAULT_N8N_VERSION;
/** Every n8n version this package is tested on. */
export const N8N_VERSIONS = Object.keys(provisioner.N8N_VERSIONS);
export const n8nTarget = (version?: string): N8nTarget => provisioner.target(version);
export const ROOT = provisioner.paths.root;
export const CACHE = provisioner.paths.cache;
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
export const SANDBOX_CREDENTIAL_ID = 'cargusSandbox001';
export const SMTP_CREDENTIAL_ID = 'smtpSinkLocal001';
export const WOOCOMMERCE_CREDENTIAL_ID = 'wooCommerceStandIn001';
export const SHOPIFY_CREDENTIAL_ID = 'shopifyStandIn001';
/** Example 7's webhook, which the Shopify stand-in delivers each new order to (Shopify's orders/create). */
export const SHOPIFY_ORDER_WEBHOOK = 'webhook/cargus-shopify-order';
export const OWNER = {
	email: 'owner@cargus.example',
	firstName: 'Cargus',
	lastName: 'Demo',
	password: 'Cargus-Sandbox-1',
};
const PACKAGE_NAME = 'n8n-nodes-cargus';
const TRIGGER_TYPE = 'n8n-nodes-cargus.cargusTrigger';
/** The browser id the owner's session is bound to (n8n checks each request's `browser-id` header against it). */
export const BROWSER_ID = 'n8n-nodes-cargus-launcher';

export interface LaunchOptions {
	n8nVersion?: string; // one of N8N_VERSIONS or an alias (1.x, 2.x); default $CARGUS_N8N_VERSION, else N8N_VERSION
	n8nPort?: number; // default 5678
	brokerPort?: number; // n8n's task broker for the server, default 5679
	cliBrokerPort?: number; // task broker port for CLI commands run while the server runs, default 5685
	sandboxPort?: number; // default 4000
	sandbox?: Omit<SandboxOptions, 'port' | 'host'>;
	smtpPort?: number; // default 2525
	/** Where the examples' webhook secret is kept (made when absent); default `webhook-secret` beside the user folder. */
	webhookSecretFile?: string;
	shopPort?: number; // the stand-in of the shops' REST APIs (WooCommerce, Shopify), default a free port (npm start: 4100)
	userFolder?: string; // N8N_USER_FOLDER, default .n8n-cache/user (.n8n-cache/user-<version> for other versions)
	mailDir?: string; // default .n8n-cache/mail
	fresh?: boolean; // delete userFolder and mailDir first
	/**
	 * Files the sandbox's world (store and clock) and the shop stand-in's orders are kept in across starts (npm start's):
	 * read at start when there, written after each change and at stop. Without them both begin anew at each start.
	 */
	keptWorld?: { sandbox: string; shops: string };
	build?: boolean; // run `npm run build` first, default true (false also when CARGUS_PACKAGE_BUILT=1: a caller built it)
	nodeArgs?: string[]; // extra Node.js options for the n8n server process, e.g. ['--inspect=127.0.0.1:9229']
	/** n8n in queue mode (Postgres, Redis, main and workers); user folders default to .n8n-cache/queue/. */
	queue?: QueueOptions;
	n8nLogLevel?: 'info' | 'debug'; // default info; workers always info (debug logs every expression of every item)
	/** More environment for every n8n process it starts (server, CLI, workers), e.g. the binary data mode. */
	n8nEnv?: Record<string, string>;
	log?: (line: string) => void;
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

export interface Launched {
	n8n: N8nTarget;
	editorUrl: string;
	sandbox: RunningSandbox;
	smtp: SmtpSink;
	/** The local stand-in of WooCommerce's and Shopify's REST APIs that examples 6 and 7 write the AWB back to. */
	shop: ShopStandIn;
	/** The secret examples 1, 6 and 7 check their orders' signatures with, and the file it is kept in. */
	webhookSecret: { value: string; file: string };
	userFolder: string;
	logFile: string;
	owner: typeof OWNER;
	ownerCreated: boolean;
	/** Whether the credentials and example workflows were (re)imported by this start (n8n's import deactivates workflows). */
	imported: boolean;
	/** Session cookie header value of the owner (for /rest and /types). */
	cookie: string;
	/** Calls n8n's REST API as the owner; returns the parsed `data` (or whole body). */
	rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<T>;
	/** Activates a workflow the way this n8n version's editor does. */
	activate(workflowId: string): Promise<void>;
	/** Runs an n8n CLI command against the same database while the server runs. */
	cli(args: string[]): Promise<CliResult>;
	/** In queue mode: Postgres, Redis and the workers. */
	queue?: QueueServices & { running: RunningWorker[] };
	stop(): Promise<void>;
}

export interface RunningWorker {
	name: string;
	userFolder: string;
	logFile: string;
	healthUrl: string;
	process: ChildProcess;
}

function n8nEnv(n8n: N8nTarget, userFolder: string, port: number, brokerPort: number): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^(npm_|N8N_|DB_|EXECUTIONS_|QUEUE_|OFFLOAD_|WEBHOOK_URL$|GENERIC_TIMEZONE$)/.test(k)) continue;
		env[k] = v;
	}
	return {
		...env,
		PATH: `${path.dirname(n8n.node)}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// n8n lists the verified community nodes from api.n8n.io, out of reach here; this package is installed anyway.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: 'info',
		GENERIC_TIMEZONE: 'Europe/Bucharest',
		N8N_PROXY_HOPS: '0',
		NODE_ENV: 'production',
		// n8n 2.x's default, which n8n 1.x asks for ("Running SQLite without a pool of read connections is
		// deprecated"): readers do not wait behind writes. Its database ping can still time out on a loaded machine
		// (then n8n refuses requests a moment: whileDatabaseNotReady).
		DB_SQLITE_POOL_SIZE: '3',
		...n8n.env,
	};
}

function sha256(parts: string[]): string {
	const h = crypto.createHash('sha256');
	for (const p of parts) h.update(p).update('\0');
	return h.digest('hex');
}

/** Copies the built package (package.json + dist/) to where n8n loads community nodes from. */
function installPackage(userFolder: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(target, 'package.json'));
	fs.cpSync(path.join(ROOT, 'dist'), path.join(target, 'dist'), { recursive: true });
	// What a community install leaves behind: a package.json naming the package.
	const ownPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: ownPkg.version } }, null, 2) + '\n',
	);
	return target;
}

export function credentialsFor(sandboxUrl: string, smtp: { host: string; port: number }, shopUrl = 'http://127.0.0.1:4100') {
	return [
		{
			id: SANDBOX_CREDENTIAL_ID,
			name: 'Cargus Sandbox',
			type: 'cargusApi',
			data: {
				environment: 'custom',
				baseUrl: sandboxUrl,
				apiKey: DEFAULT_ACCOUNT.subscriptionKey,
				username: DEFAULT_ACCOUNT.username,
				password: DEFAULT_ACCOUNT.password,
				loginEndpoint: '/api/LoginUser/Juridic',
			},
		},
		{
			id: SMTP_CREDENTIAL_ID,
			name: 'SMTP Sink (local)',
			type: 'smtp',
			data: {
				user: '',
				password: '',
				host: smtp.host,
				port: smtp.port,
				secure: false,
				disableStartTls: true,
			},
		},
		{
			id: WOOCOMMERCE_CREDENTIAL_ID,
			name: 'WooCommerce (local stand-in)',
			type: 'wooCommerceApi',
			data: { ...STAND_IN_KEYS.wooCommerce, url: shopUrl, includeCredentialsInQuery: false },
		},
		{
			id: SHOPIFY_CREDENTIAL_ID,
			name: 'Shopify (local stand-in)',
			type: 'shopifyAccessTokenApi',
			data: { ...STAND_IN_KEYS.shopify },
		},
	];
}

/** `npm run build` of this package (dist/), which every launch installs into n8n. */
export function buildPackage(log: (line: string) => void): Promise<void> {
	log('build: npm run build');
	const t = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawnGroup('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
		child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code !== 0) return reject(new Error(`npm run build failed:\n${output}`));
			log(`build: done in ${((Date.now() - t) / 1000).toFixed(1)}s`);
			resolve();
		});
	});
}

/** node's fetch says only "fetch failed": name the cause (a refused or reset connection, a timeout). */
function explainFetchFailure(error: unknown): never {
	const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
	throw new Error(`${error instanceof Error ? error.message : String(error)}${cause}`);
}

/**
 * A GET whose connection is cut before an answer is sent again (up to 3 times): a busy n8n can close a kept-alive
 * connection just as the next request goes out on it. A refusal with an HTTP status is an answer, not retried.
 */
async function readAgainIfCutOff(send: () => Promise<Response>): Promise<Response> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await send();
		} catch (error) {
			if (attempt === 3) explainFetchFailure(error);
			await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
		}
	}
}

/** n8n's answer while its database ping has timed out: it refuses every request for a moment. */
export function isDatabaseNotReady(status: number, text: string): boolean {
	return status === 503 && text.includes('Database is not ready');
}

/**
 * Sends the request again while n8n answers 503 "Database is not ready!", for up to a minute: under load its
 * database ping times out (n8n 1.x allows it 5 s), and n8n then refuses every request at the door, before any work.
 */
export async function whileDatabaseNotReady(send: () => Promise<Response>): Promise<{ res: Response; text: string }> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const res = await send();
		const text = await res.text();
		if (!isDatabaseNotReady(res.status, text) || Date.now() >= deadline) return { res, text };
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

function runN8nCli(n8n: N8nTarget, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 300000): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawnGroup(n8n.node, [n8n.n8nBin, ...args], {
			cwd: ROOT,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
		child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
		const timer = setTimeout(() => {
			stderr += `\n(launcher: n8n ${args[0]} took longer than ${timeoutMs / 1000}s, stopped)`;
			void killGroup(child, 2000);
		}, timeoutMs);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

async function waitForHttp(
	url: string,
	child: ChildProcess,
	logFile: string,
	timeoutMs: number,
	isUp: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
			throw new Error(`n8n exited (code ${child.exitCode}) before it was ready. Last log lines:\n${tail}`);
		}
		try {
			const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
			if (isUp(res.status)) return;
		} catch {
			/* not up yet */
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`n8n did not answer ${url} within ${timeoutMs / 1000}s (log: ${logFile})`);
}

/** Starts `n8n start` or `n8n worker` with its log in its user folder, and waits until it is ready. */
async function startN8n(spec: {
	n8n: N8nTarget;
	command: 'start' | 'worker';
	nodeArgs?: string[];
	env: NodeJS.ProcessEnv;
	userFolder: string;
	readyUrl: string;
	routesUrl?: string;
	what: string;
	where: string;
	log: (line: string) => void;
}): Promise<{ process: ChildProcess; logFile: string }> {
	const logFile = path.join(spec.userFolder, 'n8n.log');
	fs.mkdirSync(spec.userFolder, { recursive: true });
	const out = fs.openSync(logFile, 'w');
	const shown = logFile.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, logFile) : logFile;
	spec.log(`${spec.what}: starting on ${spec.where} (log: ${shown})`);
	const t = Date.now();
	const child = spawnGroup(spec.n8n.node, [...(spec.nodeArgs ?? []), spec.n8n.n8nBin, spec.command], {
		cwd: spec.userFolder,
		env: spec.env,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	try {
		await waitForHttp(spec.readyUrl, child, logFile, 240000);
		if (spec.routesUrl) await waitForHttp(spec.routesUrl, child, logFile, 120000, (status) => status !== 404);
	} catch (err) {
		await killGroup(child);
		throw err;
	}
	spec.log(`${spec.what}: ready in ${((Date.now() - t) / 1000).toFixed(1)}s`);
	return { process: child, logFile };
}

function cookieFrom(res: Response): string {
	return res.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
}

/**
 * Barcodes of sandbox shipments that are on their way: a tracking event 5 (out for delivery) or 21 (delivered)
 * is still to come. The "Tell the customer" example watches these when it is imported for the sandbox.
 */
export async function sandboxWatchList(sandboxUrl: string, max = 12): Promise<string[]> {
	const shipments = await new SandboxControl(sandboxUrl).shipments();
	return shipments
		.filter((s) => {
			const seen = new Set(s.visibleEvents.map((e) => `${e.EventId}|${e.Date}`));
			return s.plannedEvents.some((e) => (Number(e.EventId) === 5 || Number(e.EventId) === 21) && !seen.has(`${e.EventId}|${e.Date}`));
		})
		.map((s) => s.barcode)
		.slice(0, max);
}

interface WorkflowFile {
	file: string;
	workflow: { nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }> };
}

/**
 * The example workflows as imported: a trigger that watches listed barcodes watches the sandbox's shipments on their
 * way, the Shopify shop's address (example 7's URLs) is the local stand-in's, and a webhook's signature is checked
 * with this install's secret.
 */
function examplesFor(watchList: string[], shopUrl: string, secret: string): WorkflowFile[] {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowFile['workflow'];
			for (const node of workflow.nodes) {
				const tracking = node.parameters.event === undefined || node.parameters.event === 'newTrackingEvent';
				if (node.type === TRIGGER_TYPE && tracking && node.parameters.watch !== 'account' && watchList.length > 0) node.parameters.barcodes = watchList.join(', ');
				if (node.type === 'n8n-nodes-base.httpRequest') pointAtStandIn(node.parameters, shopUrl);
				if (node.type === 'n8n-nodes-base.crypto' && node.parameters.secret === SECRET_PLACEHOLDER) node.parameters.secret = secret;
			}
			return { file, workflow };
		});
}

/** The Shopify shop's address in example 7's URLs. */
export const EXAMPLE_SHOPIFY_URL = 'https://atelier.myshopify.com';

/** Sets the Shopify shop's address in an HTTP Request node's URL to the stand-in's. */
function pointAtStandIn(parameters: Record<string, unknown>, shopUrl: string): void {
	if (typeof parameters.url === 'string') parameters.url = parameters.url.replace(EXAMPLE_SHOPIFY_URL, shopUrl);
}

export async function launch(options: LaunchOptions = {}): Promise<Launched> {
	const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
	const n8nPort = options.n8nPort ?? 5678;
	const n8n = provisioner.target(options.n8nVersion);
	const queueHome = path.join(path.dirname(n8n.userFolder), n8n.version === N8N_VERSION ? 'queue' : `queue-${n8n.version}`);
	const userFolder = options.userFolder ?? (options.queue ? path.join(queueHome, 'main') : n8n.userFolder);
	const mailDir = options.mailDir ?? (options.queue ? path.join(queueHome, 'mail') : n8n.mailDir);
	const started: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		for (const stop of started.reverse()) {
			try {
				await stop();
			} catch {
				/* keep stopping the rest */
			}
		}
		started.length = 0;
	};

	try {
		if (options.fresh) {
			fs.rmSync(userFolder, { recursive: true, force: true });
			fs.rmSync(mailDir, { recursive: true, force: true });
			if (options.queue) removeQueueFolders(userFolder);
		}
		await provisioner.provision(n8n.version);

		// The build runs while the sandbox starts and n8n imports the examples: they do not need the package.
		const built = options.build === false || process.env.CARGUS_PACKAGE_BUILT === '1' ? Promise.resolve() : buildPackage(log);
		built.catch(() => undefined);

		const sandbox = await startSandbox({ ...options.sandbox, port: options.sandboxPort ?? 4000, host: '127.0.0.1', stateFile: options.keptWorld?.sandbox });
		started.push(() => sandbox.stop());
		const world = options.keptWorld ? (sandbox.continued ? `, its world going on from ${path.relative(ROOT, options.keptWorld.sandbox)}` : `, a new world kept in ${path.relative(ROOT, options.keptWorld.sandbox)}`) : '';
		log(`sandbox: ${sandbox.url}${world}`);

		const smtp = await startSmtpSink({ dir: mailDir, port: options.smtpPort ?? 2525 });
		started.push(() => smtp.stop());
		log(`smtp sink: ${smtp.host}:${smtp.port}, mails saved in ${smtp.dir}`);

		const shop = await startShopStandIn({ port: options.shopPort ?? 0, onRequest: (line) => log(`shop stand-in: ${line}`), stateFile: options.keptWorld?.shops });
		started.push(() => shop.stop());
		log(`shop stand-in: ${shop.url} (WooCommerce's and Shopify's REST APIs, for examples 6 and 7)`);

		const queue = options.queue ? await startQueueServices({ mainUserFolder: userFolder, cache: CACHE, options: options.queue, log }) : undefined;
		if (queue) started.push(() => queue.stop());

		fs.mkdirSync(path.join(userFolder, '.n8n'), { recursive: true });

		const env = { ...n8nEnv(n8n, userFolder, n8nPort, options.brokerPort ?? 5679), ...queue?.env, ...options.n8nEnv, N8N_LOG_LEVEL: options.n8nLogLevel ?? 'info' };
		const cliEnv = { ...env, N8N_RUNNERS_BROKER_PORT: String(options.cliBrokerPort ?? 5685), N8N_LOG_LEVEL: 'warn' };

		// Import the credentials and example workflows before the server starts (ids kept, so a re-import
		// updates them). Skipped when nothing changed since the last import into this user folder.
		const credentials = credentialsFor(sandbox.url, smtp, shop.url);
		const secretFile = options.webhookSecretFile ?? path.join(path.dirname(userFolder), 'webhook-secret');
		const secret = webhookSecret(secretFile);
		shop.shopify.subscribe('orders/create', `http://127.0.0.1:${n8nPort}/${SHOPIFY_ORDER_WEBHOOK}`, secret);
		const examples = examplesFor(await sandboxWatchList(sandbox.url), shop.url, secret);
		const importHash = sha256([JSON.stringify(credentials), JSON.stringify(examples)]);
		const hashFile = path.join(userFolder, '.n8n', 'cargus-launcher-import.json');
		let previous = '';
		try {
			previous = (JSON.parse(fs.readFileSync(hashFile, 'utf8')) as { hash: string }).hash;
		} catch {
			/* first import */
		}
		const imported = previous !== importHash || queue?.postgres.databaseCreated === true;
		if (imported) {
			const t = Date.now();
			const tmp = fs.mkdtempSync(path.join(CACHE, 'import-'));
			try {
				const credFile = path.join(tmp, 'credentials.json');
				fs.writeFileSync(credFile, JSON.stringify(credentials, null, 2));
				log(`import: credentials ${credentials.map((credential) => `"${credential.name}"`).join(', ')}`);
				let r = await runN8nCli(n8n, ['import:credentials', `--input=${credFile}`], cliEnv);
				if (r.code !== 0) throw new Error(`n8n import:credentials failed:\n${r.stdout}\n${r.stderr}`);
				if (examples.length > 0) {
					const dir = path.join(tmp, 'workflows');
					fs.mkdirSync(dir);
					for (const e of examples) fs.writeFileSync(path.join(dir, e.file), JSON.stringify(e.workflow, null, 2));
					log(`import: ${examples.length} example workflows from examples/ (the trigger watches the sandbox's shipments on their way)`);
					r = await runN8nCli(n8n, ['import:workflow', '--separate', `--input=${dir}`], cliEnv);
					if (r.code !== 0) throw new Error(`n8n import:workflow failed:\n${r.stdout}\n${r.stderr}`);
				}
			} finally {
				fs.rmSync(tmp, { recursive: true, force: true });
			}
			fs.writeFileSync(hashFile, JSON.stringify({ hash: importHash, at: new Date().toISOString() }) + '\n');
			log(`import: done in ${((Date.now() - t) / 1000).toFixed(1)}s`);
		} else {
			log('import: credentials and example workflows unchanged since the last start (kept)');
		}

		await built;
		if (queue) {
			const t = Date.now();
			const tarball = packPackage(ROOT, path.dirname(userFolder));
			const folders = [userFolder, ...queue.workers.map((w) => w.userFolder)];
			const fresh = await Promise.all(folders.map((folder) => installCommunityPackage(folder, tarball, PACKAGE_NAME)));
			const count = fresh.filter(Boolean).length;
			log(`package: ${path.basename(tarball)} ${count === 0 ? 'already installed' : `installed in ${count} user folders`} as a community package of main and ${queue.workers.length} workers (${((Date.now() - t) / 1000).toFixed(1)}s)`);
		} else {
			const target = installPackage(userFolder);
			log(`package: installed into ${path.relative(ROOT, target)}`);
		}

		const base = `http://127.0.0.1:${n8nPort}`;
		const main = await startN8n({
			n8n,
			command: 'start',
			nodeArgs: options.nodeArgs,
			env,
			userFolder,
			readyUrl: `${base}/healthz/readiness`,
			// n8n 1.x is "ready" before its REST routes are: wait until /rest/login is there (401 without a session).
			routesUrl: `${base}/rest/login`,
			what: `n8n ${n8n.version} (Node ${n8n.nodeVersion})${queue ? ' main' : ''}`,
			where: base,
			log,
		});
		started.push(() => killGroup(main.process));
		const running: RunningWorker[] = [];
		const workersStarted = await Promise.allSettled(
			(queue?.workers ?? []).map(async (worker) => {
				const healthUrl = `http://127.0.0.1:${worker.healthPort}/healthz/readiness`;
				const what = `n8n ${n8n.version} ${worker.name}`;
				const workerProcess = await startN8n({ n8n, command: 'worker', env: { ...env, ...workerEnv(worker), N8N_LOG_LEVEL: 'info' }, userFolder: worker.userFolder, readyUrl: healthUrl, what, where: `health check ${healthUrl}`, log });
				started.push(() => killGroup(workerProcess.process));
				running.push({ name: worker.name, userFolder: worker.userFolder, logFile: workerProcess.logFile, healthUrl, process: workerProcess.process });
			}),
		);
		for (const result of workersStarted) if (result.status === 'rejected') throw result.reason;
		running.sort((a, b) => a.name.localeCompare(b.name));
		const logFile = main.logFile;

		// Owner: set up on first start, then log in.
		let ownerCreated = false;
		const { res: setup } = await whileDatabaseNotReady(() =>
			fetch(`${base}/rest/owner/setup`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
				body: JSON.stringify(OWNER),
			}),
		);
		if (setup.ok) ownerCreated = true;
		const { res: login } = await whileDatabaseNotReady(() =>
			fetch(`${base}/rest/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
				body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
			}),
		);
		const cookie = login.ok ? cookieFrom(login) : '';
		if (!login.ok) log(`n8n: could not log in as ${OWNER.email} (HTTP ${login.status}); was the password changed?`);

		const rest = async <T = unknown>(method: string, urlPath: string, body?: unknown): Promise<T> => {
			const send = () =>
				fetch(`${base}${urlPath}`, {
					method,
					headers: {
						cookie,
						'browser-id': BROWSER_ID,
						...(body === undefined ? {} : { 'content-type': 'application/json' }),
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				});
			const { res, text } = await whileDatabaseNotReady(async () => (method === 'GET' ? await readAgainIfCutOff(send) : await send().catch(explainFetchFailure)));
			if (!res.ok) throw new Error(`n8n ${method} ${urlPath}: HTTP ${res.status} ${text.slice(0, 500)}`);
			const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
			return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
		};

		const activate = async (workflowId: string): Promise<void> => {
			const wf = await rest<{ versionId?: string }>('GET', `/rest/workflows/${workflowId}`);
			// n8n 1.x has no /activate endpoint: its editor saves the workflow with active set.
			if (n8n.major < 2) await rest('PATCH', `/rest/workflows/${workflowId}`, { active: true, versionId: wf.versionId });
			else await rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
		};

		return {
			n8n,
			editorUrl: `${base}/`,
			sandbox,
			smtp,
			shop,
			webhookSecret: { value: secret, file: secretFile },
			userFolder,
			logFile,
			owner: OWNER,
			ownerCreated,
			imported,
			cookie,
			rest,
			activate,
			cli: (args) => runN8nCli(n8n, args, cliEnv),
			queue: queue ? { ...queue, running } : undefined,
			stop: stopAll,
		};
	} catch (err) {
		await stopAll();
		throw err;
	}
}
