import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { itfModules } from './barcode';
import { toServiceDate } from './dates';
import type { Account, Invoice, PickupOrder, Shipment } from './types';

const A4: [number, number] = [595.28, 841.89];
/** 10 x 14 cm label. */
const LABEL_10X14: [number, number] = [283.46, 396.85];

/** Standard fonts only know WinAnsi: keep text printable whatever the input. */
function printable(text: string): string {
	return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '?');
}

function drawBarcode(page: PDFPage, digits: string, x: number, y: number, height: number, narrow: number): void {
	const modules = itfModules(digits);
	let cursor = x;
	for (const [isBar, width] of modules) {
		if (isBar) page.drawRectangle({ x: cursor, y, width: width * narrow, height, color: rgb(0, 0, 0) });
		cursor += width * narrow;
	}
}

interface Fonts { regular: PDFFont; bold: PDFFont }

function drawLabel(page: PDFPage, fonts: Fonts, shipment: Shipment, x: number, y: number, width: number, height: number, copy: string): void {
	const scale = width / LABEL_10X14[0];
	const size = 9 * scale;
	page.drawRectangle({ x, y, width, height, borderColor: rgb(0, 0, 0), borderWidth: 1 });
	const line = (text: string, row: number, bold = false, factor = 1) =>
		page.drawText(printable(text), { x: x + 10 * scale, y: y + height - row * 14 * scale, size: size * factor, font: bold ? fonts.bold : fonts.regular });
	line('CARGUS  -  AWB', 1.5, true, 1.6);
	line(copy, 2.6);
	drawBarcode(page, shipment.barcode, x + 10 * scale, y + height - 100 * scale, 50 * scale, 1.3 * scale);
	line(shipment.barcode, 7.8, true, 1.4);
	line(`Expeditor: ${shipment.sender}`, 9.5);
	line(`Din: ${shipment.senderLocality}`, 10.5);
	line(`Destinatar: ${shipment.receiver}`, 12, true);
	line(`Catre: ${shipment.receiverLocality}`, 13);
	line(`Tip: ${shipment.type === '1' ? 'Colet' : 'Plic'}   Greutate: ${shipment.measuredWeight} kg`, 14.5);
	line(`Ramburs: ${shipment.codValue.toFixed(2)} RON   Tarif: ${shipment.tariffSetName}`, 15.5);
	line(`Data: ${toServiceDate(shipment.createdAt)}   ${shipment.customString}`, 16.5);
}

export interface AwbPdfOptions {
	/** 0 = A4, 1 = 10x14 label. */
	format: number;
	/** 0 = main AWB twice, 1 = once, 2 = once in label format. */
	printMainOnce: number;
	/** 1 = one AWB per page (A4 otherwise holds two labels). */
	printOneAwbPerPage: number;
	/**
	 * The pre-printed return AWB (ConsumerReturnType 2): 0 not printed, 1 and 2 after the AWB (2 with the
	 * recipient's instructions), 3 and 4 alone (the WooCommerce plugin's "Printare AWB retur").
	 */
	printReturn?: number;
}

const RETURN_INSTRUCTIONS = 'Retur: lipiti acest AWB pe colet si predati-l curierului Cargus';

/** The labels of one AWB: its copies, then its return AWB as printReturn asks (the return goes from recipient to sender). */
function labelsOf(shipment: Shipment, copies: string[], printReturn: number): Array<{ shipment: Shipment; copy: string }> {
	const returnAwb = shipment.awb?.ReturnAwb ?? '';
	const main = copies.map((copy) => ({ shipment, copy }));
	if (printReturn === 0 || returnAwb === '') return main;
	const reversed: Shipment = {
		...shipment, barcode: returnAwb, sender: shipment.receiver, senderLocality: shipment.receiverLocality,
		receiver: shipment.sender, receiverLocality: shipment.senderLocality, codValue: 0, customString: `Retur ${shipment.barcode}`,
	};
	const back = { shipment: reversed, copy: printReturn % 2 === 0 ? RETURN_INSTRUCTIONS : 'AWB retur' };
	return printReturn >= 3 ? [back] : [...main, back];
}

export async function awbDocumentsPdf(shipments: Shipment[], options: AwbPdfOptions, now: number): Promise<Uint8Array> {
	const pdf = await PDFDocument.create();
	pdf.setTitle('AWB');
	pdf.setProducer('Cargus sandbox');
	pdf.setCreationDate(new Date(now));
	pdf.setModificationDate(new Date(now));
	const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
	const labelFormat = options.format === 1 || options.printMainOnce === 2;
	const copies = options.printMainOnce === 0 ? ['Exemplar expeditor', 'Exemplar destinatar'] : ['Exemplar unic'];
	const labels = shipments.flatMap((shipment) => labelsOf(shipment, copies, options.printReturn ?? 0));
	pdf.setKeywords([...new Set(labels.map(({ shipment }) => shipment.barcode))]);
	if (labelFormat) {
		for (const { shipment, copy } of labels) {
			const page = pdf.addPage(LABEL_10X14);
			drawLabel(page, fonts, shipment, 6, 6, LABEL_10X14[0] - 12, LABEL_10X14[1] - 12, copy);
		}
	} else {
		const perPage = options.printOneAwbPerPage === 1 ? copies.length : 2;
		for (let i = 0; i < labels.length; i += perPage) {
			const page = pdf.addPage(A4);
			labels.slice(i, i + perPage).forEach(({ shipment, copy }, slot) => {
				drawLabel(page, fonts, shipment, 40, A4[1] - 40 - (slot + 1) * 390, A4[0] - 80, 380, copy);
			});
		}
	}
	return pdf.save();
}

async function textDocument(title: string, lines: string[], now: number): Promise<Uint8Array> {
	const pdf = await PDFDocument.create();
	pdf.setTitle(title);
	pdf.setProducer('Cargus sandbox');
	pdf.setCreationDate(new Date(now));
	pdf.setModificationDate(new Date(now));
	const regular = await pdf.embedFont(StandardFonts.Helvetica);
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
	const perPage = 48;
	for (let start = 0; start === 0 || start < lines.length; start += perPage) {
		const page = pdf.addPage(A4);
		page.drawText(printable(title), { x: 50, y: A4[1] - 60, size: 16, font: bold });
		lines.slice(start, start + perPage).forEach((text, row) => {
			page.drawText(printable(text), { x: 50, y: A4[1] - 100 - row * 14, size: 10, font: regular });
		});
	}
	return pdf.save();
}

export function invoicePdf(invoice: Invoice, account: Account, now: number): Promise<Uint8Array> {
	return textDocument(`Factura ${invoice.Series} ${invoice.Number}`, [
		'Furnizor: CARGUS SRL, Bucuresti',
		`Client: ${account.companyName} (cod client ${account.clientId})`,
		`Data: ${toServiceDate(invoice.Date)}    Scadenta: ${toServiceDate(invoice.DueDate)}`,
		'',
		`Servicii de curierat                    ${invoice.Value.toFixed(2)} RON`,
		`TVA                                      ${(invoice.Total - invoice.Value).toFixed(2)} RON`,
		`Total                                    ${invoice.Total.toFixed(2)} RON`,
		`Sold                                     ${invoice.Balance.toFixed(2)} RON`,
		invoice.Closed ? 'Achitata' : 'Neachitata',
	], now);
}

export function orderSummaryPdf(shipments: Shipment[], account: Account, from: number, to: number, now: number): Promise<Uint8Array> {
	return textDocument('Borderou expeditii', [
		`Client: ${account.companyName} (cod client ${account.clientId})`,
		`Perioada: ${toServiceDate(from)} - ${toServiceDate(to)}`,
		`Expeditii: ${shipments.length}`,
		'',
		...shipments.map((s) => `${s.barcode}  ${toServiceDate(s.createdAt)}  ${s.receiver}, ${s.receiverLocality}  ${s.codValue.toFixed(2)} RON`),
	], now);
}

/** One pickup order's summary (borderou): the order, its window and the AWBs that joined it. */
export function pickupOrderSummaryPdf(order: PickupOrder, shipments: Shipment[], account: Account, now: number): Promise<Uint8Array> {
	const window = order.launchedAt === undefined && order.awaitsLaunch ? 'nelansata' : `${toServiceDate(order.PickupStartDate)} - ${toServiceDate(order.PickupEndDate)}`;
	return textDocument(`Borderou comanda ${order.OrderId}`, [
		`Client: ${account.companyName} (cod client ${account.clientId})`,
		`Punct de ridicare: ${order.PickUpSiteName} (${order.LocationId}), ${order.AdresaExp}`,
		`Ridicare: ${window}`,
		`Colete: ${order.NoParcel}, plicuri: ${order.NoEnvelop}, greutate: ${order.TotalWeight} kg`,
		`Expeditii: ${shipments.length}`,
		'',
		...shipments.map((s) => `${s.barcode}  ${toServiceDate(s.createdAt)}  ${s.receiver}, ${s.receiverLocality}  ${s.codValue.toFixed(2)} RON`),
	], now);
}
