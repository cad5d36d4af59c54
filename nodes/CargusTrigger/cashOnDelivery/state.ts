import type { IDataObject } from 'n8n-workflow';

import { daysBefore, decodeIds, encodeIds, IdsByDay, latestServiceDay } from '../idSet';

interface StoredRepayments {
	/** Barcodes whose repayment was seen, by repayment day. */
	repaid?: Record<string, string>;
	/** The account's list was read once: what is repaid after that is new. */
	started?: boolean;
	/** With a barcode list: the barcodes already asked about once (what they showed then is not new). */
	watched?: string;
}

/**
 * What the Cash on Delivery Repaid event remembers, under the static data key `cashOnDelivery`: the
 * barcodes whose repayment was seen, by repayment day. Days more than `keepDays` before the newest
 * repayment seen are forgotten, and a repayment dated before that is taken as already seen; a repayment
 * dated after latestServiceDay() (n8n's clock) does not count as the newest.
 */
export class RepaymentState {
	readonly repaid: IdsByDay;
	started: boolean;
	private readonly watched: Set<string> | undefined;
	private changed = false;
	/** Repayments dated before this day are not emitted (they are older than what is remembered). */
	readonly horizon: string | undefined;

	constructor(
		private readonly staticData: IDataObject,
		private readonly keepDays: number,
		barcodes: readonly string[] | undefined,
	) {
		const stored = (staticData.cashOnDelivery ?? {}) as StoredRepayments;
		this.repaid = new IdsByDay(stored.repaid);
		this.started = stored.started === true;
		const newest = this.repaid.newestDay(latestServiceDay());
		this.horizon = newest === undefined ? undefined : daysBefore(newest, keepDays);
		if (barcodes !== undefined) {
			// Barcodes removed from the list are forgotten.
			const listed = new Set(barcodes);
			const watched = decodeIds(stored.watched);
			this.watched = new Set(watched.filter((barcode) => listed.has(barcode)));
			this.changed = this.watched.size !== watched.length;
		}
	}

	/** Whether what this barcode shows now is news: the account (or this barcode) was looked at before. */
	isWatched(barcode: string): boolean {
		return this.watched === undefined ? this.started : this.watched.has(barcode);
	}

	/** The barcodes (or the whole account) of one answer have been looked at. */
	looked(barcodes: readonly string[] | undefined): void {
		if (this.watched === undefined || barcodes === undefined) {
			this.changed ||= !this.started;
			this.started = true;
			return;
		}
		for (const barcode of barcodes) {
			if (this.watched.has(barcode)) continue;
			this.watched.add(barcode);
			this.changed = true;
		}
	}

	forgetOld(): void {
		const newest = this.repaid.newestDay(latestServiceDay());
		if (newest !== undefined) this.repaid.forgetBefore(daysBefore(newest, this.keepDays));
	}

	commit(): void {
		if (!this.changed && !this.repaid.changed) return;
		const stored: StoredRepayments = { repaid: this.repaid.toStored() };
		if (this.started) stored.started = true;
		if (this.watched !== undefined) stored.watched = encodeIds(this.watched);
		this.staticData.cashOnDelivery = stored as IDataObject;
		this.changed = false;
		this.repaid.changed = false;
	}
}
