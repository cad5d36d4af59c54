/**
 * The second n8n server of the end-to-end run, with the settings n8n 3.0 keeps or n8n recommends: binary data in
 * the filesystem (3.0 removes the in-memory mode; n8n 1.x defaults to it) and, on n8n 2.37+, the durable
 * scheduler running the trigger's polls with durable poll cursors. Its own user folder and ports: it runs beside
 * the first server (its checks mostly wait for polls).
 */
import { SandboxControl } from '../../sandbox';
import { launch, type Launched, type N8nTarget } from '../../scripts/lib/launcher';
import { FILESYSTEM_BINARY_DATA, pdfsInFilesystemMode } from './binaryFilesystem';
import { check, say, selected, tally } from './checks';
import { DURABLE_POLL_CURSORS, hasDurablePollCursors, triggerWithDurablePollCursors } from './durableCursors';

export interface SecondServer {
	n8n: N8nTarget;
	userFolder: string;
	mailDir: string;
	n8nPort: number;
	sandboxPort: number;
	smtpPort: number;
	log: (line: string) => void;
}

const flags = (env: Record<string, string>) => Object.keys(env).join(', ');

/** What the second server leaves behind: the URLs it answered on (they must no longer answer) and n8n's log. */
export interface SecondServerTrace {
	urls: string[];
	logFile?: string;
}

/** Runs the checks of the second server. */
export async function checkRecommendedSettings(server: SecondServer): Promise<SecondServerTrace> {
	const durable = hasDurablePollCursors(server.n8n);
	const checks: Array<[string, (live: Launched, control: SandboxControl) => Promise<string>]> = [
		[`filesystem binary data (${flags(FILESYSTEM_BINARY_DATA)}=filesystem): invoice PDF and document, AWB PDF and order documents answered byte for byte as Cargus sent them, stored as files`, pdfsInFilesystemMode],
	];
	if (durable) {
		checks.push([`durable poll cursors (${flags(DURABLE_POLL_CURSORS)}): "Tell the customer" emits each new event exactly once, its memory in poller_state`, triggerWithDurablePollCursors]);
	} else {
		say(`  skip durable poll cursors: n8n ${server.n8n.version} has none (n8n 2.37 and later)`);
	}
	const wanted = checks.filter(([name]) => selected(name));
	if (wanted.length === 0) {
		for (const [name] of checks) say(`  skip ${name}`);
		return { urls: [] };
	}

	say(`e2e: a second n8n ${server.n8n.version} with ${flags({ ...FILESYSTEM_BINARY_DATA, ...(durable ? DURABLE_POLL_CURSORS : {}) })}`);
	let live: Launched;
	try {
		live = await launch({
			n8nVersion: server.n8n.version,
			fresh: true,
			build: false,
			userFolder: server.userFolder,
			mailDir: server.mailDir,
			n8nPort: server.n8nPort,
			brokerPort: server.n8nPort + 1,
			cliBrokerPort: server.n8nPort + 2,
			sandboxPort: server.sandboxPort,
			smtpPort: server.smtpPort,
			sandbox: { clockMode: 'frozen' },
			n8nEnv: { ...FILESYSTEM_BINARY_DATA, ...(durable ? DURABLE_POLL_CURSORS : {}) },
			log: server.log,
		});
	} catch (err) {
		tally.failed++;
		say(`  FAIL launch of the second server: ${err instanceof Error ? err.message : String(err)}`);
		return { urls: [] };
	}
	try {
		const control = new SandboxControl(live.sandbox.url);
		for (const [name, run] of checks) await check(name, () => run(live, control));
	} finally {
		await live.stop();
	}
	return { urls: [`${live.editorUrl}healthz`, `${live.sandbox.url}/_sandbox/clock`], logFile: live.logFile };
}
