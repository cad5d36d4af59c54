import { cargusDay } from '../shared/values/cargusDate';

/**
 * A set of ids (barcodes, invoice ids) kept in static data as one short text: the numeric ids sorted,
 * the first one then the gaps between them, in base 36, separated by commas ("2n9c1,1,1,4"); ids that
 * are not safe integers follow as "~" and their text. Ids that Cargus hands out in sequence cost about
 * two bytes each.
 */
export function encodeIds(ids: Iterable<string>): string {
	const numbers: number[] = [];
	const others: string[] = [];
	for (const id of ids) {
		if (/^\d{1,15}$/.test(id) && !(id.length > 1 && id.startsWith('0'))) numbers.push(Number(id));
		else others.push(`~${encodeURIComponent(id)}`);
	}
	numbers.sort((a, b) => a - b);
	const tokens = numbers.map((value, index) => (index === 0 ? value : value - numbers[index - 1]).toString(36));
	return [...tokens, ...others.sort()].join(',');
}

export function decodeIds(text: unknown): string[] {
	if (typeof text !== 'string' || text === '') return [];
	const ids: string[] = [];
	let previous = 0;
	let first = true;
	for (const token of text.split(',')) {
		if (token.startsWith('~')) {
			ids.push(decodeURIComponent(token.slice(1)));
			continue;
		}
		const value = parseInt(token, 36);
		if (!Number.isFinite(value)) continue;
		previous = first ? value : previous + value;
		first = false;
		ids.push(String(previous));
	}
	return ids;
}

/** The calendar day ("2026-11-20") of a Cargus date ("2026-11-20T14:03:00"), or undefined. */
export function dayOf(date: unknown): string | undefined {
	if (typeof date !== 'string') return undefined;
	const match = /^(\d{4}-\d{2}-\d{2})/.exec(date.trim());
	return match ? match[1] : undefined;
}

/** How many days the service's clock may be ahead of n8n's: every window reaches that far past today. */
export const SERVICE_DAYS_AHEAD = 21;

/** The last day a service date may have: SERVICE_DAYS_AHEAD days past Cargus' today (before Cargus' first answer, n8n's). */
export function latestServiceDay(): string {
	return cargusDay(-SERVICE_DAYS_AHEAD);
}

/** The day `days` days before `day` (both "YYYY-MM-DD"). */
export function daysBefore(day: string, days: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Ids remembered per day (a repayment's or an invoice's date), so that whole days are forgotten at once.
 * Stored as { "2026-11-20": encodeIds(...) }.
 */
export class IdsByDay {
	private readonly days = new Map<string, Set<string>>();
	private readonly all = new Map<string, string>();
	changed = false;

	constructor(stored: unknown) {
		if (stored === null || typeof stored !== 'object') return;
		for (const [day, text] of Object.entries(stored as Record<string, unknown>)) {
			const ids = new Set(decodeIds(text));
			this.days.set(day, ids);
			for (const id of ids) this.all.set(id, day);
		}
	}

	has(id: string): boolean {
		return this.all.has(id);
	}

	add(id: string, day: string): void {
		if (this.all.has(id)) return;
		let ids = this.days.get(day);
		if (ids === undefined) this.days.set(day, (ids = new Set()));
		ids.add(id);
		this.all.set(id, day);
		this.changed = true;
	}

	get size(): number {
		return this.all.size;
	}

	/**
	 * The latest day with an id not after `notAfter`, if any: a date later than n8n's clock allows (a typing
	 * error a year ahead) is left out, so it cannot move what is counted from the newest day.
	 */
	newestDay(notAfter: string): string | undefined {
		let newest: string | undefined;
		for (const day of this.days.keys()) if (day <= notAfter && (newest === undefined || day > newest)) newest = day;
		return newest;
	}

	/** Forgets every day before `day`. */
	forgetBefore(day: string): void {
		for (const [stored, ids] of this.days) {
			if (stored >= day) continue;
			for (const id of ids) this.all.delete(id);
			this.days.delete(stored);
			this.changed = true;
		}
	}

	toStored(): Record<string, string> {
		const stored: Record<string, string> = {};
		for (const day of [...this.days.keys()].sort()) stored[day] = encodeIds(this.days.get(day) as Set<string>);
		return stored;
	}
}
