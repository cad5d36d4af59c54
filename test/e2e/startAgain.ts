/**
 * `npm start` as a user runs it, twice in a row on one folder (issue 62): an order with `npm run post-order`, the
 * sandbox's clock moved until its parcel is delivered and repaid, Ctrl-C as soon as the repayment is due (before or
 * during the poll that sends it), `npm start` again, a second order, the clock moved again. Each mail and each update
 * of both orders comes once (counted from the start's mail sink and the WooCommerce stand-in), nothing sent before the
 * second start is sent again, the second start goes on with the same world (AWB numbers, the clock), and a third
 * `npm start` in the same folder exits 1 before starting anything, naming the running one's ports, leaving its credentials as
 * they were. The starts run the real scripts (scripts/start.ts, scripts/post-order.ts) in a folder and on ports of
 * their own (CARGUS_START_DIR, CARGUS_PORT_BASE).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SandboxControl } from '../../sandbox';
import { OWNER, ROOT, SANDBOX_CREDENTIAL_ID } from '../../scripts/lib/launcher';
import { portsFrom } from '../../scripts/lib/ports';
import { STAND_IN_KEYS } from '../../scripts/lib/shop-stand-in';
import { assert, check, say, waitFor } from './checks';

const TS_NODE = path.join(ROOT, 'node_modules', '.bin', 'ts-node');
const WOO_AUTH = `Basic ${Buffer.from(`${STAND_IN_KEYS.wooCommerce.consumerKey}:${STAND_IN_KEYS.wooCommerce.consumerSecret}`).toString('base64')}`;

interface Script {
	child: ChildProcess;
	output(): string;
	exited: Promise<number | null>;
}

function runScript(script: 'start' | 'post-order', args: string[], env: Record<string, string>): Script {
	const child = spawn(TS_NODE, ['--transpile-only', '--prefer-ts-exts', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
	return { child, output: () => output, exited };
}

const running = (script: Script) => script.child.exitCode === null && script.child.signalCode === null;

async function portFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer().once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** A base whose twelve ports are free, from 6300 on (clear of the end-to-end servers' and `npm start`'s own). */
async function freeBase(): Promise<number> {
	for (let base = 6300; base < 7000; base += 20) {
		const free = await Promise.all(Array.from({ length: 12 }, (_, offset) => portFree(base + offset)));
		if (free.every(Boolean)) return base;
	}
	throw new Error('no twelve free ports from 6300 to 7000');
}

async function startNpm(env: Record<string, string>, args: string[] = []): Promise<Script> {
	const start = runScript('start', args, env);
	try {
		// npm start imports the examples and starts n8n: over 400 s at a load of 36 (CI beside other work).
		await waitFor('npm start to say it is ready', 900_000, async () => {
			if (!running(start)) throw new Error(`npm start exited (${String(start.child.exitCode)}):\n${start.output().slice(-2000)}`);
			return /\nReady in [\d.]+s/.test(start.output()) ? true : undefined;
		});
	} catch (error) {
		// Stopped as the check's own starts are: a start that never said it is ready was left running with its n8n (CI at 0596f35).
		if (running(start)) await ctrlC(start).catch((stopError: unknown) => say(`  | npm start: ${String(stopError)}`));
		throw error;
	}
	return start;
}

/** Ctrl-C: SIGINT to npm start, as the terminal sends it; it stops what it started and exits 0. */
async function ctrlC(start: Script): Promise<number | null> {
	start.child.kill('SIGINT');
	const code = await Promise.race([start.exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 120_000))]);
	if (code === 'late') {
		start.child.kill('SIGKILL');
		throw new Error('npm start did not stop within 120 s of Ctrl-C');
	}
	return code;
}

async function postOrder(env: Record<string, string>, platform: string): Promise<number> {
	const post = runScript('post-order', [platform], env);
	const code = await post.exited;
	const id = /order (\d+) /.exec(post.output())?.[1];
	assert(code === 0 && id, `npm run post-order -- ${platform} exited ${String(code)}: ${post.output()}`);
	return Number(id);
}

interface Mail {
	file: string;
	subject: string;
	text: string;
}

function mailsIn(dir: string): Mail[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({ file, ...(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { subject: string; text: string }) }));
}

async function wooGet<T>(shopUrl: string, resource: string): Promise<T> {
	const response = await fetch(`${shopUrl}/wp-json/wc/v3/${resource}`, { headers: { authorization: WOO_AUTH } });
	assert(response.ok, `GET ${resource} at the shop: ${response.status}`);
	return (await response.json()) as T;
}

type WooOrder = { id: number; status: string; meta_data: Array<{ key: string; value: unknown }> };
const metaOf = (order: WooOrder, key: string) => order.meta_data.filter((entry) => entry.key === key);

/** The order's AWB (meta cargus_awb, once example 6 made it). */
async function awbOf(shopUrl: string, orderId: number): Promise<string> {
	return await waitFor(`order ${orderId}'s AWB at the shop`, 180_000, async () => {
		const order = await wooGet<WooOrder>(shopUrl, `orders/${orderId}`);
		const awb = metaOf(order, 'cargus_awb')[0]?.value;
		return awb ? String(awb) : undefined;
	});
}

/** Moves the sandbox's clock 6 hours at a time until `done` (at most 8 days in all); answers the hours moved. */
async function moveClockUntil(control: SandboxControl, what: string, done: () => Promise<boolean>): Promise<number> {
	for (let hours = 0; hours <= 192; hours += 6) {
		if (await done()) return hours;
		await control.advanceClock({ hours: 6 });
	}
	throw new Error(`the sandbox's clock moved 8 days and ${what} did not happen`);
}

const repaid = async (control: SandboxControl, awb: string) => (await control.cashOnDelivery()).some((entry) => entry.BarCode === awb && entry.repaid);
const stateOf = async (control: SandboxControl, awb: string) => (await control.shipments([awb]))[0]?.state;

/** Waits until the order's parcel was told: its three mails (out for delivery, delivered, paid), the order completed and marked repaid. */
async function orderTold(mailDir: string, shopUrl: string, orderId: number, awb: string): Promise<void> {
	await waitFor(`order ${orderId} (AWB ${awb}): its mails and updates`, 300_000, async () => {
		const mails = mailsIn(mailDir).filter((mail) => mail.subject.includes(awb));
		const order = await wooGet<WooOrder>(shopUrl, `orders/${orderId}`);
		return mails.length >= 3 && order.status === 'completed' && metaOf(order, 'cargus_cod_repaid').length > 0 ? true : undefined;
	});
}

/** Every mail and every note of the orders once: the same mail (subject and text) or note twice is an event sent again. */
async function twiceOver(mailDir: string, shopUrl: string, orderIds: number[]): Promise<string[]> {
	const twice: string[] = [];
	const mails = mailsIn(mailDir).map((mail) => `${mail.subject}\n${mail.text}`);
	twice.push(...mails.filter((mail, index) => mails.indexOf(mail) !== index).map((mail) => `mail "${mail.split('\n')[0]}"`));
	for (const id of orderIds) {
		const notes = (await wooGet<Array<{ note: string }>>(shopUrl, `orders/${id}/notes`)).map((note) => note.note);
		twice.push(...notes.filter((note, index) => notes.indexOf(note) !== index).map((note) => `order ${id}'s note "${note}"`));
		const order = await wooGet<WooOrder>(shopUrl, `orders/${id}`);
		for (const key of ['cargus_awb', 'cargus_cod_repaid']) if (metaOf(order, key).length > 1) twice.push(`order ${id}'s meta ${key}`);
	}
	return twice;
}

export async function startAgainCheck(folder: string): Promise<void> {
	await check('npm start again goes on with the same world: two starts, an order in each, the clock moved, Ctrl-C when a repayment is due; every mail and order update once, nothing from before the second start sent again; a third npm start in the folder exits 1 before starting anything, naming the ports', async () => {
		const home = path.join(folder, 'npm-start');
		const base = await freeBase();
		// Only the base moves its ports: any other port variable of this shell is emptied.
		const env = { CARGUS_START_DIR: home, CARGUS_PORT_BASE: String(base), CARGUS_N8N_PORT: '', CARGUS_SANDBOX_PORT: '', CARGUS_SMTP_PORT: '', CARGUS_SHOP_PORT: '', CARGUS_PACKAGE_BUILT: '1' };
		const ports = portsFrom(base);
		const shopUrl = `http://127.0.0.1:${ports.shopPort}`;
		const control = new SandboxControl(`http://127.0.0.1:${ports.sandboxPort}`);
		const mailDir = path.join(home, 'mail');
		let start: Script | undefined;
		try {
			// The first life: a world of its own (--fresh), an order, its parcel delivered, then its repayment due.
			start = await startNpm(env, ['--fresh']);
			const first = await postOrder(env, 'woocommerce');
			const firstAwb = await awbOf(shopUrl, first);
			const toDelivery = await moveClockUntil(control, `${firstAwb} delivered`, async () => (await stateOf(control, firstAwb)) === 'delivered');
			await waitFor(`the mail that ${firstAwb} was delivered`, 300_000, async () => (mailsIn(mailDir).filter((mail) => mail.subject.includes(firstAwb)).length >= 2 ? true : undefined));
			const toRepayment = await moveClockUntil(control, `${firstAwb} repaid`, async () => await repaid(control, firstAwb));
			const clockBefore = Date.parse((await control.clock()).now);
			const stoppedWith = await ctrlC(start);
			assert(stoppedWith === 0, `npm start exited ${String(stoppedWith)} on Ctrl-C`);
			const before = mailsIn(mailDir);
			assert(!fs.existsSync(path.join(home, 'start.lock')), 'Ctrl-C left start.lock behind');

			// The second life: the same world goes on.
			start = await startNpm(env);
			assert(/its world going on from/.test(start.output()), `the second start did not go on from the kept world:\n${start.output().slice(0, 1500)}`);
			const clockAfter = Date.parse((await control.clock()).now);
			assert(clockAfter >= clockBefore, `the sandbox's clock went back: ${new Date(clockBefore).toISOString()} before, ${new Date(clockAfter).toISOString()} after`);

			// A third start in the same folder stops before starting anything (no sandbox, no import, no n8n), naming the
			// running one; the running one's credential stays. How fast is the bench's to say: 120 s only guards a hang.
			const t = Date.now();
			const third = runScript('start', [], env);
			const thirdCode = await Promise.race([third.exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 120_000))]);
			const thirdSeconds = (Date.now() - t) / 1000;
			if (thirdCode === 'late') third.child.kill('SIGINT');
			assert(thirdCode === 1, `a second npm start in the folder: ${thirdCode === 'late' ? 'still running after 120 s' : `exit ${String(thirdCode)}`}: ${third.output()}`);
			assert(!/Ready in|import:|sandbox: http/.test(third.output()), `the refused start began something before stopping: ${third.output()}`);
			assert(third.output().includes('already running') && third.output().includes(`http://127.0.0.1:${ports.n8nPort}/`) && third.output().includes(`http://127.0.0.1:${ports.sandboxPort}`), `its message: ${third.output()}`);
			const credential = await sandboxCredential(ports.n8nPort);
			assert(credential === `http://127.0.0.1:${ports.sandboxPort}`, `the running start's "Cargus Sandbox" credential points at ${credential}`);

			const second = await postOrder(env, 'woocommerce');
			assert(second === first + 1, `the second order is ${second}, after ${first}`);
			const secondAwb = await awbOf(shopUrl, second);
			assert(Number(secondAwb) === Number(firstAwb) + 1, `the second start's AWB is ${secondAwb}, after ${firstAwb}: the sandbox began anew`);
			await orderTold(mailDir, shopUrl, first, firstAwb);
			await moveClockUntil(control, `${secondAwb} delivered`, async () => (await stateOf(control, secondAwb)) === 'delivered');
			await waitFor(`the mail that ${secondAwb} was delivered`, 300_000, async () => (mailsIn(mailDir).filter((mail) => mail.subject.includes(secondAwb)).length >= 2 ? true : undefined));
			await moveClockUntil(control, `${secondAwb} repaid`, async () => await repaid(control, secondAwb));
			await orderTold(mailDir, shopUrl, second, secondAwb);

			const after = mailsIn(mailDir).filter((mail) => !before.some((old) => old.file === mail.file));
			const sentAgain = after.filter((mail) => before.some((old) => old.subject === mail.subject && old.text === mail.text));
			assert(sentAgain.length === 0, `sent again after the second start: ${sentAgain.map((mail) => `"${mail.subject}"`).join(', ')}`);
			const twice = await twiceOver(mailDir, shopUrl, [first, second]);
			assert(twice.length === 0, `twice: ${twice.join('; ')}`);
			const perOrder = [firstAwb, secondAwb].map((awb) => `${awb}: ${mailsIn(mailDir).filter((mail) => mail.subject.includes(awb)).length} mails`);
			const stopped = await ctrlC(start);
			start = undefined;
			assert(stopped === 0, `npm start exited ${String(stopped)} on the last Ctrl-C`);
			return `ports ${base}-${base + 11}; orders ${first} and ${second}, AWBs ${firstAwb} and ${secondAwb}; first life: clock +${toDelivery} h to delivery, +${toRepayment} h to repayment, Ctrl-C; ${before.length} mails before the second start, ${after.length} after, none sent again, each once (${perOrder.join(', ')}); a third npm start exited 1 in ${thirdSeconds.toFixed(1)} s`;
		} finally {
			if (start && running(start)) await ctrlC(start).catch((error: unknown) => say(`  | npm start: ${String(error)}`));
		}
	});
}

/** The Base URL of the "Cargus Sandbox" credential of the n8n on that port, read as its owner. */
async function sandboxCredential(n8nPort: number): Promise<string> {
	const base = `http://127.0.0.1:${n8nPort}`;
	const login = await fetch(`${base}/rest/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'browser-id': 'start-again-check' }, body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }) });
	assert(login.ok, `login to the running npm start's n8n: ${login.status}`);
	const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
	const response = await fetch(`${base}/rest/credentials/${SANDBOX_CREDENTIAL_ID}?includeData=true`, { headers: { cookie, 'browser-id': 'start-again-check' } });
	assert(response.ok, `its credential: ${response.status}`);
	return String(((await response.json()) as { data: { data: { baseUrl: string } } }).data.data.baseUrl);
}
