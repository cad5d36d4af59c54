import type { INodeProperties } from 'n8n-workflow';

import type { Operation, Resource } from '../shared/run/operation';
import { TOOL_MAX_POINTS } from './resources/shipAndGoPoint/asTool/asTool';

/*
 * What a model reads about each operation used as a tool (n8n's cargusTool, under an AI Agent or the MCP Server
 * Trigger): what it needs, what it answers and its limits. n8n's own description of a tool is the operation's action
 * ("Track shipments in Cargus"); the tool's form holds this one instead, as its Description field, which the user
 * may rewrite. n8n reads a tool's description from its toolDescription parameter, filled with this default.
 */

const REFUSALS = 'A value Cargus would not take is refused before anything is sent, naming the argument to correct.';

const BARCODES = 'barcodes (AWB numbers: 6 to 20 digits; several separated by commas)';

const TRACE = 'scans under Event (Date, Description, LocalityName) and, unless the tool\'s Simplify is off, its current Status, StatusDate, StatusLocality and Delivered (true or false) first';

const NOT_FOUND = 'A barcode Cargus does not know is answered { Code, Found: false }: tell the user, do not try other numbers.';

const TOOL_DESCRIPTIONS: Record<string, string> = {
	'shipment.track': `Track Cargus shipments. Needs ${BARCODES}. Answers one entry per barcode, in the order given: the shipment's ${TRACE}. ${NOT_FOUND}`,
	'shipment.trackWithStatus': `Track Cargus shipments and tell whether they are late. Needs ${BARCODES}. Answers one entry per barcode, in the order given: the shipment's ${TRACE}, with OrderStatus and OrderLate. ${NOT_FOUND}`,
	'shipment.trackWithoutLogin': `Track one Cargus shipment. Needs one barcode (AWB number: 6 to 20 digits). Answers the shipment's scans under Event (Date, Description, LocalityName). ${NOT_FOUND}`,
	'shipment.getStatus': `Get where one Cargus shipment stands. Needs one barcode (AWB number: 6 to 20 digits). Answers its status record: status, who confirmed delivery, and the cash on delivery (RON). A barcode Cargus does not know is an error naming it.`,
	'shipment.get': 'Get the AWB record of one of the account\'s shipments. Needs its barcode (AWB number). Answers the recipient, pieces, service, amounts, order reference and status. A barcode Cargus does not know is an error naming it.',
	'shipment.calculatePrice': `Calculate what Cargus charges for a shipment before creating it. Needs where it goes (county and locality, by name or code such as CJ and Cluj-Napoca) and the parcels' weights in kilograms (decimals allowed; Cargus is sent whole kilograms, rounded up). Answers BaseCost, ExtraKmCost, WeightCost, InsuranceCost, SpecialCost, RepaymentCost, Subtotal, Tax and GrandTotal as Cargus gives them (Cargus' document names no currency for them; cash on delivery is in RON). ${REFUSALS}`,
	'shipment.create': `Create a Cargus shipment (AWB): a real shipment the account pays for, so confirm the details with the user first. Needs the recipient's name and phone, county and locality (by name or code, such as CJ and Cluj-Napoca), the parcels' weights in kilograms (decimals allowed; Cargus is sent whole kilograms, rounded up), and the order's reference so that an order is never shipped twice. Answers BarCode (the AWB number, for tracking and the label), ShippingCost, weightKg { ordered, sent } and Next. The same order reference again gives the same AWB (AlreadyCreated: true), never a second one. Cash on delivery is in RON. ${REFUSALS}`,
	'shipAndGoPoint.getMany': `List Cargus Ship & Go points (lockers and shops where a customer collects a parcel) of one place. Needs a place: a city (such as Cluj-Napoca) or a postal code of 6 digits; without one it is refused. Answers at most ${TOOL_MAX_POINTS} points, each with Id, Name, address, opening hours and whether it takes cash on delivery; when more match, a last entry { ListCut: true, Shown, Matching, HowToNarrow } says how many and how to narrow.`,
	'document.getAwbPdf': `Get the printable labels (AWB PDF) of shipments. Needs ${BARCODES}. Answers one PDF file. Barcodes Cargus does not know are an error naming them.`,
};

function sentence(text: string): string {
	const trimmed = text.trim().replace(/[.;]$/, '');
	return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
}

/** Cargus' document gives a currency only for cash on delivery. */
const CASH_ON_DELIVERY = new Set(['cashOnDelivery.getMany', 'cashOnDelivery.getRepaid', 'shipment.getCashOnDelivery']);

/** An operation without a description of its own: its action, what its form says it answers, and its limits. */
function fromTheForm(resource: string, operation: Operation): string {
	const parts = [sentence(`${String(operation.option.action)} in Cargus`), sentence(String(operation.option.description ?? ''))];
	if (CASH_ON_DELIVERY.has(`${resource}.${operation.value}`)) parts.push('Cash-on-delivery amounts are in RON.');
	if (operation.fields.some((field) => field.name === 'limit')) parts.push('A list cut by its limit ends with an entry { ListCut: true, ... } saying how to narrow it.');
	return parts.join(' ');
}

/** The tool's Description field, one per operation, shown on the tool for that operation only (n8n then adds none of its own). */
export function toolDescriptionFields(resources: Resource[]): INodeProperties[] {
	return resources.flatMap((entry) =>
		entry.operations.map((operation) => ({
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string' as const,
			typeOptions: { rows: 4 },
			default: TOOL_DESCRIPTIONS[`${entry.value}.${operation.value}`] ?? fromTheForm(entry.value, operation),
			description: 'What the model reads about this tool: what it needs, what it answers and its limits',
			displayOptions: { show: { '@tool': [true], resource: [entry.value], operation: [operation.value] } },
		})),
	);
}
