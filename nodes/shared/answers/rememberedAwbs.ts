import type { OrderAndRecipient } from '../cargus/orderAndRecipient';

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
