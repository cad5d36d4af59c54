import type { INodeProperties } from 'n8n-workflow';

import { withAddressesResolved, type AddressPlace } from '../../../shared/run/addressResolution';
import { nestedBody, oneWayToRepay, piecesToBody, serviceField, SHIP_AND_GO_SERVICE } from './awbForm/awb';
import { field, toBody } from '../../../shared/form/field';
import { additionalFields, pickupLocationField } from '../../../shared/form/fields';
import { withMappingMode } from '../../../shared/form/itemMapping';
import { operation } from '../../../shared/run/operation';
import { awbCreated } from '../../../shared/run/output';
import { CURRENCY, PRICE_PARTS } from '../../../shared/cargus/money';
import { priceTableField, shipmentOptionFields } from './awbForm/priceFields';
import { weightUnitField } from '../../../shared/form/weights';
import { withWeight } from '../../../shared/run/weightReport';
import { LOOKBACK_DAYS, askOncePerOrder } from './oncePerOrder/oncePerOrder';
import { shopifyOrder } from './shopOrders/shopifyOrder';
import { wooCommerceOrder } from './shopOrders/wooCommerceOrder';

const RECIPIENT_ADDRESS: AddressPlace = {
	at: { object: 'Recipient' },
	county: { parameter: 'recipientCountyId', label: 'Recipient County Name or ID' },
	locality: { parameter: 'recipientLocalityId', label: 'Recipient Locality Name or ID' },
};

const notForShipAndGo = { displayOptions: { hide: { serviceId: [SHIP_AND_GO_SERVICE] } } };
const recipient = (name: string) => toBody(`Recipient.${name}`);

function recipientText(displayName: string, name: string, property: string, extra: Partial<INodeProperties> = {}): INodeProperties {
	return field({ displayName, name, type: 'string', default: '', ...extra }, { to: recipient(property) });
}

const sizeField = (displayName: string, name: string, property: string) =>
	field({ displayName, name, type: 'number', default: 0, description: 'Centimetres, a whole number' }, { rule: 'count', to: toBody(property) });

/** A return the recipient can send back with the AWB (the shop plugins' "Retur cumparator"). */
const returnVoucherFields = [
	field(
		{
			displayName: 'Return Voucher',
			name: 'returnVoucher',
			type: 'options',
			options: [
				{ name: 'None', value: 0 },
				{ name: 'Return Code', value: 1, description: 'A code the recipient gives the courier to send the parcel back; comes back as ReturnCode' },
				{ name: 'Pre-Printed Return AWB', value: 2, description: 'A return AWB printed with the label (Document › Get AWB PDF › Print Return AWB); comes back as ReturnAwb' },
			],
			default: 0,
			description: 'Whether the recipient gets a way to send the parcel back at your cost',
		},
		{ to: toBody('ConsumerReturnType') },
	),
	field(
		{ displayName: 'Return Valid For (Days)', name: 'returnDays', type: 'number', typeOptions: { minValue: 1, maxValue: 180 }, default: 30, description: 'How many days the return code or return AWB stays valid (1 to 180)' },
		{ rule: 'days', to: toBody('ReturnCodeExpirationDays') },
	),
];

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create a shipment (AWB)',
	subtitle: 'Create AWB',
	description:
		'Create the AWB (waybill) of a shipment from one of your pickup locations to a recipient, or to a Ship & Go point; gives its barcode, which the label (Document › Get AWB PDF), tracking and cash on delivery take, and what Cargus charges for it',
	method: 'POST',
	url: '/api/Awbs/WithGetAwb',
	ask: withAddressesResolved([RECIPIENT_ADDRESS], askOncePerOrder),
	fields: withMappingMode([
		pickupLocationField('senderLocationId', 'Your pickup location the courier collects the shipment from', toBody('Sender.LocationId')),
		serviceField(toBody('ServiceId')),
		field(
			{
				displayName: 'Ship & Go Point',
				name: 'deliveryPudoPoint',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				required: true,
				description: 'The Ship & Go point the recipient collects the shipment from',
				displayOptions: { show: { serviceId: [SHIP_AND_GO_SERVICE] } },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Search by city, street, name or postal code',
						typeOptions: { searchListMethod: 'searchDeliveryShipAndGoPoints', searchable: true },
					},
					{ displayName: 'By ID', name: 'id', type: 'string', placeholder: '201' },
				],
			},
			{ rule: 'id', to: toBody('DeliveryPudoPoint') },
		),
		recipientText('Recipient Name', 'recipientName', 'Name', { required: true, description: 'Person or company the shipment goes to' }),
		recipientText('Recipient Phone', 'recipientPhone', 'PhoneNumber', { required: true, placeholder: '0722000000', description: 'The courier calls this number' }),
		field(
			{
				displayName: 'Recipient County Name or ID',
				name: 'recipientCountyId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getCounties' },
				default: '',
				required: true,
				description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				// A name or code from an expression works too: n8n's editor would flag it as not one of the list's ids.
				allowArbitraryValues: true,
				...notForShipAndGo,
			},
			{ rule: 'idOrName', to: recipient('CountyId') },
		),
		field(
			{
				displayName: 'Recipient Locality Name or ID',
				name: 'recipientLocalityId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getRecipientLocalities', loadOptionsDependsOn: ['recipientCountyId'] },
				default: '',
				required: true,
				description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				hint: 'Choose the County first: the list shows its localities. An expression may also give the locality\'s name.',
				allowArbitraryValues: true,
				...notForShipAndGo,
			},
			{ rule: 'idOrName', to: recipient('LocalityId') },
		),
		field(
			{
				displayName: 'Recipient Street Name or ID',
				name: 'recipientStreetId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getRecipientStreets', loadOptionsDependsOn: ['recipientLocalityId'] },
				default: '',
				description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				hint: 'Choose the Locality first: the list shows its streets, loaded from Cargus. An expression may also give the street\'s name.',
				allowArbitraryValues: true,
				...notForShipAndGo,
			},
			{ rule: 'idOrName', to: recipient('StreetId') },
		),
		weightUnitField,
		{
			displayName: 'Parcels',
			name: 'pieces',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parcel or Envelope',
			default: { piece: [{ type: 1, weight: 1 }] },
			description: 'Each parcel or envelope of the shipment; Cargus gets their counts and their total weight, rounded up to whole kilograms once',
			options: [
				field(
					{
						displayName: 'Piece',
						name: 'piece',
						values: [
							field(
								{ displayName: 'Type', name: 'type', type: 'options', options: [{ name: 'Parcel', value: 1 }, { name: 'Envelope', value: 0 }], default: 1 },
								{ to: toBody('Type') },
							),
							field(
								{ displayName: 'Weight', name: 'weight', type: 'number', typeOptions: { minValue: 0 }, default: 1, required: true, description: 'In the Weight Unit above, decimals allowed: Cargus is sent whole kilograms, rounded up (a parcel at least 1)' },
								{ rule: 'weight', to: toBody('Weight') },
							),
							sizeField('Length (Cm)', 'length', 'Length'),
							sizeField('Width (Cm)', 'width', 'Width'),
							sizeField('Height (Cm)', 'height', 'Height'),
							field({ displayName: 'Content', name: 'content', type: 'string', default: '', description: 'What the piece holds' }, { to: toBody('ParcelContent') }),
						],
					},
					{ to: toBody('ParcelCodes') },
				),
			],
		},
		field(
			{
				displayName: 'Cash on Delivery (RON)',
				name: 'cashOnDelivery',
				type: 'number',
				typeOptions: { numberPrecision: 2, minValue: 0 },
				default: 0,
				description: 'What the courier collects from the recipient, in lei; 0 for none',
			},
			{ rule: 'amount', to: toBody('CashRepayment') },
		),
		additionalFields([
			recipientText('Address Text', 'addressText', 'AddressText', { description: 'Block, floor, apartment, or the whole address when the street is not in the list' }),
			recipientText('Building Number', 'buildingNumber', 'BuildingNumber'),
			recipientText('Contact Person', 'contactPerson', 'ContactPerson', { description: 'If not the recipient' }),
			field({ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: 'The recipient\'s email' }, { rule: 'email', to: recipient('Email') }),
			field({ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: '400001' }, { rule: 'postalCode', to: recipient('CodPostal') }),
			field({ displayName: 'Order Reference', name: 'orderReference', type: 'string', default: '', placeholder: '#1042', description: 'Your order number: it rides along on the AWB (Cargus\' CustomString) and comes back in cash on delivery records, and in tracking events with the Cargus Trigger\'s Add Order and Recipient' }, { to: toBody('CustomString') }),
			field(
				{
					displayName: 'One AWB per Order Reference',
					name: 'oneAwbPerReference',
					type: 'boolean',
					default: true,
					description: `Whether to give the AWB Cargus already has for this Order Reference (made in the last ${LOOKBACK_DAYS} days) instead of making a second one, so running an order again is safe. Turn off only to ship one reference in several AWBs; better give split parcels references of their own.`,
				},
				{},
			),
			field({ displayName: 'Observations', name: 'observations', type: 'string', default: '', description: 'A note for the courier' }, { to: toBody('Observations') }),
			field({ displayName: 'Package Content', name: 'packageContent', type: 'string', default: '', description: 'What the shipment holds' }, { to: toBody('PackageContent') }),
			...shipmentOptionFields,
			priceTableField,
			...returnVoucherFields,
		], 'additionalAwbFields'),
	], 'AWB', [wooCommerceOrder, shopifyOrder]),
	preSend: [nestedBody, piecesToBody, oneWayToRepay],
	output: [awbCreated, withWeight],
	// As a tool, ShippingCost says its currency and how its parts add up; a workflow's item is as before.
	forTool: async (items) => items.map((item) => ('ShippingCost' in item.json ? { ...item, json: { ...item.json, Currency: CURRENCY, ShippingCostIs: `${PRICE_PARTS} What the account pays Cargus for this AWB.` } } : item)),
});
