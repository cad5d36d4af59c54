import type { IDataObject } from 'n8n-workflow';

/** Stored for an order Cargus did not know (204) when it was first asked about: its first status is a change. */
export const UNKNOWN_ORDER = -1;

/**
 * What the Pickup Order Status Changed event remembers, under the static data key `pickupOrders`: the
 * last OrdStatus seen of each listed order ({ "123456": 2 }), -1 for an order Cargus did not know yet
 * (so its first status is emitted: a poll that emits nothing is not saved, and after a restart that
 * status would be taken for one it had before the trigger watched it). Orders removed from the list are forgotten.
 */
export class OrderState {
	private readonly statuses: Record<string, number>;
	private changed = false;

	constructor(
		private readonly staticData: IDataObject,
		orderIds: readonly string[],
	) {
		const stored = staticData.pickupOrders;
		const previous = stored !== null && typeof stored === 'object' ? (stored as Record<string, number>) : {};
		this.statuses = {};
		for (const orderId of orderIds) if (typeof previous[orderId] === 'number') this.statuses[orderId] = previous[orderId];
		this.changed = Object.keys(previous).length !== Object.keys(this.statuses).length;
	}

	statusOf(orderId: string): number | undefined {
		return this.statuses[orderId];
	}

	set(orderId: string, status: number): void {
		this.statuses[orderId] = status;
		this.changed = true;
	}

	commit(): void {
		if (this.changed) this.staticData.pickupOrders = this.statuses;
		this.changed = false;
	}
}
