import { request } from 'undici';
import type { INodeParameters } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import type { RunResult } from '../helpers/engine';
import { listSearch, loadOptions } from '../helpers/loadOptions';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { TriggerHarness } from '../trigger/helpers/pollHarness';
import { engineFor, runOperation, SMALL_SHIPMENT } from './world';

/*
 * A misbehaving gateway that quotes the subscription key, the password and the tokens back, in 200, 4xx
 * and 5xx answers, as JSON and as an HTML page: whatever the operation, none of them reaches an output,
 * an error (message, description, stack, cause), the execution data or n8n's log.
 */

// A user with a subscription key shaped like Cargus' own: 32 random characters.
const LONG_KEY_USER = { username: 'integrator', password: 'absent', subscriptionKey: '5f0c9e2ab47d4e61a3b8c2d9e7f1a046' };
const sandbox = useSandbox({ extraUsers: [LONG_KEY_USER] });

const ACCOUNT = { username: 'other', password: 'other-password', apiKey: 'other-key' };
const PROBE_PATH = '/probe-tokens';

const ANSWERS: Array<{ status: number; format: 'json' | 'html' }> = [
	{ status: 200, format: 'json' },
	{ status: 200, format: 'html' },
	{ status: 400, format: 'json' },
	{ status: 401, format: 'html' },
	{ status: 404, format: 'html' },
	{ status: 409, format: 'json' },
	{ status: 500, format: 'html' },
	{ status: 500, format: 'json' },
];

const DATES = { fromDate: '2025-11-01T00:00:00', toDate: '2025-12-01T00:00:00' };
const BARCODE = '804115458';

/** Every operation: resource, operation, the sandbox's name for it, valid parameters. */
const OPERATIONS: Array<[string, string, string, INodeParameters]> = [
	['account', 'logIn', 'login', {}],
	['cashOnDelivery', 'getMany', 'cashAccountByDate', { ...DATES, returnAll: true }],
	['cashOnDelivery', 'getRepaid', 'cashAccountByDeductionDate', { deductionDate: '2026-11-20T00:00:00', returnAll: true }],
	['cashReceipt', 'createList', 'cashReceipts', {
		date: '2026-11-20T09:00:00',
		operator: 'Ana Pop',
		location: 1005962049,
		receipts: { receipt: [{ receiptDate: '2026-11-20T08:00:00', receiptNumber: 'R-1', receiptOperator: 'Ana Pop', amount: 10, awb: BARCODE, idAwb: 1 }] },
	}],
	['county', 'getMany', 'counties', { countryId: 1 }],
	['complaint', 'save', 'saveComplaint', { personName: 'Ana Pop', email: 'ana@example.com', complaintDetails: 'Damaged.' }],
	['document', 'getAwbPdf', 'awbPdf', { barcodes: BARCODE }],
	['document', 'getOrderDocuments', 'orderDocuments', { ...DATES, docType: 0 }],
	['document', 'getPickupOrderSummary', 'orderDocumentsByOrder', { orderId: '5500007' }],
	['invoice', 'getDocument', 'invoiceDocument', { invoiceId: 1 }],
	['invoice', 'getMany', 'invoices', { ...DATES, returnAll: true }],
	['invoice', 'getPdf', 'invoicePdf', { invoiceId: 1 }],
	['locality', 'getMany', 'localities', { countryId: 1, filters: { countyId: 15 } }],
	['locality', 'getManyWithoutLogin', 'localitiesNoAuth', { countryId: 1, countyId: 15 }],
	['pickupLocation', 'createCollectionPoint', 'createClickCollect', { minihubId: 'SGN-PP405999', active: true, address: { Name: 'Punct', LocalityId: 515 } }],
	['pickupLocation', 'getMany', 'pickupLocations', {}],
	['pickupLocation', 'update', 'updatePickupLocation', { locationId: 1005962049, address: { ContactPerson: 'Ion' } }],
	['pickupOrder', 'cancel', 'launchOrCancelOrder', { locationId: 1005962049 }],
	['pickupOrder', 'get', 'getOrder', { orderId: 1 }],
	['pickupOrder', 'getMany', 'ordersByDate', { findBy: 'date', ...DATES, returnAll: true }],
	['pickupOrder', 'launch', 'launchOrCancelOrder', { locationId: 1005962050, pickupStartDate: '2026-11-21T10:00:00', pickupEndDate: '2026-11-21T14:00:00' }],
	['pickupOrder', 'send', 'sendOrder', {
		pickupStartDate: '2026-11-21T10:00:00',
		pickupEndDate: '2026-11-21T14:00:00',
		parcels: 1,
		envelopes: 0,
		totalWeight: 1,
		locationId: '1005962049',
	}],
	['returnAwb', 'create', 'createReturnAwb', { barcode: BARCODE }],
	['shipAndGoPoint', 'getMany', 'shipAndGoPoints', { returnAll: true }],
	['shipment', 'calculatePrice', 'shippingCalculation', { fromCountyId: 27, fromLocalityId: 29445916, toCountyId: 15, toLocalityId: 164, serviceId: 34, parcels: 1, totalWeight: 2 }],
	['shipment', 'create', 'createAwb', SMALL_SHIPMENT],
	['shipment', 'delete', 'deleteAwb', { barcode: BARCODE }],
	['shipment', 'get', 'getAwb', { findBy: 'barcode', barcode: BARCODE }],
	['shipment', 'getMany', 'awbsByDate', { ...DATES, returnAll: true }],
	['shipment', 'getCashOnDelivery', 'cashAccount', { barcode: BARCODE }],
	['shipment', 'getStatus', 'awbStatus', { barcode: BARCODE }],
	['shipment', 'track', 'trace', { barcodes: BARCODE }],
	['shipment', 'trackWithoutLogin', 'traceNoAuth', { barcode: BARCODE }],
	['shipment', 'trackWithStatus', 'traceOneRequest', { barcodes: BARCODE }],
	['street', 'getMany', 'streets', { localityId: 183, returnAll: true }],
];

const logLines: string[] = [];

/** Errors as n8n may serialise them: their own fields, message, stack and cause. */
function everythingIn(value: unknown): string {
	return JSON.stringify(value, (_key, entry: unknown) =>
		entry instanceof Error ? { ...entry, name: entry.name, message: entry.message, stack: entry.stack, cause: (entry as { cause?: unknown }).cause } : entry,
	);
}

/** n8n's logger, set up by n8n-core on first use, replaces whatever LoggerProxy had: so this runs before every execution. */
function captureLog(): void {
	const capture = (level: string) => (message: string, metadata?: unknown) => logLines.push(`${level} ${message} ${everythingIn(metadata ?? {})}`);
	LoggerProxy.init({ error: capture('error'), warn: capture('warn'), info: capture('info'), debug: capture('debug') });
}

afterAll(() => {
	const quiet = () => undefined;
	LoggerProxy.init({ error: quiet, warn: quiet, info: quiet, debug: quiet });
});

/** Every token the sandbox has issued to the account, read through an echo of its own. */
async function tokensOfAccount(): Promise<string[]> {
	await sandbox.control.addFault({ path: PROBE_PATH, kind: 'echo', count: 1 });
	const response = await request(`${sandbox.url}${PROBE_PATH}`, { headers: { 'ocp-apim-subscription-key': ACCOUNT.apiKey } });
	return ((await response.body.json()) as { Tokens: string[] }).Tokens;
}

describe('no secret leaves the node, whatever the gateway quotes back', () => {
	test.each(OPERATIONS.map(([resource, operation, name, parameters]) => [`${resource} › ${operation}`, resource, operation, name, parameters] as const))(
		'%s',
		async (_title, resource, operation, sandboxOperation, parameters) => {
			await sandbox.control.reset();
			const engine = engineFor(sandbox, ACCOUNT);
			const runs: RunResult[] = [];
			logLines.length = 0;
			for (const [index, answer] of ANSWERS.entries()) {
				await sandbox.control.clearFaults();
				await sandbox.control.addFault({ operation: sandboxOperation, kind: 'echo', ...answer });
				captureLog();
				runs.push(await runOperation(engine, resource, operation, parameters, { continueOnFail: index % 2 === 1 }));
			}
			await sandbox.control.clearFaults();
			const tokens = await tokensOfAccount();
			if (resource !== 'account' && !['cashReceipt', 'complaint', 'returnAwb'].includes(resource) && operation !== 'trackWithoutLogin' && operation !== 'getManyWithoutLogin') {
				expect(tokens.length).toBeGreaterThan(0);
			}
			const seen = everythingIn(runs.map(({ items, error, run }) => ({ items, error, resultData: run.data.resultData }))) + logLines.join('\n');
			for (const secret of [ACCOUNT.apiKey, ACCOUNT.password, ...tokens]) expect(seen).not.toContain(secret);
			expect(seen).toContain('[redacted]');
			expect(logLines.filter((line) => line.includes('Workflow execution finished with error') && line.includes('Cargus')).length).toBeGreaterThan(0);
			for (const run of runs) {
				const errors = [run.error, ...run.items.map((item) => item.error)].filter((error) => error !== undefined);
				expect(errors).toHaveLength(1);
				expect(run.items.filter((item) => !item.error)).toEqual([]);
			}
		},
	);
});

describe('no secret leaves the node when the login itself is answered by the echoing gateway', () => {
	test.each(ANSWERS.map((answer) => [`${answer.status} ${answer.format}`, answer] as const))('Track, login answered %s', async (_title, answer) => {
		await sandbox.control.reset();
		await sandbox.control.addFault({ operation: 'login', kind: 'echo', ...answer });
		logLines.length = 0;
		captureLog();
		const run = await runOperation(engineFor(sandbox, ACCOUNT), 'shipment', 'track', { barcodes: BARCODE });
		await sandbox.control.clearFaults();
		const tokens = await tokensOfAccount();
		const seen = everythingIn({ items: run.items, error: run.error, resultData: run.run.data.resultData }) + logLines.join('\n');
		for (const secret of [ACCOUNT.apiKey, ACCOUNT.password, ...tokens]) expect(seen).not.toContain(secret);
		expect(run.error?.message).toMatch(/Cargus/);
		expect(run.items).toEqual([]);
	});
});

describe('an answer of the right shape loses only the values that carry a secret beyond doubt', () => {
	const credential = () => ({ username: LONG_KEY_USER.username, password: LONG_KEY_USER.password, apiKey: LONG_KEY_USER.subscriptionKey });
	const TRACE = [{
		Code: BARCODE,
		ConfirmationName: LONG_KEY_USER.password,
		Observation: `Destinatar absent; cheie ${LONG_KEY_USER.subscriptionKey} citata`,
		Event: [{ Date: '2026-11-20T09:00:00', EventId: 21, Description: LONG_KEY_USER.subscriptionKey, LocalityName: 'Absent' }],
	}];
	const REDACTED_TRACE = {
		Code: BARCODE,
		ConfirmationName: '[redacted]',
		Observation: 'Destinatar absent; cheie [redacted] citata',
	};

	beforeEach(async () => {
		await sandbox.control.reset();
	});

	test('Track: a whole value equal to the password and the long key inside a value are redacted, the rest is as sent', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 200, body: TRACE });
		const { json, error } = await runOperation(engineFor(sandbox, credential()), 'shipment', 'track', { barcodes: BARCODE, simplify: false });
		expect(error).toBeUndefined();
		expect(json).toEqual([{ ...REDACTED_TRACE, Event: [{ ...TRACE[0].Event[0], Description: '[redacted]' }] }]);
	});

	test('the trigger\'s items follow the same rule', async () => {
		await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 200, body: TRACE });
		const trigger = new TriggerHarness({ ...sandboxCredential(sandbox.url, credential()), token: '' }, { barcodes: BARCODE, options: { emitExisting: true } });
		const [item, ...more] = await trigger.poll();
		expect(more).toEqual([]);
		expect(item).toMatchObject({ Barcode: BARCODE, Description: '[redacted]', LocalityName: 'Absent', Shipment: REDACTED_TRACE });
	});

	test('the locality dropdown follows the same rule', async () => {
		await sandbox.control.addFault({
			operation: 'localitiesNoAuth',
			kind: 'status',
			status: 200,
			body: [{ Locality: [{ LocalityId: 1, Name: LONG_KEY_USER.subscriptionKey }, { LocalityId: 2, Name: 'Absent' }], message: 'OK' }],
		});
		const options = await loadOptions('getLocalities', { resource: 'pickupOrder', operation: 'send', address: { CountyId: 5 } }, sandboxCredential(sandbox.url, credential()));
		expect(options).toEqual([{ name: '[redacted]', value: 1 }, { name: 'Absent', value: 2 }]);
	});

	test('the pickup location dropdown and the Ship & Go point search follow the same rule', async () => {
		await sandbox.control.addFault({
			operation: 'pickupLocations',
			kind: 'status',
			status: 200,
			body: [{ LocationId: 1, Name: LONG_KEY_USER.subscriptionKey, AddressText: 'Strada 1', LocalityName: 'Absent', CountyName: '' }],
		});
		await sandbox.control.addFault({ operation: 'shipAndGoPoints', kind: 'status', status: 200, body: [{ Id: 9, Name: LONG_KEY_USER.password, City: 'Absent', ServiceCOD: true }] });
		const parameters = { resource: 'pickupOrder', operation: 'send' };
		expect(await loadOptions('getPickupLocations', parameters, sandboxCredential(sandbox.url, credential()))).toEqual([
			{ name: '[redacted] (1)', value: 1, description: 'Strada 1, Absent' },
		]);
		expect((await listSearch('searchShipAndGoPoints', parameters, sandboxCredential(sandbox.url, credential()))).results).toEqual([{ name: '[redacted] (Absent)', value: '9' }]);
	});

	test.each(['getPickupLocations', 'getStreets'])('the %s dropdown\'s failure, when the gateway quotes the secrets back, holds none of them', async (method) => {
		for (const answer of ANSWERS.filter(({ status }) => status !== 200)) {
			await sandbox.control.clearFaults();
			await sandbox.control.addFault({ operation: method === 'getStreets' ? 'streets' : 'pickupLocations', kind: 'echo', ...answer });
			// The list that cannot load is one entry saying why.
			const options = await loadOptions(method, { resource: 'pickupOrder', operation: 'send', address: { LocalityId: 183 } }, sandboxCredential(sandbox.url, ACCOUNT));
			expect(options).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Could not load the /), value: '' })]);
			const tokens = await tokensOfAccount();
			const seen = everythingIn(options);
			for (const secret of [ACCOUNT.apiKey, ACCOUNT.password, ...tokens]) expect(seen).not.toContain(secret);
		}
	});

	test('an error that quotes the short password has it redacted there', async () => {
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 409, body: { Error: `Parola ${LONG_KEY_USER.password} nu este acceptata` } });
		const { error } = await runOperation(engineFor(sandbox, credential()), 'shipment', 'track', { barcodes: BARCODE });
		expect(error?.message).toContain('Parola [redacted] nu este acceptata');
	});
});
