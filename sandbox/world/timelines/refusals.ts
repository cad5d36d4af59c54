import { MINUTE } from '../dates';
import type { Shipment } from '../types';
import { planEvents, REFUSAL_PATH, REFUSED_EVENT_ID, visibleEvents } from './shipments';

/** The events a parcel meets on its way to the door; what comes after them (delivered, absent, returned) is replaced by a refusal. */
const TO_THE_DOOR = [70, 224, 11, 5];
const OUT_FOR_DELIVERY = 5;

/** Why a parcel cannot be refused any more (delivered, refused or back with its sender), or undefined. */
export function refusalRefused(shipment: Shipment, now: number): string | undefined {
	const ended = visibleEvents(shipment, now).find((event) => event.EventId === 21 || event.EventId === REFUSED_EVENT_ID || event.EventId === 198);
	if (ended === undefined) return undefined;
	return `shipment ${shipment.barcode} already has event ${ended.EventId} (${ended.Description}): only a parcel not yet delivered, refused or returned can be refused`;
}

/**
 * Makes the parcel refused at the door and returned to its sender: the events on its way to the door stay (visible or
 * planned; out for delivery is added after the last of them when it has none), then refused at `at` (default: `stepMs`
 * after out for delivery, not before `now`), returning to the sender and returned, `stepMs` apart.
 */
export function refuseAtDoor(shipment: Shipment, now: number, stepMs: number, at?: number): void {
	const visible = new Set(visibleEvents(shipment, now));
	const kept = shipment.events.filter((event) => visible.has(event) || TO_THE_DOOR.includes(event.EventId));
	const last = kept[kept.length - 1];
	if (!kept.some((event) => event.EventId === OUT_FOR_DELIVERY)) {
		kept.push(...planEvents(shipment, [OUT_FOR_DELIVERY], [Math.max(now, (last?.date ?? now) + stepMs)]));
	}
	const outForDelivery = kept.filter((event) => event.EventId === OUT_FOR_DELIVERY).pop() as (typeof kept)[number];
	const refusedAt = at ?? Math.max(now, outForDelivery.date + stepMs);
	const latest = Math.max(...kept.map((event) => event.date));
	const start = Math.max(refusedAt, latest + MINUTE);
	shipment.events = [...kept, ...planEvents(shipment, REFUSAL_PATH, REFUSAL_PATH.map((_, index) => start + index * stepMs))];
	shipment.scenario = 'refused';
}
