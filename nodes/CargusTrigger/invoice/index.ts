import type { IBinaryData, IDataObject, IPollFunctions } from 'n8n-workflow';

import { dayOf, latestServiceDay } from '../idSet';
import { cargusDay } from '../../shared/values/cargusDate';
import { commonSettings, numberOr, optionsOf } from '../parameters';
import { errorOf, unexpectedAnswer } from '../../shared/transport/errors';
import { readList } from '../readAnswer';
import { sendPollRequest } from '../sendRequest';
import type { Source } from '../source';
import type { CommonSettings, TriggerEvent } from '../triggerEvent';
import { DEFAULT_LOOK_BACK_DAYS, invoiceProperties } from './description';
import { InvoiceState } from './state';
import { isPdf } from '../../shared/values/pdf';

const REQUEST_NAME = 'invoice request';
const CONCURRENT_REQUESTS = 4;
const ITEMS_PER_PAGE = 100;
/** Invoices whose PDF one poll downloads at most (they are held in memory until the poll ends); the rest wait for the next poll. */
export const MAX_PDFS_PER_POLL = 100;
const BINARY_PROPERTY = 'data';

interface InvoiceSettings extends CommonSettings {
	downloadPdf: boolean;
	lookBackDays: number;
	/** The window's first and last day (YYYY-MM-DD); the last is latestServiceDay(), for a service clock ahead of n8n's. */
	windowStart: string;
	windowEnd: string;
}

type Invoice = IDataObject;

type InvoiceRequest = { page: number } | { pdfOf: Invoice };

interface NewInvoice {
	invoice: Invoice;
	pdf?: IBinaryData;
}

function readSettings(context: IPollFunctions, test: boolean): InvoiceSettings {
	const options = optionsOf(context);
	const lookBackDays = Math.max(1, Math.floor(numberOr(options.lookBackDays, DEFAULT_LOOK_BACK_DAYS)));
	return {
		...commonSettings(options, test),
		downloadPdf: context.getNodeParameter('downloadPdf', true) !== false,
		lookBackDays,
		windowStart: cargusDay(lookBackDays),
		windowEnd: latestServiceDay(),
	};
}

function idOf(invoice: Invoice): string {
	return String(invoice.InvoiceId ?? '').trim();
}

function fileNameOf(invoice: Invoice): string {
	const name = `${String(invoice.Series ?? '')}${String(invoice.Number ?? '')}`.replace(/[^\w.-]+/g, '') || `invoice-${idOf(invoice)}`;
	return `${name}.pdf`;
}

async function fetchPdf(context: IPollFunctions, source: Source, invoice: Invoice): Promise<IBinaryData | undefined> {
	const answer = await sendPollRequest(context, source, REQUEST_NAME, {
		method: 'GET',
		url: `${source.baseUrl}/api/PDF/InvoiceDocuments`,
		qs: { InvoiceId: idOf(invoice) },
		tokenIn: 'query',
		encoding: 'arraybuffer',
		json: false,
	});
	// 204: Cargus has no document for the invoice; it is emitted without one.
	if (Number(answer.statusCode) === 204) return undefined;
	const body = answer.body as unknown;
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : String(body ?? ''));
	if (!isPdf(bytes)) {
		throw errorOf(context, { ...unexpectedAnswer(bytes, `the PDF of invoice ${idOf(invoice)}`), httpCode: String(answer.statusCode) }, { poll: REQUEST_NAME });
	}
	return await context.helpers.prepareBinaryData(bytes, fileNameOf(invoice), 'application/pdf');
}

function byDateThenId(a: Invoice, b: Invoice): number {
	return String(a.Date).localeCompare(String(b.Date)) || Number(a.InvoiceId) - Number(b.InvoiceId);
}

/** What one page of invoices brings: invoices not seen before, and the next page if this one was full. */
function receivePage(state: InvoiceState, page: number, invoices: Invoice[], settings: InvoiceSettings) {
	const changes: NewInvoice[] = [];
	const more: InvoiceRequest[] = [];
	if (invoices.length > 0) state.pagesWithInvoices = Math.max(state.pagesWithInvoices, page);
	if (invoices.length >= ITEMS_PER_PAGE && page >= state.lastPage) {
		state.lastPage = page + 1;
		more.push({ page: page + 1 });
	}
	const fresh = invoices.filter((invoice) => idOf(invoice) !== '' && dayOf(invoice.Date) !== undefined && !state.seen.has(idOf(invoice)) && !state.pending.has(idOf(invoice)));
	// Fetch Test Event shows the newest invoice of what it reads (Cargus' order of the list is not documented).
	const candidates = settings.test ? fresh.sort(byDateThenId).slice(-1) : fresh;
	for (const invoice of candidates) {
		const id = idOf(invoice);
		const day = dayOf(invoice.Date) as string;
		const wanted = !state.existedBefore(day) || settings.emitExisting;
		if (!wanted) {
			state.seen.add(id, day);
		} else if (!settings.downloadPdf) {
			state.seen.add(id, day);
			changes.push({ invoice });
		} else if (state.pdfRequests < MAX_PDFS_PER_POLL) {
			// Recorded only when its PDF has arrived.
			state.pdfRequests++;
			state.pending.add(id);
			more.push({ pdfOf: invoice });
		}
	}
	return { changes, more };
}

/** New Invoice: each invoice of the account once, with its PDF (GET /api/Invoices, every page of the look-back window). */
export const newInvoice: TriggerEvent<InvoiceSettings, InvoiceState, InvoiceRequest, Invoice[] | IBinaryData | undefined, NewInvoice> = {
	option: {
		name: 'New Invoice',
		value: 'newInvoice',
		description: 'One item per invoice Cargus issues to the account, with its PDF, including invoices issued days after their date',
	},
	properties: invoiceProperties,
	requestName: REQUEST_NAME,
	concurrency: CONCURRENT_REQUESTS,
	noTestEvent: {
		message: 'Cargus lists no invoice within the look-back window',
		description: 'Widen "Look Back (Days)". The trigger will still emit invoices as Cargus issues them.',
	},
	readSettings,

	openState(staticData) {
		return new InvoiceState(staticData);
	},

	plan(state) {
		state.lastPage = state.pages;
		return Array.from({ length: state.pages }, (_, index) => ({ page: index + 1 }));
	},

	async send(context, source, request, settings) {
		if ('pdfOf' in request) return await fetchPdf(context, source, request.pdfOf);
		const answer = await sendPollRequest(context, source, REQUEST_NAME, {
			method: 'GET',
			url: `${source.baseUrl}/api/Invoices`,
			qs: {
				FromDate: `${settings.windowStart}T00:00:00`,
				ToDate: `${settings.windowEnd}T23:59:59`,
				itemsPerPage: ITEMS_PER_PAGE,
				pageNumber: request.page,
			},
			json: true,
		});
		return readList<Invoice>(context, REQUEST_NAME, answer);
	},

	receive(state, request, answer, settings) {
		if ('page' in request) return receivePage(state, request.page, answer as Invoice[], settings);
		const invoice = request.pdfOf;
		state.pending.delete(idOf(invoice));
		state.seen.add(idOf(invoice), dayOf(invoice.Date) as string);
		return { changes: [{ invoice, pdf: answer as IBinaryData | undefined }] };
	},

	settle(state, outcomes, settings) {
		const pages = outcomes.filter((outcome) => 'page' in outcome.request);
		if (pages.every((outcome) => outcome.done === true)) state.complete(settings.windowStart);
	},

	compare(a, b) {
		return byDateThenId(a.invoice, b.invoice);
	},

	toItem({ invoice, pdf }) {
		return pdf === undefined ? { json: { ...invoice } } : { json: { ...invoice }, binary: { [BINARY_PROPERTY]: pdf } };
	},
};
