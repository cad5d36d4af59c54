import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { createEngine } from '../helpers/engine';
import { loadOptions } from '../helpers/loadOptions';
import { startRecordingProxy, type RecordedRequest, type RecordingProxy } from '../helpers/recordingProxy';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { TriggerHarness } from '../trigger/helpers/pollHarness';
import { runOperation } from './world';

/*
 * What Cargus sends reaches the user unchanged, even when the credential's secrets are words of that
 * data: the password is in the shop's email domain, its company name and a failed delivery's
 * event text; the subscription key is in a locality, a company name and the name of the person who
 * signed for a parcel; the username is the email's local part. Every output of every operation, the
 * trigger's items and the locality dropdown are compared with the answers the sandbox sent, as a
 * recording proxy between them saw them.
 */

const USER = { username: 'expeditii', password: 'absent', subscriptionKey: 'Stefan' };
const sandbox = useSandbox({ extraUsers: [USER] });

const LOCATION_ID = 1005962049;
const COMPANY = { Name: 'Stefanescu absent SRL', Email: 'expeditii@absent-shop.ro' };
const ARGES = 5;
const DATES = { fromDate: '2025-11-21T00:00:00', toDate: '2026-11-20T10:00:00' };

let proxy: RecordingProxy;
const world = { signedByStefan: '', failedDelivery: '', orderId: 0, invoiceId: 0, repaidAt: '', createdAwb: '', awbToDelete: '' };

function credential(): ICredentialDataDecryptedObject {
	return sandboxCredential(sandbox.url, { baseUrl: proxy.url, apiKey: USER.subscriptionKey, username: USER.username, password: USER.password });
}

beforeAll(async () => {
	proxy = await startRecordingProxy(sandbox.url);
	const shipments = (await sandbox.control.shipments()).filter((shipment) => shipment.clientId === 70001);
	const signed = shipments.find((shipment) => String(shipment.trace.ConfirmationName).startsWith(`${USER.subscriptionKey} `) && shipment.codValue > 0);
	const failed = shipments.find((shipment) => shipment.state === 'delivery-failed');
	if (!signed || !failed) throw new Error('The seeded sandbox has no shipment signed by a Stefan or none with a failed delivery');
	world.signedByStefan = signed.barcode;
	const ours = new Set(shipments.map((shipment) => shipment.barcode));
	const repaid = (await sandbox.control.cashOnDelivery()).find((record) => record.repaid && ours.has(record.BarCode));
	if (!repaid?.repaidAt) throw new Error('The seeded sandbox has no repaid cash on delivery');
	world.repaidAt = repaid.repaidAt;
	world.failedDelivery = failed.barcode;
	const firstEvent = signed.visibleEvents[0];
	await sandbox.control.addEvent(signed.barcode, { EventId: 10, Date: firstEvent.Date, LocalityName: 'Stefanesti', Description: 'Intrare in depozit' });
	await sandbox.control.addEvent(failed.barcode, { EventId: 110, Description: 'Destinatar absent, avizat telefonic' });

	const engine = createEngine({ credential: credential() });
	const updated = await runOperation(engine, 'pickupLocation', 'update', { locationId: LOCATION_ID, address: COMPANY });
	const sent = await runOperation(engine, 'pickupOrder', 'send', ORDER);
	const invoices = await runOperation(engine, 'invoice', 'getMany', { ...DATES, returnAll: false, limit: 1 });
	if (updated.error || sent.error || invoices.error) throw new Error(`Could not prepare the data: ${JSON.stringify([updated.error, sent.error, invoices.error].map((error) => error && { message: error.message, description: (error as { description?: unknown }).description }))}`);
	const created = await runOperation(engine, 'shipment', 'create', AWB);
	// Another order: the same one again would be the same AWB (one AWB per order reference).
	const toDelete = await runOperation(engine, 'shipment', 'create', { ...AWB, additionalAwbFields: { ...(AWB.additionalAwbFields as IDataObject), orderReference: 'Comanda Stefan absent 2' } });
	if (created.error || toDelete.error) throw new Error(`Could not create the AWBs: ${String(created.error ?? toDelete.error)}`);
	world.createdAwb = String(created.json[0].BarCode);
	world.awbToDelete = String(toDelete.json[0].BarCode);
	world.orderId = Number(sent.json[0].OrderId);
	world.invoiceId = Number(invoices.json[0].InvoiceId);
});

afterAll(async () => {
	await proxy.stop();
});

const ORDER: INodeParameters = {
	pickupStartDate: '2026-11-21T10:00:00',
	pickupEndDate: '2026-11-21T14:00:00',
	parcels: 1,
	envelopes: 0,
	totalWeight: 1,
	locationId: String(LOCATION_ID),
};

const AWB: INodeParameters = {
	senderLocationId: LOCATION_ID,
	serviceId: 34,
	recipientName: 'Stefan Lungu absent',
	recipientPhone: '0722000000',
	recipientCountyId: 15,
	recipientLocalityId: 164,
	pieces: { piece: [{ type: 1, weight: 2 }] },
	cashOnDelivery: 99.5,
	additionalAwbFields: { orderReference: 'Comanda Stefan absent' },
};

/** How an operation's items come from its answers. */
type Shape = 'list' | 'localities' | 'record' | 'price' | 'value' | 'awb' | 'file' | 'base64 file';

const OPERATIONS: Array<[string, string, Shape, () => INodeParameters]> = [
	['account', 'logIn', 'value', () => ({})],
	['cashOnDelivery', 'getMany', 'list', () => ({ ...DATES, returnAll: true })],
	['cashOnDelivery', 'getRepaid', 'list', () => ({ deductionDate: world.repaidAt, returnAll: true })],
	['county', 'getMany', 'list', () => ({ countryId: 1 })],
	['cashReceipt', 'createList', 'value', () => ({
		date: '2026-11-20T09:00:00',
		operator: 'Stefan absent',
		location: LOCATION_ID,
		receipts: { receipt: [{ receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Stefan', amount: 10, awb: world.signedByStefan, idAwb: 1 }] },
	})],
	['complaint', 'save', 'value', () => ({ personName: 'Stefan Lungu', email: 'stefan@absent-shop.ro', complaintDetails: 'Colet absent.' })],
	['document', 'getAwbPdf', 'file', () => ({ barcodes: world.signedByStefan })],
	['document', 'getOrderDocuments', 'base64 file', () => ({ ...DATES, docType: 0 })],
	['document', 'getPickupOrderSummary', 'base64 file', () => ({ orderId: world.orderId })],
	['invoice', 'getDocument', 'base64 file', () => ({ invoiceId: world.invoiceId })],
	['invoice', 'getMany', 'list', () => ({ ...DATES, returnAll: true, options: { pageSize: 10 } })],
	['invoice', 'getPdf', 'file', () => ({ invoiceId: world.invoiceId })],
	['locality', 'getMany', 'localities', () => ({ countryId: 1, filters: { countyId: ARGES } })],
	['locality', 'getManyWithoutLogin', 'localities', () => ({ countryId: 1, countyId: ARGES })],
	['pickupLocation', 'createCollectionPoint', 'value', () => ({ minihubId: 'SGN-PP405999', active: true, address: { Name: 'Punct Stefan absent', LocalityId: 515, ContactPerson: 'Stefan Lungu', PhoneNumber: '0722000000', Email: 'stefan@absent-shop.ro' } })],
	['pickupLocation', 'getMany', 'list', () => ({})],
	['pickupLocation', 'update', 'value', () => ({ locationId: LOCATION_ID, address: COMPANY })],
	['pickupOrder', 'cancel', 'value', () => ({ locationId: LOCATION_ID })],
	['pickupOrder', 'get', 'record', () => ({ orderId: world.orderId })],
	['pickupOrder', 'getMany', 'list', () => ({ findBy: 'date', ...DATES, returnAll: true, options: { pageSize: 4 } })],
	['pickupOrder', 'launch', 'value', () => ({ locationId: 1005962050, pickupStartDate: '2026-11-21T10:00:00', pickupEndDate: '2026-11-21T14:00:00' })],
	['pickupOrder', 'send', 'value', () => ORDER],
	['returnAwb', 'create', 'value', () => ({ barcode: world.signedByStefan })],
	['shipAndGoPoint', 'getMany', 'list', () => ({ returnAll: true })],
	['shipment', 'calculatePrice', 'price', () => ({ fromCountyId: 27, fromLocalityId: 29445916, toCountyId: 15, toLocalityId: 164, serviceId: 34, parcels: 1, totalWeight: 2 })],
	// A new order (the AWB's own was made above): the listing that looks for it, then the AWB made.
	['shipment', 'create', 'awb', () => ({ ...AWB, additionalAwbFields: { orderReference: 'Comanda Stefan absent 3' } })],
	['shipment', 'delete', 'value', () => ({ barcode: world.awbToDelete })],
	['shipment', 'get', 'list', () => ({ findBy: 'barcode', barcode: world.createdAwb })],
	['shipment', 'getMany', 'list', () => ({ fromDate: '2026-11-01T00:00:00', toDate: '2026-11-20T00:00:00', returnAll: true, options: { pageSize: 20 } })],
	['shipment', 'getCashOnDelivery', 'list', () => ({ barcode: world.signedByStefan })],
	['shipment', 'getStatus', 'record', () => ({ barcode: world.signedByStefan })],
	['shipment', 'track', 'list', () => ({ barcodes: `${world.signedByStefan},${world.failedDelivery}`, simplify: false })],
	['shipment', 'trackWithoutLogin', 'list', () => ({ barcode: world.failedDelivery })],
	['shipment', 'trackWithStatus', 'list', () => ({ barcodes: `${world.signedByStefan},${world.failedDelivery}`, simplify: false })],
	['street', 'getMany', 'list', () => ({ localityId: 183, returnAll: true })],
];

/** The answers of one run's requests (the automatic login's left out), in the order they were sent. */
function answersOf(requests: RecordedRequest[], includeLogin: boolean): Buffer[] {
	return requests
		.filter((request) => includeLogin || !request.url.startsWith('/api/LoginUser'))
		.map((request) => {
			if (request.answer === undefined || request.answer.status !== 200) throw new Error(`${request.url} was answered ${request.answer?.status ?? 'nothing'}`);
			return request.answer.bytes;
		});
}

/** What each item must hold, worked out from the raw answers: JSON as a text, files as bytes. */
function expectedOf(shape: Shape, answers: Buffer[]): string[] {
	if (shape === 'file') return answers.map((bytes) => bytes.toString('base64'));
	const parsed = answers.map((bytes) => JSON.parse(bytes.toString('utf8')) as unknown);
	switch (shape) {
		case 'list':
			return parsed.flatMap((list) => (list as unknown[]).map((element) => JSON.stringify(element)));
		case 'localities':
			// A flat list (the sandbox's default, as the shop plugins read it) or grouped as the interface shows it.
			return parsed.flatMap((groups) => (groups as IDataObject[]).flatMap((group) => (Array.isArray(group.Locality) ? group.Locality : [group]).map((locality) => JSON.stringify(locality))));
		case 'record':
		case 'price':
		case 'value':
			return parsed.map((value) => JSON.stringify(value));
		case 'base64 file':
			return parsed.map((text) => Buffer.from(text as string, 'base64').toString('base64'));
		case 'awb': {
			const [made] = parsed.at(-1) as IDataObject[];
			return [JSON.stringify([made.BarCode, made.ShippingCost])];
		}
	}
}

function actualOf(shape: Shape, items: INodeExecutionData[]): string[] {
	return items.map((item) => {
		if (shape === 'file' || shape === 'base64 file') return Object.values(item.binary ?? {})[0]?.data ?? 'no file';
		if (shape === 'value') return JSON.stringify(Object.values(item.json)[0]);
		if (shape === 'awb') return JSON.stringify([item.json.BarCode, item.json.ShippingCost]);
		// The price's one addition (CHANGELOG): what weight was asked and what Cargus was sent, beside Cargus' record.
		if (shape === 'price') {
			const { weightKg, ...record } = item.json;
			if (weightKg === undefined) return 'no weightKg';
			return JSON.stringify(record);
		}
		return JSON.stringify(item.json);
	});
}

describe('every operation outputs what Cargus sent, byte for byte, though the secrets are words of it', () => {
	const seen: string[] = [];

	test.each(OPERATIONS.map(([resource, operation, shape, parameters]) => [`${resource} › ${operation}`, resource, operation, shape, parameters] as const))(
		'%s',
		async (_title, resource, operation, shape, parameters) => {
			const engine = createEngine({ credential: credential() });
			proxy.requests.length = 0;
			const { items, error } = await runOperation(engine, resource, operation, parameters());
			expect(error).toBeUndefined();
			const expected = expectedOf(shape, answersOf(proxy.requests, resource === 'account'));
			expect(expected.length).toBeGreaterThan(0);
			const actual = actualOf(shape, items);
			expect(actual).toEqual(expected);
			seen.push(...actual);
		},
	);

	test('the outputs hold the password, the key and the username inside their values, as Cargus wrote them', () => {
		const text = seen.join('\n');
		for (const kept of ['"expeditii@absent-shop.ro"', '"Stefanescu absent SRL"', '"Destinatar absent, avizat telefonic"', '"Stefanesti"', `"ConfirmationName":"${USER.subscriptionKey} `]) {
			expect(text).toContain(kept);
		}
		expect(text).not.toContain('[redacted]');
	});
});

test('the trigger emits the tracking events as Cargus sent them', async () => {
	const trigger = new TriggerHarness(credential(), { barcodes: [world.signedByStefan, world.failedDelivery], options: { emitExisting: true } });
	proxy.requests.length = 0;
	const items = await trigger.poll();
	const traces = answersOf(proxy.requests, false).flatMap((bytes) => JSON.parse(bytes.toString('utf8')) as IDataObject[]);
	const events = traces.flatMap(({ Event, ...shipment }) => (Event as IDataObject[]).map((event) => ({ event, shipment })));
	expect(items).toHaveLength(events.length);
	for (const item of items) {
		const { Barcode, Timestamp, Outcome, Shipment, ...fields } = item;
		// Beside the codes, what they mean (TypeText, OrderStatusText) and what happened (Outcome); Cargus' own fields as sent.
		const { TypeText, OrderStatusText, ...shipmentAsSent } = Shipment as IDataObject;
		const match = events.find(({ event, shipment }) => shipment.Code === Barcode && event.EventId === fields.EventId && event.Date === fields.Date);
		expect(fields).toStrictEqual(match?.event);
		expect(shipmentAsSent).toStrictEqual(match?.shipment);
		expect(Object.keys(shipmentAsSent)).toEqual(Object.keys(match?.shipment ?? {}));
		expect([TypeText, OrderStatusText, Outcome]).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
		expect(Timestamp).toEqual(expect.any(String));
	}
	const text = JSON.stringify(items);
	for (const kept of ['Destinatar absent, avizat telefonic', '"Stefanesti"', `"ConfirmationName":"${USER.subscriptionKey} `]) expect(text).toContain(kept);
});

test('the locality dropdown lists the names as Cargus sent them', async () => {
	proxy.requests.length = 0;
	const options = await loadOptions('getLocalities', { resource: 'pickupOrder', operation: 'send', address: { CountyId: ARGES } }, credential());
	const names = expectedOf('localities', answersOf(proxy.requests, false)).map((locality) => (JSON.parse(locality) as IDataObject).Name);
	expect(options.map((option) => option.name).sort()).toEqual([...names].sort());
	expect(options.map((option) => option.name)).toContain('Stefanesti');
});

test('the pickup location dropdown lists the names as Cargus sent them', async () => {
	proxy.requests.length = 0;
	const options = await loadOptions('getPickupLocations', { resource: 'pickupOrder', operation: 'send' }, credential());
	const locations = expectedOf('list', answersOf(proxy.requests, false)).map((location) => JSON.parse(location) as IDataObject);
	expect(options.map((option) => option.name).sort()).toEqual(locations.map((location) => `${String(location.Name)} (${String(location.LocationId)})`).sort());
	expect(options.map((option) => option.name)).toContain(`${COMPANY.Name} (${LOCATION_ID})`);
});
