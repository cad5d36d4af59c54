import { MINUTE } from '../dates';
import type { Shipment } from '../types';
import {
	DELIVERIES, INTO_DEPOT, OUT_FOR_DELIVERY, OUT_OF_DEPOT_TO_TRANSIT, PICKED_UP, REFUSALS, RETURNED_AT_RECIPIENTS_REQUEST, RETURNS,
} from './cargusEvents';
import { planEvents, visibleEvents } from './shipments';

/** The events a parcel meets on its way to the door; what comes after them (delivered, not at home, returned) is replaced by a refusal. */
const TO_THE_DOOR = [PICKED_UP, INTO_DEPOT, OUT_OF_DEPOT_TO_TRANSIT, OUT_FOR_DELIVERY];

/** Why a parcel cannot be refused any more (delivered, refused or returned), or undefined. */
export function refusalRefused(shipment: Shipment, now: number): string | undefined {
	const ended = visibleEvents(shipment, now).find((event) => DELIVERIES.includes(event.EventId) || REFUSALS.includes(event.EventId) || RETURNS.includes(event.EventId));
	if (ended === undefined) return undefined;
	return `shipment ${shipment.barcode} already has event ${ended.EventId} (${ended.Description.trim()}): only a parcel not yet delivered, refused or returned can be refused`;
}

/**
 * Makes the parcel refused at the door (`refusal`, one of REFUSALS) and returned at the recipient's request (197): the
 * events served stay, and those planned on its way to the door up to the first other one (out for delivery is added after the last of them when it has
 * none), then the refusal at `at` (default: `stepMs` after out for delivery, not before `now`) and the return `stepMs` later.
 */
export function refuseAtDoor(shipment: Shipment, now: number, stepMs: number, refusal: number, at?: number): void {
	const visible = new Set(visibleEvents(shipment, now));
	const firstOther = shipment.events.findIndex((event) => !visible.has(event) && !TO_THE_DOOR.includes(event.EventId));
	const kept = shipment.events.filter((event, index) => visible.has(event) || (firstOther === -1 || index < firstOther));
	const last = kept[kept.length - 1];
	if (!kept.some((event) => event.EventId === OUT_FOR_DELIVERY)) {
		kept.push(...planEvents(shipment, [OUT_FOR_DELIVERY], [Math.max(now, (last?.date ?? now) + stepMs)]));
	}
	const outForDelivery = kept.filter((event) => event.EventId === OUT_FOR_DELIVERY).pop() as (typeof kept)[number];
	const refusedAt = at ?? Math.max(now, outForDelivery.date + stepMs);
	const latest = Math.max(...kept.map((event) => event.date));
	const start = Math.max(refusedAt, latest + MINUTE);
	const path = [refusal, RETURNED_AT_RECIPIENTS_REQUEST];
	shipment.events = [...kept, ...planEvents(shipment, path, path.map((_, index) => start + index * stepMs))];
	shipment.scenario = 'refused';
}
