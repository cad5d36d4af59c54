import type { FastifyInstance } from 'fastify';
import { AnswerError, noContent, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { awbView, MAX_ENVELOPES, PRICE_TABLES, priceOf, SERVICES, type PriceInput } from '../world/awbs';
import { dayAround, DAY, HOUR, parseServiceDate } from '../world/dates';
import { referenceData, type LocalityRecord, type PudoPoint } from '../world/referenceData';
import { streetsOf } from '../world/streets';
import { planEvents, SCENARIO_PATHS, visibleEvents } from '../world/timelines/shipments';
import type { Shipment } from '../world/types';
import { errorObject, modelStateError } from './errorBodies';
import { ADDRESS_FIELDS, checkEmail, resolveLocality } from './address';
import { defineOperation, type OperationInput, type OperationSpec, type QueryReader } from './operation';
import { failWith, intQuery, pageOf, pagingQuery, requireBody, requiredQuery, validateOrFail } from './inputs';
import { isObject, type Schema } from './validation';

/** A new AWB is picked up this long after it is created (the location's automatic end of day), then moves in 3-hour steps. */
const PICKUP_DELAY_MS = 3 * HOUR;
const STEP_MS = 3 * HOUR;
/** A Ship & Go parcel waits this long at the point before the recipient collects it. */
const POINT_WAIT_MS = DAY;
/** How long a return code or return AWB stays valid when ReturnCodeExpirationDays is not given (the WooCommerce plugin's default). */
const DEFAULT_RETURN_DAYS = 30;

const PRICE_FIELDS: Schema = {
	Parcels: { type: 'int' },
	Envelopes: { type: 'int' },
	TotalWeight: { type: 'int' },
	ServiceId: { type: 'int' },
	DeclaredValue: { type: 'double' },
	CashRepayment: { type: 'double' },
	BankRepayment: { type: 'double' },
	OtherRepayment: { type: 'string', maxLength: 100 },
	OpenPackage: { type: 'boolean' },
	SaturdayDelivery: { type: 'boolean' },
	MorningDelivery: { type: 'boolean' },
	ShipmentPayer: { type: 'int' },
	PriceTableId: { type: 'int' },
};

// Weight is optional: OpenCart sends its envelopes as {Code: "P1", Type: 0} (real-clients.md, "OpenCart's whole flow", call 7).
const PARCEL_CODE_FIELDS: Schema = {
	Code: { type: 'string', maxLength: 50 },
	Type: { type: 'int' },
	Weight: { type: 'int' },
	Length: { type: 'int' },
	Width: { type: 'int' },
	Height: { type: 'int' },
	ParcelContent: { type: 'string', maxLength: 200 },
};

const number = (value: unknown) => (value as number | undefined) ?? 0;

/**
 * The service an AWB travels with. `ServiceId` 0 (OpenCart's value when the shop chose none) or none at all: the one
 * the weight calls for, as the document's ShippingCalculation row gives it (34 up to 31 kg, 35 up to 50 kg, else 36).
 */
function serviceFor(serviceId: number | undefined, totalWeight: number): number {
	if (serviceId !== undefined && serviceId !== 0) return serviceId;
	return totalWeight <= 31 ? 34 : totalWeight <= 50 ? 35 : 36;
}

/**
 * The price table: `PriceTableId` 0 (the document's own example, and OpenCart's value when the shop chose none) or
 * none at all is the account's default table, the first PriceTables lists.
 */
function priceTableFor(priceTableId: number | undefined): number {
	return priceTableId === undefined || priceTableId === 0 ? PRICE_TABLES[0].PriceTableId : priceTableId;
}

/**
 * The checks an AWB and a price share: pieces, weight, the service's limits, amounts, payer, price table. Those
 * that no source shows Cargus making apply only with the `strictChecks` setting (docs/sandbox.md, "Refusals").
 */
function checkShipment(fields: Record<string, unknown>, spec: OperationSpec, pieceWeights: number[] = []): PriceInput & { parcels: number; envelopes: number } {
	const parcels = number(fields.Parcels);
	const envelopes = number(fields.Envelopes);
	const totalWeight = number(fields.TotalWeight);
	const serviceId = serviceFor(fields.ServiceId as number | undefined, totalWeight);
	const service = SERVICES[serviceId];
	if (!service) failWith(spec, `ServiceId invalid: ${serviceId} (${Object.keys(SERVICES).join(', ')}).`);
	if (envelopes > MAX_ENVELOPES) failWith(spec, `Envelopes: cel mult ${MAX_ENVELOPES} plicuri pe un AWB.`);
	if (service.documented.maxTotalKg !== undefined && totalWeight > service.documented.maxTotalKg) {
		failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.documented.maxTotalKg} kg (TotalWeight ${totalWeight}).`);
	}
	if (service.documented.maxPieces !== undefined && parcels + envelopes > service.documented.maxPieces) {
		failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.documented.maxPieces} piese.`);
	}
	if (service.documented.maxPieceKg !== undefined && pieceWeights.some((weight) => weight > (service.documented.maxPieceKg as number))) {
		failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.documented.maxPieceKg} kg pe colet (ParcelCodes).`);
	}
	const payer = (fields.ShipmentPayer as number | undefined) ?? 1;
	if (payer !== 1 && payer !== 2) failWith(spec, `ShipmentPayer invalid: ${payer} (1 expeditor, 2 destinatar).`);
	const priceTableId = priceTableFor(fields.PriceTableId as number | undefined);
	if (spec.strict) checkShipmentStrictly(fields, spec, { parcels, envelopes, totalWeight, serviceId, priceTableId, pieceWeights });
	return {
		parcels, envelopes, totalWeight, serviceId,
		priceTableId: PRICE_TABLES.some((table) => table.PriceTableId === priceTableId) ? priceTableId : PRICE_TABLES[0].PriceTableId,
		toLocalityId: 0,
		declaredValue: number(fields.DeclaredValue), cashRepayment: number(fields.CashRepayment), bankRepayment: number(fields.BankRepayment),
		openPackage: fields.OpenPackage === true, saturdayDelivery: fields.SaturdayDelivery === true, morningDelivery: fields.MorningDelivery === true,
	};
}

/** The sandbox's own checks of a shipment, which no source shows Cargus making: only with `strictChecks`. */
function checkShipmentStrictly(fields: Record<string, unknown>, spec: OperationSpec, shipment: {
	parcels: number; envelopes: number; totalWeight: number; serviceId: number; priceTableId: number; pieceWeights: number[];
}): void {
	const { parcels, envelopes, totalWeight, serviceId } = shipment;
	const service = SERVICES[serviceId];
	if (parcels < 0 || envelopes < 0) failWith(spec, 'Parcels si Envelopes nu pot fi negative.');
	if (parcels + envelopes < 1) failWith(spec, 'Expeditia trebuie sa contina cel putin un colet sau un plic (Parcels, Envelopes).');
	if (parcels > 0 && totalWeight < 1) failWith(spec, 'TotalWeight trebuie sa fie cel putin 1 kg pentru colete.');
	if (totalWeight < 0) failWith(spec, 'TotalWeight nu poate fi negativ.');
	if (parcels + envelopes > service.maxPieces) failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.maxPieces} piese.`);
	if (totalWeight > service.maxTotalKg) failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.maxTotalKg} kg (TotalWeight ${totalWeight}).`);
	if (shipment.pieceWeights.some((weight) => weight > service.maxPieceKg)) failWith(spec, `Serviciul ${service.name} (${serviceId}) accepta cel mult ${service.maxPieceKg} kg pe colet (ParcelCodes).`);
	if (serviceId === 36 && envelopes > 0) failWith(spec, 'Serviciul Pallet Standard (36) nu accepta plicuri.');
	for (const name of ['DeclaredValue', 'CashRepayment', 'BankRepayment']) {
		if (number(fields[name]) < 0) failWith(spec, `${name} nu poate fi negativ.`);
	}
	if (number(fields.CashRepayment) > 0 && number(fields.BankRepayment) > 0) {
		failWith(spec, 'Rambursul se incaseaza fie numerar (CashRepayment), fie in cont (BankRepayment), nu amandoua.');
	}
	if (!PRICE_TABLES.some((table) => table.PriceTableId === shipment.priceTableId)) failWith(spec, `PriceTableId invalid: ${shipment.priceTableId}.`);
}

/**
 * ParcelCodes: one entry per parcel (Type 1) and envelope (Type 0; a missing Type is 0, as a model binder leaves an
 * int it is not given). With `strictChecks`, weights are not negative and the counts match Parcels and Envelopes.
 */
function checkParcelCodes(raw: unknown, fields: Record<string, unknown>, spec: OperationSpec): Array<Record<string, unknown>> {
	if (raw === undefined || raw === null) return [];
	if (!Array.isArray(raw)) throw new AnswerError(modelStateError(spec.invalidStatus, { ParcelCodes: ['The ParcelCodes field must be a list.'] }));
	const codes = raw.map((item, index) => validateOrFail(isObject(item) ? item : {}, PARCEL_CODE_FIELDS, spec, `ParcelCodes[${index}].`));
	codes.forEach((code, index) => {
		if (code.Type !== undefined && code.Type !== 0 && code.Type !== 1) failWith(spec, `ParcelCodes[${index}].Type invalid: ${String(code.Type)} (1 colet, 0 plic).`);
		if (spec.strict && number(code.Weight) < 0) failWith(spec, `ParcelCodes[${index}].Weight nu poate fi negativ.`);
	});
	if (!spec.strict) return codes;
	const parcels = codes.filter((code) => code.Type === 1).length;
	if (parcels !== number(fields.Parcels) || codes.length - parcels !== number(fields.Envelopes)) {
		failWith(spec, `ParcelCodes: ${parcels} colete si ${codes.length - parcels} plicuri, dar Parcels ${number(fields.Parcels)} si Envelopes ${number(fields.Envelopes)}.`);
	}
	return codes;
}

/**
 * The pieces of an AWB of more than one, parcels first, then envelopes, each weighing what its ParcelCodes entry says
 * (else the parcels share TotalWeight, an envelope 0); undefined for one piece.
 */
function piecesOf(parcels: number, envelopes: number, totalWeight: number, parcelCodes: Array<Record<string, unknown>>): Shipment['pieces'] {
	const count = Math.max(0, Math.trunc(parcels)) + Math.max(0, Math.trunc(envelopes));
	if (count <= 1) return undefined;
	const weightsOf = (type: number) => parcelCodes.filter((code) => (code.Type ?? 0) === type).map((code) => number(code.Weight));
	const [parcelWeights, envelopeWeights] = [weightsOf(1), weightsOf(0)];
	const share = Math.round((totalWeight / Math.max(1, parcels)) * 100) / 100;
	return Array.from({ length: count }, (_, index) => (index < parcels
		? { type: '1' as const, weight: parcelWeights[index] ?? share }
		: { type: '0' as const, weight: envelopeWeights[index - parcels] ?? 0 }));
}

/** MM-dd-yyyy (as Cargus' document gives for Awbs/GetByDate), or any date the other operations take. */
function awbDate(query: QueryReader, name: string, spec: OperationSpec): { at: number; dayOnly: boolean } {
	const text = requiredQuery(query, name, spec);
	const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
	const at = parseServiceDate(us ? `${us[3]}-${us[1]}-${us[2]}` : text);
	if (at === undefined) {
		throw new AnswerError(modelStateError(spec.invalidStatus, { [name]: [`The value '${text.slice(0, 40)}' is not valid for ${name}: expected MM-dd-yyyy.`] }));
	}
	return { at, dayOnly: us !== null || /^\d{4}-\d{2}-\d{2}$/.test(text) };
}

/** FromDate and ToDate as awbDate reads them (a ToDate day covers the whole day); From after To only with `strictChecks`. */
export function monthDayYearRange(query: QueryReader, spec: OperationSpec): { from: number; end: number } {
	const from = awbDate(query, 'FromDate', spec);
	const to = awbDate(query, 'ToDate', spec);
	const end = to.dayOnly ? dayAround(to.at).end : to.at;
	if (spec.strict && from.at > end) failWith(spec, 'FromDate trebuie sa fie inainte de ToDate (FromDate is after ToDate).');
	return { from: from.at, end };
}

/** AWBs: create (answers the barcode), delete before the first checkpoint, read by barcode or order, list by date; prices. */
export function registerAwbs(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;
	const view = (shipment: Shipment, now: number, deleted = false) => {
		const sender = shipment.awb ? store.locations.get(shipment.awb.SenderLocationId) : store.locationsOf(shipment.clientId).find((l) => l.Name === shipment.sender);
		return awbView(shipment, sender, now, deleted);
	};

	const createAwb = ({ body, spec, account, now }: OperationInput): Shipment => {
			const input = requireBody(body, spec);
			const fields = validateOrFail(input, {
				...PRICE_FIELDS,
				DeliveryPudoPoint: { type: 'int' },
				BarCode: { type: 'string', maxLength: 20 },
				Observations: { type: 'string', maxLength: 500 },
				PackageContent: { type: 'string', maxLength: 500 },
				CustomString: { type: 'string', maxLength: 100 },
				ConsumerReturnType: { type: 'int' },
				ReturnCodeExpirationDays: { type: 'int' },
			}, spec);
			const returnType = (fields.ConsumerReturnType as number | undefined) ?? 0;
			const returnDays = (fields.ReturnCodeExpirationDays as number | undefined) ?? 0;
			if (![0, 1, 2].includes(returnType)) failWith(spec, `ConsumerReturnType invalid: ${returnType} (0 fara retur, 1 cod retur, 2 AWB retur pre-tiparit).`);
			if (spec.strict && (returnDays < 0 || returnDays > 180)) failWith(spec, `ReturnCodeExpirationDays invalid: ${returnDays} (0-180 zile).`);
			const senderInput = input.Sender ?? input.sender;
			const recipientInput = input.Recipient ?? input.recipient;
			const missing: Record<string, string[]> = {};
			if (!isObject(senderInput)) missing.Sender = ['The Sender field is required.'];
			if (!isObject(recipientInput)) missing.Recipient = ['The Recipient field is required.'];
			if (Object.keys(missing).length > 0) throw new AnswerError(modelStateError(spec.invalidStatus, missing));
			const sender = validateOrFail(senderInput as Record<string, unknown>, ADDRESS_FIELDS, spec, 'Sender.');
			const recipient = validateOrFail(recipientInput as Record<string, unknown>, {
				...ADDRESS_FIELDS,
				Name: { type: 'string', maxLength: 100, required: 'strict' },
				PhoneNumber: { type: 'string', maxLength: 50, required: 'strict' },
			}, spec, 'Recipient.');
			checkEmail(recipient, spec);
			const parcelCodes = checkParcelCodes(input.ParcelCodes ?? input.parcelCodes, fields, spec);
			const shipment = checkShipment(fields, spec, parcelCodes.filter((code) => code.Type === 1).map((code) => number(code.Weight)));
			if (sender.LocationId === undefined) failWith(spec, 'Sender.LocationId: expeditorul trebuie sa fie un punct de ridicare al clientului.');
			const point = pudoPointOf(fields, shipment.serviceId, spec);
			if (spec.strict && point && shipment.cashRepayment > 0 && !point.ServiceCOD) failWith(spec, `Punctul Ship & Go ${point.Id} nu accepta ramburs (CashRepayment).`);
			const locality = resolveLocality(recipient, spec) ?? pointLocality(point) ?? failWith(spec, 'Recipient.LocalityId (sau LocalityName) este obligatoriu.');
			checkStreet(recipient, locality, spec);
			const location = store.locationOfClient(account.clientId, sender.LocationId as number);
			if (!location || (sender.LocationId as number) === 0) {
				throw new AnswerError(errorObject(409, `Punctul de ridicare ${String(sender.LocationId)} nu exista.`));
			}
			const wanted = fields.BarCode === undefined ? undefined : String(fields.BarCode).trim();
			if (spec.strict && wanted !== undefined && !/^\d{6,20}$/.test(wanted)) failWith(spec, `BarCode invalid: "${wanted}" (6-20 cifre).`);
			if (wanted !== undefined && (store.shipments.has(wanted) || store.deletedAwbs.has(wanted))) throw new AnswerError(errorObject(409, `AWB-ul ${wanted} exista deja.`));

			const price = priceOf({ ...shipment, toLocalityId: locality.LocalityId });
			const order = store.joinCurrentOrder(location, { parcels: shipment.parcels, envelopes: shipment.envelopes, weight: shipment.totalWeight }, now);
			const created = store.addShipment('delivered', now + PICKUP_DELAY_MS, STEP_MS, account.clientId, '', shipment.cashRepayment);
			if (wanted !== undefined) {
				store.shipments.delete(created.barcode);
				created.barcode = wanted;
				store.shipments.set(wanted, created);
			}
			Object.assign(created, {
				sender: location.Name,
				senderLocality: location.LocalityName,
				receiver: String(recipient.Name),
				receiverLocality: locality.Name,
				createdAt: now,
				type: shipment.parcels > 0 ? '1' : '0',
				measuredWeight: shipment.totalWeight,
				customString: String(fields.CustomString ?? ''),
				tariffSetName: point ? 'Ship & Go' : SERVICES[shipment.serviceId].name,
			});
			const pathDates = SCENARIO_PATHS.delivered.map((_, index) => now + PICKUP_DELAY_MS + index * STEP_MS);
			if (point) pathDates[4] = pathDates[3] + POINT_WAIT_MS;
			created.events = planEvents(created, SCENARIO_PATHS.delivered, pathDates);
			if (point) created.events[3].Description = `Expeditia a ajuns in punctul Ship & Go ${point.Name} si asteapta ridicarea`;
			created.pieces = piecesOf(shipment.parcels, shipment.envelopes, shipment.totalWeight, parcelCodes);
			created.awb = {
				OrderId: order.OrderId,
				SenderLocationId: location.LocationId,
				Recipient: { ...recipient, LocalityId: locality.LocalityId, LocalityName: locality.Name, CountyId: locality.CountyId, CountyName: locality.CountyName },
				Parcels: shipment.parcels,
				Envelopes: shipment.envelopes,
				TotalWeight: shipment.totalWeight,
				ServiceId: shipment.serviceId,
				DeclaredValue: shipment.declaredValue,
				CashRepayment: shipment.cashRepayment,
				BankRepayment: shipment.bankRepayment,
				OtherRepayment: String(fields.OtherRepayment ?? ''),
				OpenPackage: shipment.openPackage,
				SaturdayDelivery: shipment.saturdayDelivery,
				MorningDelivery: shipment.morningDelivery,
				ShipmentPayer: (fields.ShipmentPayer as number | undefined) ?? 1,
				PriceTableId: shipment.priceTableId,
				Observations: String(fields.Observations ?? ''),
				PackageContent: String(fields.PackageContent ?? ''),
				DeliveryPudoPoint: point?.Id ?? null,
				ParcelCodes: parcelCodes,
				ShippingCost: price,
				ConsumerReturnType: returnType,
				ReturnCodeExpirationDays: returnType === 0 ? 0 : returnDays || DEFAULT_RETURN_DAYS,
				ReturnCode: returnType === 1 ? store.newReturnCode(created.barcode) : '',
				ReturnAwb: returnType === 2 ? store.newBarcode() : '',
			};
			return created;
		};
	const createSpec = { operation: 'createAwb', auth: 'bearer', invalidStatus: 400 } as const;
	// The document's path, answering the bare barcode: kept as an alias; the shop plugins post to WithGetAwb.
	defineOperation(app, context, 'POST', '/api/Awbs', createSpec, (input) => ok(createAwb(input).barcode, 'string'));
	defineOperation(app, context, 'POST', '/api/Awbs/WithGetAwb', createSpec, (input) => ok([view(createAwb(input), input.now)], 'Awb'));

	defineOperation(app, context, 'DELETE', '/api/Awbs', { operation: 'deleteAwb', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const barcode = requiredQuery(query, 'barCode', spec);
			if (spec.strict && !/^\d{6,20}$/.test(barcode)) failWith(spec, `barCode invalid: "${barcode.slice(0, 40)}" (6-20 cifre).`);
			const shipment = store.shipments.get(barcode);
			if (!shipment || shipment.clientId !== account.clientId) throw new AnswerError(errorObject(409, `AWB-ul ${barcode} nu exista.`));
			if (visibleEvents(shipment, now).length > 0) {
				throw new AnswerError(errorObject(409, `AWB-ul ${barcode} nu mai poate fi sters: a fost deja scanat de Cargus.`));
			}
			store.shipments.delete(barcode);
			store.deletedAwbs.set(barcode, { shipment, deletedAt: now });
			const order = shipment.awb ? store.orders.get(shipment.awb.OrderId) : undefined;
			if (order && shipment.awb) {
				order.NoParcel -= shipment.awb.Parcels;
				order.NoEnvelop -= shipment.awb.Envelopes;
				order.TotalWeight -= shipment.awb.TotalWeight;
				order.awbCount = Math.max(0, (order.awbCount ?? 1) - 1);
			}
			return ok(true, 'boolean');
		});

	/** The client's AWBs among these, made by now, deleted ones included (unless the setting `deletedAwbs` drops them). */
	const ownAwbs = (found: Array<Shipment | undefined>, clientId: number, now: number) => found
		.filter((s): s is Shipment => s !== undefined && s.clientId === clientId && s.createdAt <= now)
		.filter((s) => context.settings.deletedAwbs === 'listed' || !store.deletedAwbs.has(s.barcode));
	/** An AWB record as the AWB lists answer it: a deleted AWB with Status "Deleted". */
	const record = (s: Shipment, now: number) => view(s, now, store.deletedAwbs.has(s.barcode));
	const withDeleted = () => [...store.shipments.values(), ...[...store.deletedAwbs.values()].map((deleted) => deleted.shipment)];

	defineOperation(app, context, 'GET', '/api/Awbs', { operation: 'getAwb', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const orderId = intQuery(query, 'orderId', spec, false);
			const barcode = query.text('barCode');
			if (orderId === undefined && barcode === undefined) {
				throw new AnswerError(modelStateError(spec.invalidStatus, { barCode: ['The barCode parameter (or orderId) is required.'] }));
			}
			if (spec.strict && barcode !== undefined && !/^\d{6,20}$/.test(barcode)) failWith(spec, `barCode invalid: "${barcode.slice(0, 40)}" (6-20 cifre).`);
			const found = barcode !== undefined
				? [store.shipments.get(barcode) ?? store.deletedAwbs.get(barcode)?.shipment]
				: withDeleted().filter((s) => s.awb?.OrderId === orderId);
			const own = ownAwbs(found, account.clientId, now);
			return own.length === 0 ? noContent() : ok(own.map((s) => record(s, now)), 'Awb');
		});

	defineOperation(app, context, 'GET', '/api/Awbs/GetByDate', { operation: 'awbsByDate', auth: 'bearer', invalidStatus: 400 },
		({ query, spec, account, now }) => {
			const { from, end } = monthDayYearRange(query, spec);
			const paging = pagingQuery(query, spec, context.settings.maxItemsPerPage);
			const matches = ownAwbs(withDeleted().filter((s) => s.createdAt >= from && s.createdAt <= end), account.clientId, now)
				.sort((a, b) => a.createdAt - b.createdAt || a.barcode.localeCompare(b.barcode));
			if (context.settings.awbsByDateOrder === 'newest-first') matches.reverse();
			const page = pageOf(matches, paging);
			return page.length === 0 ? noContent() : ok(page.map((s) => record(s, now)), 'Awb');
		});

	defineOperation(app, context, 'POST', '/api/ShippingCalculation', { operation: 'shippingCalculation', auth: 'bearer', invalidStatus: 400 },
		({ body, spec }) => {
			const input = requireBody(body, spec);
			const fields = validateOrFail(input, {
				...PRICE_FIELDS,
				FromLocalityId: { type: 'int' },
				ToLocalityId: { type: 'int' },
				FromCountyName: { type: 'string', maxLength: 100 },
				FromLocalityName: { type: 'string', maxLength: 100 },
				ToCountyName: { type: 'string', maxLength: 100 },
				ToLocalityName: { type: 'string', maxLength: 100 },
				PaymentInstrumentId: { type: 'int' },
				PaymentInstrumentValue: { type: 'double' },
			}, spec);
			const end = (side: 'From' | 'To') => resolveLocality({
				LocalityId: fields[`${side}LocalityId`], LocalityName: fields[`${side}LocalityName`], CountyName: fields[`${side}CountyName`],
			}, spec) ?? failWith(spec, `${side}LocalityId (sau ${side}LocalityName) este obligatoriu.`);
			end('From');
			const to = end('To');
			const shipment = checkShipment(fields, spec);
			return ok(priceOf({ ...shipment, toLocalityId: to.LocalityId }), 'ShippingCost');
		});

	defineOperation(app, context, 'GET', '/api/PriceTables', { operation: 'priceTables', auth: 'bearer', invalidStatus: 400 },
		() => ok(PRICE_TABLES, 'PriceTable'));
}

/** DeliveryPudoPoint: required with Ship & Go (38), refused with the other services, a point PudoPoints lists. */
function pudoPointOf(fields: Record<string, unknown>, serviceId: number, spec: OperationSpec): PudoPoint | undefined {
	const id = fields.DeliveryPudoPoint as number | undefined;
	if (serviceId !== 38) {
		if (spec.strict && id !== undefined && id !== 0) failWith(spec, `DeliveryPudoPoint se foloseste doar cu serviciul Ship & Go (ServiceId 38), nu cu ${serviceId}.`);
		return undefined;
	}
	if (id === undefined || id === 0) failWith(spec, 'DeliveryPudoPoint este obligatoriu pentru serviciul Ship & Go (ServiceId 38).');
	const point = referenceData().pudoPoints.find((p) => p.Id === id);
	if (!point) failWith(spec, `DeliveryPudoPoint invalid: ${id} nu este un punct Ship & Go (PudoPoints).`);
	return point;
}

function pointLocality(point: PudoPoint | undefined): LocalityRecord | undefined {
	return point ? referenceData().localityById.get(point.LocalityId) : undefined;
}

function checkStreet(recipient: Record<string, unknown>, locality: LocalityRecord, spec: OperationSpec): void {
	const streetId = recipient.StreetId as number | undefined;
	if (!spec.strict || streetId === undefined || streetId === 0) return;
	if (!streetsOf(locality.LocalityId)?.some((street) => street.StreetId === streetId)) {
		failWith(spec, `Strada invalida: StreetId ${streetId} nu este in localitatea ${locality.Name}.`);
	}
}
