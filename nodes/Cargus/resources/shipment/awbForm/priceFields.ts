import type { INodeProperties } from 'n8n-workflow';

import { field, toBody } from '../../../../shared/form/field';

/*
 * The options an AWB and its price share (Shipment › Create and Shipment › Calculate Price), each sent under
 * Cargus' own name.
 */

const yesNoField = (displayName: string, name: string, property: string, description: string) =>
	field({ displayName, name, type: 'boolean', default: false, description }, { to: toBody(property) });

export const shipmentOptionFields: INodeProperties[] = [
	field(
		{ displayName: 'Declared Value (RON)', name: 'declaredValue', type: 'number', typeOptions: { numberPrecision: 2, minValue: 0 }, default: null, description: 'The value the shipment is insured for, in lei' },
		{ rule: 'amount', to: toBody('DeclaredValue') },
	),
	field(
		{
			displayName: 'Bank Repayment (RON)',
			name: 'bankRepayment',
			type: 'number',
			typeOptions: { numberPrecision: 2, minValue: 0 },
			default: null,
			description: 'Cash on delivery that Cargus pays into your collector account instead of in cash, in lei: give it instead of Cash on Delivery (RON), not beside it',
		},
		{ rule: 'amount', to: toBody('BankRepayment') },
	),
	yesNoField('Morning Delivery', 'morningDelivery', 'MorningDelivery', 'Whether to deliver before noon (extra cost)'),
	field(
		{ displayName: 'Other Repayment', name: 'otherRepayment', type: 'string', default: '', placeholder: 'Signed invoice', description: 'Something other than money the courier brings back from the recipient, e.g. a signed document' },
		{ to: toBody('OtherRepayment') },
	),
	yesNoField('Open Package', 'openPackage', 'OpenPackage', 'Whether the recipient may open the package before paying and accepting it'),
	field(
		{
			displayName: 'Payer',
			name: 'shipmentPayer',
			type: 'options',
			options: [
				{ name: 'Sender', value: 1, description: 'You pay the shipping' },
				{ name: 'Recipient', value: 2, description: 'The recipient pays the shipping on delivery' },
			],
			default: 1,
			description: 'Who pays the shipping',
		},
		{ to: toBody('ShipmentPayer') },
	),
	yesNoField('Saturday Delivery', 'saturdayDelivery', 'SaturdayDelivery', 'Whether it may be delivered on Saturday (extra cost)'),
];

/** The account's price tables (GET /api/PriceTables) as a dropdown. */
export const priceTableField: INodeProperties = field(
	{
		displayName: 'Price Table Name or ID',
		name: 'priceTableId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getPriceTables' },
		default: '',
		description: 'The price table of your contract to price with. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{ rule: 'id', to: toBody('PriceTableId') },
);
