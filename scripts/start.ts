/**
 * npm start: build the package, start the sandbox (running clock) on 127.0.0.1:4000, an SMTP sink, and a real
 * n8n with this package installed as a community node, the "Cargus Sandbox" credential and the example
 * workflows. Ctrl-C stops everything it started. Another tested n8n version: `npm start -- --n8n 1.x` (or 2.x, or
 * a version number; also $CARGUS_N8N_VERSION). Ports: $CARGUS_N8N_PORT (and the next two for n8n's task brokers),
 * $CARGUS_SANDBOX_PORT, $CARGUS_SMTP_PORT, $CARGUS_SHOP_PORT (the WooCommerce and Shopify stand-in); defaults 5678, 4000,
 * 2525, 4100.
 * npm run start:queue (`--queue`): the same with n8n in queue mode: Postgres, Redis, n8n main and two workers.
 * CARGUS_PORT_BASE=<port> moves every port to <port> and the eleven after it (see lib/ports.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch, ROOT, type LaunchOptions, type Launched } from './lib/launcher';
import { publishExamples } from './lib/publish-examples';
import { portsFrom } from './lib/ports';

function optionsFromCommandLine(): LaunchOptions {
	const { values } = parseArgs({ options: { n8n: { type: 'string' }, queue: { type: 'boolean' } } });
	const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
	const base = port('CARGUS_PORT_BASE');
	const n8nPort = port('CARGUS_N8N_PORT');
	const { queue, ...ports }: LaunchOptions = base ? portsFrom(base) : {};
	return {
		n8nVersion: values.n8n,
		sandbox: { clockMode: 'running' },
		shopPort: 4100,
		webhookSecretFile: path.join(ROOT, '.n8n-cache', 'webhook-secret'),
		...ports,
		...(n8nPort ? { n8nPort, brokerPort: n8nPort + 1, cliBrokerPort: n8nPort + 2 } : {}),
		...(port('CARGUS_SANDBOX_PORT') ? { sandboxPort: port('CARGUS_SANDBOX_PORT') } : {}),
		...(port('CARGUS_SMTP_PORT') ? { smtpPort: port('CARGUS_SMTP_PORT') } : {}),
		...(port('CARGUS_SHOP_PORT') ? { shopPort: port('CARGUS_SHOP_PORT') } : {}),
		...(values.queue ? { queue: queue ?? {} } : {}),
	};
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

	launched = await launch(optionsFromCommandLine());
	if (stopping) return;
	if (launched.imported && launched.cookie) {
		// Every example starts published (n8n 1.x: active): each does its job from the first minute.
		await publishExamples(launched, (outcome) => process.stdout.write(`n8n: ${outcome.line}\n`));
	}
	const rel = (p: string) => path.relative(ROOT, p) || '.';
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	const editor = launched.editorUrl;
	const sandbox = launched.sandbox.url;
	const queue = launched.queue;
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
			'     npm run post-order -- woocommerce    (the sample order placed there: the shop delivers it, signed)',
			'     npm run post-order -- woocommerce-paid (a card order: no AWB while pending, one once paid)',
			'     the note and the barcode go to the shop stand-in (its requests show below)',
			'  7. Shopify order to AWB and fulfilment with tracking',
			'     npm run post-order -- shopify        (the fulfilment goes to the shop stand-in)',
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
