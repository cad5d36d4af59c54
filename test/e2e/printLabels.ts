/**
 * "Print today’s labels" (examples/8-print-todays-labels.json) in the real n8n server, published as npm start publishes
 * it: its webhook mails one 10×14 PDF of the day's AWBs not printed yet; called again, nothing; after new AWBs, only
 * those; with ?reprint=true, every AWB of the day again. The printed AWBs are kept in the workflow's static data,
 * which n8n saves for runs of a published workflow.
 */
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check, waitFor } from './checks';
import { executionsOf } from './n8n-api';
import { notYetServed } from './webhookFlow';

const WORKFLOW = 'cargusExample008';
const PATH = 'cargus-print-labels';

/** The Bucharest day of an instant, yyyy-mm-dd. */
function bucharestDay(instant: string | number): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(instant));
}

interface Printed {
	mails: number;
	pdfs: number;
	pages: number;
	/** The barcodes of the labels, in the order printed (the sandbox lists them in each PDF's Keywords). */
	barcodes: string[];
}

export async function printLabelsExampleCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('"Print today’s labels": one 10x14 PDF of the day\'s AWBs not printed yet, nothing twice, all again on reprint', async () => {
		const { active } = await live.rest<{ active: boolean }>('GET', `/rest/workflows/${WORKFLOW}`);
		if (!active) await live.activate(WORKFLOW);
		const run = async (query = ''): Promise<Printed> => {
			const mailsBefore = live.smtp.mails.length;
			const before = new Set((await executionsOf(live, WORKFLOW)).map((summary) => String(summary.id)));
			await waitFor('the webhook to be registered', 60000, async () => {
				const response = await fetch(`${live.editorUrl}webhook/${PATH}${query}`);
				const text = await response.text();
				if (notYetServed(response.status, text)) return undefined;
				assert(response.status === 200, `the webhook answered ${response.status}: ${text.slice(0, 300)}`);
				return true;
			});
			const execution = await waitFor('the execution to end', 120000, async () =>
				(await executionsOf(live, WORKFLOW)).find((summary) => !before.has(String(summary.id)) && !['running', 'new', 'waiting'].includes(summary.status)),
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
		};
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
	});
}
