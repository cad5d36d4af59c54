import type { IDataObject } from 'n8n-workflow';

import type { OrderAndRecipient } from '../../shared/cargus/orderAndRecipient';
import type { Outcome } from '../../shared/cargus/outcome';

/** One tracking event as Cargus serves it inside a PackageTrace's `Event` array. */
export interface TraceEvent {
	Date?: string;
	EventId?: number;
	Description?: string;
	LocalityName?: string;
	[field: string]: unknown;
}

/** A tracking event with its identity worked out once. */
export interface ShipmentEvent {
	barcode: string;
	/** EventId as a number, -1 when it is not one. */
	eventId: number;
	/** Sortable time of `Date`: wall-clock milliseconds, 0 when the date cannot be read. */
	time: number;
	/**
	 * The identity (eventIdentity.ts) of an event whose EventId is not a number or whose date cannot be
	 * read; undefined for the others, whose identity follows from eventId and time.
	 */
	unusualIdentity: string | undefined;
	/** hashText of the identity. */
	hash: number;
	/** What happened (outcome.ts), from the id and Cargus' text. */
	outcome: Outcome;
	raw: TraceEvent;
}

/** A new event to emit, with its shipment's summary (the trace's other events are not kept). */
export interface FoundEvent {
	event: ShipmentEvent;
	shipment: IDataObject;
	/** With Add Order and Recipient: the AWB's order reference and recipient. */
	awb?: OrderAndRecipient;
}
