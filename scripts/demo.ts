/**
 * npm run demo: the first three example flows, headless. The Cargus steps run in n8n-core's engine in-process, with
 * the parameters of the workflows in examples/, against a sandbox started here (its clock moved for the
 * trigger). The parts that need n8n-nodes-base (Webhook, Schedule, Switch, Send Email) are done in plain code:
 * the shop order is read from examples/data/shop-order.json, and the emails go through nodemailer to a local
 * SMTP sink. PDFs and mails are written to demo-output/.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { startSandbox, DEFAULT_ACCOUNT, SandboxControl } from '../sandbox';
import { createEngine } from '../test/helpers/engine';
import { TriggerHarness } from '../test/trigger/helpers/pollHarness';
import { startSmtpSink } from './lib/smtp-sink';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'demo-output');

interface ExampleNode {
	name: string;
	type: string;
	parameters: INodeParameters;
}

function exampleNodes(file: string): Map<string, ExampleNode> {
	const wf = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')) as { nodes: ExampleNode[] };
	return new Map(wf.nodes.map((n) => [n.name, n]));
}

function params(nodes: Map<string, ExampleNode>, name: string): INodeParameters {
	const node = nodes.get(name);
	if (!node) throw new Error(`the example workflow has no node "${name}"`);
	return node.parameters;
}

function say(line = ''): void {
	process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
	fs.rmSync(OUT, { recursive: true, force: true });
	fs.mkdirSync(path.join(OUT, 'invoices'), { recursive: true });
	const sandbox = await startSandbox({ port: 0, clockMode: 'frozen' });
	const control = new SandboxControl(sandbox.url);
	const sink = await startSmtpSink({ dir: path.join(OUT, 'mail') });
	const mailer = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
	const credential = {
		environment: 'custom',
		baseUrl: sandbox.url,
		apiKey: DEFAULT_ACCOUNT.subscriptionKey,
		username: DEFAULT_ACCOUNT.username,
		password: DEFAULT_ACCOUNT.password,
		loginEndpoint: '/api/LoginUser/Juridic',
	};
	const engine = createEngine({ credential });
	const run = async (parameters: INodeParameters, input: IDataObject[]): Promise<INodeExecutionData[]> => {
		const result = await engine.run(parameters, { input });
		if (result.error) throw new Error(`${String(parameters.resource)} ${String(parameters.operation)}: ${result.error.message}`);
		return result.items;
	};
	const summary = { orders: 0, invoices: 0, notifications: 0 };

	try {
		say(`Cargus demo: example flows against the sandbox at ${sandbox.url} (Cargus steps in n8n-core's engine)`);

		// 1. E-shop order to AWB and label
		say('\n1. E-shop order to AWB and label: examples/1-eshop-order-to-awb-and-label.json');
		const flow1 = exampleNodes('1-eshop-order-to-awb-and-label.json');
		const order = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'data', 'shop-order.json'), 'utf8')) as IDataObject;
		say(`   webhook (simulated, its signature check not run): shop order ${String(order.orderNumber)}, ${String(order.total)} RON, ${String(order.totalWeightKg)} kg`);
		const created = await run(params(flow1, 'Create AWB'), [{ body: order, headers: {}, query: {} }]);
		const barcode = created[0]?.json.BarCode;
		say(`   Cargus Shipment › Create: AWB ${String(barcode)}`);
		const label = await run(params(flow1, 'Get Label'), created.map((i) => i.json));
		const pdf = label[0]?.binary?.data;
		if (pdf) fs.writeFileSync(path.join(OUT, `awb-${String(barcode)}.pdf`), Buffer.from(pdf.data, 'base64'));
		say(`   Cargus Document › Get AWB PDF: ${pdf ? `label saved as awb-${String(barcode)}.pdf` : 'no label'}`);
		if (barcode !== undefined && pdf) summary.orders++;

		// 2. Email invoices automatically
		say('\n2. Email invoices automatically: examples/2-email-invoices.json');
		const flow2 = exampleNodes('2-email-invoices.json');
		const invoiceTrigger = params(flow2, 'New invoice');
		// What the trigger emits once activated with "Emit Existing Invoices" on: the invoices of its look-back window.
		const invoices = await new TriggerHarness(credential, {
			event: 'newInvoice',
			downloadPdf: invoiceTrigger.downloadPdf as boolean,
			options: { ...(invoiceTrigger.options as IDataObject), emitExisting: true },
		}).pollWithBinaries();
		say(`   Cargus Trigger › New Invoice (Emit Existing Invoices on): ${invoices.length} invoices, each with its PDF`);
		for (const { json: inv, binary } of invoices) {
			if (!binary) throw new Error(`no PDF for invoice ${String(inv.InvoiceId)}`);
			const bytes = Buffer.from(binary.data, 'base64');
			const fileName = binary.fileName ?? `invoice-${String(inv.InvoiceId)}.pdf`;
			fs.writeFileSync(path.join(OUT, 'invoices', fileName), bytes);
			await mailer.sendMail({
				from: 'Sandbox Shop <shop@sandbox.example>',
				to: 'accounting@sandbox.example',
				subject: `Cargus invoice ${String(inv.Series)} ${String(inv.Number)}`,
				text: `Attached is Cargus invoice ${String(inv.Series)} ${String(inv.Number)}: total ${String(inv.Total)} RON.`,
				attachments: [{ filename: fileName, content: bytes, contentType: 'application/pdf' }],
			});
			summary.invoices++;
			say(`   ${fileName} (${bytes.length} bytes) -> emailed to accounting@sandbox.example`);
		}

		// 3. Tell the customer (out for delivery, delivered, refused)
		say('\n3. Tell the customer (out for delivery, delivered, refused): examples/3-tell-the-customer.json');
		const flow3 = exampleNodes('3-tell-the-customer.json');
		const triggerParams = params(flow3, 'Cargus Trigger');
		// As the example holds it: every shipment of the account, each event with its AWB's order and recipient.
		const trigger = new TriggerHarness(credential, {
			version: 2,
			watch: triggerParams.watch as 'account' | 'list',
			options: (triggerParams.options ?? {}) as IDataObject,
		});
		const first = await trigger.poll();
		// Shipments it traced, and those whose GetDeltaEvents row (per shipment, without event ids) it only noted.
		const watched = new Set([...Object.keys((trigger.staticData.shipments ?? {}) as IDataObject), ...Object.keys((trigger.staticData.rows ?? {}) as IDataObject)]).size;
		say(`   Cargus Trigger, first poll: watching the account's ${watched} shipments with recent events, ${first.length} events emitted (what exists now is only recorded)`);
		const { now } = await control.advanceClock({ hours: 12 });
		const events = await trigger.poll();
		say(`   sandbox clock +12 h (${now}); next poll: ${events.length} new tracking events`);
		// As the example decides: an event is worth telling when its Shop settings hold words for the event's Outcome
		// (the trigger's one word for what happened: out for delivery, delivered, refused, not at home, wrong address).
		const settings = params(flow3, 'Shop settings').assignments as { assignments: Array<{ name: string; value: unknown }> };
		const setting = (name: string) => settings.assignments.find((assignment) => assignment.name === name)?.value;
		const language = String(setting('language'));
		const words = (JSON.parse(String(setting('words'))) as Record<string, Record<string, string | [string, string]>>)[language];
		const counts = new Map<string, number>();
		const skipped = { noEmail: 0, other: 0 };
		for (const event of events) {
			const outcome = String(event.Outcome);
			const said = words[outcome];
			if (!Array.isArray(said)) {
				skipped.other++; // the example's "Worth telling?" is false: no words for this outcome
				continue;
			}
			const email = String((event.Recipient as IDataObject | null)?.Email ?? '').trim();
			if (email === '') {
				skipped.noEmail++; // the example's branch "Skipped: no recipient email"
				continue;
			}
			const barcode = String(event.Barcode);
			const orderNote = event.CustomString ? ` (${String(words.order)} ${String(event.CustomString)})` : '';
			const subject = said[0].replace('{barcode}', barcode);
			await mailer.sendMail({
				from: 'Sandbox Shop <shop@sandbox.example>',
				to: email,
				subject,
				text: `${String(words.hello)},\n\n${said[1].replace('{barcode}', barcode).replace('{order}', orderNote).replace('{when}', String(event.Date))}\n\n${String(words.thanks)}\n`,
			});
			counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
			summary.notifications++;
			if (summary.notifications <= 3) say(`   event ${String(event.EventId)} (${outcome}) for ${barcode} at ${String(event.Date)} -> ${email} emailed ("${subject}")`);
		}
		const told = [...counts].map(([outcome, count]) => `${count} ${outcome}`).join(' + ') || 'none';
		say(`   ${told} -> ${summary.notifications} emails to the AWBs' recipients; ${skipped.noEmail} skipped (the AWB has no recipient email); ${skipped.other} other events ignored (no words for their outcome)`);
		const again = await trigger.poll();
		say(`   poll again without a clock move: ${again.length} events (each event is emitted once)`);

		// 6 and 7 are n8n-nodes-base nodes around one Create: `npm start` runs them, with a stand-in of each shop.
		say('\n6. WooCommerce order to AWB, tracking note on the order: examples/6-woocommerce-order-to-awb.json');
		say('   needs n8n (Webhook, Edit Fields, WooCommerce, HTTP Request): npm start runs it, writing back to a stand-in of WooCommerce');
		say('\n7. Shopify order to AWB and fulfilment with tracking: examples/7-shopify-order-to-awb.json');
		say('   needs n8n (Webhook, Edit Fields, HTTP Request): npm start runs it, writing back to a stand-in of Shopify');

		say('\nSummary');
		say(`   AWBs created with their label: ${summary.orders}`);
		say(`   invoices emailed (with PDF):   ${summary.invoices}`);
		say(`   customer notifications sent:   ${summary.notifications}`);
		say(`   emails received by the local SMTP sink: ${sink.mails.length} (in ${path.relative(ROOT, sink.dir)}/)`);
		say(`   invoice PDFs: ${path.relative(ROOT, path.join(OUT, 'invoices'))}/`);
		say('   (Webhook, Schedule, Switch and Send Email are n8n-nodes-base nodes: simulated here in plain code; `npm start` runs the real flows in n8n.)');
	} finally {
		mailer.close();
		await sink.stop();
		await sandbox.stop();
	}
}

main().catch((err: unknown) => {
	process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
