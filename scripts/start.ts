/**
 * npm start: build the package, start the sandbox (running clock) on 127.0.0.1:4000, an SMTP sink, and a real
 * n8n with this package installed as a community node, the "Cargus Sandbox" credential and the example
 * workflows. Ctrl-C stops everything it started.
 */
import path from 'node:path';
import { launch, ROOT, N8N_VERSION, type Launched } from './lib/launcher';

async function main(): Promise<void> {
	const t0 = Date.now();
	let launched: Launched | undefined;
	let stopping = false;
	const stop = async (why: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${why}: stopping n8n, the SMTP sink and the sandbox...\n`);
		if (launched) await launched.stop();
		process.stdout.write('stopped.\n');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('Ctrl-C'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGHUP', () => void stop('SIGHUP'));

	launched = await launch({ sandbox: { clockMode: 'running' } });
	if (stopping) return;
	const rel = (p: string) => path.relative(ROOT, p) || '.';
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	process.stdout.write(
		[
			'',
			`Ready in ${secs}s: n8n ${N8N_VERSION} with n8n-nodes-cargus`,
			`  Editor:     ${launched.editorUrl}`,
			`  Login:      ${launched.owner.email} / ${launched.owner.password}${launched.ownerCreated ? ' (owner created now)' : ''}`,
			`  Sandbox:    ${launched.sandbox.url}  (credential "Cargus Sandbox": key sandbox-key, user sandbox / sandbox)`,
			`  Mail sink:  smtp://${launched.smtp.host}:${launched.smtp.port}  -> mails saved in ${rel(launched.smtp.dir)}/ (.eml + .json)`,
			`  n8n log:    ${rel(launched.logFile)}`,
			'  Workflows:  "Cargus: E-shop order to pickup request", "Cargus: Email invoices", "Cargus: Tell the customer"',
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
