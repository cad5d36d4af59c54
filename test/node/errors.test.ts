import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { bareToken } from '../../nodes/shared/transport/boundToken';
import { DEFAULT_ACCOUNT, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

const sandbox = useSandbox();
const ECOM_TEST_LOCATION = 1005962049;

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.control.clearFaults();
	await sandbox.control.setRateLimit(null);
});

async function aBarcode(): Promise<string> {
	return (await sandbox.control.shipments())[0].barcode;
}

describe('errors a person can act on', () => {
	test('a wrong subscription key is reported as the subscription key, on a login operation', async () => {
		const { error } = await runOperation(engineFor(sandbox, { apiKey: 'wrong-key' }), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(error?.message).toMatch(/^Cargus rejected the subscription key \(HTTP 401: Access denied due to invalid subscription key/);
		expect(error?.description).toMatch(/Subscription Key in the Cargus API credential/);
	});

	test('a wrong subscription key is reported as the subscription key, on an operation without login', async () => {
		const { error } = await runOperation(engineFor(sandbox, { apiKey: 'wrong-key' }), 'shipment', 'trackWithoutLogin', { barcode: await aBarcode() });
		expect(error?.message).toMatch(/^Cargus rejected the subscription key \(HTTP 401/);
	});

	test('a wrong password is reported as a login failure of the named account', async () => {
		const { error } = await runOperation(engineFor(sandbox, { password: 'nope' }), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(error?.message).toMatch(/^Cargus login failed for account "sandbox" \(HTTP \d{3}/);
		expect(error?.description).toMatch(/Check the Username and Password/);
	});

	test('a 409 business rule carries the service\'s own text', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupLocation', 'update', { locationId: 1, address: { ContactPerson: 'X' } });
		expect(error?.message).toBe('Cargus refused the request by a business rule (HTTP 409: Punctul de ridicare 1 nu exista.)');
	});

	test('a 400 with a list of messages shows them', async () => {
		const { error } = await runOperation(engineFor(sandbox), 'pickupLocation', 'createCollectionPoint', {
			minihubId: 'SGN-PP405999',
			address: { Name: 'Punct', LocalityId: 987654321, ContactPerson: 'Ana', PhoneNumber: '0722000000' },
		});
		expect(error?.message).toMatch(/^Cargus rejected the input \(HTTP 400: Localitate invalida/);
	});

	test('a 500 with an ASP.NET body shows its Message', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 500, body: { Message: 'An error has occurred.' } });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(error?.message).toBe('Cargus failed to process the request (HTTP 500: An error has occurred.)');
	});

	test('a bare JSON string error body is shown', async () => {
		await sandbox.control.addFault({ operation: 'awbStatus', kind: 'status', status: 409, body: '"AWB-ul nu apartine clientului"' });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'getStatus', { barcode: await aBarcode() });
		expect(error?.message).toBe('Cargus refused the request by a business rule (HTTP 409: AWB-ul nu apartine clientului)');
	});

	test('an {"Error": ...} inside a 200 list is an error, not an item', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 200, body: [{ Error: 'AWB inexistent' }] });
		const { error, items } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Cargus answered with an error: AWB inexistent');
	});

	test('the rate limit says how long to wait, with Rate Limit Wait at 0', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 429, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 7 seconds.' } });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: await aBarcode(), requestOptions: { rateLimitWait: 0 } });
		expect(error?.message).toBe('Cargus rate limit exceeded (HTTP 429: Rate limit is exceeded. Try again in 7 seconds.)');
		expect(error?.description).toMatch(/^Wait 1 second and run again, or let the node wait for it: set Rate Limit Wait/);
	});

	test('a wrong base URL is reported as an unknown address', async () => {
		const { error } = await runOperation(engineFor(sandbox, { baseUrl: `${sandbox.url}/wrong` }), 'shipment', 'trackWithoutLogin', { barcode: await aBarcode() });
		expect(error?.message).toBe('Cargus does not know this address (HTTP 404: Resource not found)');
	});

	test('an unreachable host is reported as such', async () => {
		const { error } = await runOperation(engineFor(sandbox, { baseUrl: 'http://127.0.0.1:9' }), 'shipment', 'trackWithoutLogin', { barcode: '804115458' });
		expect(error?.message).toBe('Could not reach Cargus at http://127.0.0.1:9');
	});

	test('with Continue On Fail, only the failing item carries the error', async () => {
		const barcode = await aBarcode();
		const { items, error } = await runOperation(
			engineFor(sandbox),
			'shipment',
			'track',
			{ barcodes: '={{ $json.barcode }}' },
			{ input: [{ barcode }, { barcode: 'not-a-barcode' }, { barcode }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json.Code).toBe(barcode);
		expect(items[1].error?.message).toBe('Barcodes (item 2): "not-a-barcode" is not a Cargus barcode: enter barcodes (AWB numbers) of 6 to 20 digits separated by commas or new lines, or a list');
		expect(items[2].json.Code).toBe(barcode);
	});
});

describe('bad input is refused before anything is sent', () => {
	/** Runs the items; the refused one must send nothing, the valid ones before it go out as usual. */
	async function expectRefused(resource: string, operation: string, parameters: INodeParameters, message: string, input: IDataObject[] = [{}]) {
		const { error } = await runOperation(engineFor(sandbox), resource, operation, parameters, { input });
		expect(error?.message).toBe(message);
		const sent = (await requestsSeen(sandbox)).filter((entry) => entry.operation !== 'login');
		expect(sent).toHaveLength(input.length - 1);
	}

	test('a malformed barcode', async () => {
		await expectRefused('shipment', 'track', { barcodes: '804115458, 12ab' }, 'Barcodes (item 1): "12ab" is not a Cargus barcode: enter barcodes (AWB numbers) of 6 to 20 digits separated by commas or new lines, or a list');
	});

	test('more than one barcode where the operation takes one', async () => {
		await expectRefused('shipment', 'getStatus', { barcode: '804115458 804346669' }, 'Barcode (item 1): this operation takes one barcode, not 2: enter one barcode (AWB number) of 6 to 20 digits');
	});

	test('more barcodes than one AWB PDF request\'s query takes', async () => {
		const many = Array.from({ length: 120 }, (_, index) => String(100000000 + index)).join(',');
		await expectRefused('document', 'getAwbPdf', { barcodes: many }, 'Barcodes (item 1): 120 barcodes are more than one request takes (the first 117 fit in its query): split the list into several items, or turn on Combine Items, which makes as many requests as the list needs');
	});

	test('From after To, naming the item', async () => {
		await expectRefused(
			'invoice',
			'getMany',
			{ fromDate: '={{ $json.from }}', toDate: '2026-01-01T00:00:00', returnAll: true },
			'From (item 2): 2026-03-01T00:00:00+02:00 is after To 2026-01-01T00:00:00+02:00',
			[{ from: '2025-12-01T00:00:00' }, { from: '2026-03-01T00:00:00' }],
		);
	});

	test('a missing required field', async () => {
		await expectRefused(
			'complaint',
			'save',
			{ personName: 'Ana', email: '={{ $json.email }}', complaintDetails: 'Lost' },
			'Email (item 2): a value is required: enter one email address, such as name@example.com',
			[{ email: 'ana@example.com' }, { email: '' }],
		);
	});

	test('a non-numeric ID', async () => {
		await expectRefused('pickupOrder', 'get', { orderId: '={{ "abc" }}' }, 'Order ID (item 1): "abc" is not a whole number: enter a whole number from 1 to 2147483647');
	});

	test('a non-numeric address field', async () => {
		await expectRefused(
			'pickupOrder',
			'send',
			{ locationId: '1005962049', pickupStartDate: '2030-01-01T10:00:00', pickupEndDate: '2030-01-01T12:00:00', parcels: 1, envelopes: 0, totalWeight: 1, address: { LocalityId: '={{ "x1" }}' } },
			'Address › Locality Name or ID (item 1): "x1" is not a whole number: enter a whole number from 1 to 2147483647',
		);
	});

	test('a cash receipt entry without its number', async () => {
		await expectRefused(
			'cashReceipt',
			'createList',
			{
				date: '2026-11-20T09:00:00',
				operator: 'Ana',
				location: ECOM_TEST_LOCATION,
				receipts: { receipt: [{ receiptDate: '2026-11-20T08:00:00', receiptNumber: '={{ "" }}', receiptOperator: 'Ana', amount: 10, awb: '804115458', idAwb: 1 }] },
			},
			'Receipts › 1 › Receipt Number (item 1): a value is required: enter text on one line, of at most 250 characters',
		);
	});
});

describe('no secret leaves the node', () => {
	test('outputs and errors contain neither the subscription key, the password nor the token', async () => {
		const engine = engineFor(sandbox);
		const barcode = await aBarcode();
		const runs = [
			await runOperation(engine, 'shipment', 'track', { barcodes: barcode }),
			await runOperation(engine, 'document', 'getAwbPdf', { barcodes: barcode }),
		];
		await sandbox.control.addFault({ operation: 'awbPdf', kind: 'status', status: 400, body: ['barCodes invalid'] });
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 500 });
		runs.push(await runOperation(engine, 'document', 'getAwbPdf', { barcodes: barcode }, { continueOnFail: true }));
		runs.push(await runOperation(engine, 'shipment', 'track', { barcodes: barcode }));
		runs.push(await runOperation(engineFor(sandbox, { password: 'secret-password-1' }), 'shipment', 'track', { barcodes: barcode }));
		const token = bareToken(engine.storedCredential().token);
		expect(token.length).toBeGreaterThan(10);
		const everything = JSON.stringify(runs.map(({ items, error }) => ({ items, error, stack: error?.stack, cause: (error as { cause?: unknown })?.cause })));
		for (const secret of [token, DEFAULT_ACCOUNT.subscriptionKey, 'secret-password-1']) {
			expect(everything).not.toContain(secret);
		}
		expect(runs[2].items[0].error?.message).toBe('Cargus rejected the input (HTTP 400: barCodes invalid)');
	});
});

describe('broken answers', () => {
	test('a truncated JSON answer is reported, not passed on as items', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'malformed' });
		const { error, items } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^Cargus answered ".*" where a list of records was expected$/);
	});

	test('a read whose connection is reset once is sent again and answered; a reset AWB creation is not sent again', async () => {
		const barcode = await aBarcode();
		await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: barcode });
		await sandbox.control.clearRequests();
		await sandbox.control.addFault({ operation: 'trace', kind: 'reset', count: 1 });
		const read = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: barcode });
		expect(read.error).toBeUndefined();
		expect(read.json.map((item) => item.Code)).toEqual([barcode]);
		expect((await requestsSeen(sandbox, 'trace')).map((entry) => entry.status)).toEqual([0, 200]);
		await sandbox.control.addFault({ operation: 'traceNoAuth', kind: 'reset', count: 1 });
		const withoutLogin = await runOperation(engineFor(sandbox), 'shipment', 'trackWithoutLogin', { barcode });
		expect(withoutLogin.error).toBeUndefined();
		expect((await requestsSeen(sandbox, 'traceNoAuth')).map((entry) => entry.status)).toEqual([0, 200]);

		await sandbox.control.addFault({ operation: 'createAwb', kind: 'reset', count: 1 });
		const made = await runOperation(engineFor(sandbox), 'shipment', 'create', SMALL_SHIPMENT);
		expect(made.error?.message).toBe(`Could not reach Cargus at ${sandbox.url}`);
		expect((await requestsSeen(sandbox, 'createAwb')).map((entry) => entry.status)).toEqual([0]);
	});

	test('a connection reset is reported with what to check', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'reset' });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: await aBarcode() });
		expect(error?.message).toBe(`Could not reach Cargus at ${sandbox.url}`);
		expect(error?.description).toMatch(/ECONNRESET|socket hang up/i);
	});
});

test('n8n failing around the request (its database busy when it saves the new token) is not reported as Cargus unreachable', async () => {
	const engine = engineFor(sandbox, { token: '' });
	engine.credentials.updateCredentials = async () => await Promise.reject(new Error('timeout exceeded when trying to connect'));
	const { error } = await runOperation(engine, 'shipment', 'track', { barcodes: await aBarcode() });
	expect(error?.message).toBe(`The request to Cargus at ${sandbox.url} failed in n8n before an answer came: timeout exceeded when trying to connect`);
	expect(error?.description).toMatch(/^Cargus was not the problem/);
});

test('a custom environment without a base URL is refused before anything is sent', async () => {
	const { error } = await runOperation(engineFor(sandbox, { baseUrl: '' }), 'shipment', 'track', { barcodes: await aBarcode() });
	expect(error?.message).toBe('The Cargus credential uses a custom environment but its Base URL is empty');
	expect(await requestsSeen(sandbox)).toEqual([]);
});
