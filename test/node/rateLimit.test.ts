import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';

import { forgetRateLimits, patienceFor, throughRateLimit } from '../../nodes/shared/transport/rateLimit';
import { loadOptions } from '../helpers/loadOptions';
import { sandboxCredential, useSandbox } from '../helpers/sandbox';
import { engineFor, requestsSeen, runOperation, SMALL_SHIPMENT } from './world';

/*
 * A batch ships under Cargus' rate limit (issue 51): the gateway's 429 is waited out and the request sent again,
 * the items of an execution take turns once the gateway has refused one, and Rate Limit Wait at 0 gives the 429
 * back at once. The sandbox's gateway limits requests per second of wall-clock time, as API Management does.
 */

const sandbox = useSandbox();
const RATE = 10;

beforeEach(async () => {
	await sandbox.control.reset();
	await sandbox.control.clearFaults();
	await sandbox.control.setRateLimit(null);
	forgetRateLimits();
});

const order = (reference: string): INodeParameters => ({ ...SMALL_SHIPMENT, additionalAwbFields: { orderReference: reference } });

/** One login made before the limit is set, as in a running shop: the token is then kept. */
async function loggedInUnderLimit(): Promise<void> {
	const [shipment] = await sandbox.control.shipments();
	const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: shipment.barcode });
	expect(error).toBeUndefined();
	await sandbox.control.clearRequests();
	await sandbox.control.setRateLimit(RATE);
}

test('60 orders in one execution at 10 requests a second: 60 AWBs, one per order, no item failed', async () => {
	await loggedInUnderLimit();
	const input = Array.from({ length: 60 }, (_, index) => ({ ref: `rate-${index}` }));

	const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'create', order('={{ $json.ref }}'), { input });

	expect(error).toBeUndefined();
	expect(items).toHaveLength(60);
	expect(items.every((item) => item.error === undefined)).toBe(true);
	expect(items.map((item) => item.json.OrderReference)).toEqual(input.map((entry) => entry.ref));
	expect(new Set(items.map((item) => item.json.BarCode)).size).toBe(60);
	const creates = await requestsSeen(sandbox, 'createAwb');
	const made = creates.filter((request) => request.status === 200);
	expect(made).toHaveLength(60);
	expect(new Set(made.map((request) => (request.body as IDataObject).CustomString)).size).toBe(60);
	// Once refused, the items take turns: a retry of every refused item each second would be refused about 150 times.
	const refused = (await requestsSeen(sandbox)).filter((request) => request.status === 429);
	expect(refused.length).toBeGreaterThan(0);
	expect(refused.length).toBeLessThan(90);
});

test('100 Track items at 10 requests a second are all answered', async () => {
	const shipments = await sandbox.control.shipments();
	const barcodes = Array.from({ length: 100 }, (_, index) => shipments[index % shipments.length].barcode);
	await loggedInUnderLimit();

	const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, {
		input: barcodes.map((barcode) => ({ barcode })),
	});

	expect(error).toBeUndefined();
	expect(items.every((item) => item.error === undefined)).toBe(true);
	expect(items.map((item) => String(item.json.Code))).toEqual(barcodes);
	expect((await requestsSeen(sandbox, 'trace')).some((request) => request.status === 429)).toBe(true);
});

test('with Rate Limit Wait at 0, the first 429 fails its item as before', async () => {
	await loggedInUnderLimit();
	const input = Array.from({ length: 30 }, (_, index) => ({ ref: `no-wait-${index}` }));

	const { items } = await runOperation(engineFor(sandbox), 'shipment', 'create', { ...order('={{ $json.ref }}'), requestOptions: { rateLimitWait: 0 } }, {
		input,
		continueOnFail: true,
	});

	const failed = items.filter((item) => item.error !== undefined);
	expect(failed.length).toBeGreaterThan(0);
	expect(failed[0].error?.message).toMatch(/^Cargus rate limit exceeded \(HTTP 429: Rate limit is exceeded\. Try again in \d+ seconds?\.\)$/);
	// A refused creation made nothing: every AWB made belongs to an item that did not fail.
	const made = (await requestsSeen(sandbox, 'createAwb')).filter((request) => request.status === 200);
	expect(made).toHaveLength(items.length - failed.length);
});

test('when the waits run out, the error says how long the item waited and what to change', async () => {
	const [shipment] = await sandbox.control.shipments();
	await sandbox.control.addFault({ operation: 'trace', kind: 'status', status: 429, body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' } });

	const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: shipment.barcode, requestOptions: { rateLimitWait: 3 } });

	expect(error?.message).toBe('Cargus rate limit exceeded (HTTP 429: Rate limit is exceeded. Try again in 1 seconds.)');
	expect(error?.description).toMatch(/^The item waited 3 seconds in all, as long as Cargus asked each time, and was still refused\. Raise Rate Limit Wait/);
	expect((await requestsSeen(sandbox, 'trace')).filter((request) => request.status === 429)).toHaveLength(4);
});

test('only the 429 is sent again: a 403 of an exhausted quota, a 500 and a 503 are answered once', async () => {
	const [shipment] = await sandbox.control.shipments();
	for (const status of [403, 500, 503]) {
		await sandbox.control.clearRequests();
		await sandbox.control.addFault({ operation: 'trace', kind: 'status', status, count: 1 });
		const { error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: shipment.barcode });
		expect(error?.message).toMatch(new RegExp(`HTTP ${status}`));
		expect(await requestsSeen(sandbox, 'trace')).toHaveLength(1);
	}
});

test('a Retry-After wait ends at once when the execution is cancelled', async () => {
	const cancel = new AbortController();
	let sent = 0;
	const waiting = throughRateLimit(
		'cancel-test',
		patienceFor(3600, cancel.signal),
		async () => {
			sent++;
			if (sent === 1) setImmediate(() => cancel.abort());
			return { statusCode: 429 };
		},
		(outcome) => ('value' in outcome ? { retryAfter: '20' } : undefined),
	);
	// Without the cancel it would wait 20 s and be refused again for an hour, far past the test's timeout.
	await expect(waiting).rejects.toThrow("The execution was cancelled while it waited for Cargus' rate limit");
	expect(sent).toBe(1);
});

test("Request Options holds n8n's own options and Rate Limit Wait (Seconds), as n8n's loader merges them", () => {
	const node = new Cargus();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(node as INodeType);
	const requestOptions = node.description.properties.filter((property) => property.name === 'requestOptions');
	expect(requestOptions).toHaveLength(1);
	const names = (requestOptions[0].options as INodeProperties[]).map((option) => option.name);
	expect(names).toEqual(expect.arrayContaining(['batching', 'proxy', 'timeout', 'allowUnauthorizedCerts', 'rateLimitWait']));
	expect((requestOptions[0].options as INodeProperties[]).find((option) => option.name === 'rateLimitWait')).toMatchObject({ displayName: 'Rate Limit Wait (Seconds)', default: 60 });
});

test("the Locality dropdown waits out the gateway's 429 too", async () => {
	await sandbox.control.addFault({ operation: 'localitiesNoAuth', kind: 'status', status: 429, count: 1 });

	const options = await loadOptions('getRecipientLocalities', { resource: 'shipment', operation: 'create', recipientCountyId: 15 }, sandboxCredential(sandbox.url));

	expect(options.length).toBeGreaterThan(0);
	expect((await requestsSeen(sandbox, 'localitiesNoAuth')).map((request) => request.status)).toEqual([429, 200]);
});
