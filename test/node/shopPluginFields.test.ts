import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * What the shop plugins that run against the real Cargus send and read (../shared/spec/real-clients.md), and
 * the package now too: the AWB made through Awbs/WithGetAwb with its cost, a return voucher and its label,
 * cash on delivery paid into the bank, the services of older contracts, and the price from a pickup location.
 */

const sandbox = useSandbox();
const ECOM_TEST = 1005962049;
const CLUJ_COUNTY = 15;
const CLUJ_NAPOCA = 164;

beforeEach(async () => {
	await sandbox.control.reset();
});

const create = (parameters: INodeParameters = {}, input?: IDataObject[]) =>
	runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, ...parameters }, { input, continueOnFail: true });

const withFields = (additionalAwbFields: INodeParameters): INodeParameters => ({ additionalAwbFields });

async function pdfOf(barcode: string, printReturn?: number) {
	const label = await runOperation(engineFor(sandbox), 'document', 'getAwbPdf', { barcodes: barcode, printOptions: printReturn === undefined ? {} : { printReturn } });
	expect(label.error).toBeUndefined();
	const pdf = await PDFDocument.load(Buffer.from(label.items[0].binary!.data.data, 'base64'));
	return { pages: pdf.getPageCount(), barcodes: (pdf.getKeywords() ?? '').split(' ') };
}

describe('Shipment › Create through Awbs/WithGetAwb, as the shop plugins create', () => {
	it('works against a Cargus that answers only Awbs/WithGetAwb: the document\'s plain Awbs is never called', async () => {
		await sandbox.control.addFault({ path: '/api/Awbs', method: 'POST', kind: 'status', status: 404, body: { Message: 'Resource not found' } });
		const { json, error } = await create();
		expect(error).toBeUndefined();
		expect(json[0].BarCode).toMatch(/^\d{10}$/);
		expect((await requestsSeen(sandbox, 'createAwb')).map((request) => request.path)).toEqual(['/api/Awbs/WithGetAwb']);
	});

	it('outputs what the AWB costs exactly as Cargus answered it, the same as Get reads back', async () => {
		const { json } = await create();
		const [awb] = (await runOperation(engineFor(sandbox), 'shipment', 'get', { findBy: 'barcode', barcode: String(json[0].BarCode) })).json;
		expect(json[0].ShippingCost).toEqual(awb.ShippingCost);
		expect(Object.keys(json[0].ShippingCost as IDataObject)).toEqual(['BaseCost', 'ExtraKmCost', 'WeightCost', 'InsuranceCost', 'SpecialCost', 'RepaymentCost', 'Subtotal', 'Tax', 'GrandTotal']);
		expect(json[0]).not.toHaveProperty('ReturnCode');
		expect(json[0]).not.toHaveProperty('ReturnAwb');
	});

	it('a return code asked with the AWB comes back as ReturnCode, valid for the days given', async () => {
		const { json, error } = await create(withFields({ returnVoucher: 1, returnDays: 14 }));
		expect(error).toBeUndefined();
		expect(json[0].ReturnCode).toMatch(/^R\d{8}$/);
		expect(json[0]).not.toHaveProperty('ReturnAwb');
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ ConsumerReturnType: 1, ReturnCodeExpirationDays: 14 });
	});

	it('a pre-printed return AWB comes back as ReturnAwb and prints with the label when asked, or alone', async () => {
		const { json } = await create(withFields({ returnVoucher: 2 }));
		const barcode = String(json[0].BarCode);
		const returnAwb = String(json[0].ReturnAwb);
		expect(returnAwb).toMatch(/^\d{10}$/);
		expect(returnAwb).not.toBe(barcode);
		expect(await pdfOf(barcode)).toEqual({ pages: 1, barcodes: [barcode] });
		expect(await pdfOf(barcode, 1)).toEqual({ pages: 2, barcodes: [barcode, returnAwb] });
		expect(await pdfOf(barcode, 4)).toEqual({ pages: 1, barcodes: [returnAwb] });
		const queries = (await requestsSeen(sandbox, 'awbPdf')).map((request) => request.query.printReturn);
		expect(queries).toEqual([undefined, '1', '4']);
	});

	it('cash on delivery paid into the collector account reaches the AWB and its price; cash and bank together are refused before sending', async () => {
		const bank = await create({ cashOnDelivery: 0, ...withFields({ bankRepayment: 120 }) });
		expect(bank.error).toBeUndefined();
		const [awb] = (await runOperation(engineFor(sandbox), 'shipment', 'get', { findBy: 'barcode', barcode: String(bank.json[0].BarCode) })).json;
		expect(awb).toMatchObject({ CashRepayment: 0, BankRepayment: 120 });
		expect((bank.json[0].ShippingCost as IDataObject).RepaymentCost).toBeGreaterThan(0);

		const both = await create({ cashOnDelivery: 50, ...withFields({ bankRepayment: 120 }) });
		expect(both.items[0].error?.message).toMatch(/^Bank Repayment \(RON\) \(item 1\): 120 beside Cash on Delivery \(RON\) 50/);
		const mapped = await runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData' }, {
			input: [{ ...SMALL_SHIPMENT, pieces: [{ type: 1, weight: 2 }], cashOnDelivery: 50, bankRepayment: 120 }],
			continueOnFail: true,
		});
		expect(mapped.items[0].error?.message).toMatch(/^Input field "bankRepayment" \(item 1\): 120 beside Input field "cashOnDelivery" 50/);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1);
	});

	it('sends Other Repayment as Cargus\' OtherRepayment', async () => {
		const { error } = await create(withFields({ otherRepayment: 'Factura semnata' }));
		expect(error).toBeUndefined();
		expect((await requestsSeen(sandbox, 'createAwb'))[0].body).toMatchObject({ OtherRepayment: 'Factura semnata' });
	});

	it.each([1, 4])('service %i of older contracts is sent as chosen; its limits are left to Cargus', async (serviceId) => {
		const { error } = await create({ serviceId, pieces: { piece: [{ type: 1, weight: 40 }] } });
		expect(error).toBeUndefined();
		expect((await requestsSeen(sandbox, 'createAwb'))[0].body).toMatchObject({ ServiceId: serviceId, TotalWeight: 40 });
	});
});

describe('Shipment › Calculate Price from one of the account\'s pickup locations', () => {
	const route = { shipFrom: 'pickupLocation', fromLocationId: ECOM_TEST, toCountyId: CLUJ_COUNTY, toLocalityId: CLUJ_NAPOCA, serviceId: 34, parcels: 1, envelopes: 0, totalWeight: 2 };

	it('prices from the location\'s locality, what the AWB from that location costs, reading the locations once for all the items', async () => {
		const engine = engineFor(sandbox);
		const { items, error } = await runOperation(engine, 'shipment', 'calculatePrice', { ...route, cashOnDelivery: 0, additionalPriceFields: { bankRepayment: 120 } }, { input: [{}, {}, {}] });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		const locations = (await runOperation(engine, 'pickupLocation', 'getMany', { returnAll: true })).json;
		const ecomTest = locations.find((location) => location.LocationId === ECOM_TEST)!;
		const requests = await requestsSeen(sandbox, 'shippingCalculation');
		expect(requests.map((request) => request.body)).toEqual(Array(3).fill(expect.objectContaining({ FromLocalityId: ecomTest.LocalityId, BankRepayment: 120 })));
		expect(requests[0].body).not.toHaveProperty('FromLocationId');
		expect((await requestsSeen(sandbox)).filter((request) => request.path === '/api/PickupLocations')).toHaveLength(2);

		const created = await create({ pieces: { piece: [{ type: 1, weight: 2 }] }, cashOnDelivery: 0, ...withFields({ bankRepayment: 120 }) });
		const { weightKg, ...price } = items[0].json;
		expect(created.json[0].ShippingCost).toEqual(price);
		expect(created.json[0].weightKg).toEqual(weightKg);
	});

	it('refuses a location the account does not have, before pricing', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', { ...route, fromLocationId: 42 });
		expect(error?.message).toMatch(/^Pickup Location Name or ID \(item 1\): 42 is not one of the account's active pickup locations/);
		expect(await requestsSeen(sandbox, 'shippingCalculation')).toHaveLength(0);
	});
});
