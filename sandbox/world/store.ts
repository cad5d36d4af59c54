import { randomBytes } from 'node:crypto';
import type { SandboxClock } from './clock';
import { SeededRandom } from './random';
import { referenceData } from './referenceData';
import { ACCOUNTS, draftShipment, seedState } from './seed';
import { byDate, InvoiceNumbers, isIssued } from './timelines/invoices';
import { orderStatusAt } from './timelines/pickupOrders';
import { SCENARIO_PATHS } from './timelines/shipments';
import type {
	Account, IssuedToken, Invoice, PickupLocation, PickupOrder, Scenario, Shipment, StoredCashReceiptList, StoredComplaint,
} from './types';

/** A login of the default account's client: another user with its own subscription key (and, if given, its only login paths). */
export type ExtraUser = Pick<Account, 'username' | 'password' | 'subscriptionKey' | 'loginPaths'>;

export type TokenCheck = { status: 'valid'; account: Account } | { status: 'expired' | 'invalid' };

/** Owns the sandbox's state: accounts, tokens, locations, orders, shipments, invoices, receipts, complaints. */
export class SandboxStore {
	readonly accounts: Account[];
	tokens = new Map<string, IssuedToken>();
	locations = new Map<number, PickupLocation>();
	orders = new Map<number, PickupOrder>();
	shipments = new Map<string, Shipment>();
	/**
	 * AWBs deleted with `DELETE /api/Awbs`, by barcode: gone from tracking, documents and cash on delivery, but still in
	 * the AWB lists clients read (`GET /api/Awbs` by barcode or order, `Awbs/GetByDate`) with `Status` "Deleted", as
	 * OpenCart sees Cargus keep them (real-clients.md, "OpenCart's whole flow", call 10).
	 */
	deletedAwbs = new Map<string, { shipment: Shipment; deletedAt: number }>();
	/** Issued and planned, oldest Date first. */
	invoices: Invoice[] = [];
	invoicesById = new Map<number, Invoice>();
	invoiceNumbers = new InvoiceNumbers(0, 0);
	cashReceiptLists: StoredCashReceiptList[] = [];
	complaints: StoredComplaint[] = [];
	random = new SeededRandom(1);
	tokenLifetimeMs: number;
	private nextLocationId = 1005962100;
	private nextOrderId = 5500100;
	private nextBarcode = 1_200_000_001;
	private nextCashReceiptId = 880001;

	constructor(
		private readonly clock: SandboxClock,
		private readonly defaultTokenLifetimeMs: number,
		seed: number,
		extraUsers: ExtraUser[] = [],
	) {
		this.accounts = [...ACCOUNTS, ...extraUsers.map((user, index) => ({ ...ACCOUNTS[0], ...user, userId: ACCOUNTS[0].userId + 100 + index }))];
		this.tokenLifetimeMs = defaultTokenLifetimeMs;
		this.reset(seed);
	}

	reset(seed: number): void {
		const state = seedState(seed, this.clock.startMs, referenceData());
		this.random = new SeededRandom(seed ^ 0x5eed);
		this.tokens.clear();
		this.locations = new Map(state.locations.map((l) => [l.LocationId, l]));
		this.orders = new Map(state.orders.map((o) => [o.OrderId, o]));
		this.shipments = new Map(state.shipments.map((s) => [s.barcode, s]));
		this.deletedAwbs.clear();
		this.invoices = state.invoices;
		this.invoicesById = new Map(state.invoices.map((invoice) => [invoice.InvoiceId, invoice]));
		this.invoiceNumbers = state.invoiceNumbers;
		this.cashReceiptLists = [];
		this.complaints = [];
		this.tokenLifetimeMs = this.defaultTokenLifetimeMs;
		this.nextLocationId = 1005962100;
		this.nextOrderId = 5500100;
		this.nextBarcode = 1_200_000_001;
		this.nextCashReceiptId = 880001;
	}

	accountByKey(subscriptionKey: string): Account | undefined {
		return this.accounts.find((account) => account.subscriptionKey === subscriptionKey);
	}

	/** A new token for the account, if the username and password are right and the account logs in at this path. */
	login(username: string, password: string, path: string): string | undefined {
		const account = this.accounts.find((a) => a.username.toLowerCase() === username.toLowerCase() && a.password === password);
		if (!account || (account.loginPaths !== undefined && !account.loginPaths.includes(path))) return undefined;
		const token = randomBytes(48).toString('base64url');
		const now = this.clock.now();
		this.tokens.set(token, { token, username: account.username, issuedAt: now, expiresAt: now + this.tokenLifetimeMs });
		if (this.tokens.size > SandboxStore.MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value as string);
		return token;
	}

	checkToken(token: string | undefined): TokenCheck {
		const issued = token ? this.tokens.get(token) : undefined;
		if (!issued) return { status: 'invalid' };
		if (this.clock.now() >= issued.expiresAt) return { status: 'expired' };
		const account = this.accounts.find((a) => a.username === issued.username);
		return account ? { status: 'valid', account } : { status: 'invalid' };
	}

	expireAllTokens(): void {
		const now = this.clock.now();
		for (const token of this.tokens.values()) token.expiresAt = Math.min(token.expiresAt, now);
	}

	addLocation(location: Omit<PickupLocation, 'LocationId'>): PickupLocation {
		const stored = { ...location, LocationId: this.nextLocationId++ };
		this.locations.set(stored.LocationId, stored);
		return stored;
	}

	addOrder(order: Omit<PickupOrder, 'OrderId'>): PickupOrder {
		const stored = { ...order, OrderId: this.nextOrderId++ };
		this.orders.set(stored.OrderId, stored);
		return stored;
	}

	/** The client's pickup locations, lowest LocationId first; `active` only: those with Active 1. */
	locationsOf(clientId: number, active = false): PickupLocation[] {
		return [...this.locations.values()]
			.filter((l) => l.clientId === clientId && (!active || l.Active === 1))
			.sort((a, b) => a.LocationId - b.LocationId);
	}

	/** The client's location by id; 0 is the headquarters, taken to be the client's first location. */
	locationOfClient(clientId: number, locationId: number): PickupLocation | undefined {
		if (locationId === 0) return this.locationsOf(clientId)[0];
		const location = this.locations.get(locationId);
		return location?.clientId === clientId ? location : undefined;
	}

	/**
	 * The location's current order (the one its new AWBs join): its open order at `now` (OrdStatus 0, a sent one
	 * not yet validated too), the earliest when there are several, as the shop plugins read `Orders?status=0`.
	 */
	currentOrder(location: PickupLocation, now: number): PickupOrder | undefined {
		return [...this.orders.values()]
			.filter((o) => o.LocationId === location.LocationId && o.CreationDate <= now && orderStatusAt(o, now) === 0)
			.sort((a, b) => a.CreationDate - b.CreationDate || a.OrderId - b.OrderId)[0];
	}

	/** Adds an AWB's parcels to the location's current order, opening one if there is none; answers the order. */
	joinCurrentOrder(location: PickupLocation, awb: { parcels: number; envelopes: number; weight: number }, now: number): PickupOrder {
		const order = this.currentOrder(location, now) ?? this.addOrder({
			clientId: location.clientId, LocationId: location.LocationId, PickUpSiteName: location.Name,
			PickupStartDate: now, PickupEndDate: now, NoParcel: 0, NoEnvelop: 0, TotalWeight: 0, Observations: '', PackageContent: '',
			CreationDate: now, AdresaExp: `${location.AddressText}, ${location.LocalityName}, ${location.CountyName}`,
			Email: location.Email, OrderType: 3, awaitsLaunch: true, awbCount: 0,
		});
		order.NoParcel += awb.parcels;
		order.NoEnvelop += awb.envelopes;
		order.TotalWeight += awb.weight;
		order.awbCount = (order.awbCount ?? 0) + 1;
		return order;
	}

	/** A return code for an AWB asked with ConsumerReturnType 1: what the recipient tells the courier to send it back. */
	newReturnCode(barcode: string): string {
		return `R${barcode.slice(-8)}`;
	}

	newBarcode(): string {
		while (this.shipments.has(String(this.nextBarcode))) this.nextBarcode++;
		return String(this.nextBarcode++);
	}

	/** Adds a shipment whose events follow the scenario's path from startAt, stepMs apart; codValue: its cash on delivery, else drawn. */
	addShipment(scenario: Scenario, startAt: number, stepMs: number, clientId = 70001, outboundBarcode = '', codValue?: number): Shipment {
		const reference = referenceData();
		const sender = [...this.locations.values()].find((l) => l.clientId === clientId);
		const path = SCENARIO_PATHS[scenario];
		const shipment = draftShipment({
			clientId, scenario, barcode: this.newBarcode(), senderName: sender?.Name ?? 'SANDBOX SHOP SRL',
			senderLocality: sender?.LocalityName ?? 'BUCURESTI', eventIds: path,
			dates: path.map((_, index) => startAt + index * stepMs), createdAt: Math.min(startAt, this.clock.now()),
		}, reference, this.random);
		shipment.outboundBarcode = outboundBarcode;
		if (codValue !== undefined) shipment.codValue = codValue;
		this.shipments.set(shipment.barcode, shipment);
		return shipment;
	}

	addCashReceiptList(body: Record<string, unknown>): number {
		const Id = this.nextCashReceiptId++;
		this.cashReceiptLists.push({ Id, body, receivedAt: this.clock.now() });
		return Id;
	}

	addComplaint(body: Record<string, unknown>): void {
		this.complaints.push({ id: this.complaints.length + 1, body, receivedAt: this.clock.now() });
	}

	/** The client's invoices issued by `now`, oldest Date first. */
	issuedInvoicesOf(clientId: number, now: number): Invoice[] {
		return this.invoices.filter((invoice) => invoice.clientId === clientId && isIssued(invoice, now));
	}

	/** The client's invoice with that id, if issued by `now`. */
	issuedInvoice(invoiceId: number, clientId: number, now: number): Invoice | undefined {
		const invoice = this.invoicesById.get(invoiceId);
		return invoice && invoice.clientId === clientId && isIssued(invoice, now) ? invoice : undefined;
	}

	/** Adds invoices made with `invoiceNumbers` (issued or planned), keeping the Date order. */
	addInvoices(invoices: Invoice[]): void {
		for (const invoice of invoices) this.invoicesById.set(invoice.InvoiceId, invoice);
		this.invoices = [...this.invoices, ...invoices].sort(byDate);
	}

	shipmentsOf(clientId: number, from: number, to: number): Shipment[] {
		return [...this.shipments.values()].filter((s) => s.clientId === clientId && s.createdAt >= from && s.createdAt <= to);
	}

	/** Oldest tokens are forgotten beyond this many (bounded memory under login floods). */
	static readonly MAX_TOKENS = 100_000;
}
