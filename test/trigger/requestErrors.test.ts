/**
 * What a failed request of a poll says: Cargus' answer explained as the Cargus node explains it (one set of
 * explanations, nodes/shared/transport/errors.ts), then that the request is repeated at the next poll, and no secret.
 */
import { NodeApiError } from 'n8n-workflow';

import { bareToken } from '../../nodes/shared/transport/boundToken';
import { DEFAULT_ACCOUNT, sandboxCredential, useSandbox } from '../helpers/sandbox';
import { sandboxTimePlus } from './helpers/events';
import { TriggerHarness } from './helpers/pollHarness';

const sandbox = useSandbox();
const REPEATED = 'The tracking request is repeated at the next poll; nothing is lost.';

afterEach(async () => {
	await sandbox.control.clearFaults();
});

/** A trigger watching two shipments, after its first poll. */
async function watching(): Promise<TriggerHarness> {
	const startAt = await sandboxTimePlus(sandbox.control, 30);
	const shipments = await sandbox.control.addShipments({ count: 2, scenario: 'delivered', startAt, stepMinutes: 60 });
	const trigger = new TriggerHarness(sandboxCredential(sandbox.url), { barcodes: shipments.map(({ barcode }) => barcode).join('\n') });
	await trigger.poll();
	await sandbox.control.advanceClock({ minutes: 100 });
	return trigger;
}

async function failedPoll(trigger: TriggerHarness): Promise<NodeApiError> {
	const failure = await trigger.poll().catch((error: unknown) => error);
	expect(failure).toBeInstanceOf(NodeApiError);
	return failure as NodeApiError;
}

test('a 500 says what the node says, then that the request is repeated; the next poll emits what it missed', async () => {
	const trigger = await watching();
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 500, body: { Message: 'An error has occurred.' } });

	const error = await failedPoll(trigger);

	expect(error.message).toBe('Cargus failed to process the request (HTTP 500: An error has occurred.)');
	expect(error.description).toBe(
		`Usually temporary: run again later. If it keeps failing, the input may be one Cargus cannot handle. ${REPEATED} All 1 tracking requests of this poll failed; nothing was recorded and the next poll tries again.`,
	);
	expect(error.httpCode).toBe('500');
	await sandbox.control.clearFaults();
	expect(await trigger.poll()).toHaveLength(4);
});

test('a 200 that carries an error is an error, explained as the node explains it, not an answer without events', async () => {
	const trigger = await watching();
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'status', status: 200, body: [{ Error: 'Serviciul nu este disponibil' }] });

	const error = await failedPoll(trigger);

	expect(error.message).toBe('Cargus answered with an error: Serviciul nu este disponibil');
	expect(error.description).toMatch(new RegExp(`^The service accepted the request but could not answer it: check the input it mentions\\. ${REPEATED}`));
	expect(error.httpCode).toBe('200');
	await sandbox.control.clearFaults();
	expect(await trigger.poll()).toHaveLength(4);
});

test('a body that is not the list asked for is quoted as the node quotes it', async () => {
	const trigger = await watching();
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'malformed' });

	const error = await failedPoll(trigger);

	expect(error.message).toMatch(/^Cargus answered ".*" where a list was expected$/);
	expect(error.description).toContain(REPEATED);
});

test('an answer quoting the credential and the token shows none of them', async () => {
	const trigger = await watching();
	await sandbox.control.addFault({ operation: 'traceOneRequest', kind: 'echo', status: 502, format: 'html' });

	const error = await failedPoll(trigger);

	const token = bareToken(trigger.credentials.get('cargus-credential').token);
	expect(token.length).toBeGreaterThan(10);
	expect(error.message).toMatch(/^Cargus failed to process the request \(HTTP 502: .*\[redacted\]/);
	const everything = JSON.stringify({ message: error.message, description: error.description, cause: error.cause, messages: error.messages });
	for (const secret of [token, DEFAULT_ACCOUNT.subscriptionKey, DEFAULT_ACCOUNT.password]) expect(everything).not.toContain(secret);
});
