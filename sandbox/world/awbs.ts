import { toServiceDate } from './dates';
import { localityViews } from './localityViews';
import { statusExpressionOf } from './timelines/shipments';
import type { PickupLocation, Shipment } from './types';

/** The services an AWB can travel with, and what each accepts (Cargus' API document v3 and its plugins). */
export interface ServiceRule {
	name: string;
	/** Heaviest single piece, kg (the sandbox's own figure where `documented` has none: checked only with `strictChecks`). */
	maxPieceKg: number;
	/** Heaviest AWB, kg (as maxPieceKg). */
	maxTotalKg: number;
	/** Most pieces (parcels + envelopes) (as maxPieceKg). */
	maxPieces: number;
	/** The limits Cargus' API document v3 gives, checked always: its ShippingCalculation row and its Multipiece section. */
	documented: { maxPieceKg?: number; maxTotalKg?: number; maxPieces?: number };
	baseCost: number;
}

export const SERVICES: Record<number, ServiceRule> = {
	// Older contracts' services (real-clients.md: Magento sends 1, an older PrestaShop 1 or 4); no source gives
	// their limits, so the sandbox takes them up to the pallet's.
	1: { name: 'Standard', maxPieceKg: 1000, maxTotalKg: 3000, maxPieces: 15, documented: {}, baseCost: 16 },
	4: { name: 'Service 4', maxPieceKg: 1000, maxTotalKg: 3000, maxPieces: 15, documented: {}, baseCost: 16 },
	34: { name: 'Economic Standard', maxPieceKg: 31, maxTotalKg: 31, maxPieces: 15, documented: { maxTotalKg: 31 }, baseCost: 14.5 },
	35: { name: 'Standard Plus', maxPieceKg: 50, maxTotalKg: 50, maxPieces: 15, documented: { maxTotalKg: 50 }, baseCost: 19 },
	36: { name: 'Pallet Standard', maxPieceKg: 1000, maxTotalKg: 3000, maxPieces: 15, documented: {}, baseCost: 85 },
	38: { name: 'Ship & Go', maxPieceKg: 31, maxTotalKg: 31, maxPieces: 1, documented: {}, baseCost: 11.9 },
	39: { name: 'Multipiece', maxPieceKg: 31, maxTotalKg: 465, maxPieces: 15, documented: { maxPieceKg: 31, maxTotalKg: 465, maxPieces: 15 }, baseCost: 17.5 },
};

export const MAX_ENVELOPES = 9;

export const PRICE_TABLES = [
	{ PriceTableId: 1, Name: 'Tarif standard' },
	{ PriceTableId: 2, Name: 'Contract magazin online 2026' },
];
/** Price table 2 takes this share off the base cost. */
const CONTRACT_DISCOUNT = 0.1;
const VAT = 0.21;

export interface PriceInput {
	toLocalityId: number;
	serviceId: number;
	totalWeight: number;
	declaredValue: number;
	cashRepayment: number;
	bankRepayment: number;
	openPackage: boolean;
	saturdayDelivery: boolean;
	morningDelivery: boolean;
	priceTableId: number;
}

const money = (value: number) => Math.round(value * 100) / 100;

/** What ShippingCalculation answers; Awbs prices a new AWB with the same rules. */
export function priceOf(input: PriceInput) {
	const service = SERVICES[input.serviceId];
	const base = service.baseCost * (input.priceTableId === 2 ? 1 - CONTRACT_DISCOUNT : 1);
	const extraKm = localityViews().get(input.toLocalityId)?.ExtraKm ?? 0;
	const costs = {
		BaseCost: money(base),
		ExtraKmCost: money(extraKm * 0.5),
		WeightCost: money(Math.max(0, Math.ceil(input.totalWeight) - 1) * 0.9),
		InsuranceCost: money(input.declaredValue * 0.01),
		SpecialCost: money((input.saturdayDelivery ? 10 : 0) + (input.morningDelivery ? 15 : 0) + (input.openPackage ? 3 : 0)),
		RepaymentCost: money(input.cashRepayment + input.bankRepayment > 0 ? 1.5 + (input.cashRepayment + input.bankRepayment) * 0.01 : 0),
	};
	const subtotal = money(Object.values(costs).reduce((sum, cost) => sum + cost, 0));
	const tax = money(subtotal * VAT);
	return { ...costs, Subtotal: subtotal, Tax: tax, GrandTotal: money(subtotal + tax) };
}

/** The `Status` of a deleted AWB in the lists that keep it (OpenCart skips records with this status). */
export const DELETED_STATUS = 'Deleted';

/**
 * GET /api/Awbs and GetByDate: one AWB record (a seeded shipment is described from what the sandbox knows of it);
 * `deleted` for an AWB deleted with DELETE /api/Awbs, which these lists keep.
 */
export function awbView(shipment: Shipment, sender: PickupLocation | undefined, now: number, deleted = false) {
	const awb = shipment.awb;
	const parcel = shipment.type === '1';
	return {
		BarCode: shipment.barcode,
		OrderId: awb?.OrderId ?? 0,
		CreationDate: toServiceDate(shipment.createdAt),
		Status: deleted ? DELETED_STATUS : statusExpressionOf(shipment, now),
		// The sender's address as OpenCart's AWB history shows it (cargus_istoric.twig reads these).
		Sender: {
			LocationId: sender?.LocationId ?? 0,
			Name: shipment.sender,
			CountyName: sender?.CountyName ?? '',
			LocalityName: shipment.senderLocality,
			StreetName: sender?.StreetName ?? '',
			BuildingNumber: sender?.BuildingNumber ?? '',
			AddressText: sender?.AddressText ?? '',
			ContactPerson: sender?.ContactPerson ?? '',
			PhoneNumber: sender?.PhoneNumber ?? '',
			Email: sender?.Email ?? '',
		},
		Recipient: awb?.Recipient ?? { Name: shipment.receiver, LocalityName: shipment.receiverLocality },
		Parcels: awb?.Parcels ?? (parcel ? 1 : 0),
		Envelopes: awb?.Envelopes ?? (parcel ? 0 : 1),
		TotalWeight: awb?.TotalWeight ?? shipment.measuredWeight,
		ServiceId: awb?.ServiceId ?? (shipment.tariffSetName === 'Ship & Go' ? 38 : 34),
		DeclaredValue: awb?.DeclaredValue ?? 0,
		CashRepayment: shipment.codValue,
		BankRepayment: awb?.BankRepayment ?? 0,
		OtherRepayment: awb?.OtherRepayment ?? '',
		OpenPackage: awb?.OpenPackage ?? false,
		SaturdayDelivery: awb?.SaturdayDelivery ?? false,
		MorningDelivery: awb?.MorningDelivery ?? false,
		ShipmentPayer: awb?.ShipmentPayer ?? 1,
		PriceTableId: awb?.PriceTableId ?? 1,
		Observations: awb?.Observations ?? '',
		PackageContent: awb?.PackageContent ?? '',
		CustomString: shipment.customString,
		DeliveryPudoPoint: awb?.DeliveryPudoPoint ?? null,
		ParcelCodes: awb?.ParcelCodes ?? [],
		ShippingCost: awb?.ShippingCost ?? null,
		ConsumerReturnType: awb?.ConsumerReturnType ?? 0,
		ReturnCode: awb?.ReturnCode ?? '',
		ReturnAwb: awb?.ReturnAwb ?? '',
	};
}
