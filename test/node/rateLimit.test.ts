import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import { Cargus } from '../../nodes/Cargus/Cargus.node';

import { forgetRateLimits, paceOf, patienceFor, throughRateLimit } from '../../nodes/shared/transport/rateLimit';
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

/** The share of the sandbox's answers since the last clear that were the gateway's 429. */
async function refusedShare(): Promise<{ refused: number; answers: number }> {
	const answers = await requestsSeen(sandbox);
	return { refused: answers.filter((request) => request.status === 429).length, answers: answers.length };
}

test('60 orders in one execution at 10 requests a second: 60 AWBs, one per order, no item failed, at most 10% of the requests refused', async () => {
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
	// A burst starts slowly until the first refusal, then the items take turns: sent all at once, 55 of 120 were refused.
	const { refused, answers } = await refusedShare();
	expect(refused).toBeGreaterThan(0);
	expect(refused).toBeLessThanOrEqual(answers * 0.1);
});

test('the pace learnt from the first refusal does not ease off: 40 requests sent one at a time 10 s later leave it as it was', async () => {
	// A gateway of 100 requests a second: the 101st of a burst is refused for 1 s.
	let served = 0;
	const send = async () => ({ statusCode: ++served > 100 ? 429 : 200 });
	const limited = (outcome: { value: { statusCode: number } } | { error: unknown }) => ('value' in outcome && outcome.value.statusCode === 429 ? { retryAfter: '1' } : undefined);
	await Promise.all(Array.from({ length: 101 }, async () => await throughRateLimit('pace-test', patienceFor(0), send, limited)));
	const learnt = paceOf('pace-test');
	expect(learnt).toBeGreaterThan(5);
	await new Promise((resolve) => setTimeout(resolve, 10_500));
	served = 0;

	for (let sent = 0; sent < 40; sent++) await throughRateLimit('pace-test', patienceFor(0), send, limited);

	// Eased 2% a request after 10 s without a refusal (as before), the pace would be 45% of itself, and a later burst unpaced.
	expect(paceOf('pace-test')).toBe(learnt);
}, 1_200_000);

test("the pace learnt from the gateway's first refusal holds for the process's next execution: 60 more orders, at most one refused", async () => {
	await loggedInUnderLimit();
	const run = async (from: number) => await runOperation(engineFor(sandbox), 'shipment', 'create', order('={{ $json.ref }}'), {
		input: Array.from({ length: 60 }, (_, index) => ({ ref: `pace-${from + index}` })),
	});
	expect((await run(0)).items.every((item) => item.error === undefined)).toBe(true);
	expect((await refusedShare()).refused).toBeGreaterThan(0);
	await sandbox.control.clearRequests();

	const { items } = await run(60);

	expect(items.every((item) => item.error === undefined)).toBe(true);
	expect((await requestsSeen(sandbox, 'createAwb')).filter((request) => request.status === 200)).toHaveLength(60);
	// Learnt again from scratch (or eased back to a burst) the second execution would be refused about as often as the first.
	expect((await refusedShare()).refused).toBeLessThanOrEqual(1);
});

test('100 Track items at 10 requests a second are all answered, at most 10% of the requests refused', async () => {
	const shipments = await sandbox.control.shipments();
	const barcodes = Array.from({ length: 100 }, (_, index) => shipments[index % shipments.length].barcode);
	await loggedInUnderLimit();

	const { items, error } = await runOperation(engineFor(sandbox), 'shipment', 'track', { barcodes: '={{ $json.barcode }}' }, {
		input: barcodes.map((barcode) => ({ barcode })),
	});

	expect(error).toBeUndefined();
	expect(items.every((item) => item.error === undefined)).toBe(true);
	expect(items.map((item) => String(item.json.Code))).toEqual(barcodes);
	const { refused, answers } = await refusedShare();
	expect(refused).toBeGreaterThan(0);
	expect(refused).toBeLessThanOrEqual(answers * 0.1);
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
