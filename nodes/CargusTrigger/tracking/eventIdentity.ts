import type { ShipmentEvent } from './shipmentEvent';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const AT_SIGN = 64;
const DIGIT_ZERO = 48;

function fnvStep(hash: number, code: number): number {
	return Math.imul(hash ^ code, FNV_PRIME) >>> 0;
}

/** FNV-1a, 32 bits: small, stable and good enough to fingerprint a handful of event identities. */
export function hashText(text: string): number {
	let hash = FNV_OFFSET;
	for (let index = 0; index < text.length; index++) hash = fnvStep(hash, text.charCodeAt(index));
	return hash;
}

/** The digits of the number being hashed, last first. */
const digits = new Uint8Array(16);

/** `hash` continued with the decimal digits of `value`, a non-negative safe integer. */
function hashDecimal(hash: number, value: number): number {
	let count = 0;
	do {
		const digit = value % 10;
		digits[count++] = digit;
		value = (value - digit) / 10;
	} while (value > 0);
	while (count > 0) hash = fnvStep(hash, DIGIT_ZERO + digits[--count]);
	return hash;
}

/**
 * The hash of the identity "<eventId>@<time>" of an event whose EventId is a number and whose date
 * was read, without writing that text (a poll hashes hundreds of thousands of events).
 */
export function hashIdentity(eventId: number, time: number): number {
	if (!Number.isSafeInteger(eventId) || eventId < 0 || !Number.isSafeInteger(time) || time <= 0) return hashText(`${eventId}@${time}`);
	return hashDecimal(fnvStep(hashDecimal(FNV_OFFSET, eventId), AT_SIGN), time);
}

/** Event identity within its shipment: EventId plus the normalised date ("21@1763647380000"). */
export function identityOf(event: ShipmentEvent): string {
	return event.unusualIdentity ?? `${event.eventId}@${event.time}`;
}

export function sameIdentity(a: ShipmentEvent, b: ShipmentEvent): boolean {
	if (a.unusualIdentity === undefined && b.unusualIdentity === undefined) return a.eventId === b.eventId && a.time === b.time;
	return identityOf(a) === identityOf(b);
}

/** Oldest first: by date, then EventId, then identity. */
export function compareEvents(a: ShipmentEvent, b: ShipmentEvent): number {
	return a.time - b.time || a.eventId - b.eventId || compareIdentities(a, b);
}

function compareIdentities(a: ShipmentEvent, b: ShipmentEvent): number {
	// Same date and EventId: the identities of two ordinary events are then the same.
	if (a.unusualIdentity === undefined && b.unusualIdentity === undefined) return 0;
	return identityOf(a).localeCompare(identityOf(b));
}
