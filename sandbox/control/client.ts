import { request } from 'undici';

import type { SandboxSettings } from '../world/settings';
import type { FaultSpec } from '../gateway/faults';
import type { RequestLogEntry } from '../gateway/requestLog';
import type { Account, Scenario } from '../world/types';

export type { RequestLogEntry };
export type ScenarioName = Scenario;
export type ControlAccount = Account;
export type FaultInput = FaultSpec;

export interface TraceEventView {
	Date: string;
	EventId: number;
	Description: string;
	LocalityName: string;
}

export interface ControlShipment {
	barcode: string;
	scenario: ScenarioName;
	/** State at the current sandbox clock: not-picked-up, in-transit, out-for-delivery, delivered, delivery-failed, refused, returned. */
	state: string;
	type: '1' | '0';
	clientId: number;
	codValue: number;
	/** The AWB's CustomString (the shop's order reference). */
	orderReference: string;
	/** ISO (UTC): when the AWB was made (its date in Awbs/GetByDate). */
	createdAt: string;
	/** The codes its trace answers, one per piece: the barcode, then `<barcode>002`, ... for a multi-parcel AWB. */
	pieceCodes: string[];
	/** The return AWB it travels back under once returned (196, 197 or 198 served), else null. */
	returnBarcode: string | null;
	visibleEvents: TraceEventView[];
	plannedEvents: TraceEventView[];
	/** The PackageTrace GetAwbTraceOneRequest answers right now. */
	trace: Record<string, unknown>;
}

export interface AddShipmentsInput {
	count?: number;
	scenario?: ScenarioName | 'random';
	startAt?: string;
	stepMinutes?: number;
	/** Cash on delivery of each new shipment (0: none); default: drawn like the seed's (about 60% carry some). */
	codValue?: number;
	/** Parcels of each new shipment (1 to 15; default 1): more than one makes a multi-parcel AWB, traced once per parcel. */
	parcels?: number;
}

export interface ControlInvoice {
	InvoiceId: number;
	Series: string;
	Number: number;
	/** The invoice's Date as the service answers it (Bucharest local time). */
	Date: string;
	/** ISO (UTC): from then on GET /api/Invoices lists it. */
	issuedAt: string;
	issued: boolean;
	/** Username of the account it belongs to. */
	account: string;
}

export interface AddInvoicesInput {
	count?: number;
	/** Issued evenly over the next `hours` (the last one at now + hours); default 24; 0: all now. */
	hours?: number;
	/** Share issued late, dated 1 to 5 days before they are issued; default 0.25. */
	lateShare?: number;
	/** Username; default the default account. */
	account?: string;
}

export interface ControlCashOnDelivery {
	BarCode: string;
	RepaymentValue: number;
	/** ISO (UTC) moment GET /api/CashAccount starts showing the repayment; null while no delivery is planned. */
	repaidAt: string | null;
	repaid: boolean;
	account: string;
}

export interface ControlOrder {
	OrderId: number;
	account: string;
	statuses: Array<{ OrdStatus: number; OrdStatusDetails: string; at: string }>;
}

export interface AddEventInput {
	EventId: number;
	/** ISO date-time (a zone-less one is Bucharest time); default: the sandbox's now. */
	Date?: string;
	/** Default: the sandbox's usual text for the EventId. */
	Description?: string;
	/** Default: where the sandbox places that EventId (sender, hub or receiver locality). */
	LocalityName?: string;
	/** ISO date-time from which the trace operations serve the event (if its Date has come too); default: now. */
	visibleAt?: string;
}

/** Typed client for the sandbox control API (/_sandbox/...). */
export class SandboxControl {
	constructor(readonly url: string) {}

	private async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
		const response = await request(`${this.url}/_sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.body.text();
		if (response.statusCode >= 400) throw new Error(`Sandbox control ${method} ${path} answered ${response.statusCode}: ${text}`);
		return JSON.parse(text) as T;
	}

	reset(seed?: number): Promise<{ seed: number; now: string }> {
		return this.call('POST', '/reset', seed === undefined ? {} : { seed });
	}

	accounts(): Promise<ControlAccount[]> {
		return this.call('GET', '/accounts');
	}

	/** Every shipment, or the ones named (asked 50 at a time: the control API parses barcodes as the service does). */
	async shipments(barcodes?: string[]): Promise<ControlShipment[]> {
		if (!barcodes || barcodes.length === 0) return await this.call('GET', '/shipments');
		const found: ControlShipment[] = [];
		for (let start = 0; start < barcodes.length; start += 50) {
			const batch = barcodes.slice(start, start + 50);
			found.push(...(await this.call<ControlShipment[]>('GET', `/shipments?barcodes=${encodeURIComponent(batch.join(','))}`)));
		}
		return found;
	}

	addShipments(input: AddShipmentsInput = {}): Promise<ControlShipment[]> {
		return this.call('POST', '/shipments', input);
	}

	/**
	 * Adds a tracking event to an existing shipment, possibly dated before events already served (a late
	 * event) or at the same Date as another. Answers the shipment's updated view.
	 */
	addEvent(barcode: string, input: AddEventInput): Promise<ControlShipment> {
		return this.call('POST', `/shipments/${encodeURIComponent(barcode)}/events`, input);
	}

	/**
	 * The parcel is refused at the door (`refusal`: one of Cargus' refusal events, default 186), then returned at the
	 * recipient's request (197) (POST /_sandbox/shipments/:barcode/refuse).
	 */
	refuse(barcode: string, input: { at?: string; stepMinutes?: number; refusal?: number } = {}): Promise<ControlShipment> {
		return this.call('POST', `/shipments/${encodeURIComponent(barcode)}/refuse`, input);
	}

	/** Every invoice, issued or planned, oldest issuedAt first. */
	invoices(): Promise<ControlInvoice[]> {
		return this.call('GET', '/invoices');
	}

	/** Plans invoices issued over the coming hours (some dated earlier than issued). */
	addInvoices(input: AddInvoicesInput = {}): Promise<{ added: number; first: number; last: number }> {
		return this.call('POST', '/invoices', input);
	}

	/** Every shipment with cash on delivery and when it is repaid. */
	cashOnDelivery(): Promise<ControlCashOnDelivery[]> {
		return this.call('GET', '/cash-on-delivery');
	}

	/** Every pickup order with its OrdStatus timeline. */
	orders(): Promise<ControlOrder[]> {
		return this.call('GET', '/orders');
	}

	/** Cash receipt lists received by POST /api/CashReceipts (dates as epoch milliseconds). */
	cashReceipts(): Promise<Array<Record<string, unknown> & { Id: number; receivedAt: string }>> {
		return this.call('GET', '/cash-receipts');
	}

	/** Complaints received by POST /api/Complaints/SaveComplaint. */
	complaints(): Promise<Array<Record<string, unknown> & { id: number; receivedAt: string }>> {
		return this.call('GET', '/complaints');
	}

	clock(): Promise<{ now: string; start: string; mode: string }> {
		return this.call('GET', '/clock');
	}

	advanceClock(by: { seconds?: number; minutes?: number; hours?: number; days?: number }): Promise<{ now: string }> {
		return this.call('POST', '/clock/advance', by);
	}

	setTokenLifetime(seconds: number): Promise<{ seconds: number }> {
		return this.call('PUT', '/token-lifetime', { seconds });
	}

	expireTokens(): Promise<{ expired: number }> {
		return this.call('POST', '/tokens/expire');
	}

	addFault(fault: FaultInput): Promise<{ id: string }> {
		return this.call('POST', '/faults', fault);
	}

	faults(): Promise<Array<FaultInput & { id: string; remaining?: number }>> {
		return this.call('GET', '/faults');
	}

	clearFaults(): Promise<{ cleared: boolean }> {
		return this.call('DELETE', '/faults');
	}

	setRateLimit(requestsPerSecond: number | null): Promise<{ requestsPerSecond: number | null }> {
		return this.call('PUT', '/rate-limit', { requestsPerSecond });
	}

	setSettings(settings: Partial<SandboxSettings>): Promise<SandboxSettings> {
		return this.call('PUT', '/settings', settings);
	}

	requests(operation?: string): Promise<RequestLogEntry[]> {
		return this.call('GET', `/requests${operation ? `?operation=${encodeURIComponent(operation)}` : ''}`);
	}

	clearRequests(): Promise<{ cleared: boolean }> {
		return this.call('DELETE', '/requests');
	}
}
