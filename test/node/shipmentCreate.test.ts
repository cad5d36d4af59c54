import fs from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';
import { listSearch, loadOptions } from '../helpers/loadOptions';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation } from './world';

const sandbox = useSandbox();
const ECOM_TEST = 1005962049;
/** Cluj county and Cluj-Napoca. */
const CLUJ_COUNTY = 15;
const CLUJ_NAPOCA = 164;

const ORDER: INodeParameters = {
	senderLocationId: ECOM_TEST,
	serviceId: 34,
	recipientName: 'Maria Ionescu',
	recipientPhone: '0722000000',
	recipientCountyId: CLUJ_COUNTY,
	recipientLocalityId: CLUJ_NAPOCA,
	pieces: { piece: [{ type: 1, weight: 2, length: 30, width: 20, height: 10, content: 'Carti' }, { type: 0, weight: 0 }] },
	cashOnDelivery: 149.9,
	additionalAwbFields: { orderReference: '#1042', addressText: 'Strada Memorandumului 1, ap. 3', email: 'maria@example.com', openPackage: true },
};

const createAwb = (parameters: INodeParameters = {}) => runOperation(engineFor(sandbox), 'shipment', 'create', { ...ORDER, ...parameters });

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('Shipment › Create', () => {
	it('creates the AWB from the pickup location to the recipient through Awbs/WithGetAwb: the barcode, what it costs, the order reference and what to do next', async () => {
		const { json, error } = await createAwb();
		expect(error).toBeUndefined();
		expect(json).toEqual([{
			BarCode: expect.stringMatching(/^\d{10}$/),
			AlreadyCreated: false,
			ShippingCost: expect.objectContaining({ GrandTotal: expect.any(Number), Subtotal: expect.any(Number), Tax: expect.any(Number) }),
			OrderReference: '#1042',
			Next: expect.stringContaining('"Get AWB PDF"'),
			weightKg: { ordered: 2, sent: 2 },
		}]);
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(`${request.method} ${request.path}`).toBe('POST /api/Awbs/WithGetAwb');
		expect(request.body).toEqual({
			Sender: { LocationId: ECOM_TEST },
			Recipient: { Name: 'Maria Ionescu', PhoneNumber: '0722000000', CountyId: CLUJ_COUNTY, LocalityId: CLUJ_NAPOCA, AddressText: 'Strada Memorandumului 1, ap. 3', Email: 'maria@example.com' },
			ServiceId: 34,
			CashRepayment: 149.9,
			CustomString: '#1042',
			OpenPackage: true,
			ParcelCodes: [
				{ Code: '0', Type: 1, Weight: 2, Length: 30, Width: 20, Height: 10, ParcelContent: 'Carti' },
				{ Code: '1', Type: 0, Weight: 0, Length: 0, Width: 0, Height: 0 },
			],
			Parcels: 1,
			Envelopes: 1,
			TotalWeight: 2,
		});
	});

	it('the created AWB shows up in Get, Get Many by date, tracking once the clock moves, its label, and cash on delivery once delivered', async () => {
		const engine = engineFor(sandbox);
		const barcode = String((await runOperation(engine, 'shipment', 'create', ORDER)).json[0].BarCode);
		const byBarcode = await runOperation(engine, 'shipment', 'get', { findBy: 'barcode', barcode });
		expect(byBarcode.json[0]).toMatchObject({ BarCode: barcode, CustomString: '#1042', CashRepayment: 149.9, Parcels: 1, Envelopes: 1, Status: 'Nepreluat' });
		const byOrder = await runOperation(engine, 'shipment', 'get', { findBy: 'pickupOrder', orderId: String(byBarcode.json[0].OrderId) });
		expect(byOrder.json.map((awb) => awb.BarCode)).toEqual([barcode]);
		const listed = await runOperation(engine, 'shipment', 'getMany', { fromDate: '2026-11-20T00:00:00', toDate: '2026-11-20T00:00:00', returnAll: true });
		expect(listed.json.map((awb) => awb.BarCode)).toContain(barcode);
		expect((await requestsSeen(sandbox, 'awbsByDate')).at(-1)?.query).toMatchObject({ FromDate: '11-20-2026', ToDate: '11-20-2026' });
		const label = await runOperation(engine, 'document', 'getAwbPdf', { barcodes: barcode, printOptions: { format: 1 } });
		expect(label.error).toBeUndefined();
		expect(label.items[0].binary?.data).toBeDefined();

		await sandbox.control.advanceClock({ hours: 4 });
		const tracked = await runOperation(engine, 'shipment', 'track', { barcodes: barcode });
		expect(tracked.error).toBeUndefined();
		expect(JSON.stringify(tracked.json)).toContain('"EventId":70');
		await sandbox.control.advanceClock({ days: 3 });
		const cash = await runOperation(engine, 'shipment', 'getCashOnDelivery', { barcode });
		expect(cash.error).toBeUndefined();
		// Delivered and repaid: "Rambursat", as clients see it live.
		expect(cash.json[0]).toMatchObject({ BarCode: barcode, RepaymentValue: 149.9, StatusExpression: 'Rambursat', CustomString: '#1042' });
	});

	it('takes the county, locality and street by name from an expression: the county and locality as Cargus lists them, the street as given', async () => {
		const { error } = await createAwb({ recipientCountyId: '={{ "Cluj" }}', recipientLocalityId: '={{ "Cluj-Napoca" }}', recipientStreetId: '={{ "Memorandumului" }}' });
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ Recipient: { CountyId: 15, CountyName: 'Cluj', LocalityId: 164, LocalityName: 'CLUJ-NAPOCA', StreetName: 'Memorandumului' } });
		expect(error).toBeUndefined();
	});

	it('sends a Ship & Go shipment to the point chosen from the searchable list (only points taking cash with cash on delivery)', async () => {
		const credential = sandboxCredential(sandbox.url);
		const { results } = await listSearch('searchDeliveryShipAndGoPoints', { cashOnDelivery: 149.9 }, credential, 'Cluj');
		expect(results.length).toBeGreaterThan(0);
		expect(results.every((point) => !String(point.name).includes('no cash on delivery'))).toBe(true);
		const point = results[0].value;
		const { json, error } = await createAwb({
			serviceId: 38,
			recipientCountyId: '',
			recipientLocalityId: '',
			deliveryPudoPoint: { __rl: true, mode: 'list', value: point },
			pieces: { piece: [{ type: 1, weight: 3 }] },
		});
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ ServiceId: 38, DeliveryPudoPoint: Number(point) });
		expect((request.body as IDataObject).Recipient).toEqual({ Name: 'Maria Ionescu', PhoneNumber: '0722000000', AddressText: 'Strada Memorandumului 1, ap. 3', Email: 'maria@example.com' });
		const [awb] = (await runOperation(engineFor(sandbox), 'shipment', 'get', { findBy: 'barcode', barcode: String(json[0].BarCode) })).json;
		expect(awb).toMatchObject({ ServiceId: 38, DeliveryPudoPoint: Number(point) });
	});

	it('lists the recipient\'s localities and streets, and the price tables, for the dropdowns', async () => {
		const credential = sandboxCredential(sandbox.url);
		const localities = await loadOptions('getRecipientLocalities', { recipientCountyId: CLUJ_COUNTY }, credential);
		expect(localities).toContainEqual({ name: 'CLUJ-NAPOCA', value: CLUJ_NAPOCA });
		const streets = await loadOptions('getRecipientStreets', { recipientLocalityId: CLUJ_NAPOCA }, credential);
		expect(streets.length).toBeGreaterThan(5);
		// The street is optional: its dropdown starts with "none", so n8n does not flag an empty one.
		expect(streets[0]).toEqual({ name: '(No Street: Address Text Only)', value: '' });
		const tables = await loadOptions('getPriceTables', {}, credential);
		expect(tables.map((table) => table.value).sort()).toEqual([1, 2]);
	});

	it.each([
		[{ senderLocationId: 'ECOM' }, /^Pickup Location Name or ID \(item 1\): "ECOM" is not a whole number/],
		[{ recipientName: '={{ "" }}' }, /^Recipient Name \(item 1\): a value is required/],
		[{ recipientPhone: '={{ "" }}' }, /^Recipient Phone \(item 1\): a value is required/],
		[{ recipientLocalityId: '={{ "" }}' }, /^Recipient Locality Name or ID \(item 1\): a value is required/],
		[{ recipientCountyId: '={{ -3 }}' }, /^Recipient County Name or ID \(item 1\): -3 is neither an ID nor a name/],
		[{ serviceId: 37 }, /^Service \(item 1\): 37 is not one of the choices/],
		[{ serviceId: 38, deliveryPudoPoint: { __rl: true, mode: 'id', value: '={{ "" }}' } }, /^Ship & Go Point \(item 1\): a value is required/],
		[{ pieces: {} }, /^Parcels \(item 1\): add at least one parcel or envelope/],
		[{ pieces: { piece: [{ type: 1, weight: 32 }] } }, /^Parcels \(item 1\): 32 kg in all: at most 31 kg \(service Economic Standard\)/],
		[{ pieces: { piece: Array.from({ length: 10 }, () => ({ type: 0, weight: 0 })) } }, /^Parcels \(item 1\): 10 envelopes: at most 9/],
		[{ serviceId: 39, pieces: { piece: [{ type: 1, weight: 32 }, { type: 1, weight: 1 }] } }, /^Parcels › 1 › Weight \(item 1\): 32 kg: at most 31 kg a piece \(service Multipiece\)/],
		[{ serviceId: 38, deliveryPudoPoint: { __rl: true, mode: 'id', value: '1' }, pieces: { piece: [{ type: 1, weight: 1 }, { type: 0, weight: 0 }] } }, /^Parcels \(item 1\): 2 pieces: at most 1 \(service Ship & Go\)/],
		[{ serviceId: 36, pieces: { piece: [{ type: 1, weight: 40 }, { type: 0, weight: 0 }] } }, /^Parcels \(item 1\): envelopes are not taken \(service Pallet\)/],
		[{ cashOnDelivery: -5 }, /^Cash on Delivery \(RON\) \(item 1\): -5 is out of range/],
		[{ additionalAwbFields: { email: 'maria' } }, /^Additional Fields › Email \(item 1\): /],
		[{ additionalAwbFields: { shipmentPayer: 3 } }, /^Additional Fields › Payer \(item 1\): 3 is not one of the choices/],
		[{ additionalAwbFields: { declaredValue: 'a lot' } }, /^Additional Fields › Declared Value \(RON\) \(item 1\): "a lot" is not a number/],
		[{ additionalAwbFields: { saturdayDelivery: 'yes' } }, /^Additional Fields › Saturday Delivery \(item 1\): "yes" is not true or false/],
		[{ additionalAwbFields: { priceTableId: 'cheap' } }, /^Additional Fields › Price Table Name or ID \(item 1\): "cheap" is not a whole number/],
	])('refuses %j before sending, naming the field and the item', async (parameters, message) => {
		const { error } = await createAwb(parameters as INodeParameters);
		expect(error?.message).toMatch(message);
		expect(await requestsSeen(sandbox, 'createAwb')).toEqual([]);
	});

	it('says what Cargus answered when it refuses: another client\'s pickup location', async () => {
		const { error } = await createAwb({ senderLocationId: 1005962060 });
		expect(error?.message).toMatch(/^Cargus refused the request by a business rule \(HTTP 409: .*1005962060/);
	});
});

/** ORDER as an input item gives it to Map Automatically: each field under the form's name, Additional Fields beside the others. */
const ORDER_ITEM: IDataObject = {
	...Object.fromEntries(Object.entries(ORDER).filter(([name]) => name !== 'additionalAwbFields' && name !== 'pieces')),
	...(ORDER.additionalAwbFields as IDataObject),
	pieces: (ORDER.pieces as { piece: IDataObject[] }).piece,
};
const mapAutomatically = (input: IDataObject[]) =>
	runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData' }, { input, continueOnFail: true });

describe('Shipment › Create, Mapping Mode: Map Automatically', () => {
	it('reads each field from the input item\'s field of the same name and sends the AWB the form sends; other fields of the item are left alone', async () => {
		// The same order twice: two AWBs only with One AWB per Order Reference off.
		const fromForm = await createAwb({ additionalAwbFields: { ...(ORDER.additionalAwbFields as IDataObject), oneAwbPerReference: false } });
		const [formRequest] = await requestsSeen(sandbox, 'createAwb');
		await sandbox.control.clearRequests();
		const fromItem = await mapAutomatically([{ ...ORDER_ITEM, oneAwbPerReference: false, shopOrderId: 77, note: 'not an AWB field' }]);
		expect(fromItem.error).toBeUndefined();
		const [itemRequest] = await requestsSeen(sandbox, 'createAwb');
		expect(itemRequest.body).toEqual(formRequest.body);
		expect(fromItem.json).toEqual([{ ...fromForm.json[0], BarCode: expect.stringMatching(/^\d{10}$/), Next: expect.stringContaining(`barcode ${String(fromItem.json[0].BarCode)})`) }]);
		expect(fromItem.json[0].BarCode).not.toBe(fromForm.json[0].BarCode);
	});

	it('a field the item lacks takes the form\'s default: one 1 kg parcel, no cash on delivery', async () => {
		const { pieces, cashOnDelivery, ...rest } = ORDER_ITEM;
		expect([pieces, cashOnDelivery]).not.toContain(undefined);
		const { error } = await mapAutomatically([rest]);
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ CashRepayment: 0, Parcels: 1, Envelopes: 0, TotalWeight: 1, ParcelCodes: [{ Code: '0', Type: 1, Weight: 1, Length: 0, Width: 0, Height: 0 }] });
	});

	it('sends a Ship & Go shipment to the item\'s point, without county or locality', async () => {
		const points = await listSearch('searchDeliveryShipAndGoPoints', { cashOnDelivery: 1 }, sandboxCredential(sandbox.url), 'Cluj');
		const { recipientCountyId, recipientLocalityId, ...rest } = ORDER_ITEM;
		expect([recipientCountyId, recipientLocalityId]).not.toContain(undefined);
		const { error } = await mapAutomatically([{ ...rest, serviceId: 38, deliveryPudoPoint: points.results[0].value, pieces: [{ type: 1, weight: 2 }] }]);
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ ServiceId: 38, DeliveryPudoPoint: Number(points.results[0].value) });
		expect((request.body as IDataObject).Recipient).not.toHaveProperty('CountyId');
	});

	it('the form\'s notice and docs/node.md name the same input fields, one for each field of the form', () => {
		const fields = new Cargus().description.properties.filter((property) => property.displayOptions?.show?.operation?.includes('create') && property.displayOptions.show.resource?.includes('shipment') && property.displayOptions.show['@tool'] === undefined);
		const notice = fields.find((property) => property.name === 'mappingNotice')!.displayName;
		const noticed = /by these names: ([^.]+)\./.exec(notice)![1].split(', ');
		const formNames = fields.flatMap((property) => (property.type === 'collection' ? (property.options as Array<{ name: string }>).map((child) => child.name) : property.type === 'notice' || property.name === 'mappingMode' || property.name === 'inputShape' ? [] : [property.name]));
		expect(noticed).toEqual(formNames);
		const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'node.md'), 'utf8');
		const documented = /The names are the form's:([\s\S]+?)A field the item lacks/.exec(docs)![1];
		expect([...documented.matchAll(/`(\w+)`/g)].map(([, name]) => name).sort()).toEqual([...noticed].sort());
	});

	it('refuses a bad or missing field by the item\'s own field name and the item, and sends nothing for it', async () => {
		const { recipientName, ...nameless } = ORDER_ITEM;
		expect(recipientName).toBeDefined();
		const { items, error } = await mapAutomatically([
			{ ...ORDER_ITEM, recipientPhone: ['0722000000'] },
			nameless,
			{ ...ORDER_ITEM, email: 'maria at example' },
			{ ...ORDER_ITEM, pieces: { type: 1, weight: 2 } },
			{ ...ORDER_ITEM, pieces: [{ type: 1, weight: 2 }, { type: 1, weight: 'heavy' }] },
			{ ...ORDER_ITEM, serviceId: 38, deliveryPudoPoint: '' },
			ORDER_ITEM,
		]);
		expect(error).toBeUndefined();
		const messages = items.map((item) => item.error?.message ?? 'sent');
		expect(messages.slice(0, 6).map((message) => message.replace(/\): .*/, ')'))).toEqual([
			'Input field "recipientPhone" (item 1)',
			'Input field "recipientName" (item 2)',
			'Input field "email" (item 3)',
			'Input field "pieces" › Piece (item 4)',
			'Input field "pieces" › 2 › "weight" (item 5)',
			'Input field "deliveryPudoPoint" (item 6)',
		]);
		expect(messages[1]).toContain('a value is required');
		expect(messages[6]).toBe('sent');
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1);
	});
});

describe('Shipment › Delete, › Calculate Price', () => {
	it('Delete deletes an AWB not scanned yet; once picked up Cargus refuses and the node says so', async () => {
		const engine = engineFor(sandbox);
		const fresh = String((await runOperation(engine, 'shipment', 'create', ORDER)).json[0].BarCode);
		const kept = String((await runOperation(engine, 'shipment', 'create', { ...ORDER, additionalAwbFields: { orderReference: '#1043' } })).json[0].BarCode);
		const deleted = await runOperation(engine, 'shipment', 'delete', { barcode: fresh });
		expect(deleted.json).toEqual([{ Deleted: true }]);
		// Cargus keeps a deleted AWB in its AWB lists, marked (real-clients.md, OpenCart's call 10): Get shows it so.
		const gone = await runOperation(engine, 'shipment', 'get', { findBy: 'barcode', barcode: fresh });
		expect(gone.json.map((awb) => [awb.BarCode, awb.Status])).toEqual([[fresh, 'Deleted']]);
		await sandbox.control.advanceClock({ hours: 4 });
		const refused = await runOperation(engine, 'shipment', 'delete', { barcode: kept });
		expect(refused.error?.message).toMatch(/nu mai poate fi sters/);
		const bad = await runOperation(engine, 'shipment', 'delete', { barcode: 'abc' });
		expect(bad.error?.message).toMatch(/^Barcode \(item 1\)/);
		expect((await requestsSeen(sandbox, 'deleteAwb')).length).toBe(2);
	});

	it('Calculate Price prices the route by the price table chosen: the same total the created AWB costs', async () => {
		const engine = engineFor(sandbox);
		const parameters = { fromCountyId: 27, fromLocalityId: 29445916, toCountyId: CLUJ_COUNTY, toLocalityId: CLUJ_NAPOCA, serviceId: 34, parcels: 1, envelopes: 1, totalWeight: 2, cashOnDelivery: 149.9, additionalPriceFields: { openPackage: true } };
		const { json, error } = await runOperation(engine, 'shipment', 'calculatePrice', parameters);
		expect(error).toBeUndefined();
		expect(Object.keys(json[0])).toEqual(['BaseCost', 'ExtraKmCost', 'WeightCost', 'InsuranceCost', 'SpecialCost', 'RepaymentCost', 'Subtotal', 'Tax', 'GrandTotal', 'weightKg']);
		const [request] = await requestsSeen(sandbox, 'shippingCalculation');
		expect(request.body).toMatchObject({ FromCountyId: 27, FromLocalityId: 29445916, ToCountyId: CLUJ_COUNTY, ToLocalityId: CLUJ_NAPOCA, Parcels: 1, Envelopes: 1, TotalWeight: 2 });
		const barcode = String((await runOperation(engine, 'shipment', 'create', ORDER)).json[0].BarCode);
		const [awb] = (await runOperation(engine, 'shipment', 'get', { findBy: 'barcode', barcode })).json;
		const { weightKg, ...price } = json[0];
		expect(weightKg).toEqual({ ordered: 2, sent: 2 });
		expect(awb.ShippingCost).toEqual(price);
		const contract = await runOperation(engine, 'shipment', 'calculatePrice', { ...parameters, additionalPriceFields: { openPackage: true, priceTableId: 2 } });
		expect(Number(contract.json[0].GrandTotal)).toBeLessThan(Number(json[0].GrandTotal));
		const tooHeavy = await runOperation(engine, 'shipment', 'calculatePrice', { ...parameters, totalWeight: 40 });
		expect(tooHeavy.error?.message).toMatch(/^Total Weight \(item 1\): 40 kg in all: at most 31 kg/);
		const noLocality = await runOperation(engine, 'shipment', 'calculatePrice', { ...parameters, toLocalityId: '={{ "" }}' });
		expect(noLocality.error?.message).toMatch(/^To Locality Name or ID \(item 1\): a value is required/);
		expect((await requestsSeen(sandbox, 'shippingCalculation')).length).toBe(2);
	});
});

describe('example 1 (E-shop order to AWB and label)', () => {
	const examples = path.join(__dirname, '..', '..', 'examples');
	const workflow = JSON.parse(fs.readFileSync(path.join(examples, '1-eshop-order-to-awb-and-label.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: INodeParameters }> };
	const nodeParameters = (name: string) => workflow.nodes.find((node) => node.name === name)!.parameters;
	const order = JSON.parse(fs.readFileSync(path.join(examples, 'data', 'shop-order.json'), 'utf8')) as IDataObject;

	it.each(['courier', 'shipAndGo'])('its Create AWB and Get Label nodes turn the sample order (%s) into an AWB with cash on delivery = the total, and its label', async (method) => {
		const engine = engineFor(sandbox);
		const points = await listSearch('searchDeliveryShipAndGoPoints', { cashOnDelivery: 1 }, sandboxCredential(sandbox.url), 'Cluj');
		const body = { ...order, delivery: method === 'courier' ? order.delivery : { method, shipAndGoPointId: points.results[0].value } };
		const { resource, operation, ...create } = nodeParameters('Create AWB');
		const created = await runOperation(engine, String(resource), String(operation), create, { input: [{ body }] });
		expect(created.error).toBeUndefined();
		const barcode = String(created.json[0].BarCode);
		expect(created.json[0]).toMatchObject({ OrderReference: 'SHOP-10042' });
		const [awb] = (await runOperation(engine, 'shipment', 'get', { findBy: 'barcode', barcode })).json;
		expect(awb).toMatchObject({ CashRepayment: order.total, CustomString: 'SHOP-10042', ServiceId: method === 'courier' ? 34 : 38, TotalWeight: 5 });
		expect(awb.Recipient).toMatchObject(method === 'courier' ? { Name: 'Ion Popescu', LocalityName: 'CLUJ-NAPOCA', StreetName: 'Memorandumului' } : { Name: 'Ion Popescu' });
		const { resource: labelResource, operation: labelOperation, ...label } = nodeParameters('Get Label');
		const printed = await runOperation(engine, String(labelResource), String(labelOperation), label, { input: created.json });
		expect(printed.error).toBeUndefined();
		expect(printed.items[0].binary?.data?.mimeType).toBe('application/pdf');
	});

	it('1,000 shop orders through its Create AWB node in one execution: one login, every order answered with its own barcode', async () => {
		const orders = Array.from({ length: 1000 }, (_, index) => ({ body: { ...order, orderNumber: `SHOP-${20000 + index}`, total: 100 + index } }));
		const { resource, operation, ...create } = nodeParameters('Create AWB');
		const created = await runOperation(engineFor(sandbox), String(resource), String(operation), create, { input: orders });
		expect(created.error).toBeUndefined();
		expect(created.json.map((item) => item.OrderReference)).toEqual(orders.map((item) => item.body.orderNumber));
		const barcodes = created.json.map((item) => String(item.BarCode));
		expect(barcodes.every((barcode) => /^\d{10}$/.test(barcode))).toBe(true);
		expect(new Set(barcodes).size).toBe(1000);
		expect(await requestsSeen(sandbox, 'login')).toHaveLength(1);
		expect(await requestsSeen(sandbox, 'createAwb')).toHaveLength(1000);
		const sent = await sandbox.control.shipments(barcodes.slice(-50));
		expect(sent.map((awb) => awb.codValue)).toEqual(orders.slice(-50).map((item) => item.body.total));
	}, 1_200_000);
});
