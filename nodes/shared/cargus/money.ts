/*
 * What Cargus' amounts are, as far as its sources say (docs/node.md, "Money"): Cargus' API document names no
 * currency for prices; Cargus' own shop plugins take ShippingCalculation's amounts as lei (the OpenCart plugin works
 * only in a shop that has RON or lei, and adds the shop's VAT to Subtotal itself; the Magento plugin prices with
 * ShippingCalculation only in a RON store, taking GrandTotal as the price). Cash on delivery is in RON (the document).
 */

export const CURRENCY = 'RON';

/** How a price record's amounts add up, for a model that must tell a user what a shipment costs. */
export const PRICE_PARTS =
	'Amounts in lei (RON). BaseCost, ExtraKmCost, WeightCost, InsuranceCost, SpecialCost and RepaymentCost add up to Subtotal, the price before VAT; Tax is the VAT (TVA) on Subtotal (Romania\'s standard rate: 21% since 1 August 2025); GrandTotal = Subtotal + Tax, the price with VAT, by the account\'s price table.';
