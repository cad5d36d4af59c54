/**
 * "Print today’s labels" (examples/8-print-todays-labels.json) in the real n8n server, published as npm start publishes
 * it: its webhook mails one 10×14 PDF of the day's AWBs not printed yet; called again, nothing; after new AWBs, only
 * those; with ?reprint=true, every AWB of the day again. The printed AWBs are kept in the workflow's static data,
 * which n8n saves for runs of a published workflow. Then Get AWB PDF's Combine Items on 250 items, and off.
 */
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import type { SandboxControl } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, type Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { executionsOf } from './n8n-api';
import { nodeMaker, notYetServed, postToWebhook } from './webhookFlow';

export const EXAMPLE_8 = 'cargusExample008';
const PATH = 'cargus-print-labels';

/** The Bucharest day of an instant, yyyy-mm-dd. */
function bucharestDay(instant: string | number): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(instant));
}

export interface Printed {
	mails: number;
	pdfs: number;
	pages: number;
	/** The barcodes of the labels, in the order printed (the sandbox lists them in each PDF's Keywords). */
	barcodes: string[];
}

/** Calls example 8's webhook (`?reprint=true` as `query`) and answers what the warehouse got mailed. */
export async function printedByExample8(live: Launched, query = ''): Promise<Printed> {
	const mailsBefore = live.smtp.mails.length;
	const before = new Set((await executionsOf(live, EXAMPLE_8)).map((summary) => String(summary.id)));
	await waitFor('the webhook to be registered', 60000, async () => {
		const response = await fetch(`${live.editorUrl}webhook/${PATH}${query}`);
		const text = await response.text();
		if (notYetServed(response.status, text)) return undefined;
		assert(response.status === 200, `the webhook answered ${response.status}: ${text.slice(0, 300)}`);
		return true;
	});
	const execution = await waitFor('the execution to end', 120000, async () =>
		(await executionsOf(live, EXAMPLE_8)).find((summary) => !before.has(String(summary.id)) && !['running', 'new', 'waiting'].includes(summary.status)),
	);
	assert(execution.status === 'success', `the execution ended ${execution.status}`);
	const mails = live.smtp.mails.slice(mailsBefore).filter((mail) => mail.to.includes('warehouse@sandbox.example'));
	const printed: Printed = { mails: mails.length, pdfs: 0, pages: 0, barcodes: [] };
	for (const mail of mails) {
		const parsed = await simpleParser(fs.readFileSync(mail.file));
		for (const attachment of parsed.attachments.filter((a) => a.contentType === 'application/pdf')) {
			const pdf = await PDFDocument.load(attachment.content);
			printed.pdfs++;
			printed.pages += pdf.getPageCount();
			printed.barcodes.push(...(pdf.getKeywords() ?? '').split(' ').filter(Boolean));
		}
	}
	return printed;
}

export async function printLabelsExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Print today’s labels": one 10x14 PDF of the day\'s AWBs not printed yet, nothing twice, all again on reprint', async () => {
		const { active } = await live.rest<{ active: boolean }>('GET', `/rest/workflows/${EXAMPLE_8}`);
		if (!active) await live.activate(EXAMPLE_8);
		const run = async (query = ''): Promise<Printed> => await printedByExample8(live, query);
		const today = bucharestDay((await control.clock()).now);
		const todaysAwbs = async () => (await control.shipments()).filter((shipment) => shipment.clientId === 70001 && bucharestDay(shipment.createdAt) === today).map((shipment) => shipment.barcode);
		// AWBs of today whatever ran before (run alone, the seed may have none of today).
		await control.addShipments({ count: 3 });
		// A reprint first: whatever an earlier run of the day printed, this one starts from every AWB of the day.
		const all = await run('?reprint=true');
		const expected = await todaysAwbs();
		assert(expected.length > 0, 'the sandbox has no AWB of today');
		assert(all.pages === expected.length && [...all.barcodes].sort().join() === [...expected].sort().join(), `printed ${all.pages} labels (${all.barcodes.length} barcodes) of today's ${expected.length} AWBs`);
		assert(all.pdfs === Math.ceil(expected.length / 108) || all.pdfs === 1, `${expected.length} AWBs came in ${all.pdfs} PDFs`);
		const again = await run();
		assert(again.mails === 0, `a second run the same day mailed ${again.mails} mails (${again.barcodes.length} labels)`);
		const added = (await control.addShipments({ count: 2 })).map((shipment) => shipment.barcode);
		const onlyNew = await run();
		assert(onlyNew.mails === 1 && onlyNew.barcodes.join() === added.join(), `after 2 new AWBs, printed ${onlyNew.barcodes.join(', ') || 'nothing'} (${onlyNew.mails} mails)`);
		const reprint = await run('?reprint=true');
		assert(reprint.pages === expected.length + 2, `a reprint printed ${reprint.pages} labels of ${expected.length + 2}`);
		return `${expected.length} AWBs of ${today} in ${all.pdfs} PDF(s) of ${all.pages} pages; a second run mailed nothing; 2 new AWBs alone; a reprint ${reprint.pages} labels`;
	});	await combinedLabelsCheck(live, control);
}

const COMBINED_LABELS = 250;

/**
 * Webhook ({barcodes: [...]}) -> Split Out (one item per barcode) -> Document › Get AWB PDF, 10×14, Combine Items on
 * or off -> Edit Fields (the binary file's name and MIME type beside the item's fields) -> Extract From File (the
 * file's bytes as base64, `pdf`); answers every item.
 */
function labelsWorkflow(combineItems: boolean) {
	const id = combineItems ? 'cargusE2eCombinedLabels' : 'cargusE2eLabelPerItem';
	const node = nodeMaker(id);
	const nodes = [
		node('Barcodes', 'n8n-nodes-base.webhook', 2.1, 0, { httpMethod: 'POST', path: id, responseMode: 'lastNode', responseData: 'allEntries', options: {} }, { webhookId: `${id}-hook` }),
		node('One item per barcode', 'n8n-nodes-base.splitOut', 1, 240, { fieldToSplitOut: 'body.barcodes', options: { destinationFieldName: 'barcode' } }),
		node('Get AWB PDF', 'n8n-nodes-cargus.cargus', 1, 480, { resource: 'document', operation: 'getAwbPdf', barcodes: '={{ $json.barcode }}', combineItems, printOptions: { format: 1, printMainOnce: 1 } }, {
			credentials: { cargusApi: { id: SANDBOX_CREDENTIAL_ID, name: 'Cargus Sandbox' } },
		}),
		node('File Name', 'n8n-nodes-base.set', 3.4, 720, { mode: 'raw', includeOtherFields: true, jsonOutput: '={{ ({ file: { name: $binary.data.fileName, mimeType: $binary.data.mimeType } }) }}', options: {} }),
		node('File as Base64', 'n8n-nodes-base.extractFromFile', 1, 960, { operation: 'binaryToPropery', destinationKey: 'pdf', options: { keepSource: 'json' } }),
	];
	return {
		id,
		name: `e2e: Get AWB PDF, Combine Items ${combineItems ? 'on' : 'off'}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: Object.fromEntries(nodes.slice(0, -1).map((from, index) => [from.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }])),
	};
}

interface LabelFile {
	name: string;
	mimeType: string;
	pages: number;
	/** The barcodes of its labels, in order (the sandbox lists them in the PDF's Keywords). */
	barcodes: string[];
}

/** Publishes the workflow, sends it the barcodes; answers its files and the AwbDocuments requests the sandbox saw. */
async function printThrough(live: Launched, control: SandboxControl, combineItems: boolean, barcodes: string[]): Promise<{ files: LabelFile[]; requests: number }> {
	const workflow = labelsWorkflow(combineItems);
	const created = await live.rest<{ id: string }>('POST', '/rest/workflows', workflow);
	await live.activate(created.id);
	await control.clearRequests();
	const items = JSON.parse(await postToWebhook(live, workflow.id, { barcodes })) as Array<{ pdf?: string; file?: { name?: string; mimeType?: string } }>;
	const files: LabelFile[] = [];
	for (const item of items) {
		const pdf = await PDFDocument.load(Buffer.from(String(item.pdf ?? ''), 'base64'));
		files.push({ name: String(item.file?.name), mimeType: String(item.file?.mimeType), pages: pdf.getPageCount(), barcodes: (pdf.getKeywords() ?? '').split(' ').filter(Boolean) });
	}
	const requests = await control.requests('awbPdf');
	assert(requests.every((request) => request.status === 200), `AwbDocuments answered ${requests.map((request) => request.status).join(', ')}`);
	return { files, requests: requests.length };
}

async function combinedLabelsCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('Get AWB PDF with Combine Items: 250 items give their 250 labels in input order, 10x14, in 3 requests of 108 barcodes at most, one PDF each named in order; off, one PDF per item', async () => {
		// Not picked up and without cash on delivery: no event nor repayment for the checks that move the clock later.
		// Reversed: the order of the input, not of creation.
		const barcodes = (await control.addShipments({ count: COMBINED_LABELS, scenario: 'not-picked-up', codValue: 0 })).map((shipment) => shipment.barcode).reverse();
		assert(barcodes.every((barcode) => /^\d{10}$/.test(barcode)), `not all barcodes have 10 digits: ${barcodes.slice(0, 3).join(', ')}`);
		const combined = await printThrough(live, control, true, barcodes);
		const names = combined.files.map((file) => file.name);
		assert(names.join() === 'awb-labels-1-of-3.pdf,awb-labels-2-of-3.pdf,awb-labels-3-of-3.pdf', `the files are ${names.join(', ')}`);
		assert(combined.files.every((file) => file.mimeType === 'application/pdf'), `MIME types ${combined.files.map((file) => file.mimeType).join(', ')}`);
		const pages = combined.files.map((file) => file.pages);
		assert(pages.join() === '108,108,34', `pages per file: ${pages.join(', ')}`);
		const printed = combined.files.flatMap((file) => file.barcodes);
		assert(printed.join() === barcodes.join(), `the labels are not the input's barcodes in order (${printed.length} labels, first ${printed.slice(0, 3).join(', ')}; input ${barcodes.slice(0, 3).join(', ')})`);
		assert(combined.requests === 3, `${combined.requests} AwbDocuments requests for ${COMBINED_LABELS} barcodes`);

		const few = barcodes.slice(0, 3);
		const separate = await printThrough(live, control, false, few);
		const separateNames = separate.files.map((file) => file.name);
		assert(separateNames.join() === few.map((barcode) => `awb-${barcode}.pdf`).join(), `off, the files are ${separateNames.join(', ')}`);
		assert(separate.files.every((file, index) => file.pages === 1 && file.barcodes.join() === few[index]), `off, the files hold ${JSON.stringify(separate.files.map((file) => file.barcodes))}`);
		assert(separate.requests === few.length, `off, ${separate.requests} AwbDocuments requests for ${few.length} items`);
		return `${COMBINED_LABELS} items -> ${names.join(', ')} of ${pages.join(', ')} pages, the labels in input order, ${combined.requests} requests; off, ${few.length} items -> ${separate.files.length} one-page PDFs in ${separate.requests} requests`;
	});
}
