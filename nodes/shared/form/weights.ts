import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { field } from './field';
import { parameterOf, perItem } from './itemParameters';

/*
 * Weights as shops keep them (decimals, in kilograms or grams) and as Cargus takes them: whole kilograms,
 * rounded up, at least 1 for a parcel. The shipment's total is the sum rounded up once, as the OpenCart plugin
 * weighs an order (the products' weights summed, converted to kilograms, then ceil(): one 0.4 kg and one 0.3 kg
 * parcel weigh 1 kg in all); each piece's own Weight is its weight rounded up, since Cargus takes it whole too.
 * Calculate Price rounds its Total Weight the same way, so the price of an order's total weight is the price of
 * the AWB Create makes for it.
 */

export type WeightUnit = 'kg' | 'g';

const GRAMS: Record<WeightUnit, number> = { kg: 1000, g: 1 };

export const WEIGHT_UNIT = 'weightUnit';

/** The unit of an operation's weights; Cargus is sent kilograms whatever it is. */
export const weightUnitField: INodeProperties = field(
	{
		displayName: 'Weight Unit',
		name: WEIGHT_UNIT,
		type: 'options',
		options: [
			{ name: 'Kilograms', value: 'kg', description: 'Weights such as 2.5 (WooCommerce\'s default unit)' },
			{ name: 'Grams', value: 'g', description: 'Weights such as 2300 (Shopify\'s total_weight)' },
		],
		default: 'kg',
		description: 'The unit of the weights below, as your shop keeps them. Cargus is sent whole kilograms, rounded up: 2.5 kg or 2300 g is sent as 3 kg, 0.4 kg as 1.',
	},
	{},
);

/** What was asked and what Cargus was sent, in kilograms: the output shows both. */
export interface WeightReport {
	ordered: number;
	sent: number;
}

/** Whole grams: weights add up in grams, so 0.7 + 0.1 + 0.2 kg is 1 kg, not a hair over it. */
export function gramsOf(weight: number, unit: WeightUnit): number {
	return Math.round(weight * GRAMS[unit]);
}

/** What Cargus weighs: whole kilograms, rounded up, at least 1 for a parcel (or parcels, for a total). */
export function kilogramsSent(grams: number, parcel: boolean): number {
	return Math.max(parcel ? 1 : 0, Math.ceil(grams / 1000));
}

/** A weight as the user gave it, with its unit, for a message: "2.5 kg", "2300 g". */
export function asGiven(grams: number, unit: WeightUnit): string {
	return `${grams / GRAMS[unit]} ${unit}`;
}

/** The item's Weight Unit (checked by the input step; a workflow saved before it existed has kilograms). */
export function unitOf(context: IExecuteSingleFunctions): WeightUnit {
	return parameterOf(context, WEIGHT_UNIT, null) === 'g' ? 'g' : 'kg';
}

const reportByItem = perItem<WeightReport>();

/** What the step that places the weights sent for the item, for its output (run/weightReport.ts). */
export function rememberWeight(context: IExecuteSingleFunctions, orderedGrams: number, sent: number): void {
	reportByItem.set(context, { ordered: orderedGrams / 1000, sent });
}

/** The item's weights as asked and as sent, in kilograms, when the item sent any. */
export function weightReportOf(context: IExecuteSingleFunctions): WeightReport | undefined {
	return reportByItem.get(context);
}
