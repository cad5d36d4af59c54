import type { IDataObject } from 'n8n-workflow';

/** Whose parcel it is: the AWB's order reference and its recipient, as the AWB was made (GET /api/Awbs). */
export interface OrderAndRecipient {
	/** The shop's order reference given at Create (Order Reference); null when the AWB has none or Cargus has no such AWB. */
	CustomString: string | null;
	Recipient: { Name: string | null; Email: string | null; PhoneNumber: string | null; LocalityName: string | null } | null;
}

function textOrNull(value: unknown): string | null {
	if (value === undefined || value === null) return null;
	const text = String(value).trim();
	return text === '' ? null : text;
}

/** The order reference and recipient of an AWB record; every value null for an AWB Cargus did not answer. */
function orderAndRecipientOf(record: IDataObject | undefined): OrderAndRecipient {
	if (record === undefined) return { CustomString: null, Recipient: null };
	const recipient = record.Recipient !== null && typeof record.Recipient === 'object' ? (record.Recipient as IDataObject) : {};
	return {
		CustomString: textOrNull(record.CustomString),
		Recipient: {
			Name: textOrNull(recipient.Name),
			Email: textOrNull(recipient.Email),
			PhoneNumber: textOrNull(recipient.PhoneNumber),
			LocalityName: textOrNull(recipient.LocalityName),
		},
	};
}

/** The order reference and recipient of the AWB `barcode` among the records GET /api/Awbs answered. */
export function orderAndRecipientIn(records: IDataObject[], barcode: string): OrderAndRecipient {
	return orderAndRecipientOf(records.find((record) => String(record?.BarCode ?? '').trim() === barcode));
}

/** The account an AWB is remembered under: Cargus' address and the login's username, as both nodes name it. */
export function awbAccountOf(baseUrl: string, username: unknown): string {
	return `${baseUrl}\n${String(username ?? '').trim().toLowerCase()}`;
}

/** AWBs remembered per process; beyond this many the least recently used is forgotten (and read again if it comes back). */
export const MAX_REMEMBERED_AWBS = 20_000;

/**
 * Each AWB's order reference and recipient, read at most once per process and account while it is remembered: kept in
 * the process's memory, never in a workflow's static data (it is customers' data, and would grow). A read in flight is
 * shared by whoever asks for the same AWB meanwhile; a failed read is forgotten, so it is tried again.
 */
class RememberedAwbs {
	private readonly awbs = new Map<string, Promise<OrderAndRecipient>>();

	async read(account: string, barcode: string, readAwb: () => Promise<OrderAndRecipient>): Promise<OrderAndRecipient> {
		const key = `${account}\n${barcode}`;
		const known = this.awbs.get(key);
		if (known !== undefined) {
			this.awbs.delete(key);
			this.awbs.set(key, known);
			return await known;
		}
		const reading = readAwb();
		this.awbs.set(key, reading);
		if (this.awbs.size > MAX_REMEMBERED_AWBS) this.awbs.delete(this.awbs.keys().next().value as string);
		reading.catch(() => {
			if (this.awbs.get(key) === reading) this.awbs.delete(key);
		});
		return await reading;
	}

	get size(): number {
		return this.awbs.size;
	}

	/** A new process (tests). */
	forget(): void {
		this.awbs.clear();
	}
}

export const rememberedAwbs = new RememberedAwbs();
