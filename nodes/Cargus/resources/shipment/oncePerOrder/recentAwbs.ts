import type { DateTime } from 'luxon';
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { sendToCargus } from '../../../../shared/transport/send';
import { withUsableToken } from '../../../../shared/transport/tokenCache';
import { monthDayYear } from '../../../../shared/values/cargusDate';
import { isDeleted, liveAwbOf } from './liveAwb';

/*
 * The account's AWBs of yesterday and today, for Create's look for an AWB already made for an order: what Cargus
 * lists for each day (Awbs/GetByDate, 100 a page), kept per n8n process, account and day, and only what the look
 * needs: the barcodes in list order and the barcodes carrying each order reference.
 *
 * An order relies only on a read that began after the order did: an AWB made elsewhere a moment before the order
 * must be in it. Such a read asks again for the last page it holds and for the pages past it, where the day's new
 * AWBs come. When that page no longer begins with the barcodes held there (an AWB gone from the list, a list in
 * another order) or holds fewer, the day is read whole again. Orders that look at once share one read, and an
 * order begun before a read that is over relies on it too (the items of one execution).
 */

const PAGE_SIZE = 100;
/** Accounts whose days this process keeps; past this many, the one used longest ago is dropped. */
const MAX_ACCOUNTS = 50;

/** One day of an account as Cargus lists it. */
interface DayView {
	barcodes: string[];
	/** The barcodes carrying each order reference, in list order, but those listed as deleted. */
	byReference: Map<string, string[]>;
}

interface DayRead {
	/** When the read began, on this process's count of events. */
	startedAt: number;
	view: DayView;
	/** What Create gives of the AWBs on the pages it read, as Cargus listed them then (no names, phones or addresses). */
	listed: Map<string, IDataObject>;
}

interface Read {
	/** Undefined while it waits to begin: orders arriving meanwhile join it. */
	startedAt?: number;
	done: Promise<DayRead>;
}

interface DayState {
	view?: DayView;
	/** The read under way, or about to begin. */
	current?: Read;
	/** The read that begins once the current one is over. */
	next?: Read;
	/** The last read that is over. */
	last?: DayRead;
}

/** This process's count of orders begun, reads begun and AWBs made: which came first. */
let events = 0;

export function nextEvent(): number {
	return ++events;
}

interface AccountDays {
	/** The login the days were read with ('' before the first). */
	token: string;
	days: Map<string, DayState>;
}

const accounts = new Map<string, AccountDays>();

export interface RecentLook {
	/** When the earliest of the reads relied on began (events): an AWB made before then is in them, unless it is gone. */
	askedAt: number;
	/** The AWB carrying the reference, as Cargus answers it now. */
	awb?: IDataObject;
}

/**
 * The AWB of the account made on one of `days` (whole days, Cargus' time zone, oldest first) that carries
 * `reference`, from reads begun after `since`. One kept but not on a page just read is read again by its barcode: it
 * may have been deleted since.
 */
export async function recentAwbCarrying(
	context: IExecuteSingleFunctions,
	credentials: ICredentialDataDecryptedObject,
	account: string,
	days: DateTime[],
	reference: string,
	since: number,
): Promise<RecentLook> {
	const names = days.map(monthDayYear);
	const readAll = async (token: string) =>
		await Promise.all(dayStatesOf(account, names, token).map(async (state, index) => await readAfter(state, since, async (held) => await readDay(context, credentials, names[index], held))));
	const token = tokenOf(credentials);
	let reads = await readAll(token);
	const loggedIn = tokenOf(credentials);
	// Logged in again while reading (the token was refused: a day later, or a sandbox reset that gives barcodes again):
	// what was held may be another account's state, so the days are read whole again.
	if (loggedIn !== token && token !== '') reads = await readAll(loggedIn);
	const askedAt = Math.min(...reads.map((read) => read.startedAt));
	for (const { view, listed } of reads) {
		for (const barcode of [...(view.byReference.get(reference) ?? [])]) {
			const record = listed.get(barcode);
			const awb = record ? (isDeleted(record) ? undefined : record) : await liveAwbOf(context, credentials, barcode);
			if (awb && carries(awb, reference)) return { askedAt, awb };
			forget(view, reference, barcode);
		}
	}
	return { askedAt };
}

/** Whether the AWB carries the reference; one answered without a CustomString is taken by its barcode (never reused). */
function carries(awb: IDataObject, reference: string): boolean {
	const carried = String(awb.CustomString ?? '').trim();
	return carried === '' || carried === reference;
}

function tokenOf(credentials: ICredentialDataDecryptedObject): string {
	return String(withUsableToken(credentials).token ?? '');
}

function dayStatesOf(account: string, days: string[], token: string): DayState[] {
	let known = accounts.get(account);
	accounts.delete(account);
	// Another login than the one the days were read with (a token renewed a day later, or forgotten) reads them whole;
	// the process's first login, made during its first read, keeps them.
	if (!known || known.token !== token) known = { token, days: known?.token === '' && token !== '' ? known.days : new Map() };
	accounts.set(account, known);
	if (accounts.size > MAX_ACCOUNTS) accounts.delete(accounts.keys().next().value as string);
	const kept = known.days;
	// Past midnight in Bucharest today becomes yesterday, kept as read; the day before it is no longer looked at.
	for (const day of kept.keys()) if (!days.includes(day)) kept.delete(day);
	return days.map((day) => {
		const state = kept.get(day) ?? {};
		kept.set(day, state);
		return state;
	});
}

/** A read of the day that began after `since`: the last one over or the one under way if it did, else the next one, which all later orders join. */
async function readAfter(state: DayState, since: number, load: (held: DayView | undefined) => Promise<Omit<DayRead, 'startedAt'>>): Promise<DayRead> {
	const { current, last } = state;
	if (current && (current.startedAt === undefined || current.startedAt > since)) return await current.done;
	if (!current && last && last.startedAt > since) return last;
	if (state.next) return await state.next.done;
	const before = current?.done.catch(() => undefined);
	const read: Read = {} as Read;
	read.done = (async () => {
		await before;
		state.current = read;
		if (state.next === read) state.next = undefined;
		const startedAt = nextEvent();
		read.startedAt = startedAt;
		const { view, listed } = await load(state.view);
		state.view = view;
		state.last = { startedAt, view, listed };
		return state.last;
	})();
	if (current) state.next = read;
	else state.current = read;
	void read.done.then(
		() => state.current === read && (state.current = undefined),
		() => state.current === read && (state.current = undefined),
	);
	return await read.done;
}

/** The day as Cargus lists it now: from `held`, the last page held and those past it; the whole day when `held` is stale or absent. */
async function readDay(
	context: IExecuteSingleFunctions,
	credentials: ICredentialDataDecryptedObject,
	day: string,
	held: DayView | undefined,
): Promise<Omit<DayRead, 'startedAt'>> {
	const listed = new Map<string, IDataObject>();
	const page = async (pageNumber: number) => await pageOf(context, credentials, day, pageNumber);
	let firstPage: IDataObject[] | undefined;
	if (held) {
		const last = Math.max(1, Math.ceil(held.barcodes.length / PAGE_SIZE));
		const heldThere = held.barcodes.slice((last - 1) * PAGE_SIZE);
		// A full page held: the page past it is asked for beside it, not after it.
		const past = heldThere.length === PAGE_SIZE ? page(last + 1) : undefined;
		past?.catch(() => undefined);
		const again = await page(last);
		if (again.length >= heldThere.length && heldThere.every((barcode, index) => barcodeOf(again[index]) === barcode)) {
			add(held, again.slice(heldThere.length), listed, again);
			for (let number = last + 1, length = again.length; length === PAGE_SIZE; number++) {
				const records = number === last + 1 && past ? await past : await page(number);
				add(held, records, listed);
				length = records.length;
			}
			return { view: held, listed };
		}
		if (last === 1) firstPage = again;
	}
	const view: DayView = { barcodes: [], byReference: new Map() };
	for (let number = 1; ; number++) {
		const records = number === 1 && firstPage ? firstPage : await page(number);
		add(view, records, listed);
		if (records.length < PAGE_SIZE) return { view, listed };
	}
}

/** Appends `records` to the view; `read` (default: `records`) are all the records of the pages read, as listed now. */
function add(view: DayView, records: IDataObject[], listed: Map<string, IDataObject>, read = records): void {
	for (const record of read) listed.set(barcodeOf(record), outputFieldsOf(record));
	for (const record of records) {
		const barcode = barcodeOf(record);
		view.barcodes.push(barcode);
		const reference = String(record?.CustomString ?? '').trim();
		if (reference === '' || barcode === '' || isDeleted(record)) continue;
		const carrying = view.byReference.get(reference);
		if (carrying) carrying.push(barcode);
		else view.byReference.set(reference, [barcode]);
	}
}

/** The fields of an AWB record that Create's output takes (output.ts, awbCreated), its Status and order reference. */
function outputFieldsOf(record: IDataObject | undefined): IDataObject {
	const { BarCode, ShippingCost, ReturnCode, ReturnAwb, Status, CustomString } = record ?? {};
	return { BarCode, ShippingCost, ReturnCode, ReturnAwb, Status, CustomString };
}

function forget(view: DayView, reference: string, barcode: string): void {
	const carrying = (view.byReference.get(reference) ?? []).filter((candidate) => candidate !== barcode);
	if (carrying.length > 0) view.byReference.set(reference, carrying);
	else view.byReference.delete(reference);
}

function barcodeOf(record: IDataObject | undefined): string {
	return String(record?.BarCode ?? '');
}

async function pageOf(context: IExecuteSingleFunctions, credentials: ICredentialDataDecryptedObject, day: string, pageNumber: number): Promise<IDataObject[]> {
	const qs = { FromDate: day, ToDate: day, itemsPerPage: PAGE_SIZE, pageNumber };
	const answer = await sendToCargus(context, { method: 'GET', url: '/api/Awbs/GetByDate', qs, json: true }, credentials);
	return Array.isArray(answer.body) ? (answer.body as IDataObject[]) : [];
}
