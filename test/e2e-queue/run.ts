/**
 * End-to-end test of n8n's queue mode (npm run test:e2e:queue). Uses the launcher of `npm run start:queue` with its
 * own folders, database and ports: Postgres, Redis, n8n main and two workers, each with the package installed as
 * a community package. It shows:
 *  1. main and both workers load the Cargus nodes from their own community-node folder;
 *  2. the three example flows work, their executions run on the workers, and on both of them (the workers' logs);
 *  2b. both workers having served an order (each has read the day), the same new order delivered to one worker and
 *     then to the other is one AWB;
 *  3. invoice PDFs downloaded on a worker reach the webhook response byte for byte as the worker stored them;
 *  4. the trigger polls on main (main's log) and emits each new event exactly once after the sandbox clock moves;
 *  5. 6 tracking runs of 1,000 items at once, started right after the token expired (401), all answer every item,
 *     with at most one login per n8n process (logins counted in the sandbox's request log);
 *  6. a worker killed with SIGKILL mid-run: the execution ends failed, no request reaches the sandbox twice, and
 *     the other worker keeps serving;
 *  7. nothing it started is left running.
 * Ports: CARGUS_PORT_BASE (default 5720) and the ten after it. Not a jest test (it runs real servers for minutes).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { SandboxControl } from '../../sandbox';
import { launch, EXAMPLES_DIR, ROOT, type Launched, type RunningWorker } from '../../scripts/lib/launcher';
import { portsFrom } from '../../scripts/lib/ports';
import { shopDelivery } from '../../scripts/lib/shop-deliveries';
import { isRunning, signalGroup } from '../../scripts/lib/processes';
import { assert, check, say, sleep, tally, waitFor } from '../e2e/checks';
import { activate, example, execution, executionsOf, outputOf, watchedBarcodes } from '../e2e/n8n-api';
import { mappedOrdersWorkflow } from '../e2e/mappedOrders';
import { customerMails, itemsToMail } from '../e2e/customerMails';
import { deliveriesWithin } from '../e2e/plannedDeliveries';
import { shopOrder } from '../e2e/shopOrder';
import { oneAwbOnBothWorkers } from './orderOnBothWorkers';
import { INVOICE_PDF_PATH, invoicePdfWorkflow, lastMonthInvoicesWorkflow, TRACK_PATH, trackWorkflow } from './workflows';

const PORT_BASE = Number(process.env.CARGUS_PORT_BASE) || 5720;
// In the clone's own cache (the machine's cache is shared by every clone, and this test starts fresh).
const E2E_DIR = path.join(ROOT, '.n8n-cache', 'e2e-queue');
const WORKFLOW = { order: 'cargusExample001', customer: 'cargusExample003' };
const CARGUS_TYPE = 'n8n-nodes-cargus.cargus';
const TRIGGER_TYPE = 'n8n-nodes-cargus.cargusTrigger';
const RUNS = 6;
const ITEMS = 1000;

/** Which worker started which execution, from the workers' logs ("Worker started execution <id> (job <n>)"). */
function workerRuns(workers: RunningWorker[]): Map<string, string[]> {
	const runs = new Map<string, string[]>();
	for (const worker of workers) {
		for (const match of fs.readFileSync(worker.logFile, 'utf8').matchAll(/Worker started execution (\d+) \(job/g)) {
			runs.set(match[1], [...(runs.get(match[1]) ?? []), worker.name]);
		}
	}
	return runs;
}

/** The workers that ran these executions; fails when one ran on none of them (on main) or on several. */
function ranOn(workers: RunningWorker[], executionIds: string[]): string[] {
	const runs = workerRuns(workers);
	return executionIds.map((id) => {
		const by = runs.get(id) ?? [];
		assert(by.length === 1, `execution ${id} was started by ${by.length === 0 ? 'no worker' : by.join(' and ')}`);
		return by[0];
	});
}

/** The barcodes a logged tracking request asked for (the node sends `barCode=[a,b,...]`). */
function barcodesAsked(entry: { query: Record<string, unknown> }): string[] {
	return String(entry.query.barCode ?? '')
		.replace(/^\[|\]$/g, '')
		.split(',')
		.map((b) => b.trim())
		.filter(Boolean);
}

function tallyOf(names: string[]): string {
	const counts = new Map<string, number>();
	for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
	return [...counts].sort().map(([n, c]) => `${n}: ${c}`).join(', ');
}

/** New sandbox shipments (its control API adds at most 500 at a time); answers their barcodes. */
async function addShipments(control: SandboxControl, count: number): Promise<string[]> {
	const barcodes: string[] = [];
	while (barcodes.length < count) {
		const added = await control.addShipments({ count: Math.min(500, count - barcodes.length) });
		barcodes.push(...added.map((s) => s.barcode));
	}
	return barcodes;
}

/**
 * Waits as long as the caller's timeout says: undici's own 300 s for the answer's headers is not the check's bound
 * (a webhook answers when its execution ends, and 120 of them queue behind a rate limit). Each post on a connection
 * of its own, as a shop's webhook delivery is sent: a kept-alive one that n8n closed after its 5 s while the machine
 * was busy was reused as it closed (CI at 48b2d40, load 24: "other side closed", the order never sent).
 */
const PATIENT = new Agent({ headersTimeout: 0, bodyTimeout: 0, pipelining: 0 });

/** Posts JSON; with a secret, signed as example 1's webhook checks it (X-Shop-Signature). */
async function postJson(url: string, body: unknown, timeoutMs = 300000, secret?: string): Promise<{ status: number; text: string }> {
	const sent = secret ? shopDelivery(body as Record<string, unknown>, secret) : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
	try {
		const res = await fetch(url, { method: 'POST', headers: sent.headers, body: sent.body, signal: AbortSignal.timeout(timeoutMs), dispatcher: PATIENT });
		return { status: res.status, text: await res.text() };
	} catch (error) {
		const cause = (error as { cause?: { code?: string; message?: string } }).cause;
		throw new Error(`POST ${url}: ${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`);
	}
}

/** Posts until the webhook is registered (n8n publishes an activated workflow a moment later). */
async function postWhenRegistered(url: string, body: unknown, secret?: string): Promise<{ status: number; text: string }> {
	return waitFor(`the webhook ${url} to be registered`, 60000, async () => {
		const answer = await postJson(url, body, 300000, secret);
		return answer.status === 404 && answer.text.includes('not registered') ? undefined : answer;
	});
}

async function createWorkflow(n8n: Launched, workflow: object): Promise<string> {
	const created = await n8n.rest<{ id: string }>('POST', '/rest/workflows', workflow);
	await activate(n8n, created.id);
	return created.id;
}

/** The tracking workflow, created and activated on first use, its webhook registered; answers its id. */
async function trackingWorkflow(n8n: Launched): Promise<string> {
	const existing = (await n8n.rest<Array<{ id: string; name: string }>>('GET', '/rest/workflows')).find((w) => w.name === trackWorkflow().name);
	const id = existing?.id ?? (await createWorkflow(n8n, trackWorkflow()));
	const listed = new Set((await executionsOf(n8n, id)).map((e) => e.id));
	// An empty list registers nothing with Cargus: no item reaches the Cargus node.
	await postWhenRegistered(`${n8n.editorUrl}webhook/${TRACK_PATH}`, { barcodes: [] });
	// Main may list this call's execution a moment after it answered: waited for, it is not taken for a later run's.
	await waitFor('the registering call\'s execution to be listed', 30000, async () => ((await executionsOf(n8n, id)).some((e) => !listed.has(e.id)) ? true : undefined)).catch(() => undefined);
	return id;
}

async function newestExecution(n8n: Launched, workflowId: string, after: Set<string>): Promise<string> {
	return waitFor(`a new execution of ${workflowId}`, 30000, async () => {
		const fresh = (await executionsOf(n8n, workflowId)).filter((e) => !after.has(e.id) && e.status !== 'running' && e.status !== 'new');
		return fresh.length === 1 ? fresh[0].id : undefined;
	});
}

async function finished(n8n: Launched, executionId: string, timeoutMs: number): Promise<string> {
	return waitFor(`execution ${executionId} to finish`, timeoutMs, async () => {
		const { status } = await execution(n8n, executionId);
		return ['new', 'running', 'waiting'].includes(status) ? undefined : status;
	});
}

function portOpen(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		socket.setTimeout(2000, () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.on('error', () => resolve(false));
	});
}

async function main(): Promise<void> {
	const t0 = Date.now();
	say(`e2e-queue: n8n-nodes-cargus in n8n's queue mode (ports ${PORT_BASE}-${PORT_BASE + 10})`);
	let n8n: Launched | undefined;
	const onSignal = () => {
		say('e2e-queue: interrupted, cleaning up');
		void (n8n ? n8n.stop() : Promise.resolve()).then(() => process.exit(130));
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);

	try {
		n8n = await launch({
			fresh: true,
			userFolder: path.join(E2E_DIR, 'main'),
			mailDir: path.join(E2E_DIR, 'mail'),
			...portsFrom(PORT_BASE),
			// Debug on every process: main's "Executing cron" lines show where the trigger polls.
			n8nLogLevel: 'debug',
			// 6 x 1,000 answered tracking requests, plus those refused with the expired token, stay in the log.
			sandbox: { clockMode: 'frozen', requestLogSize: 20_000 },
			log: (line) => say(`  | ${line}`),
		});
	} catch (err) {
		tally.failed++;
		say(`  FAIL launch: ${err instanceof Error ? err.message : String(err)}`);
		say(`e2e-queue: ${tally.passed} passed, ${tally.failed} failed`);
		process.exit(1);
	}
	const live = n8n;
	const queue = live.queue!;
	const workers = queue.running;
	const control = new SandboxControl(live.sandbox.url);
	const webhookUrl = (p: string) => `${live.editorUrl}webhook/${p}`;
	const exampleRuns: string[] = [];
	let invoiceRun = '';

	try {
		await check('main and both workers load the Cargus nodes from their own community-node folder', async () => {
			const res = await fetch(`${live.editorUrl}types/nodes.json`, { headers: { cookie: live.cookie } });
			assert(res.ok, `/types/nodes.json answered ${res.status}`);
			const names = new Set(((await res.json()) as Array<{ name: string }>).map((t) => t.name));
			assert(names.has(CARGUS_TYPE) && names.has(TRIGGER_TYPE), 'main does not list the Cargus node types');
			for (const folder of [live.userFolder, ...workers.map((w) => w.userFolder)]) {
				const installed = path.join(folder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-cargus', 'package.json');
				assert(fs.existsSync(installed), `no community package in ${folder}`);
			}
			for (const w of workers) assert((await fetch(w.healthUrl)).ok, `${w.name} is not ready (${w.healthUrl})`);
			return `main, ${workers.map((w) => w.name).join(', ')}; Postgres ${queue.postgres.port}, Redis ${queue.redis.port}`;
		});

		await check('"E-shop order to AWB and label": webhook orders answered with their AWB and label, run on the workers', async () => {
			await activate(live, WORKFLOW.order);
			const webhook = example(WORKFLOW.order).nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
			assert(webhook, 'example 1 has no Webhook node');
			const order = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'shop-order.json'), 'utf8')) as Record<string, unknown>;
			const url = webhookUrl(String(webhook.parameters.path));
			const before = new Set((await executionsOf(live, WORKFLOW.order)).map((e) => e.id));
			const numbered = (n: number) => ({ ...order, orderNumber: `${String(order.orderNumber)}-Q${n}` });
			const secret = live.webhookSecret.value;
			const answers = [await postWhenRegistered(url, numbered(0), secret), ...(await Promise.all([1, 2, 3].map((n) => postJson(url, numbered(n), 300000, secret))))];
			// The first order again: whichever worker takes it finds the AWB Cargus already has.
			answers.push(await postJson(url, numbered(0), 300000, secret));
			const barcodes = answers.map((a) => {
				assert(a.status === 200, `webhook answered ${a.status}: ${a.text.slice(0, 300)}`);
				const body = JSON.parse(a.text) as { barcode?: string; label?: { base64?: string } };
				assert(/^\d{6,20}$/.test(String(body.barcode)) && Buffer.from(body.label?.base64 ?? '', 'base64').subarray(0, 5).toString('latin1') === '%PDF-', `AWB and label: ${a.text.slice(0, 200)}`);
				return String(body.barcode);
			});
			const orderIds = barcodes.slice(0, 4);
			assert(new Set(orderIds).size === 4 && barcodes[4] === barcodes[0], `AWBs ${barcodes.join(', ')}: 4 orders, then the first again`);
			// Each answer is an order, so its execution exists; main may list it a moment after the webhook answered.
			const newRuns = async () => (await executionsOf(live, WORKFLOW.order)).filter((e) => !before.has(e.id)).map((e) => e.id);
			await waitFor(`${answers.length} executions listed`, 30000, async () => ((await newRuns()).length >= answers.length ? true : undefined)).catch(() => undefined);
			const runs = await newRuns();
			assert(runs.length === answers.length, `${runs.length} executions for ${answers.length} orders`);
			exampleRuns.push(...runs);
			return `AWBs ${orderIds.join(', ')}, the first order again ${barcodes[4]}; runs on ${tallyOf(ranOn(workers, runs))}`;
		});

		await check('both workers have served an order, then the same new order delivered to one worker and then to the other: one AWB', async () => {
			const webhook = example(WORKFLOW.order).nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
			assert(webhook, 'example 1 has no Webhook node');
			const names = workers.map((w) => w.name);
			// Active already when the example's check ran; activated here when this check runs alone (CARGUS_E2E_ONLY).
			if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW.order}`)).active) await activate(live, WORKFLOW.order);
			const url = webhookUrl(String(webhook.parameters.path));
			const post = async (order: Record<string, unknown>) => await postWhenRegistered(url, order, live.webhookSecret.value);
			return await oneAwbOnBothWorkers(live, control, WORKFLOW.order, post, names, (ids) => ranOn(workers, ids));
		});

		await check('"Email last month\'s invoices": "Execute workflow" runs on a worker and emails each invoice PDF', async () => {
			const mailsBefore = live.smtp.mails.length;
			const invoices = await live.rest<{ id: string }>('POST', '/rest/workflows', lastMonthInvoicesWorkflow());
			const started = await live.rest<{ executionId: string }>('POST', `/rest/workflows/${invoices.id}/run`, { triggerToStartFrom: { name: 'Run now' } });
			assert(started.executionId, `no execution id: ${JSON.stringify(started)}`);
			const status = await finished(live, started.executionId, 120000);
			const detail = await execution(live, started.executionId);
			assert(status === 'success', `execution ${started.executionId} ended ${status}: ${detail.error ?? ''}`);
			const pdfs = outputOf(detail, 'Download PDF');
			assert(pdfs.length > 0 && pdfs.every((p) => p.binary?.data?.mimeType === 'application/pdf'), `Download PDF gave ${pdfs.length} items`);
			const mails = await waitFor('the invoice emails', 30000, async () => {
				const m = live.smtp.mails.slice(mailsBefore);
				return m.length >= pdfs.length ? m : undefined;
			});
			const attached = mails.flatMap((m) => m.attachments).filter((a) => a.contentType === 'application/pdf' && a.size > 0);
			assert(mails.length === pdfs.length && attached.length === pdfs.length, `${mails.length} emails, ${attached.length} PDFs for ${pdfs.length} invoices`);
			exampleRuns.push(started.executionId);
			invoiceRun = started.executionId;
			return `execution ${started.executionId} on ${ranOn(workers, [started.executionId])[0]}: ${pdfs.length} invoices, ${mails.length} emails with PDFs`;
		});

		await check('invoice PDFs made on a worker reach the webhook response byte for byte as the worker stored them', async () => {
			assert(invoiceRun, 'the invoice example did not run');
			const invoiceIds = outputOf(await execution(live, invoiceRun), 'Invoices of last month').map((i) => String(i.json.InvoiceId));
			assert(invoiceIds.length > 0, 'no invoices listed');
			const workflowId = await createWorkflow(live, invoicePdfWorkflow());
			const seen = new Set<string>();
			const where: string[] = [];
			let bytes = 0;
			for (const invoiceId of invoiceIds) {
				const url = `${webhookUrl(INVOICE_PDF_PATH)}?invoiceId=${encodeURIComponent(invoiceId)}`;
				for (const e of await executionsOf(live, workflowId)) seen.add(e.id);
				const res = await waitFor('the invoice webhook to be registered', 60000, async () => {
					const r = await fetch(url);
					if (r.status === 404) return undefined;
					return r;
				});
				const body = Buffer.from(await res.arrayBuffer());
				assert(res.status === 200, `invoice ${invoiceId}: HTTP ${res.status} ${body.toString('utf8').slice(0, 200)}`);
				assert(String(res.headers.get('content-type')).startsWith('application/pdf'), `invoice ${invoiceId}: content-type ${res.headers.get('content-type')}`);
				assert(body.subarray(0, 5).toString('latin1') === '%PDF-', `invoice ${invoiceId}: the body is not a PDF: ${body.subarray(0, 60).toString('utf8')}`);
				const runId = await newestExecution(live, workflowId, seen);
				const stored = outputOf(await execution(live, runId), 'Download PDF')[0]?.binary?.data;
				assert(stored?.id, `execution ${runId} stored no PDF`);
				assert(stored.id.startsWith('database:'), `the PDF is stored as ${stored.id}, not in the database`);
				const download = await fetch(`${live.editorUrl}rest/binary-data?id=${encodeURIComponent(stored.id)}&action=download`, { headers: { cookie: live.cookie } });
				const storedBytes = Buffer.from(await download.arrayBuffer());
				assert(download.ok, `binary-data answered ${download.status}`);
				assert(storedBytes.equals(body), `invoice ${invoiceId}: the response (${body.length} bytes) differs from the stored PDF (${storedBytes.length} bytes)`);
				where.push(...ranOn(workers, [runId]));
				exampleRuns.push(runId);
				bytes += body.length;
			}
			return `${invoiceIds.length} PDFs (${bytes} bytes) identical to what the workers stored; runs on ${tallyOf(where)}`;
		});

		await check('"Tell the customer": the trigger polls on main and emits each new event exactly once after the clock moves', async () => {
			// The check brings its own deliveries into the 12 hours it moves the clock by.
			await deliveriesWithin(control, 12);
			const barcodes = await watchedBarcodes(live, WORKFLOW.customer, control);
			const before = await control.shipments(barcodes);
			await control.clearRequests();
			await activate(live, WORKFLOW.customer);
			// Activation polls once at once; what it finds is the starting point.
			await waitFor('the first poll', 90000, async () => ((await control.requests()).some((q) => q.operation.startsWith('trace')) ? true : undefined));
			await sleep(3000);
			const executionsBefore = new Set((await executionsOf(live, WORKFLOW.customer)).map((e) => e.id));
			const mailsBefore = live.smtp.mails.length;
			await control.advanceClock({ hours: 12 });
			const after = await control.shipments(barcodes);
			// An event is its shipment, id and instant (Cargus writes the same Date with or without milliseconds).
			const key = (barcode: unknown, eventId: unknown, date: unknown) => `${String(barcode)}|${String(eventId)}|${Date.parse(String(date))}`;
			const seen = new Set(before.flatMap((s) => s.visibleEvents.map((e) => key(s.barcode, e.EventId, e.Date))));
			const fresh = after.flatMap((s) => s.visibleEvents.map((e) => key(s.barcode, e.EventId, e.Date))).filter((k) => !seen.has(k));
			assert(fresh.length > 0, 'the clock advance produced no new events');
			const emitted = await waitFor(`${fresh.length} new events emitted`, 150000, async () => {
				const runs = (await executionsOf(live, WORKFLOW.customer)).filter((e) => !executionsBefore.has(e.id) && e.status === 'success');
				const items = [];
				for (const run of runs) items.push(...outputOf(await execution(live, run.id), 'Cargus Trigger'));
				const keys = items.map((item) => key(item.json.Barcode, item.json.EventId, item.json.Date));
				return keys.length >= fresh.length ? { runs, keys, items } : undefined;
			});
			// One more poll on main goes by with nothing new.
			const cronRuns = () => (fs.readFileSync(live.logFile, 'utf8').match(new RegExp(`Executing cron.*${WORKFLOW.customer}`, 'g')) ?? []).length;
			const pollsSoFar = cronRuns();
			await waitFor('one more poll', 90000, async () => (cronRuns() > pollsSoFar ? true : undefined));
			await sleep(5000);
			const later = (await executionsOf(live, WORKFLOW.customer)).filter((e) => !executionsBefore.has(e.id));
			assert(later.length === emitted.runs.length, `${later.length - emitted.runs.length} more executions after the events were emitted`);
			const duplicates = emitted.keys.filter((k, i) => emitted.keys.indexOf(k) !== i);
			assert(duplicates.length === 0, `emitted twice: ${duplicates.join(', ')}`);
			const missing = fresh.filter((k) => !emitted.keys.includes(k));
			assert(emitted.keys.length === fresh.length && missing.length === 0, `emitted ${emitted.keys.length} events (${emitted.keys.join(', ')}), ${fresh.length} new; not emitted: ${missing.join(', ')}`);
			// Example 3 mails only the AWBs with a recipient email (the sandbox's own parcels have none).
			const expectedMails = itemsToMail(emitted.items).length;
			const mailed = customerMails(live.smtp.mails.slice(mailsBefore)).length;
			assert(mailed === expectedMails, `${mailed} emails for ${expectedMails} out-for-delivery/delivered/refused events of AWBs with an email`);
			const polls = cronRuns();
			assert(polls > 0, "main's log shows no poll of the trigger");
			for (const w of workers) assert(!/Executing cron/.test(fs.readFileSync(w.logFile, 'utf8')), `${w.name} polled`);
			const ids = emitted.runs.map((e) => e.id);
			exampleRuns.push(...ids);
			return `${polls} polls on main; ${fresh.length} new events in ${ids.length} executions on ${tallyOf(ranOn(workers, ids))}, ${expectedMails} emails`;
		});

		await check('executions of the example flows ran on both workers (workers\' logs)', async () => {
			const where = ranOn(workers, exampleRuns);
			for (const w of workers) assert(where.includes(w.name), `${w.name} ran none of ${exampleRuns.length} example executions (${tallyOf(where)})`);
			return tallyOf(where);
		});

		// After the examples: their zombie runs cannot slow them down if this one overloads the machine.
		await check(`${RUNS} tracking runs of ${ITEMS} items at once, token just expired: every item answered, at most one login per n8n process`, async () => {
			const workflowId = await trackingWorkflow(live);
			const trigger = await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW.customer}`);
			if (trigger.active) await live.rest('POST', `/rest/workflows/${WORKFLOW.customer}/deactivate`, {});
			const barcodes = await addShipments(control, ITEMS);
			const before = new Set((await executionsOf(live, workflowId)).map((e) => e.id));
			await control.setSettings({ expiredTokenAnswer: '401' });
			await control.expireTokens();
			await control.clearRequests();
			const started = Date.now();
			const progress = setInterval(() => {
				void (async () => {
					const log = await control.requests();
					const answered = log.filter((q) => q.operation === 'trace' && q.status === 200).length;
					const refused = log.filter((q) => q.operation === 'trace' && q.status !== 200).length;
					const logins = log.filter((q) => q.operation === 'login').length;
					const states = tallyOf((await executionsOf(live, workflowId)).filter((e) => !before.has(e.id)).map((e) => e.status));
					say(`       ${Math.round((Date.now() - started) / 1000)}s: ${answered} tracking requests answered, ${refused} refused, ${logins} logins; executions ${states || 'none yet'}`);
				})().catch(() => undefined);
			}, 15000);
			// A guard against a hang, not a speed limit: 6,000 items take minutes on a busy 2-core machine.
			const answers = await Promise.all(Array.from({ length: RUNS }, () => postJson(webhookUrl(TRACK_PATH), { barcodes }, 900000))).finally(() => clearInterval(progress));
			for (const [i, answer] of answers.entries()) {
				assert(answer.status === 200, `run ${i + 1} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
				const items = JSON.parse(answer.text) as Array<{ Code?: string }>;
				const codes = new Set(items.map((item) => String(item.Code)));
				assert(items.length === ITEMS && barcodes.every((b) => codes.has(b)), `run ${i + 1} answered ${items.length} items (${codes.size} shipments) for ${ITEMS}`);
			}
			// "Respond to Webhook" answers before the worker has saved the execution.
			const runIds = await waitFor(`the ${RUNS} executions listed`, 120000, async () => {
				const ids = (await executionsOf(live, workflowId)).filter((e) => !before.has(e.id)).map((e) => e.id);
				return ids.length >= RUNS ? ids : undefined;
			});
			const runs = await Promise.all(runIds.map(async (id) => ({ id, status: await finished(live, id, 300000) })));
			assert(runs.length === RUNS && runs.every((e) => e.status === 'success'), `executions: ${runs.map((e) => `${e.id} ${e.status}`).join(', ')}`);
			const wanted = new Set(barcodes);
			const traces = (await control.requests('trace')).filter((q) => barcodesAsked(q).some((b) => wanted.has(b)));
			const answered = new Map<string, number>();
			for (const q of traces) if (q.status === 200) for (const b of barcodesAsked(q)) answered.set(b, (answered.get(b) ?? 0) + 1);
			const notOnce = barcodes.filter((b) => answered.get(b) !== RUNS);
			assert(notOnce.length === 0, `${notOnce.length} shipments not tracked exactly once per run, e.g. ${notOnce.slice(0, 3).map((b) => `${b} x${answered.get(b) ?? 0}`).join(', ')}`);
			// Main runs no Cargus node here (the trigger's workflow is inactive): every login is a worker's.
			const logins = (await control.requests('login')).length;
			const ranBy = ranOn(workers, runs.map((e) => e.id));
			const processes = new Set(ranBy).size;
			assert(logins <= processes, `${logins} logins by the ${processes} workers that ran the ${RUNS} runs (at most one each)`);
			const refused = traces.filter((q) => q.status === 401).length;
			return `${RUNS} x ${ITEMS} items answered, ${refused} requests refused with the expired token, ${logins} logins by ${processes} workers (${tallyOf(ranBy)})`;
		});

		await check('both workers under one rate limit of 10 requests a second: 60 orders in 4 executions at once, then the same again: one AWB per order, none twice, no item failed', async () => {
			const path = 'cargus-e2e-queue-rate-limited';
			const workflowId = await createWorkflow(live, mappedOrdersWorkflow('cargusE2eQueueRateLimited', path, 'e2e: orders under a rate limit, queue mode'));
			const url = webhookUrl(path);
			const base = `QUEUE-LIMITED-${Date.now()}`;
			// One order first: the webhook is registered and the workers hold a token before the limit.
			await postWhenRegistered(url, { orders: [shopOrder({ orderNumber: `${base}-warm` })] });
			const batches = [0, 1, 2, 3].map((batch) => Array.from({ length: 15 }, (_, index) => shopOrder({ orderNumber: `${base}-${batch * 15 + index + 1}` })));
			const before = new Set((await executionsOf(live, workflowId)).map((e) => e.id));
			await control.clearRequests();
			await control.setRateLimit(10);
			const started = Date.now();
			let first: Array<{ status: number; text: string }>;
			let again: Array<{ status: number; text: string }>;
			try {
				first = await Promise.all(batches.map(async (orders) => await postJson(url, { orders }, 600000)));
				again = await Promise.all(batches.map(async (orders) => await postJson(url, { orders }, 600000)));
			} finally {
				await control.setRateLimit(null);
			}
			const seconds = Math.round((Date.now() - started) / 1000);
			const barcodesOf = (answers: Array<{ status: number; text: string }>) => answers.flatMap((answer, batch) => {
				assert(answer.status === 200, `batch ${batch + 1} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
				const items = JSON.parse(answer.text) as Array<{ BarCode?: unknown; OrderReference?: unknown; error?: unknown }>;
				assert(items.length === 15 && items.every((item, index) => item.error === undefined && item.OrderReference === batches[batch][index].orderNumber), `batch ${batch + 1}: ${answer.text.slice(0, 300)}`);
				return items.map((item) => String(item.BarCode));
			});
			const made = barcodesOf(first);
			const repeated = barcodesOf(again);
			assert(new Set(made).size === 60 && repeated.every((barcode, index) => barcode === made[index]), `AWBs: ${new Set(made).size} distinct, repeated ${repeated.filter((b, i) => b !== made[i]).length} differ`);
			const held = (await control.shipments()).filter((shipment) => String(shipment.orderReference).startsWith(`${base}-`) && !String(shipment.orderReference).endsWith('-warm'));
			assert(held.length === 60 && new Set(held.map((shipment) => shipment.orderReference)).size === 60, `Cargus holds ${held.length} AWBs for the 60 orders`);
			const requests = await control.requests();
			const refused = requests.filter((request) => request.status === 429).length;
			const runs = await waitFor('the 8 executions listed', 60000, async () => {
				const ids = (await executionsOf(live, workflowId)).filter((e) => !before.has(e.id)).map((e) => e.id);
				return ids.length >= 8 ? ids : undefined;
			});
			return `60 orders -> 60 AWBs, the same again -> the same AWBs, in ${seconds} s; ${requests.length - refused} requests served, ${refused} refused with 429; executions on ${tallyOf(ranOn(workers, runs))}`;
		});

		await check('both workers under one rate limit of 10 requests a second: 120 orders from webhooks at once, one execution each: one AWB each, no item failed', async () => {
			const path = 'cargus-e2e-queue-hooks';
			const workflowId = await createWorkflow(live, mappedOrdersWorkflow('cargusE2eQueueHooks', path, 'e2e: one order per webhook under a rate limit, queue mode'));
			const url = webhookUrl(path);
			const base = `QUEUE-HOOKS-${Date.now()}`;
			await postWhenRegistered(url, { orders: [shopOrder({ orderNumber: `${base}-warm` })] });
			const orders = Array.from({ length: 120 }, (_, index) => shopOrder({ orderNumber: `${base}-${index + 1}` }));
			const before = new Set((await executionsOf(live, workflowId)).map((e) => e.id));
			await control.clearRequests();
			await control.setRateLimit(10);
			const started = Date.now();
			let answers: Array<{ status: number; text: string }>;
			try {
				answers = await Promise.all(orders.map(async (order) => await postJson(url, { orders: [order] }, 600000)));
			} finally {
				await control.setRateLimit(null);
			}
			const seconds = Math.round((Date.now() - started) / 1000);
			const failed = answers.flatMap((answer, index) => {
				const items = answer.status === 200 ? (JSON.parse(answer.text) as Array<{ OrderReference?: unknown; error?: unknown }>) : [];
				return items.length === 1 && items[0].error === undefined && items[0].OrderReference === orders[index].orderNumber ? [] : [`${orders[index].orderNumber}: ${answer.status} ${answer.text.slice(0, 200)}`];
			});
			assert(failed.length === 0, `${failed.length} of 120 orders failed: ${failed.slice(0, 3).join('; ')}`);
			const held = (await control.shipments()).filter((shipment) => String(shipment.orderReference).startsWith(`${base}-`) && !String(shipment.orderReference).endsWith('-warm'));
			assert(held.length === 120 && new Set(held.map((shipment) => shipment.orderReference)).size === 120, `Cargus holds ${held.length} AWBs for the 120 orders`);
			const requests = await control.requests();
			const refused = requests.filter((request) => request.status === 429).length;
			// n8n lists the newest 100 executions (executionsOf): the tally is of those.
			const runs = await waitFor('the newest 100 executions listed', 120000, async () => {
				const ids = (await executionsOf(live, workflowId)).filter((e) => !before.has(e.id)).map((e) => e.id);
				return ids.length >= 100 ? ids : undefined;
			});
			return `120 orders -> 120 AWBs, none failed, in ${seconds} s (the limit's time ${(requests.length - refused) / 10} s); ${requests.length - refused} requests served, ${refused} refused with 429 (${Math.round((100 * refused) / requests.length)}%); the newest 100 executions on ${tallyOf(ranOn(workers, runs))}`;
		});

		await check('a worker killed with SIGKILL mid-run: the execution ends failed, no request repeated, the other worker keeps serving', async () => {
			await trackingWorkflow(live);
			if (!(await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW.order}`)).active) await activate(live, WORKFLOW.order);
			const barcodes = await addShipments(control, 200);
			const known = new Set(workerRuns(workers).keys());
			await control.clearRequests();
			// The sandbox answers about half of the tracking requests at once and holds the others: once some are
			// answered, the run is surely mid-way. A run started again would ask for the answered ones again.
			await control.addFault({ operation: 'trace', kind: 'latency', latencyMs: 15000, probability: 0.5 });
			const answer = postJson(webhookUrl(TRACK_PATH), { barcodes }, 240000).catch((err: unknown) => ({ status: 0, text: String(err) }));
			const { id: victimRun, worker: victimName } = await waitFor('a worker to start the run', 120000, async () => {
				for (const [id, by] of workerRuns(workers)) if (!known.has(id)) return { id, worker: by[0] };
				return undefined;
			});
			const victim = workers.find((w) => w.name === victimName)!;
			const survivor = workers.find((w) => w !== victim)!;
			const answeredBeforeKill = await waitFor('the first answered tracking requests', 180000, async () => {
				const n = (await control.requests('trace')).filter((t) => barcodesAsked(t).some((b) => barcodes.includes(b))).length;
				return n > 0 ? n : undefined;
			});
			// Requests the sandbox still holds are answered after the kill, to a closed connection: the run is mid-way now.
			assert(answeredBeforeKill < barcodes.length, `all ${barcodes.length} tracking requests were answered before the kill`);
			signalGroup(victim.process, 'SIGKILL');
			const killedAt = Date.now();
			await control.clearFaults();
			// A job Redis hands out while the killed worker's connection is still open would be lost with it: the
			// order below goes out once the process is gone and Redis has had a moment to see its connections close.
			await waitFor(`${victim.name} to exit`, 30000, async () => (isRunning(victim.process) ? undefined : true));
			await sleep(2000);

			// The other worker serves an order meanwhile.
			const order = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, 'data', 'shop-order.json'), 'utf8')) as Record<string, unknown>;
			const orderPath = String(example(WORKFLOW.order).nodes.find((n) => n.type === 'n8n-nodes-base.webhook')?.parameters.path);
			const orderRunsBefore = new Set((await executionsOf(live, WORKFLOW.order)).map((e) => e.id));
			const served = await postWhenRegistered(webhookUrl(orderPath), order, live.webhookSecret.value);
			assert(served.status === 200 && /^\d{6,20}$/.test(String((JSON.parse(served.text) as { barcode?: string }).barcode)), `order while a worker is down: ${served.status} ${served.text.slice(0, 200)}`);
			// As for the orders above: main may list the execution a moment after the webhook answered.
			const newOrderRuns = async () => (await executionsOf(live, WORKFLOW.order)).filter((e) => !orderRunsBefore.has(e.id)).map((e) => e.id);
			await waitFor('the order\'s execution listed', 30000, async () => ((await newOrderRuns()).length > 0 ? true : undefined)).catch(() => undefined);
			const orderRun = await newOrderRuns();
			assert(orderRun.length === 1 && ranOn(workers, orderRun)[0] === survivor.name, `the order ran on ${orderRun.length ? ranOn(workers, orderRun).join(', ') : 'nothing'}`);

			const status = await finished(live, victimRun, 240000);
			const failedAfter = Math.round((Date.now() - killedAt) / 1000);
			assert(!['success'].includes(status), `the killed run ended ${status}`);
			await sleep(8000); // anything re-queued would have started by now
			const webhookAnswer = await answer;
			const traces = (await control.requests('trace')).filter((t) => barcodesAsked(t).some((b) => barcodes.includes(b)));
			const perBarcode = new Map<string, number>();
			for (const t of traces) for (const code of barcodesAsked(t)) perBarcode.set(code, (perBarcode.get(code) ?? 0) + 1);
			const repeated = [...perBarcode].filter(([, n]) => n > 1);
			assert(repeated.length === 0, `requested more than once: ${repeated.slice(0, 5).map(([b, n]) => `${b} x${n}`).join(', ')}`);
			const restarts = workerRuns(workers).get(victimRun) ?? [];
			assert(restarts.length === 1, `execution ${victimRun} was started ${restarts.length} times (${restarts.join(', ')})`);
			return `killed ${victim.name} with ${answeredBeforeKill} of ${barcodes.length} tracking requests answered; execution ${victimRun} ended "${status}" ${failedAfter}s later, not re-queued, ${traces.length} requests answered in all, each once; caller got HTTP ${webhookAnswer.status}; ${survivor.name} served order ${orderRun[0]}`;
		});
	} finally {
		await live.stop();
	}

	await check('nothing left running (n8n main, workers, Postgres, Redis, sandbox, SMTP sink)', async () => {
		const { n8nPort, sandboxPort, smtpPort, queue: q } = portsFrom(PORT_BASE);
		const ports = [n8nPort, sandboxPort, smtpPort, q.postgresPort, q.redisPort, ...q.workers.map((w) => w.healthPort)];
		const open: number[] = [];
		for (const port of ports) if (await portOpen(port)) open.push(port);
		assert(open.length === 0, `still answering on ${open.join(', ')}`);
		return `ports ${ports.join(', ')} closed`;
	});

	say(`e2e-queue: ${tally.passed} passed, ${tally.failed} failed (${Math.round((Date.now() - t0) / 1000)}s)`);
	process.exit(tally.failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
	say(`e2e-queue: crashed: ${err instanceof Error ? err.stack : String(err)}`);
	say(`e2e-queue: ${tally.passed} passed, ${tally.failed + 1} failed`);
	process.exit(1);
});
