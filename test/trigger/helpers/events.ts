import type { IDataObject } from 'n8n-workflow';

import type { ControlShipment, SandboxControl } from '../../../sandbox/control/client';

/** Event identity as the contract defines it: (barcode, EventId, Date). */
export function identityOf(item: IDataObject): string {
	return `${String(item.Barcode)}|${String(item.EventId)}|${String(item.Date)}`;
}

/** What the sandbox says the watched shipments' trace shows right now, as identities. */
export async function groundTruth(control: SandboxControl, barcodes: string[]): Promise<string[]> {
	const shipments: ControlShipment[] = [];
	for (let start = 0; start < barcodes.length; start += 50) {
		shipments.push(...(await control.shipments(barcodes.slice(start, start + 50))));
	}
	return shipments.flatMap((shipment) =>
		shipment.visibleEvents.map((event) => `${shipment.barcode}|${event.EventId}|${event.Date}`),
	);
}

/** Identities that occur more than once. */
export function duplicatesOf(identities: string[]): string[] {
	const seen = new Set<string>();
	return identities.filter((identity) => (seen.has(identity) ? true : (seen.add(identity), false)));
}

/** Items are oldest first: by Date, then EventId. */
export function isOldestFirst(items: IDataObject[]): boolean {
	// Cargus writes a fraction of a second without its trailing zeros (".44"): three digits compare as text.
	const dates = items.map((item) => {
		const [whole, fraction = ''] = String(item.Date).split('.');
		return `${whole}.${fraction.padEnd(3, '0')}`;
	});
	return items.every(
		(item, index) =>
			index === 0 ||
			dates[index - 1] < dates[index] ||
			(dates[index - 1] === dates[index] && Number(items[index - 1].EventId) <= Number(item.EventId)),
	);
}

/** The current sandbox time as a zone-less Bucharest date, plus some minutes. */
export async function sandboxTimePlus(control: SandboxControl, minutes: number): Promise<string> {
	const { now } = await control.clock();
	return new Date(new Date(now).getTime() + minutes * 60_000).toISOString();
}
