import type { IDataObject } from 'n8n-workflow';

import { IdsByDay } from '../idSet';

interface StoredInvoices {
	/** The first day of the look-back window of the last poll that read every page: invoices dated before it were there before. */
	from?: string;
	/** InvoiceIds seen, by invoice date. */
	seen?: Record<string, string>;
	/** How many pages the last complete poll read (the next poll asks for them at once). */
	pages?: number;
}

/**
 * What the New Invoice event remembers, under the static data key `invoices`: the InvoiceIds seen, by
 * the invoice's Date, for the look-back window only (a day that leaves the window is forgotten: Cargus
 * is no longer asked about it).
 */
export class InvoiceState {
	readonly seen: IdsByDay;
	from: string | undefined;
	pages: number;
	/** Invoices whose PDF is being fetched in this poll. */
	readonly pending = new Set<string>();
	/** PDFs asked for in this poll. */
	pdfRequests = 0;
	/** The highest page asked for in this poll. */
	lastPage = 0;
	/** The highest page that listed invoices in this poll. */
	pagesWithInvoices = 0;
	private changed = false;

	constructor(private readonly staticData: IDataObject) {
		const stored = (staticData.invoices ?? {}) as StoredInvoices;
		this.seen = new IdsByDay(stored.seen);
		this.from = typeof stored.from === 'string' ? stored.from : undefined;
		this.pages = typeof stored.pages === 'number' && stored.pages >= 1 ? stored.pages : 1;
	}

	/** Whether an invoice of this day was already listed before the trigger started looking at that day. */
	existedBefore(day: string): boolean {
		return this.from === undefined || day < this.from;
	}

	/** Every page of the window was read: later invoices are new, earlier days are forgotten. */
	complete(windowStart: string): void {
		const pages = Math.max(1, this.pagesWithInvoices);
		this.seen.forgetBefore(windowStart);
		this.changed ||= this.from !== windowStart || this.pages !== pages;
		this.from = windowStart;
		this.pages = pages;
	}

	commit(): void {
		if (!this.changed && !this.seen.changed) return;
		const stored: StoredInvoices = { from: this.from, seen: this.seen.toStored(), pages: this.pages };
		this.staticData.invoices = stored as IDataObject;
		this.changed = false;
		this.seen.changed = false;
	}
}
