import { toServiceDate } from '../dates';
import type { PickupOrder } from '../types';

/**
 * OrdStatus over time (the real service documents only 0 open and 1 closed):
 * 0 open (just registered) -> 2 validated (15 minutes after creation) -> 3 pickup in progress
 * (from PickupStartDate) -> 1 closed (picked up, from PickupEndDate). 4 cancelled and 5 failed
 * pickup are fixed outcomes of some seeded orders. A location's current order (the one its AWBs join)
 * stays 0 until it is launched, then is 2 at once; a cancelled order is 4 from its cancellation.
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

/** When the order is validated: at its launch for a location's current order, else 15 minutes after creation. */
function validationMoment(order: PickupOrder): number | undefined {
	if (order.awaitsLaunch) return order.launchedAt;
	return Math.min(order.CreationDate + VALIDATION_DELAY_MS, order.PickupStartDate);
}

export function orderStatusAt(order: PickupOrder, now: number): number {
	if (order.fixedStatus !== undefined) return order.fixedStatus;
	if (order.cancelledAt !== undefined && now >= order.cancelledAt) return 4;
	const validated = validationMoment(order);
	if (validated === undefined || now < validated) return order.awaitsLaunch || now < order.CreationDate + VALIDATION_DELAY_MS ? 0 : 2;
	if (now >= order.PickupEndDate) return 1;
	if (now >= order.PickupStartDate) return 3;
	return 2;
}

export interface StatusChange {
	OrdStatus: number;
	at: number;
}

/** Every OrdStatus the order goes through from its creation, with the moment each starts (orderStatusAt as a timeline). */
export function orderTimeline(order: PickupOrder): StatusChange[] {
	const launch = validationMoment(order);
	const candidates = order.awaitsLaunch && launch === undefined
		? [order.CreationDate]
		: [order.CreationDate, order.CreationDate + VALIDATION_DELAY_MS, launch ?? order.CreationDate, order.PickupStartDate, order.PickupEndDate];
	if (order.cancelledAt !== undefined) candidates.push(order.cancelledAt);
	const moments = candidates.filter((at) => at >= order.CreationDate).sort((a, b) => a - b);
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
	const validationDate = validationMoment(order) ?? order.CreationDate;
	const datesKnown = !order.awaitsLaunch || order.launchedAt !== undefined;
	return {
		OrderId: order.OrderId,
		LocationId: order.LocationId,
		PickUpSiteName: order.PickUpSiteName,
		PickupStartDate: datesKnown ? toServiceDate(order.PickupStartDate) : null,
		PickupEndDate: datesKnown ? toServiceDate(order.PickupEndDate) : null,
		NoParcel: order.NoParcel,
		NoEnvelop: order.NoEnvelop,
		TotalWeight: order.TotalWeight,
		NoAwb: status === 1 ? order.awbCount ?? order.NoParcel + order.NoEnvelop : 0,
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
