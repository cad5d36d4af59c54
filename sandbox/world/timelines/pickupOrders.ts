import { toServiceDate } from '../dates';
import type { PickupOrder } from '../types';

/**
 * OrdStatus over time (the real service documents only 0 open and 1 closed):
 * 0 open (just registered) -> 2 validated (15 minutes after creation) -> 3 pickup in progress
 * (from PickupStartDate) -> 1 closed (picked up, from PickupEndDate). 4 cancelled and 5 failed
 * pickup are fixed outcomes of some seeded orders.
 */
export const ORDER_STATUS_DETAILS: Record<number, string> = {
	0: 'Deschisa',
	1: 'Inchisa',
	2: 'Validata',
	3: 'In curs de ridicare',
	4: 'Anulata',
	5: 'Ridicare esuata',
};

export const VALIDATION_DELAY_MS = 15 * 60_000;

export function orderStatusAt(order: PickupOrder, now: number): number {
	if (order.fixedStatus !== undefined) return order.fixedStatus;
	if (now >= order.PickupEndDate) return 1;
	if (now >= order.PickupStartDate) return 3;
	if (now >= order.CreationDate + VALIDATION_DELAY_MS) return 2;
	return 0;
}

export interface StatusChange {
	OrdStatus: number;
	at: number;
}

/** Every OrdStatus the order goes through from its creation, with the moment each starts (orderStatusAt as a timeline). */
export function orderTimeline(order: PickupOrder): StatusChange[] {
	const moments = [order.CreationDate, order.CreationDate + VALIDATION_DELAY_MS, order.PickupStartDate, order.PickupEndDate]
		.filter((at) => at >= order.CreationDate)
		.sort((a, b) => a - b);
	const changes: StatusChange[] = [];
	for (const at of moments) {
		const OrdStatus = orderStatusAt(order, at);
		if (changes.length === 0 || changes[changes.length - 1].OrdStatus !== OrdStatus) changes.push({ OrdStatus, at });
	}
	return changes;
}

export function orderView(order: PickupOrder, now: number) {
	const status = orderStatusAt(order, now);
	const validated = status !== 0 && status !== 4;
	const processed = status === 1 || status === 5;
	const validationDate = Math.min(order.CreationDate + VALIDATION_DELAY_MS, order.PickupStartDate);
	return {
		OrderId: order.OrderId,
		LocationId: order.LocationId,
		PickUpSiteName: order.PickUpSiteName,
		PickupStartDate: toServiceDate(order.PickupStartDate),
		PickupEndDate: toServiceDate(order.PickupEndDate),
		NoParcel: order.NoParcel,
		NoEnvelop: order.NoEnvelop,
		TotalWeight: order.TotalWeight,
		NoAwb: status === 1 ? order.NoParcel + order.NoEnvelop : 0,
		Observations: order.Observations,
		PackageContent: order.PackageContent,
		CreationDate: toServiceDate(order.CreationDate),
		ValidationDate: validated ? toServiceDate(validationDate) : null,
		ProcessedDate: processed ? toServiceDate(order.PickupEndDate) : null,
		OrdStatus: status,
		OrdStatusDetails: ORDER_STATUS_DETAILS[status],
		AdresaExp: order.AdresaExp,
		Email: order.Email,
		OrderType: order.OrderType,
	};
}
