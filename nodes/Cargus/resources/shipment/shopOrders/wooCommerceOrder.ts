import type { IDataObject } from 'n8n-workflow';

import type { InputShape } from '../../../../shared/form/itemMapping';
import { addressValues, amountAt, at, firstText, orderReference, prefixOf, textAt, type Refuse } from './orderValues';

/*
 * A WooCommerce order as its REST API (v3) and n8n's WooCommerce Trigger give it. Its lines name products and
 * quantities, not weights: the flow reads the products in the shop and passes them in one field, `products`.
 */

const PREFIX = 'woo';

interface Line {
	name: string;
	productId: number;
	variationId: number;
	quantity: number;
}

function linesOf(order: IDataObject, refuse: Refuse): Line[] {
	const lines = at(order, 'line_items');
	if (!Array.isArray(lines) || lines.length === 0) throw refuse('line_items', 'the order has no products to ship');
	return lines.map((line: IDataObject, index) => {
		const quantity = Number(line?.quantity);
		if (!Number.isFinite(quantity) || quantity <= 0) throw refuse(`line_items.${index}.quantity`, `"${String(line?.quantity)}" is not a quantity`);
		return { name: String(line.name ?? ''), productId: Number(line.product_id), variationId: Number(line.variation_id ?? 0), quantity };
	});
}

/** Each line's weight × quantity, from the products the flow read (a variation's own record, else its product's). */
function weightOf(order: IDataObject, products: unknown, refuse: Refuse): number {
	const lines = linesOf(order, refuse);
	if (!Array.isArray(products)) {
		throw refuse('products', 'a WooCommerce order carries no weights: give the products of its lines, as the shop\'s REST API answers them (GET /products/{id}, /products/{id}/variations/{id}), in the item\'s field "products", or the parcels in "pieces"');
	}
	const byId = new Map((products as IDataObject[]).filter((product) => product !== null && typeof product === 'object').map((product) => [Number(product.id), product]));
	let total = 0;
	lines.forEach((line, index) => {
		const product = (line.variationId > 0 ? byId.get(line.variationId) : undefined) ?? byId.get(line.productId);
		const weight = Number(product?.weight);
		const which = `line_items.${index}`;
		if (product === undefined) throw refuse(which, `no product ${line.variationId > 0 ? line.variationId : line.productId} ("${line.name}") among the item's "products": read every product of the order`);
		if (product.weight === '' || product.weight === null || !Number.isFinite(weight) || weight <= 0) {
			throw refuse(which, `product ${String(product.id)} ("${line.name}") has no weight in the shop: give it one (WooCommerce › Products › Shipping › Weight), then run again`);
		}
		total += weight * line.quantity;
	});
	// Whole grams of a kilogram, or whole milligrams of a gram: 0.45 × 2 + 1.2 is 2.1, not a hair over it.
	return Math.round(total * 1000) / 1000;
}

export const wooCommerceOrder: InputShape = {
	name: 'WooCommerce Order',
	value: 'wooCommerceOrder',
	description: 'Each item is a WooCommerce order as its REST API and the WooCommerce Trigger give it, with its products\' weights in "products"',
	notice:
		'Each input item is a WooCommerce order (REST API v3, as the WooCommerce Trigger gives it). From the order: the recipient (shipping names, else company), the phone (shipping, else billing), county (state: CJ, B), locality (city), street and number (address_1) and the address lines (address_1, address_2), postal code, email (billing), observations (customer_note), cash on delivery (total when payment_method is cod) and the Order Reference: woo-<id>, or woo-<id>-<number> when the order\'s number is not its id. Its weight: each line\'s quantity × the weight of its product or variation in the item\'s "products" (the shop\'s answers), in the Weight Unit ("weightUnit", kilograms by default); or "pieces". The item\'s other fields of the form\'s names give the rest: senderLocationId, serviceId, and any additional field; "referencePrefix" replaces woo.',
	sources: {
		recipientName: 'shipping.first_name, shipping.last_name, shipping.company',
		recipientPhone: 'shipping.phone, billing.phone',
		recipientCountyId: 'shipping.state',
		recipientLocalityId: 'shipping.city',
		recipientStreetId: 'shipping.address_1',
		buildingNumber: 'shipping.address_1',
		addressText: 'shipping.address_1, shipping.address_2',
		postalCode: 'shipping.postcode',
		email: 'billing.email',
		observations: 'customer_note',
		cashOnDelivery: 'total',
		orderReference: 'id, number',
	},
	valuesOf(order, refuse) {
		const id = textAt(order, 'id');
		if (!/^\d+$/.test(id)) throw refuse('id', id === '' ? 'the item has no order id: is it a WooCommerce order?' : `"${id}" is not an order id`);
		const name = [textAt(order, 'shipping.first_name'), textAt(order, 'shipping.last_name')].join(' ').trim() || textAt(order, 'shipping.company');
		if (name === '') throw refuse('shipping.first_name, shipping.last_name, shipping.company', 'the order has no recipient\'s name: each is empty');
		const values: IDataObject = {
			recipientName: name,
			recipientPhone: firstText(order, ['shipping.phone', 'billing.phone'], refuse, 'phone'),
			recipientCountyId: firstText(order, ['shipping.state'], refuse, 'county'),
			recipientLocalityId: firstText(order, ['shipping.city'], refuse, 'locality'),
			...addressValues(firstText(order, ['shipping.address_1'], refuse, 'street address'), textAt(order, 'shipping.address_2')),
			cashOnDelivery: textAt(order, 'payment_method') === 'cod' ? amountAt(order, 'total', refuse, 'cash on delivery collects the order\'s total') : 0,
			orderReference: orderReference(prefixOf(order, PREFIX), id, textAt(order, 'number')),
		};
		for (const [field, path] of [['postalCode', 'shipping.postcode'], ['email', 'billing.email'], ['observations', 'customer_note']]) {
			const text = textAt(order, path);
			if (text !== '') values[field] = text;
		}
		if (order.pieces === undefined) values.pieces = [{ type: 1, weight: weightOf(order, order.products, refuse) }];
		return values;
	},
};
