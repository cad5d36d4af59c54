import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import type { Destination } from '../../../../shared/form/field';
import { field } from '../../../../shared/form/field';
import { refuse } from '../../../../shared/values/refusal';
import { fieldLabel } from '../../../../shared/form/itemMapping';
import { asGiven, gramsOf, kilogramsSent, rememberWeight, unitOf } from '../../../../shared/form/weights';

/*
 * What an AWB (and its price) needs besides plain fields: the services and their limits, names given instead
 * of ids, the pieces summed into Parcels, Envelopes and TotalWeight, dates as Awbs/GetByDate reads them.
 */

export const SHIP_AND_GO_SERVICE = 38;

const UNDOCUMENTED = { maxPieceKg: Infinity, maxTotalKg: Infinity, maxPieces: Infinity };

/**
 * Cargus' services and their limits (API document v3: 31 kg a piece for Multipiece, 15 pieces, 465 kg). Services 1
 * and 4 of older contracts (sent by the Magento and an older PrestaShop plugin) have no documented limits: Cargus
 * checks them.
 */
const SERVICES = [
	{ value: 34, name: 'Economic Standard', description: 'Door to door, up to 31 kg', maxPieceKg: 31, maxTotalKg: 31, maxPieces: 15 },
	{ value: 35, name: 'Standard Plus', description: 'Door to door, 31 to 50 kg', maxPieceKg: 50, maxTotalKg: 50, maxPieces: 15 },
	{ value: 36, name: 'Pallet', description: 'Pallet Standard: parcels only, no envelopes', maxPieceKg: 1000, maxTotalKg: 3000, maxPieces: 15 },
	{ value: SHIP_AND_GO_SERVICE, name: 'Ship & Go', description: 'To a Ship & Go point the recipient collects it from: one piece, up to 31 kg', maxPieceKg: 31, maxTotalKg: 31, maxPieces: 1 },
	{ value: 39, name: 'Multipiece', description: 'Up to 15 pieces of at most 31 kg each, 465 kg in all', maxPieceKg: 31, maxTotalKg: 465, maxPieces: 15 },
	{ value: 1, name: 'Standard (Older Contracts)', description: 'Door to door, the service of older contracts; Cargus checks its limits', ...UNDOCUMENTED },
	{ value: 4, name: 'Service 4 (Older Contracts)', description: 'A service of older contracts; Cargus checks its limits', ...UNDOCUMENTED },
];

export const MAX_ENVELOPES = 9;

/** The service dropdown (ServiceId). */
export function serviceField(to: Destination): INodeProperties {
	return field(
		{
			displayName: 'Service',
			name: 'serviceId',
			type: 'options',
			noDataExpression: false,
			options: SERVICES.map(({ name, value, description }) => ({ name, value, description })),
			default: 34,
			required: true,
			description: 'The Cargus service; its limits on pieces and weights are checked before sending',
		},
		{ to },
	);
}

/** The weights of a shipment as the user gave them, for messages: the total and each piece ("2.5 kg", "2300 g"). */
interface GivenWeights {
	label: string;
	total: string;
	pieces: string[];
}

/** The checks of a service's limits, on the request body's Parcels, Envelopes, TotalWeight and ParcelCodes (whole kilograms). */
function checkServiceLimits(context: IExecuteSingleFunctions, body: IDataObject, piecesLabel: string, given: GivenWeights): void {
	const service = SERVICES.find((entry) => entry.value === Number(body.ServiceId)) ?? SERVICES[0];
	const parcels = Number(body.Parcels ?? 0);
	const envelopes = Number(body.Envelopes ?? 0);
	const weight = Number(body.TotalWeight ?? 0);
	const limit = (problem: string) => refuse(context, piecesLabel, `${problem} (service ${service.name})`);
	if (parcels + envelopes < 1) throw refuse(context, piecesLabel, 'add at least one parcel or envelope');
	if (envelopes > MAX_ENVELOPES) throw refuse(context, piecesLabel, `${envelopes} envelopes: at most ${MAX_ENVELOPES} on one AWB`);
	if (parcels + envelopes > service.maxPieces) throw limit(`${parcels + envelopes} pieces: at most ${service.maxPieces}`);
	if (weight > service.maxTotalKg) {
		throw refuse(context, given.label, `${asSent(given.total, weight, ' in all')}: at most ${service.maxTotalKg} kg (service ${service.name})`);
	}
	if (service.value === 36 && envelopes > 0) throw limit('envelopes are not taken');
	const pieces = Array.isArray(body.ParcelCodes) ? (body.ParcelCodes as IDataObject[]) : [];
	const heavy = pieces.findIndex((piece) => Number(piece.Weight) > service.maxPieceKg);
	if (heavy >= 0) {
		throw refuse(context, `${piecesLabel} › ${heavy + 1} › Weight`, `${asSent(given.pieces[heavy], Number(pieces[heavy].Weight))}: at most ${service.maxPieceKg} kg a piece (service ${service.name})`);
	}
}

/** "32 kg in all", or "31.2 kg in all (32 kg sent: ...)" when what was given is not what Cargus is sent. */
function asSent(given: string, sentKg: number, what = ''): string {
	return given === `${sentKg} kg` ? `${given}${what}` : `${given}${what} (${sentKg} kg sent: Cargus weighs whole kilograms, rounded up)`;
}

/**
 * Counts and weights of an AWB's pieces: Parcels and Envelopes from ParcelCodes, each piece's weight and the total in
 * whole kilograms, rounded up (weights.ts), then the service's limits.
 */
export async function piecesToBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = { ...((options.body as IDataObject | undefined) ?? {}) };
	const pieces = Array.isArray(body.ParcelCodes) ? (body.ParcelCodes as IDataObject[]) : [];
	const unit = unitOf(this);
	const piecesGiven: string[] = [];
	let grams = 0;
	pieces.forEach((piece, index) => {
		piece.Code = String(index);
		const pieceGrams = gramsOf(Number(piece.Weight ?? 0), unit);
		grams += pieceGrams;
		piecesGiven.push(asGiven(pieceGrams, unit));
		piece.Weight = kilogramsSent(pieceGrams, piece.Type === 1);
	});
	body.Parcels = pieces.filter((piece) => piece.Type === 1).length;
	body.Envelopes = pieces.length - body.Parcels;
	body.TotalWeight = kilogramsSent(grams, body.Parcels > 0);
	checkServiceLimits(this, body, 'Parcels', { label: 'Parcels', total: asGiven(grams, unit), pieces: piecesGiven });
	rememberWeight(this, grams, body.TotalWeight);
	options.body = body;
	return options;
}

/** Price calculation: the Total Weight given in whole kilograms, rounded up as Create sends it, then the service's limits. */
export async function weighPrice(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = { ...((options.body as IDataObject | undefined) ?? {}) };
	const unit = unitOf(this);
	const grams = gramsOf(Number(body.TotalWeight ?? 0), unit);
	body.TotalWeight = kilogramsSent(grams, Number(body.Parcels ?? 0) > 0);
	checkServiceLimits(this, body, 'Parcels', { label: fieldLabel(this, 'totalWeight', 'Total Weight'), total: asGiven(grams, unit), pieces: [] });
	rememberWeight(this, grams, body.TotalWeight);
	options.body = body;
	return options;
}

/** Cash on delivery is paid one way: in cash (CashRepayment) or into the collector account (BankRepayment), as the Magento plugin sends it. */
export async function oneWayToRepay(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = (options.body as IDataObject | undefined) ?? {};
	if (Number(body.CashRepayment ?? 0) > 0 && Number(body.BankRepayment ?? 0) > 0) {
		const label = (name: string, displayName: string) => fieldLabel(this, name, displayName);
		throw refuse(
			this,
			label('bankRepayment', 'Bank Repayment (RON)'),
			`${String(body.BankRepayment)} beside ${label('cashOnDelivery', 'Cash on Delivery (RON)')} ${String(body.CashRepayment)}: the recipient pays once, so give the amount in one of them (in cash, or into your collector account), and 0 in the other`,
		);
	}
	return options;
}

const ID_TO_NAME: Record<string, string> = { CountyId: 'CountyName', LocalityId: 'LocalityName', StreetId: 'StreetName' };

/**
 * Body properties placed as "Recipient.Name", "Sender.LocationId" become the objects Cargus takes; a county,
 * locality or street given by name from an expression is sent as CountyName, LocalityName or StreetName.
 */
export async function nestedBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = {};
	for (const [key, value] of Object.entries((options.body as IDataObject | undefined) ?? {})) {
		const dot = key.indexOf('.');
		if (dot < 0) {
			body[key] = value;
			continue;
		}
		const parent = key.slice(0, dot);
		let child = key.slice(dot + 1);
		if (typeof value === 'string' && child in ID_TO_NAME) child = ID_TO_NAME[child];
		body[parent] = { ...((body[parent] as IDataObject | undefined) ?? {}), [child]: value };
	}
	options.body = body;
	return options;
}
