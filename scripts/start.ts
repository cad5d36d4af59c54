/**
 * npm start: build the package, start the sandbox (running clock) on 127.0.0.1:4000, an SMTP sink, and a real
 * n8n with this package installed as a community node, the "Cargus Sandbox" credential and the example
 * workflows. Ctrl-C stops everything it started. Another tested n8n version: `npm start -- --n8n 1.x` (or 2.x, or
 * a version number; also $CARGUS_N8N_VERSION). Ports: see lib/ports.ts (startPorts: CARGUS_PORT_BASE, CARGUS_N8N_PORT,
 * CARGUS_SANDBOX_PORT, CARGUS_SMTP_PORT, CARGUS_SHOP_PORT).
 * npm run start:queue (`--queue`): the same with n8n in queue mode: Postgres, Redis, n8n main and two workers.
 *
 * One world that goes on: the sandbox's world (its store and clock) and the shop stand-in's orders are kept in the
 * start's folder (.n8n-cache/, or $CARGUS_START_DIR) beside n8n's, so the next start goes on with the same account and
 * n8n's triggers' memory stays true. `npm start -- --fresh` starts over: the old folder's n8n data, mails and worlds
 * are moved to <folder>/before-fresh/ and everything begins anew. One npm start per folder (start.lock).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LaunchOptions, Launched } from './lib/launcher';
import { startPorts, type StartPorts } from './lib/ports';
import { startFolder, startVariables, takeStartLock } from './lib/start-lock';

// The launcher (the sandbox, n8n's helpers) loads only after the lock is taken: a second start answers in a moment.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const provisioner = require('./provision-n8n.js') as { paths: { root: string }; target(version?: string): { userFolder: string } };
const ROOT = provisioner.paths.root;

const { values: args } = parseArgs({ options: { n8n: { type: 'string' }, queue: { type: 'boolean' }, fresh: { type: 'boolean' } } });
/** The folder this start keeps everything in: n8n's user folder, the mails, the webhook secret, the worlds, the lock. */
const HOME = startFolder(ROOT);
const rel = (p: string) => (p.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, p) : p);

function folders() {
	const n8n = provisioner.target(args.n8n);
	const user = path.basename(n8n.userFolder); // user, or user-<version>
	const queueHome = path.join(HOME, user.replace(/^user/, 'queue'));
	return {
		userFolder: args.queue ? path.join(queueHome, 'main') : path.join(HOME, user),
		mailDir: args.queue ? path.join(queueHome, 'mail') : path.join(HOME, 'mail'),
		/** What --fresh moves away: n8n's data (the queue's whole folder in queue mode) and the mails. */
		n8nData: args.queue ? [queueHome] : [path.join(HOME, user), path.join(HOME, 'mail')],
		keptWorld: { sandbox: path.join(HOME, `sandbox-world${args.queue ? '-queue' : ''}.json`), shops: path.join(HOME, `shop-stand-in${args.queue ? '-queue' : ''}.json`) },
	};
}

function optionsFromCommandLine(ports: StartPorts): LaunchOptions {
	const { queue, ...rest } = ports;
	const { userFolder, mailDir, keptWorld } = folders();
	return {
		n8nVersion: args.n8n,
		sandbox: { clockMode: 'running' },
		webhookSecretFile: path.join(HOME, 'webhook-secret'),
		userFolder,
		mailDir,
		keptWorld,
		...rest,
		...(args.queue ? { queue: queue ?? {} } : {}),
	};
}

/** --fresh: n8n's data, the mails and the kept worlds of the last start moved to <folder>/before-fresh/ (the one before that deleted). */
function startOver(): string | undefined {
	const { n8nData, keptWorld } = folders();
	const moved = [...n8nData, keptWorld.sandbox, keptWorld.shops].filter((entry) => fs.existsSync(entry));
	if (moved.length === 0) return undefined;
	const aside = path.join(HOME, 'before-fresh');
	fs.rmSync(aside, { recursive: true, force: true });
	fs.mkdirSync(aside, { recursive: true });
	for (const entry of moved) fs.renameSync(entry, path.join(aside, path.basename(entry)));
	return `--fresh: a new world; the last one (${moved.map((entry) => path.basename(entry)).join(', ')}) moved to ${rel(aside)}/`;
}

/** What a second npm start in the same folder says before it stops. */
function alreadyRunning(running: { pid: number; startedAt: string; addresses: Record<string, string> }): string {
	const another = Number(/:(\d+)\/$/.exec(running.addresses['n8n editor'] ?? '')?.[1] ?? 5678) + 100;
	return [
		`npm start is already running in ${rel(HOME)}/ (process ${running.pid}, started ${running.startedAt}):`,
		...Object.entries(running.addresses).map(([what, where]) => `  ${what.padEnd(12)} ${where}`),
		'Use that one (Ctrl-C in its terminal stops it), or start another beside it with a folder and ports of its own:',
		`  in another clone:  CARGUS_PORT_BASE=${another} npm start`,
		`  in this clone:     CARGUS_START_DIR=.n8n-cache/second CARGUS_PORT_BASE=${another} npm start`,
		'(CARGUS_PORT_BASE=N takes ports N to N+11: n8n N, the sandbox N+3, the SMTP sink N+4, the shop stand-in N+11.)',
		'',
	].join('\n');
}

async function main(): Promise<void> {
	const t0 = Date.now();
	let launched: Launched | undefined;
	let stopping = false;
	const stop = async (why: string) => {
		if (stopping) return;
		stopping = true;
		const what = launched?.queue ? 'n8n (main and workers), Redis, Postgres' : 'n8n';
		process.stdout.write(`\n${why}: stopping ${what}, the SMTP sink, the shop stand-in and the sandbox...\n`);
		if (launched) await launched.stop();
		process.stdout.write('stopped.\n');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('Ctrl-C'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGHUP', () => void stop('SIGHUP'));

	const ports = startPorts();
	const lock = takeStartLock(path.join(HOME, 'start.lock'), {
		'n8n editor': `http://127.0.0.1:${ports.n8nPort}/`,
		sandbox: `http://127.0.0.1:${ports.sandboxPort}`,
		'shop APIs': `http://127.0.0.1:${ports.shopPort}`,
		'mail sink': `smtp://127.0.0.1:${ports.smtpPort}`,
	});
	if ('running' in lock) {
		process.stderr.write(alreadyRunning(lock.running));
		process.exit(1);
	}
	if (args.fresh) {
		const moved = startOver();
		process.stdout.write(`${moved ?? '--fresh: nothing kept yet, a new world'}\n`);
	}
	const { launch } = await import('./lib/launcher');
	const { publishExamples } = await import('./lib/publish-examples');
	launched = await launch(optionsFromCommandLine(ports));
	if (stopping) return;
	if (launched.imported && launched.cookie) {
		// Every example starts published (n8n 1.x: active): each does its job from the first minute.
		await publishExamples(launched, (outcome) => process.stdout.write(`n8n: ${outcome.line}\n`));
	}
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	const editor = launched.editorUrl;
	const sandbox = launched.sandbox.url;
	const queue = launched.queue;
	const kept = folders().keptWorld;
	const postOrder = `${startVariables()}npm run post-order --`;
	process.stdout.write(
		[
			'',
			`Ready in ${secs}s: n8n ${launched.n8n.version} with n8n-nodes-cargus${queue ? ` in queue mode (main and ${queue.running.length} workers)` : ''}`,
			`  Editor:     ${editor}`,
			`  Login:      ${launched.owner.email} / ${launched.owner.password}${launched.ownerCreated ? ' (owner created now)' : ''}`,
			`  Sandbox:    ${sandbox}`,
			`              reach it from a Cargus API credential with Environment "Custom Base URL", Base URL ${sandbox},`,
			'              Subscription Key sandbox-key, Username sandbox, Password sandbox (the credential "Cargus Sandbox" is set up so)',
			`  Shop APIs:  ${launched.shop.url}  (a stand-in of WooCommerce's and Shopify's REST APIs: examples 6 and 7 write the AWB back to it)`,
			`  Mail sink:  smtp://${launched.smtp.host}:${launched.smtp.port}  -> every mail is saved in ${rel(launched.smtp.dir)}/ (.eml + .json)`,
			`  n8n log:    ${rel(launched.logFile)}${queue ? ' (main: editor, webhooks, trigger polls)' : ''}`,
			`  World:      ${launched.sandbox.continued ? 'goes on from the last start' : 'new'}: the sandbox's (its AWBs, events, clock) and the shop stand-in's orders, kept in`,
			`              ${rel(kept.sandbox)} and ${rel(kept.shops)} beside n8n's data; npm start -- --fresh starts over`,
			...(queue
				? [
						...queue.running.map((w) => `  ${w.name}:   ${rel(w.logFile)}  (runs the executions; health ${w.healthUrl})`),
						`  Postgres:   postgresql://${queue.postgres.user}@${queue.postgres.host}:${queue.postgres.port}/${queue.postgres.database}  (cluster ${queue.postgres.dir})`,
						`  Redis:      redis://${queue.redis.host}:${queue.redis.port}  (the queue; binary data mode: database)`,
					]
				: []),
			'',
			`Webhook secret: ${launched.webhookSecret.value}`,
			`  kept in ${rel(launched.webhookSecret.file)}; examples 1, 6 and 7 answer 401 to an order not signed with it (an AWB costs money)`,
			'',
			`Example workflows (in the editor, under Overview), all ${launched.n8n.major < 2 ? 'active' : 'published'}:`,
			'  1. E-shop order to AWB and label',
			`     curl -X POST ${editor}webhook/cargus-pickup-order -H 'content-type: application/json' \\`,
			`       -H "x-shop-signature: $(openssl dgst -sha256 -binary -hmac "$(cat ${rel(launched.webhookSecret.file)})" examples/data/shop-order.json | base64)" \\`,
			'       --data-binary @examples/data/shop-order.json',
			'  2. Email invoices automatically',
			'     each invoice Cargus issues from now on is mailed once with its PDF',
			'  3. Tell the customer (out for delivery, delivered, refused)',
			'     mails each AWB\'s recipient (the email given at Create); polls every minute; move the sandbox clock to get new events sooner:',
			`     curl -X POST ${sandbox}/_sandbox/clock/advance -H 'content-type: application/json' -d '{"hours":12}'`,
			'  4. Mark orders paid when cash on delivery is repaid',
			'     each cash-on-delivery repayment (2 days after delivery) mails "Order ... paid" once',
			'  5. Launch daily pickup at a fixed hour',
			'     at 16:00 on weekdays; Execute workflow launches the open orders now (Depozit Bucuresti has one)',
			'  6. WooCommerce order to AWB, tracking note on the order',
			'     its WooCommerce Triggers made their webhooks in the shop stand-in when it was published;',
			`     ${postOrder} woocommerce    (a new order placed there, each time another; the shop delivers it, signed)`,
			`     ${postOrder} woocommerce-paid (a card order: no AWB while pending, one once paid)`,
			'     the note and the barcode go to the shop stand-in (its requests show below)',
			'  7. Shopify order to AWB and fulfilment with tracking',
			`     ${postOrder} shopify        (a new order placed in the Shopify stand-in, which delivers it here; the fulfilment goes back to it)`,
			'  8. Print today’s labels',
			`     at 15:30 on weekdays, or now: curl ${editor}webhook/cargus-print-labels   (?reprint=true: all of today's again)`,
			'     one 10x14 PDF of the AWBs made today and not printed yet, mailed to the warehouse (the mail sink)',
			'  Duplicate an example before changing it: n8n 2.x saves edits to a published workflow as a draft.',
			'',
			'Ctrl-C to stop.',
			'',
		].join('\n'),
	);
}

main().catch((err: unknown) => {
	process.stderr.write(`npm start failed: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
