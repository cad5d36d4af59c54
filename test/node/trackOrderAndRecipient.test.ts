import type { IDataObject } from 'n8n-workflow';

import { rememberedAwbs } from '../../nodes/shared/answers/rememberedAwbs';
import { useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

const sandbox = useSandbox({ now: new Date().toISOString() });

const UNKNOWN = '9999999999';

/** The AWB reads Cargus answered, per barcode. */
async function readsPerAwb(): Promise<Map<string, number>> {
	const reads = new Map<string, number>();
	for (const request of await requestsSeen(sandbox, 'getAwb')) {
		if (request.status !== 200) continue;
		const barcode = String(request.query.barCode);
		reads.set(barcode, (reads.get(barcode) ?? 0) + 1);
	}
	return reads;
}

/** An AWB made by Create, picked up since (its trace has events). */
async function createdAwb(orderReference: string, email?: string): Promise<string> {
	const created = await runOperation(engineFor(sandbox), 'shipment', 'create', {
		...SMALL_SHIPMENT,
		recipientName: 'Maria Ionescu',
		additionalAwbFields: email === undefined ? { orderReference } : { orderReference, email },
	});
	expect(created.error).toBeUndefined();
	return String(created.json[0].BarCode);
}

let withEmail: string;
let withoutEmail: string;

beforeAll(async () => {
	withEmail = await createdAwb('woo-5127', 'maria@example.com');
	withoutEmail = await createdAwb('woo-5128');
	await sandbox.control.advanceClock({ hours: 8 });
}, 1_200_000);

beforeEach(async () => {
	rememberedAwbs.forget();
	await sandbox.control.clearRequests();
});

test.each(['track', 'trackWithStatus'])(
	'%s with Add Order and Recipient: each AWB made by Create carries its order reference and recipient, read once per process; an unknown barcode stays { Code, Found: false }; off, the items are as before',
	async (operation) => {
		const barcodes = `${withEmail}, ${UNKNOWN}, ${withoutEmail}`;
		const on = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes, options: { orderAndRecipient: true } });
		expect(on.error).toBeUndefined();
		expect(on.json.map((item) => item.Code)).toEqual([withEmail, UNKNOWN, withoutEmail]);
		expect(on.json[0]).toMatchObject({
			CustomString: 'woo-5127',
			Recipient: { Name: 'Maria Ionescu', Email: 'maria@example.com', PhoneNumber: '0722000000', LocalityName: expect.any(String) },
		});
		expect(on.json[1]).toEqual({ Code: UNKNOWN, Found: false });
		expect(on.json[2]).toMatchObject({ CustomString: 'woo-5128', Recipient: { Name: 'Maria Ionescu', Email: null } });
		const reads = await readsPerAwb();
		expect([...reads.entries()].sort()).toEqual([[withEmail, 1], [withoutEmail, 1]].sort());

		const again = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes, options: { orderAndRecipient: true } });
		expect(again.json).toEqual(on.json);
		expect(await readsPerAwb()).toEqual(reads);

		const off = await runOperation(engineFor(sandbox), 'shipment', operation, { barcodes });
		expect(off.json).toEqual(on.json.map(({ CustomString: _order, Recipient: _recipient, ...rest }: IDataObject) => rest));
		expect(off.json.map((item) => Object.keys(item))).toEqual(on.json.map((item) => Object.keys(item).filter((key) => key !== 'CustomString' && key !== 'Recipient')));
		expect(await readsPerAwb()).toEqual(reads);
	},
	60_000,
);

test('Track with Add Order and Recipient over many input items reads each AWB once, however many items trace it', async () => {
	const { json, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: withEmail, options: { orderAndRecipient: true } }, { input: Array.from({ length: 20 }, () => ({})) });
	expect(error).toBeUndefined();
	expect(json).toHaveLength(20);
	expect(json.every((item) => item.CustomString === 'woo-5127')).toBe(true);
	expect(await readsPerAwb()).toEqual(new Map([[withEmail, 1]]));
}, 1_200_000);
