import type { DateTime } from 'luxon';
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { sendToCargus } from '../../../../shared/transport/send';
import { withUsableToken } from '../../../../shared/transport/tokenCache';
import { monthDayYear } from '../../../../shared/values/cargusDate';
import { isDeleted, liveAwbOf } from './liveAwb';

/*
 * The account's AWBs of the days before yesterday, by order reference, for Create's look for an AWB already made:
 * read once per n8n process, day and login (Cargus' tokens last a day), instead of once per execution. Those days
 * gain no AWBs: Cargus dates an AWB the moment it is made, and a day is read only once it has been over a whole
 * day. An AWB can still be deleted, so one found there is read again by its barcode before it is given; one listed
 * with Status "Deleted" counts as absent.
 */

const PAGE_SIZE = 100;
/** Accounts whose settled days this process keeps; past this many, the first kept is dropped. */
const MAX_ACCOUNTS = 50;

interface SettledDays {
	/** The days listed (FromDate and ToDate) and the token they were listed with: another of either, read again. */
	key: string;
	/** The barcodes of the AWBs carrying each reference, oldest first. */
	barcodes: Promise<Map<string, string[]>>;
}

const byAccount = new Map<string, SettledDays>();

/**
 * The AWB of the account that carries `reference` among those made from `from` through `through` (whole days,
 * Cargus' time zone), read again by its barcode: undefined when none carries it or it was deleted since.
 */
export async function settledAwbCarrying(
	context: IExecuteSingleFunctions,
	credentials: ICredentialDataDecryptedObject,
	account: string,
	days: { from: DateTime; through: DateTime },
	reference: string,
): Promise<IDataObject | undefined> {
	const barcodes = (await settledDaysOf(context, credentials, account, days)).get(reference) ?? [];
	for (const barcode of [...barcodes]) {
		const awb = await liveAwbOf(context, credentials, barcode);
		if (awb) return awb;
		// Deleted since: not read again (another item of the same order may have dropped it already).
		const gone = barcodes.indexOf(barcode);
		if (gone >= 0) barcodes.splice(gone, 1);
	}
	return undefined;
}

function settledDaysOf(
	context: IExecuteSingleFunctions,
	credentials: ICredentialDataDecryptedObject,
	account: string,
	days: { from: DateTime; through: DateTime },
): Promise<Map<string, string[]>> {
	const key = `${days.from.toISODate()}|${days.through.toISODate()}|${String(withUsableToken(credentials).token ?? '')}`;
	const known = byAccount.get(account);
	if (known?.key === key) return known.barcodes;
	const entry: SettledDays = { key, barcodes: barcodesByReference(context, credentials, days) };
	byAccount.delete(account);
	byAccount.set(account, entry);
	if (byAccount.size > MAX_ACCOUNTS) byAccount.delete(byAccount.keys().next().value as string);
	// A failed listing is not kept: the next order reads the days again.
	entry.barcodes.catch(() => byAccount.get(account) === entry && byAccount.delete(account));
	return entry.barcodes;
}

async function barcodesByReference(context: IExecuteSingleFunctions, credentials: ICredentialDataDecryptedObject, days: { from: DateTime; through: DateTime }): Promise<Map<string, string[]>> {
	const barcodes = new Map<string, string[]>();
	await forEachAwbMade(context, credentials, days, (awb, reference) => {
		const barcode = String(awb.BarCode ?? '');
		if (barcode !== '' && !isDeleted(awb)) barcodes.set(reference, [...(barcodes.get(reference) ?? []), barcode]);
	});
	return barcodes;
}

/** Every AWB of the account made from `from` through `through` (whole days) that carries a reference, oldest first (Awbs/GetByDate, all pages). */
export async function forEachAwbMade(
	context: IExecuteSingleFunctions,
	credentials: ICredentialDataDecryptedObject,
	days: { from: DateTime; through: DateTime },
	visit: (awb: IDataObject, reference: string) => void,
): Promise<void> {
	const query = { FromDate: monthDayYear(days.from), ToDate: monthDayYear(days.through), itemsPerPage: PAGE_SIZE };
	for (let pageNumber = 1; ; pageNumber++) {
		const answer = await sendToCargus(context, { method: 'GET', url: '/api/Awbs/GetByDate', qs: { ...query, pageNumber }, json: true }, credentials);
		const page = Array.isArray(answer.body) ? (answer.body as IDataObject[]) : [];
		for (const awb of page) {
			const reference = String(awb?.CustomString ?? '').trim();
			if (reference !== '') visit(awb, reference);
		}
		if (page.length < PAGE_SIZE) return;
	}
}
