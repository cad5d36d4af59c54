import { DAY, HOUR, MINUTE } from '../dates';
import type { SeededRandom } from '../random';
import type { Invoice } from '../types';

/**
 * Invoices are issued over time. Before `issuedAt` an invoice does not exist for the service; from then on it
 * is listed by its `Date`. About one in four is issued late, 1 to 5 days after its Date, so it appears with
 * a date in the past. The seed plans invoices for the coming weeks, so moving the clock makes new ones appear.
 */
export const LATE_SHARE = 0.25;
/** How far ahead of the clock start the seed plans invoices. */
export const PLANNED_DAYS = 56;
/** Gap between two planned invoices of an account: [min, max] hours (the default account: at least one every 2 days). */
const PLANNED_GAP_HOURS: Record<number, [number, number]> = { 70001: [6, 46], 70002: [5 * 24, 9 * 24] };
/** How late a late invoice is issued after its Date. */
const LATE_MS: [number, number] = [DAY, 5 * DAY];

export const isIssued = (invoice: Invoice, now: number): boolean => invoice.issuedAt <= now;

/** Oldest Date first; equal Dates in InvoiceId order. */
export const byDate = (a: Invoice, b: Invoice): number => a.Date - b.Date || a.InvoiceId - b.InvoiceId;

/** Oldest issuedAt first; equal moments in InvoiceId order. */
export const byIssue = (a: Invoice, b: Invoice): number => a.issuedAt - b.issuedAt || a.InvoiceId - b.InvoiceId;

export class InvoiceNumbers {
	constructor(public nextId: number, public nextNumber: number) {}
}

/** An invoice of the client issued at `issuedAt`, dated then or, if late, 1 to 5 days earlier. */
export function issueInvoice(clientId: number, issuedAt: number, late: boolean, random: SeededRandom, numbers: InvoiceNumbers): Invoice {
	const date = late ? issuedAt - random.int(LATE_MS[0] / MINUTE, LATE_MS[1] / MINUTE) * MINUTE : issuedAt;
	const value = random.int(80, 4000) + random.int(0, 99) / 100;
	const total = Math.round(value * 121) / 100;
	return {
		clientId, InvoiceId: numbers.nextId++, Date: date, DueDate: date + 30 * DAY, Series: 'CRG', Number: numbers.nextNumber++,
		Value: value, Total: total, Closed: false, Balance: total, CurrencyId: 1, issuedAt,
	};
}

/**
 * When a seeded invoice of the past year was issued: on its Date, or 1 to 5 days later for about one in four,
 * never after the clock start (the seeded year is issued).
 */
export function pastIssue(date: number, now: number, random: SeededRandom): number {
	const sameDay = random.int(0, 10 * 60) * MINUTE;
	const issuedAt = random.chance(LATE_SHARE) ? date + random.int(LATE_MS[0] / MINUTE, LATE_MS[1] / MINUTE) * MINUTE : date + sameDay;
	return Math.max(date, Math.min(issuedAt, now));
}

/** The invoices the seed plans for the coming weeks, one account after the other. */
export function plannedInvoices(clientIds: number[], now: number, random: SeededRandom, numbers: InvoiceNumbers): Invoice[] {
	const moments: Array<{ clientId: number; issuedAt: number; late: boolean }> = [];
	for (const clientId of clientIds) {
		const [min, max] = PLANNED_GAP_HOURS[clientId] ?? PLANNED_GAP_HOURS[70002];
		for (let at = now + random.int(min * 60, max * 60) * MINUTE; at < now + PLANNED_DAYS * DAY; at += random.int(min * 60, max * 60) * MINUTE) {
			moments.push({ clientId, issuedAt: at, late: random.chance(LATE_SHARE) });
		}
	}
	moments.sort((a, b) => a.issuedAt - b.issuedAt);
	return moments.map((m) => issueInvoice(m.clientId, m.issuedAt, m.late, random, numbers));
}

/** `count` invoices issued evenly over the `hours` after now (the last one at now + hours). */
export function invoicesOverHours(clientId: number, count: number, hours: number, lateShare: number, now: number, random: SeededRandom, numbers: InvoiceNumbers): Invoice[] {
	const step = (hours * HOUR) / count;
	return Array.from({ length: count }, (_, i) => issueInvoice(clientId, Math.round(now + (i + 1) * step), random.chance(lateShare), random, numbers));
}
