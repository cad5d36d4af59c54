/**
 * The world a check that moves the sandbox's clock needs, made by the check itself: shipments of the default
 * account whose timelines bring an "out for delivery" (5) and a "delivered" (21) event inside the window the clock
 * is about to move by, whatever the hour, the day or the checks that ran before.
 */
import type { SandboxControl } from '../../sandbox';
import type { ControlShipment } from '../../sandbox/control/client';

/** The delivered scenario's events, one step apart: 70, 10, 11, 5, 21. */
const DELIVERED_STEPS = 5;

/**
 * Adds `count` shipments that were picked up half an hour ago (that event is already there for a first poll to
 * remember) and are out for delivery and delivered before `hours` from now have passed. No cash on delivery, so no
 * repayment changes what later checks expect.
 */
export async function deliveriesWithin(control: SandboxControl, hours: number, count = 2): Promise<ControlShipment[]> {
	const { now } = await control.clock();
	const startAt = Date.parse(now) - 30 * 60_000;
	// The last event an hour before the window closes: room for a poll to see it before the check reads.
	const stepMinutes = Math.floor(((hours - 1) * 60 + 30) / (DELIVERED_STEPS - 1));
	const added = await control.addShipments({ count, scenario: 'delivered', startAt: new Date(startAt).toISOString(), stepMinutes, codValue: 0 });
	for (const shipment of added) {
		const due = shipment.plannedEvents.filter((event) => event.EventId === 5 || event.EventId === 21).length;
		if (due !== 2) throw new Error(`shipment ${shipment.barcode} plans ${due} out-for-delivery/delivered events, not 2`);
	}
	return added;
}
