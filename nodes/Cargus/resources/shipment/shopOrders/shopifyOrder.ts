import type { IDataObject } from 'n8n-workflow';

import type { InputShape } from '../../../../shared/form/itemMapping';
import { addressValues, amountAt, at, firstText, orderReference, prefixOf, textAt } from './orderValues';

/* A Shopify order as the Admin REST API's Order resource and the orders/create webhook give it. */

const PREFIX = 'shopify';

// Shopify's manual payment method for cash on delivery is "Cash on Delivery (COD)"; Romanian shops also name theirs so.
const CASH_ON_DELIVERY = /cash on delivery|\bcod\b|ramburs|plata la livrare|plată la livrare/i;

/** Whether the order is paid on delivery: one of its payment gateways is a cash-on-delivery one. */
export function paidOnDelivery(order: IDataObject): boolean {
	const gateways = at(order, 'payment_gateway_names');
	return Array.isArray(gateways) && gateways.some((gateway) => typeof gateway === 'string' && CASH_ON_DELIVERY.test(gateway));
}

export const shopifyOrder: InputShape = {
	name: 'Shopify Order',
	value: 'shopifyOrder',
	description: 'Each item is a Shopify order as the orders/create webhook sends it (the webhook\'s body)',
	notice:
		'Each input item is a Shopify order (Admin API Order, as the orders/create webhook sends it: the webhook\'s body). From the order: the recipient (shipping_address name, else company), the phone (shipping_address, else billing_address, the order\'s, the customer\'s), county (province_code: CJ, B), locality (city), street and number (address1) and the address lines (address1, address2), postal code (zip), email (email, else contact_email), observations (note), cash on delivery (total_outstanding when a payment gateway is cash on delivery), the weight (total_weight, in grams) and the Order Reference: shopify-<id>-<order_number>. The item\'s other fields of the form\'s names give the rest: senderLocationId, serviceId, and any additional field; "pieces" replaces the weight, "referencePrefix" replaces shopify.',
	sources: {
		recipientName: 'shipping_address.name, shipping_address.company',
		recipientPhone: 'shipping_address.phone, billing_address.phone, phone, customer.phone',
		recipientCountyId: 'shipping_address.province_code',
		recipientLocalityId: 'shipping_address.city',
		recipientStreetId: 'shipping_address.address1',
		buildingNumber: 'shipping_address.address1',
		addressText: 'shipping_address.address1, shipping_address.address2',
		postalCode: 'shipping_address.zip',
		email: 'email, contact_email',
		observations: 'note',
		cashOnDelivery: 'total_outstanding',
		pieces: 'total_weight',
		orderReference: 'id, order_number',
	},
	valuesOf(order, refuse) {
		const id = textAt(order, 'id');
		if (!/^\d+$/.test(id)) throw refuse('id', id === '' ? 'the item has no order id: is it a Shopify order (the webhook\'s body)?' : `"${id}" is not an order id`);
		const name =
			textAt(order, 'shipping_address.name') ||
			[textAt(order, 'shipping_address.first_name'), textAt(order, 'shipping_address.last_name')].join(' ').trim() ||
			textAt(order, 'shipping_address.company');
		if (name === '') throw refuse('shipping_address.name, shipping_address.company', 'the order has no recipient\'s name: each is empty');
		const values: IDataObject = {
			recipientName: name,
			recipientPhone: firstText(order, ['shipping_address.phone', 'billing_address.phone', 'phone', 'customer.phone'], refuse, 'phone'),
			recipientCountyId: firstText(order, ['shipping_address.province_code'], refuse, 'county'),
			recipientLocalityId: firstText(order, ['shipping_address.city'], refuse, 'locality'),
			...addressValues(firstText(order, ['shipping_address.address1'], refuse, 'street address'), textAt(order, 'shipping_address.address2')),
			cashOnDelivery: paidOnDelivery(order) ? amountAt(order, 'total_outstanding', refuse, 'cash on delivery collects what is left to pay') : 0,
			orderReference: orderReference(prefixOf(order, PREFIX), id, textAt(order, 'order_number')),
		};
		for (const [field, paths] of [['postalCode', ['shipping_address.zip']], ['email', ['email', 'contact_email']], ['observations', ['note']]] as const) {
			const text = paths.map((path) => textAt(order, path)).find((candidate) => candidate !== '');
			if (text !== undefined) values[field] = text;
		}
		if (order.pieces === undefined) {
			const grams = at(order, 'total_weight');
			if (typeof grams !== 'number' || !Number.isFinite(grams) || grams <= 0) {
				throw refuse('total_weight', `${grams === undefined || grams === null ? 'the order has none' : `${JSON.stringify(grams)} grams`}: give the products weights in Shopify (each variant's Weight), or the parcels in the item's "pieces"`);
			}
			values.pieces = [{ type: 1, weight: grams }];
			values.weightUnit = 'g';
		}
		return values;
	},
};
