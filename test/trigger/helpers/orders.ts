import type { SandboxControl } from '../../../sandbox/control/client';
import type { SandboxHandle } from '../../helpers/sandbox';
import { accountClient } from './account';
import { sandboxTimePlus } from './events';

/** Orders whose statuses change hours apart (so every status is seen by some poll), all closed within 50 hours. */
export async function sendOrders(sandbox: SandboxHandle, count: number): Promise<string[]> {
	const client = await accountClient(sandbox.url);
	const orderIds: string[] = [];
	for (let index = 0; index < count; index++) {
		const start = await sandboxTimePlus(sandbox.control, 8 * 60 + index * 15);
		const end = await sandboxTimePlus(sandbox.control, 8 * 60 + index * 15 + 8 * 60 + (index % 4) * 120);
		const sent = await client.call('POST', '/api/Orders', {
			body: { LocationId: 1005962049, Parcels: 2, Envelopes: 0, TotalWeight: 4, PickupStartDate: start.slice(0, 19), PickupEndDate: end.slice(0, 19) },
		});
		if (sent.status !== 200) throw new Error(`POST /api/Orders answered ${sent.status}: ${sent.text}`);
		orderIds.push(String(sent.json));
	}
	return orderIds;
}

/**
 * Each order's status changes the sandbox made after `since` and up to now (its control API), as "before->after";
 * an order created after `since` starts with "undefined->" its first status.
 */
export async function changesSince(control: SandboxControl, orderIds: string[], since: string): Promise<Map<string, string[]>> {
	const { now } = await control.clock();
	const timelines = new Map((await control.orders()).map((order) => [String(order.OrderId), order.statuses]));
	const changes = new Map<string, string[]>();
	for (const orderId of orderIds) {
		const statuses = (timelines.get(orderId) ?? []).filter((status) => Date.parse(status.at) <= Date.parse(now));
		const before = statuses.filter((status) => Date.parse(status.at) <= Date.parse(since));
		let previous = before[before.length - 1]?.OrdStatus;
		const made: string[] = [];
		for (const status of statuses.slice(before.length)) {
			made.push(`${String(previous)}->${status.OrdStatus}`);
			previous = status.OrdStatus;
		}
		changes.set(orderId, made);
	}
	return changes;
}
