import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { withAddressesResolved, type AddressPlace } from '../../../shared/run/addressResolution';
import { nestedBody, oneWayToRepay, serviceField, weighPrice } from './awbForm/awb';
import { field, toBody } from '../../../shared/form/field';
import { additionalFields, pickupLocationField } from '../../../shared/form/fields';
import { operation } from '../../../shared/run/operation';
import { oneRecordWith } from '../../../shared/run/output';
import { priceTableField, shipmentOptionFields } from './awbForm/priceFields';
import { weightUnitField } from '../../../shared/form/weights';
import { withWeight } from '../../../shared/run/weightReport';
import { CURRENCY, PRICE_PARTS } from '../../../shared/cargus/money';
import { FROM_LOCATION_PROPERTY, askFromPickupLocation } from './fromPickupLocation/fromPickupLocation';

const FROM_PICKUP_LOCATION = 'pickupLocation';
const fromPlace = { displayOptions: { show: { shipFrom: ['place'] } } };

/** Where the price starts: one of the account's pickup locations, as Create ships from, or any county and locality. */
const shipFromFields: INodeProperties[] = [
	{
		displayName: 'Ship From',
		name: 'shipFrom',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'A County and Locality', value: 'place', description: 'Price from any locality' },
			{ name: 'One of Your Pickup Locations', value: FROM_PICKUP_LOCATION, description: 'Price from the locality of the location Shipment › Create ships from' },
		],
		default: 'place',
	},
	{
		...pickupLocationField('fromLocationId', 'The price starts from this location\'s locality', toBody(FROM_LOCATION_PROPERTY)),
		displayOptions: { show: { shipFrom: [FROM_PICKUP_LOCATION] } },
	},
];

/** The county and locality of one end of the route; a name from an expression goes as the locality's name. */
function placeFields(end: 'from' | 'to', label: string): INodeProperties[] {
	const side = end === 'from' ? 'From' : 'To';
	const shown = end === 'from' ? fromPlace : {};
	return [
		field(
			{ displayName: `${label} County Name or ID`, name: `${end}CountyId`, type: 'options', typeOptions: { loadOptionsMethod: 'getCounties' }, default: '', required: true, description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>', allowArbitraryValues: true, ...shown },
			{ rule: 'idOrName', to: toBody(`${side}.CountyId`) },
		),
		field(
			{
				displayName: `${label} Locality Name or ID`,
				name: `${end}LocalityId`,
				type: 'options',
				typeOptions: { loadOptionsMethod: end === 'from' ? 'getFromLocalities' : 'getToLocalities', loadOptionsDependsOn: [`${end}CountyId`] },
				default: '',
				required: true,
				description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				hint: 'Choose the County first: the list shows its localities. An expression may also give the locality\'s name.',
				// A name from an expression works too: n8n's editor would flag it as not one of the list's ids.
				allowArbitraryValues: true,
				...shown,
			},
			{ rule: 'idOrName', to: toBody(`${side}.LocalityId`) },
		),
	];
}

const routeEnd = (end: 'from' | 'to', label: string): AddressPlace => ({
	at: { prefix: end === 'from' ? 'From' : 'To' },
	county: { parameter: `${end}CountyId`, label: `${label} County Name or ID` },
	locality: { parameter: `${end}LocalityId`, label: `${label} Locality Name or ID` },
});

const count = (displayName: string, name: string, property: string, description: string, defaultValue: number) =>
	field({ displayName, name, type: 'number', default: defaultValue, required: defaultValue > 0, description }, { rule: 'count', to: toBody(property) });

/** ShippingCalculation takes the route flat: FromLocalityId, or FromCountyName and FromLocalityName for names. */
async function flatRoute(this: IExecuteSingleFunctions, options: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const nested = await nestedBody.call(this, options);
	const body = { ...(nested.body as IDataObject) };
	for (const side of ['From', 'To']) {
		for (const [key, value] of Object.entries((body[side] as IDataObject | undefined) ?? {})) body[`${side}${key}`] = value;
		delete body[side];
	}
	nested.body = body;
	return nested;
}

export const calculatePrice = operation({
	name: 'Calculate Price',
	value: 'calculatePrice',
	action: 'Calculate the price of a shipment',
	subtitle: 'Shipping price',
	description: 'What Cargus charges to ship from one of your pickup locations or a locality to a locality with a service, weight and options, by your price table: base, extra km, weight, insurance, special, repayment costs, VAT and the total',
	method: 'POST',
	url: '/api/ShippingCalculation',
	ask: withAddressesResolved([routeEnd('from', 'From'), routeEnd('to', 'To')], askFromPickupLocation),
	fields: [
		...shipFromFields,
		...placeFields('from', 'From'),
		...placeFields('to', 'To'),
		serviceField(toBody('ServiceId')),
		count('Parcels', 'parcels', 'Parcels', 'How many parcels', 1),
		count('Envelopes', 'envelopes', 'Envelopes', 'How many envelopes (at most 9)', 0),
		weightUnitField,
		field(
			{ displayName: 'Total Weight', name: 'totalWeight', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'Weight of all pieces in the Weight Unit above, decimals allowed: priced in whole kilograms, rounded up, as Shipment › Create sends it' },
			{ rule: 'weight', to: toBody('TotalWeight') },
		),
		field(
			{ displayName: 'Cash on Delivery (RON)', name: 'cashOnDelivery', type: 'number', typeOptions: { numberPrecision: 2, minValue: 0 }, default: 0, description: 'What the courier would collect from the recipient, in lei' },
			{ rule: 'amount', to: toBody('CashRepayment') },
		),
		additionalFields([...shipmentOptionFields, priceTableField], 'additionalPriceFields'),
	],
	preSend: [flatRoute, weighPrice, oneWayToRepay],
	output: [oneRecordWith('GrandTotal'), withWeight],
	// As a tool, the price says its currency and how its parts add up; a workflow's item is Cargus' record.
	forTool: async (items) => items.map((item) => ({ ...item, json: { ...item.json, Currency: CURRENCY, Amounts: PRICE_PARTS } })),
});
