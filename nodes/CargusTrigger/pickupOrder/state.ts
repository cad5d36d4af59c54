import type { IDataObject } from 'n8n-workflow';

/**
 * What the Pickup Order Status Changed event remembers, under the static data key `pickupOrders`: the
 * last OrdStatus seen of each listed order ({ "123456": 2 }). Orders removed from the list are forgotten.
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
