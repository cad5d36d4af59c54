import type { IDataObject } from 'n8n-workflow';

import { IdsByDay } from '../idSet';

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
	/**
	 * All Pickup Orders of the Account (static data key `pickupOrdersOfAccount`): the orders by creation day, so
	 * that those created before the window are forgotten; undefined with a list.
	 */
	readonly created: IdsByDay | undefined;
	/** All Pickup Orders of the Account: the account's orders were read before this poll (an order not known since then is new). */
	readonly accountWatched: boolean;
	private watchedNow = false;

	/** `orderIds` undefined: the whole account. */
	constructor(
		private readonly staticData: IDataObject,
		orderIds: readonly string[] | undefined,
	) {
		const stored = staticData.pickupOrders;
		const previous = stored !== null && typeof stored === 'object' ? (stored as Record<string, number>) : {};
		const account = (staticData.pickupOrdersOfAccount ?? undefined) as { created?: Record<string, string> } | undefined;
		this.accountWatched = orderIds === undefined && account !== undefined;
		this.created = orderIds === undefined ? new IdsByDay(account?.created) : undefined;
		this.statuses = {};
		for (const orderId of orderIds ?? Object.keys(previous)) {
			if (typeof previous[orderId] === 'number' && (this.created === undefined || this.created.has(orderId))) this.statuses[orderId] = previous[orderId];
		}
		this.changed = Object.keys(previous).length !== Object.keys(this.statuses).length;
	}

	/** All Pickup Orders of the Account: every page was read; orders created before `windowStart` are forgotten. */
	complete(windowStart: string): void {
		this.watchedNow = true;
		if (this.created === undefined) return;
		this.created.forgetBefore(windowStart);
		for (const orderId of Object.keys(this.statuses)) {
			if (this.created.has(orderId)) continue;
			delete this.statuses[orderId];
			this.changed = true;
		}
	}

	statusOf(orderId: string): number | undefined {
		return this.statuses[orderId];
	}

	set(orderId: string, status: number): void {
		this.statuses[orderId] = status;
		this.changed = true;
	}

	commit(): void {
		const account = this.created !== undefined && (this.created.changed || (this.watchedNow && !this.accountWatched));
		if (this.changed || account) this.staticData.pickupOrders = this.statuses;
		if (account && this.created !== undefined) {
			this.staticData.pickupOrdersOfAccount = { created: this.created.toStored() };
			this.created.changed = false;
		}
		this.changed = false;
	}
}
