import { cashOnDeliveryRepaid } from './cashOnDelivery';
import { newInvoice } from './invoice';
import { pickupOrderStatusChanged } from './pickupOrder';
import { newTrackingEvent } from './tracking';
import type { AnyTriggerEvent } from './triggerEvent';

/** The events the Cargus Trigger offers under "Trigger On", in the order shown; the first is the default. */
export const triggerEvents: AnyTriggerEvent[] = [newTrackingEvent, newInvoice, cashOnDeliveryRepaid, pickupOrderStatusChanged];
