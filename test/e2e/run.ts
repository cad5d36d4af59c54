/**
 * End-to-end test in the real n8n server (npm run test:e2e). Uses the launcher of `npm start` with its own
 * user folder and ports, and shows:
 *  1. the Cargus node and the Cargus Trigger are loaded as community nodes (/types/nodes.json);
 *  2. the example workflows and the credentials are imported, and the credential's test (as the editor runs it)
 *     passes, while the same credential with a wrong password fails it;
 *  3. "E-shop order to AWB and label" answers its webhook with the new AWB's barcode and label; the WooCommerce and
 *     Shopify examples turn each platform's order into one AWB and write it back to a stand-in of the shop (shopPlatforms.ts);
 *  4. "Email invoices" and "Mark orders paid", activated, mail each new invoice (with its PDF) and each repayment once;
 *  5. "Tell the customer", activated, mails each AWB's recipient (clock advanced): out for delivery, delivered, refused;
 *  6. a webhook flow tracking 1,000 shipments logs in once with no token, once after every token expired
 *     (401, and 200 "Failed to authenticate!"), and once for 5 executions started together;
 *  7. the editor shows the Cargus node on a workflow canvas (headless Chromium screenshot in artifacts/), every
 *     example's sticky notes whole, and example 1's canvas as docs/images/example-1-canvas.png (test/e2e/editorPictures.ts);
 *  7b. a newly added Create node opens every dropdown without "Error fetching options", and example 1's address fields
 *     given by name show no warning (test/e2e/dropdowns.ts, screenshots artifacts/e2e-dropdowns-*.png);
 *  8. the forms, in light and dark mode: each resource's main operation, the credential dialog and the trigger
 *     (screenshots in artifacts/e2e-form-*.png), with County and Locality filled from the node's lookups; the light
 *     Create form as docs/images/create-form.png;
 *  9. a second n8n server, started beside the first (its checks mostly wait for polls), with binary data in the
 *     filesystem and, on n8n 2.37+, durable poll cursors: the PDFs and the trigger's exactly-once guarantee
 *     (recommendedSettings.ts);
 * 10. n8n made no call outside the machine (no ENOTFOUND in either server's log), and nothing it started is left running.
 * Ports: CARGUS_E2E_PORT=N uses N (n8n), N+1 and N+2 (its task brokers), N+3 (sandbox) and N+4 (SMTP sink), and
 * N+5 to N+9 the same for the second server; without it n8n uses 5688-5690 and 5693-5695, the sandboxes and sinks
 * free ports.
 * Not a jest test (it runs a real n8n for minutes): ts-node --transpile-only test/e2e/run.ts [--n8n <version>]
 * (one of the tested versions or 1.x / 2.x; default the launcher's). test/e2e/compat.ts runs it on every tested version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { SandboxControl } from '../../sandbox';
import { BROWSER_PACKAGES, ensureDebianPackages } from '../../scripts/lib/debian-packages';
import { BROWSER_ID, buildPackage, launch, n8nTarget, N8N_VERSION, ROOT, SANDBOX_CREDENTIAL_ID, whileDatabaseNotReady, type Launched } from '../../scripts/lib/launcher';
import { mainOperationForms, type FormShot } from './forms';
import { dropdownChecks } from './dropdowns';
import { DOC_PICTURES, pictureOfExampleCanvas, pictureOfParameters, stickyNotesCheck } from './editorPictures';
import { keyPerItem } from './dynamicCredentials';
import { loginsAtScale } from './loginAtScale';
import { mappedOrdersCheck, rateLimitedOrdersCheck } from './mappedOrders';
import { shopPluginChecks } from './shopPlugins';
import { placeholderSecretCheck, readmeCurlCheck, shopifyParcelCheck, shopifyPaymentCheck, shopPlatformChecks, signedWebhookChecks } from './shopPlatforms';
import { wooCommerceOrderChecks, wooCommerceParcelCheck, wooCommerceTriggerChecks } from './wooCommerceTrigger';
import { checkRecommendedSettings } from './recommendedSettings';
import { cashOnDeliveryExampleCheck, invoiceExampleCheck } from './triggerEvents';
import { dayPickupExampleCheck } from './dayPickup';
import { printLabelsExampleCheck } from './printLabels';
import { bucharestDay, shopOrderAwbCheck } from './shopOrderAwb';
import { assert, check, say, sleep, tally, waitFor } from './checks';
import { accountTrackingCheck } from './accountTracking';
import { perEventDeltasCheck } from './perEventDeltas';
import { sendShopOrder, shopOrder, SHOP_ORDER_WORKFLOW } from './shopOrder';
import { cargusClockAheadChecks } from './cargusClockAhead';
import { clockMoveCheck } from './clockMove';
import { tellTheCustomerCheck } from './tellTheCustomer';
import { shippedDaysAgoCheck } from './shippedDaysAgo';
import { startedStateCheck } from './startedState';
import { startAgainCheck } from './startAgain';
import { toolFormCheck } from './toolForm';
import { mcpEveryToolCheck, mcpToolCheck } from './mcpTool';
import { example, type ExampleWorkflow, type WorkflowSummary } from './n8n-api';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(ROOT, 'artifacts');
// Each clone its own n8n user folder: several clones on one machine share the provisioned n8n, not its data.
const N8N = n8nTarget(parseArgs({ options: { n8n: { type: 'string' } } }).values.n8n);
/** Screenshot names: the default version keeps the plain ones the README shows. */
const SUFFIX = N8N.version === N8N_VERSION ? '' : `-${N8N.version}`;
const PORT_BASE = Number(process.env.CARGUS_E2E_PORT ?? 0);
// And each port base its own: runs on other ports in one clone at once do not reset each other's n8n.
const E2E_DIR = path.join(ROOT, '.n8n-cache', 'e2e', PORT_BASE ? `${N8N.version}-port-${PORT_BASE}` : N8N.version);
const N8N_PORT = PORT_BASE || 5688;
const THEMES = ['light', 'dark'] as const;
const WORKFLOW = {
	order: SHOP_ORDER_WORKFLOW,
	customer: 'cargusExample003',
};
const CARGUS_TYPE = 'n8n-nodes-cargus.cargus';
const TRIGGER_TYPE = 'n8n-nodes-cargus.cargusTrigger';

interface CredentialTestResult {
	status: string;
	message: string;
}

/** The editor's credential test: the stored credential (secrets redacted, as the editor holds it) with changes. */
async function testCredential(n8n: Launched, changes: Record<string, unknown> = {}): Promise<CredentialTestResult> {
	const stored = await n8n.rest<{ id: string; name: string; type: string; data: Record<string, unknown> }>(
		'GET',
		`/rest/credentials/${SANDBOX_CREDENTIAL_ID}?includeData=true`,
	);
	const credentials = { id: stored.id, name: stored.name, type: stored.type, data: { ...stored.data, ...changes } };
	return await n8n.rest<CredentialTestResult>('POST', '/rest/credentials/test', { credentials });
}


async function signIn(page: import('playwright-core').Page, n8n: Launched): Promise<void> {
	await page.goto(`${n8n.editorUrl}signin`, { waitUntil: 'domcontentloaded' });
	await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(n8n.owner.email);
	await page.locator('input[type="password"]').first().fill(n8n.owner.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 60000 });
}

/** Opens a form by its URL (a node's opens n8n's node view) and waits for the labels and field values it must show. */
/** What shop owners type into the nodes panel that the codex's single-word aliases do not match (aliases of their own). */
const PHRASES = ['shipping label', 'cargus label', 'waybill'];

async function openForm(page: import('playwright-core').Page, url: string, container: string, form: Pick<FormShot, 'labels' | 'values'>): Promise<void> {
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	await waitForForm(page, container, form);
}

/** Closes the node view (its back button, else Escape) and waits until the canvas is back. */
async function closeForm(page: import('playwright-core').Page): Promise<void> {
	const back = page.locator('[data-test-id="back-to-canvas"]').first();
	if (await back.isVisible()) await back.click();
	else await page.keyboard.press('Escape');
	await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden', timeout: 90000 });
}

/** Waits until the open form shows its labels and field values. */
async function waitForForm(page: import('playwright-core').Page, container: string, form: Pick<FormShot, 'labels' | 'values'>): Promise<void> {
	const panel = page.locator(container).first();
	await panel.waitFor({ state: 'visible', timeout: 60000 });
	for (const text of form.labels) {
		await panel.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 90000 });
	}
	await waitFor(`the values ${form.values.join(', ')}`, 30000, async () => {
		const inputs = panel.locator('input');
		const values: string[] = [];
		for (let index = 0; index < (await inputs.count()); index++) values.push(await inputs.nth(index).inputValue());
		const missing = form.values.filter((value) => !values.includes(value));
		if (missing.length > 0) throw new Error(`missing ${missing.join(', ')} among ${values.filter(Boolean).join(' | ')}`);
		return true;
	});
}

async function main(): Promise<void> {
	const t0 = Date.now();
	say(`e2e: n8n-nodes-cargus in a real n8n ${N8N.version} (Node ${N8N.nodeVersion})`);
	ensureDebianPackages(BROWSER_PACKAGES, say);
	fs.mkdirSync(ARTIFACTS, { recursive: true });

	let n8n: Launched | undefined;
	let browser: Browser | undefined;
	const cleanup = async () => {
		if (browser) await browser.close().catch(() => undefined);
		browser = undefined;
		if (n8n) await n8n.stop();
	};
	const onSignal = () => {
		say('e2e: interrupted, cleaning up');
		void cleanup().then(() => process.exit(130));
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);

	// Built once for both servers (CARGUS_PACKAGE_BUILT=1: the caller built it), which start side by side.
	if (process.env.CARGUS_PACKAGE_BUILT !== '1') await buildPackage((line) => say(`  | ${line}`));
	const secondServer = checkRecommendedSettings({
		n8n: N8N,
		userFolder: path.join(E2E_DIR, 'user-recommended'),
		mailDir: path.join(E2E_DIR, 'mail-recommended'),
		n8nPort: N8N_PORT + 5,
		sandboxPort: PORT_BASE ? PORT_BASE + 8 : 0,
		smtpPort: PORT_BASE ? PORT_BASE + 9 : 0,
		log: (line) => say(`  | second server: ${line}`),
	});
	try {
		n8n = await launch({
			build: false,
			n8nVersion: N8N.version,
			fresh: true,
			userFolder: path.join(E2E_DIR, 'user'),
			mailDir: path.join(E2E_DIR, 'mail'),
			n8nPort: N8N_PORT,
			brokerPort: N8N_PORT + 1,
			cliBrokerPort: N8N_PORT + 2,
			sandboxPort: PORT_BASE ? PORT_BASE + 3 : 0,
			smtpPort: PORT_BASE ? PORT_BASE + 4 : 0,
			sandbox: { clockMode: 'frozen' },
			log: (line) => say(`  | ${line}`),
		});
	} catch (err) {
		tally.failed++;
		say(`  FAIL launch: ${err instanceof Error ? err.message : String(err)}`);
		await secondServer;
		say(`e2e: ${tally.passed} passed, ${tally.failed} failed`);
		process.exit(1);
	}
	const live = n8n;
	const openBrowser = async (): Promise<Browser> => {
		browser ??= await chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		});
		return browser;
	};
	const control = new SandboxControl(live.sandbox.url);
	// One browser context per theme, holding the owner's session: each editor page opens signed in.
	const contexts = new Map<string, import('playwright-core').BrowserContext>();
	const editor = async (theme: (typeof THEMES)[number]) => {
		let context = contexts.get(theme);
		if (!context) {
			context = await (await openBrowser()).newContext({ viewport: { width: 1440, height: 900 } });
			// Under CI's load (20 to 36 on 2 cores) the editor's first load and a click each took over Playwright's 30 s.
			context.setDefaultNavigationTimeout(120000);
			context.setDefaultTimeout(90000);
			// The editor sends its browser id with each request; the session cookie is bound to the launcher's.
			await context.addInitScript({ content: `window.localStorage.setItem('N8N_THEME', '${theme}'); window.localStorage.setItem('n8n-browserId', '${BROWSER_ID}');` });
			const [name, value] = live.cookie.split(';')[0].split('=');
			await context.addCookies([{ name, value, url: live.editorUrl }]);
			contexts.set(theme, context);
		}
		return context;
	};

	try {
		await check('n8n has an owner and a session', async () => {
			assert(live.cookie.includes('n8n-auth='), 'no n8n-auth cookie after login');
			return live.owner.email;
		});

		await check('Cargus node, Cargus Trigger and the Cargus Tool for AI agents are loaded (/types/nodes.json)', async () => {
			const { res, text } = await whileDatabaseNotReady(() => fetch(`${live.editorUrl}types/nodes.json`, { headers: { cookie: live.cookie } }));
			assert(res.ok, `/types/nodes.json answered ${res.status}`);
			const types = JSON.parse(text) as Array<{ name: string }>;
			const names = new Set(types.map((t) => t.name));
			assert(names.has(CARGUS_TYPE), `${CARGUS_TYPE} missing among ${types.length} node types`);
			assert(names.has(TRIGGER_TYPE), `${TRIGGER_TYPE} missing among ${types.length} node types`);
			assert(names.has(`${CARGUS_TYPE}Tool`), `${CARGUS_TYPE}Tool (the node as an AI agent tool) missing`);
			return `${CARGUS_TYPE}, ${TRIGGER_TYPE}, ${CARGUS_TYPE}Tool among ${types.length} types`;
		});

		await check('"Cargus Sandbox" credential and the example workflows are imported', async () => {
			const creds = await live.rest<Array<{ name: string; type: string }>>('GET', '/rest/credentials');
			assert(creds.some((c) => c.name === 'Cargus Sandbox' && c.type === 'cargusApi'), 'no "Cargus Sandbox" cargusApi credential');
			const list = await live.rest<WorkflowSummary[]>('GET', '/rest/workflows');
			for (const id of Object.values(WORKFLOW)) assert(list.some((w) => w.id === id), `workflow ${id} not imported`);
			return `${creds.length} credentials, ${list.length} workflows`;
		});

		// Before any example runs, so the credential has no token yet.
		await check('1,000 items tracked through a webhook flow: one login each time (no token, 401, "Failed to authenticate!", 5 executions at once)', async () => {
			const counts = await loginsAtScale(live, control);
			return counts.map((count) => `${count.situation}: ${count.items} items, ${count.logins} login`).join('; ');
		});

		await check('a subscription key given as an expression of the item (n8n\'s dynamic credentials): each item sent with its own key', async () => {
			return await keyPerItem(live, control);
		});

		await check('the "Cargus Sandbox" credential passes its test; with a wrong password it fails', async () => {
			await control.clearRequests();
			const ok = await testCredential(live);
			assert(ok.status === 'OK', `test answered ${ok.status}: ${ok.message}`);
			const logins = (await control.requests()).filter((q) => q.operation === 'login' && q.status === 200).length;
			assert(logins > 0, 'the test passed without logging in to the sandbox');
			// As a new credential: no token yet (a stored one stays valid whatever the password field says).
			const wrong = await testCredential(live, { password: 'not-the-password', token: '' });
			assert(wrong.status === 'Error', `with a wrong password the test answered ${wrong.status}: ${wrong.message}`);
			return `OK after ${logins} login; wrong password: "${wrong.message}"`;
		});

		// 1. E-shop order: activate, post an order to the webhook, get the AWB's barcode and label back.
		let createdAwb = '';
		let createdOn = '';
		await check('"E-shop order to AWB and label": webhook -> create AWB -> get its label; the barcode and the PDF in the answer', async () => {
			await live.activate(WORKFLOW.order);
			const order = shopOrder();
			await control.clearRequests();
			const { text, answer: body } = await sendShopOrder(live, order);
			const pdf = Buffer.from(body.label?.base64 ?? '', 'base64');
			assert(/^\d{6,20}$/.test(String(body.barcode)) && body.orderNumber === order.orderNumber, `no barcode in the answer: ${text.slice(0, 300)}`);
			const weight = body.weightKg as { ordered?: number; sent?: number } | undefined;
			assert(weight?.ordered === order.totalWeightKg && weight?.sent === Math.max(1, Math.ceil(Number(order.totalWeightKg))), `the answer's weights: ${JSON.stringify(weight)}`);
			assert(pdf.subarray(0, 5).toString('latin1') === '%PDF-', `the answer's label is not a PDF: ${text.slice(0, 300)}`);
			const [awb] = await control.shipments([String(body.barcode)]);
			assert(awb?.codValue === order.total, `the AWB's cash on delivery is ${String(awb?.codValue)}, the order total ${String(order.total)}`);
			const ops = (await control.requests()).map((r) => r.operation);
			assert(ops.includes('createAwb') && ops.includes('awbPdf'), `sandbox saw ${ops.join(', ')}`);
			assert(typeof body.shippingCost === 'number' && body.shippingCost > 0 && body.alreadyCreated === false, `the answer gives no cost of the new AWB: ${text.slice(0, 300)}`);
			createdAwb = String(body.barcode);
			createdOn = bucharestDay((await control.clock()).now);
			return `AWB ${createdAwb} costing ${String(body.shippingCost)} RON with a ${pdf.length}-byte label; sandbox saw ${ops.join(' -> ')}`;
		});

		await check('example 1\'s webhook called twice with the same shop order (a shop resending it) answers the same barcode, and the sandbox holds one AWB for it', async () => {
			const order = shopOrder();
			await control.clearRequests();
			const { text, answer } = await sendShopOrder(live, order);
			assert(answer.barcode === createdAwb && answer.alreadyCreated === true, `the second delivery answered ${text.slice(0, 300)}, not AWB ${createdAwb}`);
			const created = (await control.requests('createAwb')).length;
			assert(created === 0, `the second delivery sent ${created} createAwb requests`);
			const { now } = await control.clock();
			const day = bucharestDay(now);
			const all = await control.requests();
			const listed = all.filter((request) => request.operation === 'awbsByDate').length;
			return `the same AWB ${String(answer.barcode)} (alreadyCreated), no createAwb request, ${listed} listing request(s) on ${day}`;
		});

		// Example 7: orders as Shopify sends them, the AWB written back to a stand-in of the shop; example 6: n8n's
		// WooCommerce Trigger connected to the stand-in's WooCommerce, which keeps the orders.
		// Before the sandbox's clock moves: the once-per-order look reads the days of n8n's clock.
		await shopPlatformChecks(live, control);
		await shopifyPaymentCheck(live, control);
		await wooCommerceTriggerChecks(live, control);
		await wooCommerceOrderChecks(live, control);
		// Examples 1 and 7 refuse an order not signed with the install's secret, or replayed after 7 days.
		await signedWebhookChecks(live, control);
		await readmeCurlCheck(live);
		await placeholderSecretCheck(live);
		await shippedDaysAgoCheck(live, control);
		await dayPickupExampleCheck(live, control);
		await printLabelsExampleCheck(live, control);
		// Before the clock moves: once the sandbox runs days ahead of n8n, the look reads other days than the AWB's.
		await mcpToolCheck(live, control, SANDBOX_CREDENTIAL_ID);
		await mcpEveryToolCheck(live, control, SANDBOX_CREDENTIAL_ID);

		// The checks that move the sandbox's clock each make the world they need: they pass in any order
		// (CARGUS_E2E_ORDER=reverse runs them backwards), at any hour and in any time zone (docs/testing.md).
		const clockChecks = [
			// Examples 6 and 7: the shop's orders follow their parcels: delivered, refused and returned, repaid. First, while
			// the sandbox's clock is n8n's: the once-per-order look reads n8n's days, and an AWB the sandbox dates days
			// ahead of them is not found when a later webhook of the same order runs Create again.
			() => wooCommerceParcelCheck(live, control),
			() => shopifyParcelCheck(live, control),
			// GetDeltaEvents answered per event, then per shipment again: example 3 over the whole account, example 6's orders (issue 60).
			() => perEventDeltasCheck(live, control),
			// 3. Tell the customer: the AWB's recipient hears out for delivery, delivered and refused (test/e2e/tellTheCustomer.ts).
			() => tellTheCustomerCheck(live, control),
			() => accountTrackingCheck(live, control),
			// 4. The account events: invoices and cash on delivery (test/e2e/triggerEvents.ts).
			() => invoiceExampleCheck(live, control),
			() => cashOnDeliveryExampleCheck(live, control),
			() => clockMoveCheck(live, control),
			// Cargus' clock days ahead of n8n's: examples 7 and 8 read Cargus' day from its answers (issue 65).
			() => cargusClockAheadChecks(live, control),
			// The example 1 AWB's way to cash on delivery takes days.
			() => shopOrderAwbCheck(live, control, createdAwb, createdOn),
		];
		if (process.env.CARGUS_E2E_ORDER === 'reverse') clockChecks.reverse();
		// npm start itself, twice on one folder, with its own n8n, sandbox, ports and clock (test/e2e/startAgain.ts):
		// it shares nothing with this server, so it runs beside the checks above instead of adding its 200 s to them.
		const startAgain = startAgainCheck(E2E_DIR);
		for (const run of clockChecks) await run();
		await startAgain;
		await startedStateCheck(live);
		// After the clock's last move: the example 3 trigger watches every AWB of the account.
		await mappedOrdersCheck(live, control);
		await rateLimitedOrdersCheck(live, control);
		await shopPluginChecks(live, control);

		// 5. The editor: log in as the owner and screenshot a workflow with the Cargus node.
		await check('editor shows the Cargus node on the workflow canvas (screenshot)', async () => {
			// Signed in through the editor's own form, as a person would.
			const page = await (await openBrowser()).newPage({ viewport: { width: 1440, height: 900 } });
			page.setDefaultNavigationTimeout(120000);
			page.setDefaultTimeout(90000);
			await signIn(page, live);
			await page.goto(`${live.editorUrl}workflow/${WORKFLOW.order}`, { waitUntil: 'domcontentloaded' });
			const cargusNodes = example(WORKFLOW.order).nodes.filter((n) => n.type === CARGUS_TYPE).map((n) => n.name);
			assert(cargusNodes.length > 0, 'example 1 has no Cargus node');
			for (const name of cargusNodes) {
				await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).first().waitFor({ state: 'visible', timeout: 60000 });
			}
			await sleep(1500);
			const file = path.join(ARTIFACTS, `e2e-editor-cargus-workflow${SUFFIX}.png`);
			await page.screenshot({ path: file });
			assert(fs.statSync(file).size > 10000, 'screenshot is suspiciously small');
			// The trigger flow too.
			await page.goto(`${live.editorUrl}workflow/${WORKFLOW.customer}`, { waitUntil: 'domcontentloaded' });
			await page.locator('[data-test-id="canvas-node"][data-node-name="Cargus Trigger"]').first().waitFor({ state: 'visible', timeout: 60000 });
			await sleep(1500);
			const triggerFile = path.join(ARTIFACTS, `e2e-editor-cargus-trigger-workflow${SUFFIX}.png`);
			await page.screenshot({ path: triggerFile });
			await page.close();
			return `${path.relative(ROOT, file)} and ${path.basename(triggerFile)}; on the canvas: ${cargusNodes.join(', ')}, Cargus Trigger`;
		});

		// What the docs show of the editor: every example's notes whole, and example 1's canvas in the light theme.
		await stickyNotesCheck(live, async () => await (await editor('light')).newPage());
		await check('example 1\'s canvas in the light theme, the picture README.md and docs/examples.md show (screenshot)', async () => {
			const page = await (await editor('light')).newPage();
			const said = await pictureOfExampleCanvas(page, live, WORKFLOW.order, SUFFIX ? path.join(ARTIFACTS, `e2e-example-1-canvas${SUFFIX}.png`) : DOC_PICTURES.canvas);
			await page.close();
			return said;
		});

		await check('the nodes panel lists the Cargus node first for shipment, parcel, delivery, courier, colet, livrare, curier, among the first 3 for awb, and lists it for shipping label, Cargus label and waybill', async () => {
			const page = await (await editor('light')).newPage();
			await page.goto(`${live.editorUrl}workflow/${WORKFLOW.order}`, { waitUntil: 'domcontentloaded' });
			// The editor is ready once it shows the workflow (a busy machine takes a while to load it).
			await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 120000 });
			const ranks: Array<{ word: string; rank: number; top: string[] }> = [];
			for (const word of ['shipment', 'parcel', 'delivery', 'awb', 'courier', 'colet', 'livrare', 'curier', ...PHRASES]) {
				if (!(await page.locator('[data-test-id="node-creator"]').first().isVisible())) {
					await page.locator('[data-test-id="node-creator-plus-button"]').first().click({ timeout: 60000 });
				}
				const search = page.locator('input[data-test-id="node-creator-search-bar"]').first();
				await search.waitFor({ state: 'visible', timeout: 90000 });
				await search.fill(word);
				const names = page.locator('[data-test-id="node-creator"] [data-test-id="node-creator-item-name"]');
				// A search that matches no node shows none (the phrases did before their aliases): rank 0, not a timeout.
				const listed = await names.first().waitFor({ state: 'visible', timeout: 30000 }).then(() => true, () => false);
				await sleep(500);
				const found = listed ? (await names.allInnerTexts()).map((name) => name.trim()) : [];
				const rank = found.findIndex((name) => name === 'Cargus') + 1;
				if (word === 'awb') await page.screenshot({ path: path.join(ARTIFACTS, `e2e-nodes-panel-awb${SUFFIX}.png`) });
				ranks.push({ word, rank, top: found.slice(0, 4) });
			}
			await page.close();
			// n8n's fuzzy search weighs display names over aliases, so "awb" also matches "AWS B…" nodes first; a phrase
			// only has to find the node (its rank is reported).
			const missed = ranks.filter(({ word, rank }) => rank === 0 || (!PHRASES.includes(word) && rank > (word === 'awb' ? 3 : 1)));
			const said = ranks.map(({ word, rank }) => `${word}: #${rank}`).join(', ');
			assert(missed.length === 0, `${said}; ${missed.map(({ word, top }) => `"${word}" lists ${top.join(', ') || 'no node'}`).join('; ')}`);
			return said;
		});

		await toolFormCheck(live, { newPage: async () => await (await editor('light')).newPage(), artifacts: ARTIFACTS, suffix: SUFFIX, credentialId: SANDBOX_CREDENTIAL_ID });

		// The Create form's dropdowns: a new node's lists, and example 1's address fields given by name (test/e2e/dropdowns.ts).
		await dropdownChecks(live, { newPage: async () => await (await editor('light')).newPage(), artifacts: ARTIFACTS, suffix: SUFFIX });

		// 5. The forms a shop owner fills in, in both themes.
		const forms = mainOperationForms(SANDBOX_CREDENTIAL_ID);
		const created = await live.rest<{ id: string }>('POST', '/rest/workflows', {
			name: 'Cargus forms (e2e)',
			nodes: forms.map((form) => form.node),
			connections: {},
			active: false,
			settings: { executionOrder: 'v1' },
		});
		for (const theme of THEMES) {
			await check(`forms in ${theme} mode: each resource's main operation, the credential dialog, the trigger (screenshots)`, async () => {
				const page = await (await editor(theme)).newPage();
				const shots: string[] = [];
				const shoot = async (name: string) => {
					const file = path.join(ARTIFACTS, `e2e-form-${name}-${theme}${SUFFIX}.png`);
					await sleep(800);
					await page.screenshot({ path: file });
					assert(fs.statSync(file).size > 10000, `${path.basename(file)} is suspiciously small`);
					shots.push(path.basename(file));
				};
				const bodyTheme = async () => await page.evaluate<string | null>('document.body.getAttribute("data-theme")');
				// One editor load for every form: each opens from the canvas (double-click) and closes again.
				await page.goto(`${live.editorUrl}workflow/${created.id}`, { waitUntil: 'domcontentloaded' });
				await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 120000 });
				for (const form of forms) {
					await page.locator(`[data-test-id="canvas-node"][data-node-name="${form.node.name}"]`).first().dblclick({ timeout: 60000 });
					await waitForForm(page, '[data-test-id="ndv"]', form);
					if (theme === 'dark') assert((await bodyTheme()) === 'dark', `the editor is not in dark mode (data-theme ${String(await bodyTheme())})`);
					await shoot(form.resource);
					if (theme === 'light' && form.resource === 'shipmentCreate') {
						// The docs' picture of the Create form, down to the recipient's locality.
						shots.push(await pictureOfParameters(page, SUFFIX ? path.join(ARTIFACTS, `e2e-create-form${SUFFIX}.png`) : DOC_PICTURES.createForm, 'Recipient Locality'));
					}
					await closeForm(page);
				}
				await openForm(page, `${live.editorUrl}home/credentials/${SANDBOX_CREDENTIAL_ID}`, '[data-test-id="editCredential-modal"]', {
					labels: ['Environment', 'Base URL', 'Account Type'],
					values: ['Custom Base URL', 'Company (Legal Entity)'],
				});
				await shoot('credential');
				const trigger = example(WORKFLOW.customer).nodes.find((n) => n.type === TRIGGER_TYPE) as ExampleWorkflow['nodes'][number] & { id: string };
				await openForm(page, `${live.editorUrl}workflow/${WORKFLOW.customer}/${trigger.id}`, '[data-test-id="ndv"]', {
					labels: ['Trigger On', 'Watch', 'Options'],
					values: ['New Tracking Event', 'All Shipments of the Account'],
				});
				await shoot('trigger');
				await page.close();
				return `${shots.length} screenshots: ${shots.join(', ')}`;
			});
		}
	} finally {
		await cleanup();
	}

	const second = await secondServer;

	await check('n8n made no call outside this machine (no ENOTFOUND in its log)', async () => {
		const logs = [live.logFile, ...(second.logFile ? [second.logFile] : [])];
		for (const file of logs) {
			const outbound = [...new Set(fs.readFileSync(file, 'utf8').split('\n').filter((line) => line.includes('ENOTFOUND')).map((line) => line.trim()))];
			assert(outbound.length === 0, `${path.relative(ROOT, file)}: ${outbound.slice(0, 3).join(' | ')}`);
		}
		return `none in ${logs.map((file) => path.relative(ROOT, file)).join(', ')}`;
	});

	await check('nothing left running (n8n and the sandbox no longer answer)', async () => {
		for (const url of [`${live.editorUrl}healthz`, `${live.sandbox.url}/_sandbox/clock`, ...second.urls]) {
			const answered = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
				() => true,
				() => false,
			);
			assert(!answered, `${url} still answers`);
		}
	});

	say(`e2e: ${tally.passed} passed, ${tally.failed} failed (${Math.round((Date.now() - t0) / 1000)}s)`);
	process.exit(tally.failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
	say(`e2e: crashed: ${err instanceof Error ? err.stack : String(err)}`);
	say(`e2e: ${tally.passed} passed, ${tally.failed + 1} failed`);
	process.exit(1);
});
