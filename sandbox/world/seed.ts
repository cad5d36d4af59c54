import { DAY, HOUR, MINUTE, toServiceDate } from './dates';
import { SeededRandom } from './random';
import type { LocalityRecord, ReferenceData } from './referenceData';
import { byDate, InvoiceNumbers, pastIssue, plannedInvoices } from './timelines/invoices';
import { DELIVERED, NOT_AT_HOME, OUT_FOR_DELIVERY, PICKED_UP, REFUSALS, RETURNS, WRONG_ADDRESS } from './timelines/cargusEvents';
import { planEvents, SCENARIO_PATHS } from './timelines/shipments';
import type { Account, Invoice, PickupLocation, PickupOrder, Scenario, Shipment } from './types';

export const DEFAULT_ACCOUNT = { subscriptionKey: 'sandbox-key', username: 'sandbox', password: 'sandbox' };

export const ACCOUNTS: Account[] = [
	{ ...DEFAULT_ACCOUNT, clientId: 70001, userId: 901, companyName: 'SANDBOX SHOP SRL' },
	{ username: 'other', password: 'other-password', subscriptionKey: 'other-key', clientId: 70002, userId: 902, companyName: 'ALT CLIENT SRL' },
];

const FIRST_NAMES = ['Andrei', 'Maria', 'Ion', 'Elena', 'Mihai', 'Ioana', 'Alexandru', 'Ana', 'Cristian', 'Gabriela', 'Vlad', 'Raluca', 'Stefan', 'Diana', 'Radu', 'Oana'];
const LAST_NAMES = ['Popescu', 'Ionescu', 'Popa', 'Constantin', 'Dumitru', 'Stan', 'Gheorghe', 'Rusu', 'Munteanu', 'Matei', 'Stoica', 'Marin', 'Tudor', 'Dobre', 'Florea', 'Lungu'];

export interface SeededState {
	locations: PickupLocation[];
	orders: PickupOrder[];
	shipments: Shipment[];
	/** Oldest Date first: the past year (issued) and the coming weeks (planned). */
	invoices: Invoice[];
	invoiceNumbers: InvoiceNumbers;
}

function location(clientId: number, LocationId: number, Name: string, locality: LocalityRecord, street: string, number: string, contact: string, extra: Partial<PickupLocation> = {}): PickupLocation {
	const postal = locality.PostalCodes[0] ?? '';
	return {
		clientId, LocationId, Name, CountyId: locality.CountyId, CountyName: locality.CountyName,
		LocalityId: locality.LocalityId, LocalityName: locality.Name, StreetId: 0, StreetName: street,
		BuildingNumber: number, AddressText: `${street} nr. ${number}`, ContactPerson: contact,
		PhoneNumber: '0721000000', Email: 'expeditii@sandbox.example', CodPostal: postal, PostalCode: postal,
		CountryId: 1, MinihubId: '', Active: 1, AutomaticEOD: '', clickCollect: false, ...extra,
	};
}

function seedLocations(reference: ReferenceData, random: SeededRandom): PickupLocation[] {
	const locality = (id: number) => reference.localityById.get(id) as LocalityRecord;
	const point = random.pick(reference.pudoPoints);
	const pointLocality = reference.localityById.get(point.LocalityId) ?? locality(150);
	return [
		location(70001, 1005962049, 'ECOM TEST', locality(29445916), 'Soseaua Tunari', '12', 'Ion Popescu', { CodPostal: '077180', PostalCode: '077180' }),
		location(70001, 1005962050, 'Depozit Bucuresti', locality(150), 'Bulevardul Iuliu Maniu', '7', 'Maria Ionescu'),
		location(70001, 1005962051, 'Magazin Cluj', locality(164), 'Strada Memorandumului', '28', 'Andrei Pop'),
		location(70001, 1005962052, `Ship & Go ${point.Name}`, pointLocality, point.Address.split(',')[1]?.trim() || point.City, 'n/a', 'Elena Stan', {
			MinihubId: point.Symbol, clickCollect: true, PostalCode: point.PostalCode, CodPostal: point.PostalCode,
		}),
		location(70002, 1005962060, 'Depozit Alt Client', locality(164), 'Strada Fabricii', '3', 'Radu Marin'),
	];
}

function seedOrders(locations: PickupLocation[], now: number): PickupOrder[] {
	const ecom = locations[0];
	const order = (OrderId: number, startOffset: number, hours: number, parcels: number, fixedStatus?: 4 | 5, createdAgo = 0): PickupOrder => ({
		clientId: 70001, OrderId, LocationId: ecom.LocationId, PickUpSiteName: ecom.Name,
		PickupStartDate: now + startOffset, PickupEndDate: now + startOffset + hours * HOUR,
		NoParcel: parcels, NoEnvelop: 1, TotalWeight: parcels * 2, Observations: '', PackageContent: 'Colete magazin online',
		CreationDate: createdAgo > 0 ? now - createdAgo : now + startOffset - DAY - 2 * HOUR, AdresaExp: `${ecom.AddressText}, ${ecom.LocalityName}, ${ecom.CountyName}`,
		Email: ecom.Email, OrderType: 3, fixedStatus,
	});
	return [
		order(5500001, -3 * DAY, 4, 5),
		order(5500002, -2 * DAY, 4, 2, 4),
		order(5500003, -1 * DAY, 4, 3, 5),
		order(5500004, -1 * HOUR, 4, 4),
		order(5500005, DAY, 4, 6),
		order(5500006, 6 * HOUR, 3, 2, undefined, 5 * MINUTE),
		currentOrder(5500007, locations[1], now - 2 * HOUR),
	];
}

/** A location's current order: the AWBs of the day joined it, and it waits for its launch (PUT /api/Orders?action=1). */
function currentOrder(OrderId: number, site: PickupLocation, createdAt: number): PickupOrder {
	return {
		clientId: site.clientId, OrderId, LocationId: site.LocationId, PickUpSiteName: site.Name,
		PickupStartDate: createdAt, PickupEndDate: createdAt, NoParcel: 3, NoEnvelop: 1, TotalWeight: 7, Observations: '',
		PackageContent: 'Colete magazin online', CreationDate: createdAt, AdresaExp: `${site.AddressText}, ${site.LocalityName}, ${site.CountyName}`,
		Email: site.Email, OrderType: 3, awaitsLaunch: true, awbCount: 4,
	};
}

interface ShipmentPlan { scenario: Scenario; path: number[]; visible: number; count: number }

/** States at the clock start: complete, mid-way (events still to come), not yet picked up, stuck. */
const SHIPMENT_PLANS: ShipmentPlan[] = [
	{ scenario: 'delivered', path: SCENARIO_PATHS.delivered, visible: 5, count: 12 },
	{ scenario: 'delivered', path: SCENARIO_PATHS.delivered, visible: 3, count: 6 },
	{ scenario: 'delivered', path: SCENARIO_PATHS.delivered, visible: 4, count: 5 },
	{ scenario: 'delivered', path: SCENARIO_PATHS.delivered, visible: 1, count: 5 },
	{ scenario: 'returned', path: SCENARIO_PATHS.returned, visible: 7, count: 6 },
	{ scenario: 'returned', path: SCENARIO_PATHS.returned, visible: 5, count: 4 },
	{ scenario: 'delivered', path: SCENARIO_PATHS.delivered, visible: 0, count: 4 },
	{ scenario: 'in-transit', path: SCENARIO_PATHS['in-transit'], visible: 3, count: 3 },
	{ scenario: 'not-picked-up', path: [], visible: 0, count: 3 },
	{ scenario: 'not-at-home', path: SCENARIO_PATHS['not-at-home'], visible: 7, count: 2 },
	{ scenario: 'not-at-home', path: SCENARIO_PATHS['not-at-home'], visible: 5, count: 2 },
	{ scenario: 'delayed', path: SCENARIO_PATHS.delayed, visible: 3, count: 2 },
];

/** Local hours (Bucharest) in which events that need a courier happen; hub events happen any time. */
const DAYTIME: Record<number, [number, number]> = {
	[PICKED_UP]: [9, 18], [OUT_FOR_DELIVERY]: [8, 12], [DELIVERED]: [9, 20], [WRONG_ADDRESS]: [9, 20], [NOT_AT_HOME]: [9, 20],
	...Object.fromEntries(REFUSALS.map((id) => [id, [9, 20]])), ...Object.fromEntries(RETURNS.map((id) => [id, [9, 18]])),
};

function inDaytime(ms: number, eventId: number): boolean {
	const window = DAYTIME[eventId];
	if (!window) return true;
	const local = toServiceDate(ms);
	const hour = Number(local.slice(11, 13)) + Number(local.slice(14, 16)) / 60;
	return hour >= window[0] && hour < window[1];
}

function fitForward(ms: number, eventId: number): number {
	let date = ms;
	while (!inDaytime(date, eventId)) date += 15 * MINUTE;
	return date;
}

function fitBackward(ms: number, eventId: number): number {
	let date = ms;
	while (!inDaytime(date, eventId)) date -= 15 * MINUTE;
	return date;
}

export interface ShipmentDraft {
	clientId: number;
	scenario: Scenario;
	barcode: string;
	senderName: string;
	senderLocality: string;
	eventIds: number[];
	dates: number[];
	createdAt: number;
}

export function draftShipment(draft: ShipmentDraft, reference: ReferenceData, random: SeededRandom): Shipment {
	const receiverLocality = random.pick(reference.localities);
	const parcel = random.chance(0.8);
	const weight = parcel ? random.int(1, 30) : 1;
	const shipment: Shipment = {
		barcode: draft.barcode,
		clientId: draft.clientId,
		scenario: draft.scenario,
		type: parcel ? '1' : '0',
		measuredWeight: weight,
		volumetricWeight: parcel ? Math.round(weight * (0.6 + random.next()) * 10) / 10 : 0,
		createdAt: draft.createdAt,
		sender: draft.senderName,
		senderLocality: draft.senderLocality,
		receiver: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
		receiverLocality: receiverLocality.Name,
		codValue: random.chance(0.6) ? random.int(50, 900) + random.int(0, 99) / 100 : 0,
		customString: `Comanda #${random.int(10000, 99999)}`,
		tariffSetName: random.pick(['Standard', 'Economic', 'Ship & Go']),
		outboundBarcode: '',
		events: [],
	};
	shipment.events = planEvents(shipment, draft.eventIds, draft.dates);
	return shipment;
}

function seedShipments(reference: ReferenceData, random: SeededRandom, now: number, locations: PickupLocation[]): Shipment[] {
	const shipments: Shipment[] = [];
	const used = new Set<string>();
	const newBarcode = () => {
		let code: string;
		do code = String(random.int(1_090_000_000, 1_099_999_999));
		while (used.has(code));
		used.add(code);
		return code;
	};
	const plans = [...SHIPMENT_PLANS, { scenario: 'delivered' as Scenario, path: SCENARIO_PATHS.delivered, visible: 5, count: 4 }];
	plans.forEach((plan, planIndex) => {
		const clientId = planIndex === plans.length - 1 ? 70002 : 70001;
		const senders = locations.filter((l) => l.clientId === clientId);
		for (let i = 0; i < plan.count; i++) {
			const gaps = plan.path.map(() => 150 * MINUTE + random.int(0, 120) * MINUTE + random.int(0, 59) * 1000);
			// Every other returned parcel was refused at the door instead (a path one event shorter: its visible events at most all).
			const refused = plan.scenario === 'returned' && i % 2 === 1;
			const path = refused ? SCENARIO_PATHS.refused : plan.path;
			const dates: number[] = [];
			if (path.length > 0 && plan.visible === 0) {
				dates[0] = fitForward(now + random.int(60, 24 * 60) * MINUTE, path[0]);
			} else if (path.length > 0) {
				const k = Math.min(plan.visible, path.length);
				const nextGap = gaps[k] ?? DAY;
				const sinceLast = k === path.length ? random.int(1, 20 * 24) * HOUR : random.int(10, Math.max(11, nextGap / MINUTE - 10)) * MINUTE;
				dates[k - 1] = fitBackward(now - sinceLast, path[k - 1]);
				for (let i = k - 2; i >= 0; i--) dates[i] = fitBackward(dates[i + 1] - gaps[i + 1], path[i]);
				if (k < path.length) dates[k] = fitForward(Math.max(dates[k - 1] + gaps[k], now + random.int(10, 60) * MINUTE), path[k]);
			}
			for (let i = dates.length; i < path.length; i++) dates[i] = fitForward(dates[i - 1] + gaps[i], path[i]);
			const withFractions = dates.map((date) => (random.chance(0.25) ? date + random.int(1, 999) : date));
			const sender = random.pick(senders);
			const first = withFractions[0] ?? now - random.int(1, 10) * DAY;
			shipments.push(draftShipment({
				clientId, scenario: refused ? 'refused' : plan.scenario, barcode: newBarcode(), senderName: sender.Name, senderLocality: sender.LocalityName,
				eventIds: path, dates: withFractions, createdAt: Math.min(first - random.int(2, 20) * HOUR, now - HOUR),
			}, reference, random));
		}
	});
	return shipments;
}

/** The past year of invoices, then the planned ones; issue moments come from their own generator (`issuing`). */
function seedInvoices(random: SeededRandom, issuing: SeededRandom, now: number): { invoices: Invoice[]; numbers: InvoiceNumbers } {
	const invoices: Invoice[] = [];
	let number = 2_000_100;
	let id = 4_400_100;
	for (const clientId of [70001, 70002]) {
		const perMonth = clientId === 70001 ? 3 : 1;
		for (let month = 12; month >= 0; month--) {
			for (let k = 0; k < perMonth; k++) {
				const date = now - month * 30 * DAY - random.int(0, 29) * DAY;
				if (date > now || date < now - 365 * DAY) continue;
				const value = random.int(80, 4000) + random.int(0, 99) / 100;
				const total = Math.round(value * 121) / 100;
				const closed = date < now - 45 * DAY || random.chance(0.3);
				const day = date - (date % DAY) + 8 * HOUR;
				invoices.push({
					clientId, InvoiceId: id++, Date: day, DueDate: day + 30 * DAY, Series: 'CRG', Number: number++,
					Value: value, Total: total, Closed: closed, Balance: closed ? 0 : total, CurrencyId: 1, issuedAt: pastIssue(day, now, issuing),
				});
			}
		}
	}
	const numbers = new InvoiceNumbers(id, number);
	invoices.push(...plannedInvoices([70001, 70002], now, issuing, numbers));
	return { invoices: invoices.sort(byDate), numbers };
}

export function seedState(seed: number, now: number, reference: ReferenceData): SeededState {
	const random = new SeededRandom(seed);
	const locations = seedLocations(reference, random);
	const orders = seedOrders(locations, now);
	const shipments = seedShipments(reference, random, now, locations);
	const { invoices, numbers } = seedInvoices(random, new SeededRandom(seed ^ 0x1a2b), now);
	return { locations, orders, shipments, invoices, invoiceNumbers: numbers };
}
