export type Scenario =
	| 'delivered' | 'returned' | 'refused' | 'in-transit' | 'out-for-delivery' | 'not-picked-up' | 'not-at-home' | 'wrong-address' | 'delayed';
export const SCENARIOS: readonly Scenario[] = [
	'delivered', 'returned', 'refused', 'in-transit', 'out-for-delivery', 'not-picked-up', 'not-at-home', 'wrong-address', 'delayed',
];

export interface Account {
	username: string;
	password: string;
	subscriptionKey: string;
	clientId: number;
	userId: number;
	companyName: string;
	/** The login paths that accept this account (e.g. only `/api/LoginUser`); absent: both. */
	loginPaths?: string[];
}

export interface IssuedToken {
	token: string;
	username: string;
	issuedAt: number;
	expiresAt: number;
}

export interface PickupLocation {
	clientId: number;
	LocationId: number;
	Name: string;
	CountyId: number;
	CountyName: string;
	LocalityId: number;
	LocalityName: string;
	StreetId: number;
	StreetName: string;
	BuildingNumber: string;
	AddressText: string;
	ContactPerson: string;
	PhoneNumber: string;
	Email: string;
	CodPostal: string;
	PostalCode: string;
	CountryId: number;
	MinihubId: string;
	Active: number;
	AutomaticEOD: string;
	clickCollect: boolean;
}

export interface PickupOrder {
	clientId: number;
	OrderId: number;
	LocationId: number;
	PickUpSiteName: string;
	PickupStartDate: number;
	PickupEndDate: number;
	NoParcel: number;
	NoEnvelop: number;
	TotalWeight: number;
	Observations: string;
	PackageContent: string;
	CreationDate: number;
	AdresaExp: string;
	Email: string;
	OrderType: number;
	/** 4 cancelled or 5 failed: fixed outcomes that time does not change. */
	fixedStatus?: 4 | 5;
	/**
	 * The location's current order, which its AWBs join: open (0) until launched with `PUT /api/Orders?action=1`
	 * (then `launchedAt` and the pickup dates are set). Unset for orders sent with `POST /api/Orders`.
	 */
	awaitsLaunch?: boolean;
	launchedAt?: number;
	/** Cancelled with `PUT /api/Orders?action=0`: 4 from this instant on. */
	cancelledAt?: number;
	/** AWBs that joined the order (counted at pickup); unset: parcels + envelopes. */
	awbCount?: number;
}

export interface PlannedEvent {
	EventId: number;
	date: number;
	Description: string;
	LocalityName: string;
	/** Served from this instant (or from `date`, if later); unset: from `date`. Set by the control API's added events. */
	visibleAt?: number;
}

export interface Shipment {
	barcode: string;
	clientId: number;
	scenario: Scenario;
	type: '1' | '0';
	measuredWeight: number;
	volumetricWeight: number;
	createdAt: number;
	sender: string;
	senderLocality: string;
	receiver: string;
	receiverLocality: string;
	codValue: number;
	customString: string;
	tariffSetName: string;
	outboundBarcode: string;
	events: PlannedEvent[];
	/** The pieces of an AWB of more than one (parcels, then envelopes), each traced under its own code; unset: one piece. */
	pieces?: Array<{ type: '1' | '0'; weight: number }>;
	/** What POST /api/Awbs (or Awbs/WithGetAwb) received (created AWBs only); seeded shipments are described from the fields above. */
	awb?: AwbDetails;
}

/** An AWB made by POST /api/Awbs, as GET /api/Awbs answers it (besides the Shipment's own fields). */
export interface AwbDetails {
	OrderId: number;
	SenderLocationId: number;
	Recipient: Record<string, unknown>;
	Parcels: number;
	Envelopes: number;
	TotalWeight: number;
	ServiceId: number;
	DeclaredValue: number;
	CashRepayment: number;
	BankRepayment: number;
	OtherRepayment: string;
	OpenPackage: boolean;
	SaturdayDelivery: boolean;
	MorningDelivery: boolean;
	ShipmentPayer: number;
	PriceTableId: number;
	Observations: string;
	PackageContent: string;
	DeliveryPudoPoint: number | null;
	ParcelCodes: Array<Record<string, unknown>>;
	/** What Cargus charges for the AWB (ShippingCalculation's answer for it). */
	ShippingCost: Record<string, number>;
	/** 0 none, 1 a return code, 2 a pre-printed return AWB (ConsumerReturnType). */
	ConsumerReturnType: number;
	ReturnCodeExpirationDays: number;
	/** The code the recipient gives the courier to send the parcel back (return type 1). */
	ReturnCode: string;
	/** The barcode of the pre-printed return AWB (return type 2), printed with the label on request. */
	ReturnAwb: string;
}

export interface Invoice {
	clientId: number;
	InvoiceId: number;
	Date: number;
	DueDate: number;
	Series: string;
	Number: number;
	Value: number;
	Total: number;
	Closed: boolean;
	Balance: number;
	CurrencyId: number;
	/** When Cargus issues it: absent from the service before, listed from then on. Never before Date. */
	issuedAt: number;
}

export interface StoredCashReceiptList {
	Id: number;
	clientId?: number;
	body: Record<string, unknown>;
	receivedAt: number;
}

export interface StoredComplaint {
	id: number;
	body: Record<string, unknown>;
	receivedAt: number;
}
