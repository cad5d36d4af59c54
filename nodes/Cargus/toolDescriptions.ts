import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../shared/run/operation';
import { TOOL_MAX_ENTRIES } from '../shared/run/listCut';
import { TOOL_MAX_POINTS } from './resources/shipAndGoPoint/asTool/asTool';

/*
 * What a model reads about each operation used as a tool (n8n's cargusTool, under an AI Agent or the MCP Server
 * Trigger): what it needs, what it answers and its limits, in the model's terms (never the node's settings: a model
 * sees none). n8n's own description of a tool is the operation's action ("Track shipments in Cargus"); the tool's
 * form holds this one instead, as its Description field, which the user may rewrite. n8n reads a tool's description
 * from its toolDescription parameter, filled with this default. docs/node.md lists them; test/node/asTool.test.ts
 * fails on an operation without one.
 */

const REFUSALS = 'A value Cargus would not take is refused before anything is sent, naming the argument: a wrongly written one says the format to use (fix it yourself), a value only the user knows (a place, a recipient) says to ask the user.';

const BARCODES = 'barcodes (AWB numbers: 6 to 20 digits; several separated by commas)';

const BARCODE = 'one barcode (AWB number: 6 to 20 digits)';

const EVENTS = 'scans under Event (Date, Description, LocalityName), the current Status, StatusDate, StatusLocality and Delivered (true or false) first';

const NOT_FOUND = 'A barcode Cargus does not know is answered { Code, Found: false }: tell the user, do not try other numbers.';

const NOT_KNOWN_ERROR = 'A barcode Cargus does not know is an error naming it.';

const BOUNDED = `At most ${TOOL_MAX_ENTRIES} entries; a cut list ends with an entry { ListCut: true, Shown, Matching (or MoreMayExist), HowToNarrow } saying how to narrow it.`;

const EMPTY = 'None at all is answered { NoneFound: true, Meaning }.';

const PERIOD = 'Needs two dates, From and To (YYYY-MM-DD, or a date and time such as 2026-11-20T10:00:00).';

const PDF = 'The PDF stays with the workflow as a file (a tool answers text only): the answer is its file name and size, to tell the user it is ready.';

const MONEY = 'Amounts in lei (RON): Subtotal before VAT, Tax the VAT, GrandTotal = Subtotal + Tax; the answer says so in Currency and Amounts.';

const COD = 'Cash-on-delivery amounts are in RON.';

const WRITES = 'It changes the account at Cargus: confirm with the user first.';

export const TOOL_DESCRIPTIONS: Record<string, string> = {
	'account.logIn': 'Log in to Cargus with the account the tool is set up with and answer the token and the login path. Needs nothing. The token is a secret: never show it to the user.',
	'cashOnDelivery.getMany': `List the cash on delivery of the account's shipments created between two dates: amount, delivery and when Cargus paid it back (RepaymentDate, DeductionDate). ${PERIOD} ${COD} ${BOUNDED} ${EMPTY}`,
	'cashOnDelivery.getRepaid': `List the cash on delivery Cargus paid back to the account on one day. Needs the day (YYYY-MM-DD, or a date and time such as 2026-11-20T10:00:00). ${COD} ${BOUNDED} ${EMPTY}`,
	'cashReceipt.createList': `Tell Cargus about cash receipts issued for cash-on-delivery shipments. Needs the day, the operator, the pickup location and each receipt (its AWB, number, date and amount in RON). Answers the new list. ${WRITES} ${REFUSALS}`,
	'complaint.save': `Send Cargus a complaint about a shipment. Needs who complains (name, email, phone), the shipment and what went wrong. Answers whether Cargus saved it. ${WRITES} ${REFUSALS}`,
	'county.getMany': `List Romania's counties (județe) with Cargus' CountyId, Name and Abbreviation (the code, such as CJ; B for Bucharest). Needs nothing. ${BOUNDED}`,
	'document.getAwbPdf': `Get the printable labels (AWB PDF) of shipments. Needs ${BARCODES}. ${PDF} Barcodes Cargus does not know are an error naming them.`,
	'document.getOrderDocuments': `Get the summary document of the account's pickup orders between two dates. ${PERIOD} ${PDF} None in the period: { NoneFound: true, Meaning }.`,
	'document.getPickupOrderSummary': `Get the summary document (borderou) of one pickup order, with the AWBs the courier collects. Needs the pickup order's id. ${PDF}`,
	'invoice.getDocument': `Get one Cargus invoice as Cargus prints it. Needs the invoice's id (from the invoices list). ${PDF}`,
	'invoice.getMany': `List the invoices Cargus issued the account between two dates. ${PERIOD} Answers InvoiceId, Series, Number, Date, DueDate, Value, Total (with VAT), Balance, Closed. Amounts in lei (RON). ${BOUNDED} ${EMPTY}`,
	'invoice.getPdf': `Get one Cargus invoice's stored PDF. Needs the invoice's id (from the invoices list). ${PDF}`,
	'locality.getMany': `List the localities (cities and villages) Cargus delivers to, with LocalityId, Name, postal codes and delivery details (ExtraKm, InNetwork). Needs a county (its code such as CJ, or its name such as Cluj) or a postal code of 6 digits: without either it lists all of Romania, cut. ${BOUNDED} ${REFUSALS}`,
	'locality.getManyWithoutLogin': `List the localities of one county, with LocalityId, Name and postal codes. Needs a county: its code (such as CJ), its name (Cluj) or Cargus' CountyId. ${BOUNDED} ${REFUSALS}`,
	'pickupLocation.createCollectionPoint': `Make a Cargus Ship & Go point one of the account's pickup locations (to drop parcels there). Needs the point's id. Answers its LocationId. ${WRITES} ${REFUSALS}`,
	'pickupLocation.getMany': `List the account's pickup locations (where Cargus collects parcels) with LocationId, name, address and contact. Needs nothing. ${BOUNDED}`,
	'pickupLocation.update': `Change the address, contact or end-of-day time of one of the account's pickup locations. Needs its LocationId and the new values. ${WRITES} ${REFUSALS}`,
	'pickupOrder.cancel': `Cancel the latest pickup order of one of the account's pickup locations, if the courier has not started it. Needs the LocationId. Answers the cancelled order. ${WRITES}`,
	'pickupOrder.get': 'Read one pickup order: its status, times, parcels and address. Needs the pickup order\'s id (OrderId). An id Cargus does not know is an error naming it.',
	'pickupOrder.getMany': `List the account's pickup orders created between two dates, or those of one pickup location that are open or validated, with their status. Needs the dates (YYYY-MM-DD, or a date and time such as 2026-11-20T10:00:00) or the pickup location's LocationId. ${BOUNDED} ${EMPTY}`,
	'pickupOrder.launch': `Close the day at one of the account's pickup locations: the AWBs created there since the last pickup go to a courier who comes between two times. Needs the LocationId and the times. Answers the pickup order. ${WRITES} ${REFUSALS}`,
	'pickupOrder.send': `Ask Cargus to send a courier to one of the account's pickup locations. Needs the LocationId, the times, and how many parcels and envelopes. Answers the new order. ${WRITES} ${REFUSALS}`,
	'returnAwb.create': `Get a return AWB so that a customer can send a parcel back. Needs the account's client id and the pickup location the parcel goes back to. Answers the return barcode. ${WRITES} ${REFUSALS}`,
	'shipAndGoPoint.getMany': `List Cargus Ship & Go points (lockers and shops where a customer collects a parcel) of one place. Needs a place: a city (such as Cluj-Napoca) or a postal code of 6 digits; without one it is refused. Answers at most ${TOOL_MAX_POINTS} points, each with Id, Name, address, opening hours and whether it takes cash on delivery; when more match, a last entry { ListCut: true, Shown, Matching, HowToNarrow } says how many and how to narrow.`,
	'shipment.calculatePrice': `Calculate what Cargus charges for a shipment before creating it. Needs where it goes (county and locality, by name or code such as CJ and Cluj-Napoca) and the parcels' weights in kilograms (decimals allowed; Cargus is sent whole kilograms, rounded up). Answers BaseCost, ExtraKmCost, WeightCost, InsuranceCost, SpecialCost, RepaymentCost, Subtotal, Tax and GrandTotal. ${MONEY} ${REFUSALS}`,
	'shipment.create': `Create a Cargus shipment (AWB): a real shipment the account pays for, so confirm the details with the user first. Needs the recipient's name and phone, county and locality (by name or code, such as CJ and Cluj-Napoca), the parcels' weights in kilograms (decimals allowed; Cargus is sent whole kilograms, rounded up), and the order's reference so that an order is never shipped twice. Answers BarCode (the AWB number, for tracking and the label), ShippingCost (Cargus' price parts, in lei: RON; GrandTotal with VAT), Currency, weightKg { ordered, sent } and Next. The same order reference again gives the same AWB (AlreadyCreated: true), never a second one. Cash on delivery is in RON. ${REFUSALS}`,
	'shipment.delete': `Delete an AWB the account created, before Cargus has scanned it (after its first scan Cargus refuses). Needs ${BARCODE}. Answers Deleted: true. ${WRITES}`,
	'shipment.get': `Get the AWB record of one of the account's shipments: recipient, pieces, service, amounts, order reference and status. Needs ${BARCODE}. ${NOT_KNOWN_ERROR}`,
	'shipment.getCashOnDelivery': `Get what Cargus collected from the recipient and when it paid it back. Needs ${BARCODE}, or nothing for every shipment. ${COD} ${BOUNDED} ${EMPTY}`,
	'shipment.getDeliveryPicture': `Tell whether Cargus has the picture it took as proof of delivery of one shipment, and when the parcel was delivered. Needs ${BARCODE}. Answers { Barcode, Found, Picture, DeliveredAt, Meaning }: the picture itself stays with the workflow as a file (a tool answers text only). Without a picture, Meaning says why: Cargus does not know the AWB (Found: false), it is not delivered yet (LatestEvent), or it was refused or returned (Outcome): then no picture will ever come.`,
	'shipment.getMany': `List the AWBs the account created from one day to another, oldest first, with their status. ${PERIOD} ${BOUNDED} ${EMPTY}`,
	'shipment.getReturning': `List the AWBs going back to the account (the sender) on one day: refused or undeliverable parcels. Needs a day: YYYY-MM-DD (such as 2026-11-29), or "today" or "yesterday" (Cargus' day, in Bucharest); 29.11.2026 is read too. None that day is answered { NoneFound: true, Meaning: "No parcel is coming back ..." }. ${BOUNDED}`,
	'shipment.getStatus': `Get where one Cargus shipment stands. Needs ${BARCODE}. Answers its status record: status, who confirmed delivery, and the cash on delivery (RON). ${NOT_KNOWN_ERROR}`,
	'shipment.track': `Track Cargus shipments. Needs ${BARCODES}. Answers one entry per barcode, in the order given: the shipment's ${EVENTS}. ${NOT_FOUND} ${BOUNDED}`,
	'shipment.trackWithRedirects': `Track one Cargus shipment and the AWBs it was redirected to. Needs ${BARCODE}. Answers one entry per AWB with its scans under Event. ${BOUNDED} ${EMPTY}`,
	'shipment.trackWithStatus': `Track Cargus shipments and tell whether they are late. Needs ${BARCODES}. Answers one entry per barcode, in the order given: the shipment's ${EVENTS}, with OrderStatus and OrderLate. ${NOT_FOUND} ${BOUNDED}`,
	'shipment.trackWithoutLogin': `Track one Cargus shipment. Needs ${BARCODE}. Answers the shipment's scans under Event (Date, Description, LocalityName). ${NOT_FOUND}`,
	'street.getMany': `List the streets Cargus knows in one locality, with StreetId and Name, for an address. Needs the locality's LocalityId (from the localities list). ${BOUNDED} ${EMPTY}`,
};

/** Words of a workflow's node that a model never sees: its settings and form. */
export const NODE_WORDS = /Simplify|Settings|On Error|Return All|Always Output|Continue|Limit\b|›|\bnode\b|\bfield\b|\bitems?\b/;

/** The tool's Description field, one per operation, shown on the tool for that operation only (n8n then adds none of its own). */
export function toolDescriptionFields(resources: Resource[]): INodeProperties[] {
	return resources.flatMap((entry) =>
		entry.operations.map((operation) => {
			const description = TOOL_DESCRIPTIONS[`${entry.value}.${operation.value}`];
			if (description === undefined) throw new Error(`The operation ${entry.value}.${operation.value} has no tool description (toolDescriptions.ts)`);
			return {
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string' as const,
				typeOptions: { rows: 4 },
				default: description,
				description: 'What the model reads about this tool: what it needs, what it answers and its limits',
				displayOptions: { show: { '@tool': [true], resource: [entry.value], operation: [operation.value] } },
			};
		}),
	);
}
