import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * Weights as shops keep them: decimal kilograms (WooCommerce) or grams (Shopify's total_weight). Cargus is sent
 * whole kilograms, rounded up, at least 1 for a parcel; the total is the sum rounded up once, as the OpenCart
 * plugin weighs an order, in Create and in Calculate Price alike. Each output shows what was asked beside what
 * was sent, and the sandbox's record of the request is what Cargus received.
 */

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.reset();
});

const ROUTE: INodeParameters = { fromCountyId: 27, fromLocalityId: 29445916, toCountyId: 15, toLocalityId: 164, serviceId: 34, parcels: 1, envelopes: 0 };

/** The three weights of the issue: [what the shop gives, its unit, the kilograms Cargus gets]. */
const WEIGHTS: Array<[number, 'kg' | 'g', number, number]> = [
	[2.5, 'kg', 2.5, 3],
	[0.4, 'kg', 0.4, 1],
	[2300, 'g', 2.3, 3],
];

describe('Shipment › Create takes decimal kilograms or grams and sends whole kilograms, rounded up', () => {
	it.each(WEIGHTS)('%s %s: Cargus gets a %s kg parcel as %s kg, and the output shows both', async (weight, weightUnit, ordered, sent) => {
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, weightUnit, pieces: { piece: [{ type: 1, weight }] } });
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ Parcels: 1, TotalWeight: sent, ParcelCodes: [{ Type: 1, Weight: sent }] });
		expect(json[0].weightKg).toEqual({ ordered, sent });
		expect(json[0].BarCode).toMatch(/^\d{10}$/);
	});

	it('Map Automatically takes the same weights from the item, as numbers or as text with a decimal comma', async () => {
		const { recipientName, recipientPhone, recipientCountyId, recipientLocalityId, senderLocationId, serviceId, cashOnDelivery } = SMALL_SHIPMENT;
		const order = { recipientName, recipientPhone, recipientCountyId, recipientLocalityId, senderLocationId, serviceId, cashOnDelivery };
		const input: IDataObject[] = [
			{ ...order, pieces: [{ type: 1, weight: '2,5' }] },
			{ ...order, pieces: [{ type: 1, weight: 0.4 }] },
			{ ...order, weightUnit: 'g', pieces: [{ type: 1, weight: 2300 }] },
		];
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'create', { mappingMode: 'autoMapInputData' }, { input });
		expect(error).toBeUndefined();
		const sentWeights = (await requestsSeen(sandbox, 'createAwb')).map((request) => (request.body as IDataObject).TotalWeight);
		expect(sentWeights.sort()).toEqual([1, 3, 3]);
		expect(json.map((item) => item.weightKg)).toEqual(WEIGHTS.map(([, , ordered, sent]) => ({ ordered, sent })));
	});

	it('several pieces: each piece is rounded up, the total is their sum rounded up once (0.4 + 0.3 kg is 1 kg in all)', async () => {
		const { json } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...SMALL_SHIPMENT, serviceId: 39, pieces: { piece: [{ type: 1, weight: 0.4 }, { type: 1, weight: 0.3 }, { type: 0, weight: 0.1 }] } });
		const [request] = await requestsSeen(sandbox, 'createAwb');
		expect(request.body).toMatchObject({ Parcels: 2, Envelopes: 1, TotalWeight: 1, ParcelCodes: [{ Weight: 1 }, { Weight: 1 }, { Weight: 1 }] });
		expect(json[0].weightKg).toEqual({ ordered: 0.8, sent: 1 });
	});
});

describe('Shipment › Calculate Price weighs the same way', () => {
	it.each(WEIGHTS)('%s %s: priced as %s kg sent as %s kg, and the output shows both', async (totalWeight, weightUnit, ordered, sent) => {
		const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'calculatePrice', { ...ROUTE, weightUnit, totalWeight });
		expect(error).toBeUndefined();
		const [request] = await requestsSeen(sandbox, 'shippingCalculation');
		expect(request.body).toMatchObject({ TotalWeight: sent, Parcels: 1 });
		expect(json[0].weightKg).toEqual({ ordered, sent });
		expect(json[0].GrandTotal).toEqual(expect.any(Number));
	});

	it('the price of an order\'s total weight is the price of the AWB Create makes for it', async () => {
		const engine = engineFor(sandbox);
		const price = await runOperation(engine, 'shipment', 'calculatePrice', { ...ROUTE, envelopes: 0, totalWeight: 2.3 });
		const created = await runOperation(engine, 'shipment', 'create', { ...SMALL_SHIPMENT, cashOnDelivery: 0, pieces: { piece: [{ type: 1, weight: 2.3 }] } });
		expect((created.json[0].ShippingCost as IDataObject).GrandTotal).toBe(price.json[0].GrandTotal);
		expect(created.json[0].weightKg).toEqual(price.json[0].weightKg);
	});
});

describe('a weight Cargus cannot take is refused before sending, with the real bounds', () => {
	it.each([
		['create: one 31.2 kg parcel on Economic Standard', 'create', { ...SMALL_SHIPMENT, pieces: { piece: [{ type: 1, weight: 31.2 }] } }, /^Parcels \(item 1\): 31\.2 kg in all \(32 kg sent: Cargus weighs whole kilograms, rounded up\): at most 31 kg \(service Economic Standard\)$/],
		['create: a 31,500 g piece on Multipiece', 'create', { ...SMALL_SHIPMENT, serviceId: 39, weightUnit: 'g', pieces: { piece: [{ type: 1, weight: 2000 }, { type: 1, weight: 31500 }] } }, /^Parcels › 2 › Weight \(item 1\): 31500 g \(32 kg sent: Cargus weighs whole kilograms, rounded up\): at most 31 kg a piece \(service Multipiece\)$/],
		['create: 25.3 + 24.8 kg on Standard Plus (50.1 kg in all)', 'create', { ...SMALL_SHIPMENT, serviceId: 35, pieces: { piece: [{ type: 1, weight: 25.3 }, { type: 1, weight: 24.8 }] } }, /^Parcels \(item 1\): 50\.1 kg in all \(51 kg sent: .*\): at most 50 kg \(service Standard Plus\)$/],
		['create: -1 kg', 'create', { ...SMALL_SHIPMENT, pieces: { piece: [{ type: 1, weight: -1 }] } }, /^Parcels › 1 › Weight \(item 1\): -1 is out of range: enter a weight of 0 or more, decimals allowed, such as 2\.5/],
		['create: "heavy"', 'create', { ...SMALL_SHIPMENT, pieces: { piece: [{ type: 1, weight: 'heavy' }] } }, /^Parcels › 1 › Weight \(item 1\): "heavy" is not a number: enter a weight of 0 or more/],
		['calculatePrice: 31.5 kg on Economic Standard', 'calculatePrice', { ...ROUTE, totalWeight: 31.5 }, /^Total Weight \(item 1\): 31\.5 kg in all \(32 kg sent: Cargus weighs whole kilograms, rounded up\): at most 31 kg \(service Economic Standard\)$/],
		['calculatePrice: Weight Unit "pounds"', 'calculatePrice', { ...ROUTE, weightUnit: 'pounds', totalWeight: 3 }, /^Weight Unit \(item 1\): "pounds" is not one of the choices: enter one of kg \(Kilograms\), g \(Grams\)/],
	])('%s', async (_title, operation, parameters, message) => {
		const { error } = await runOperation(engineFor(sandbox), 'shipment', operation, parameters as INodeParameters);
		expect(error?.message).toMatch(message);
		expect(await requestsSeen(sandbox, operation === 'create' ? 'createAwb' : 'shippingCalculation')).toEqual([]);
	});
});
