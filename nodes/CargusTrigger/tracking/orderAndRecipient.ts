import type { IPollFunctions } from 'n8n-workflow';

import { awbAccountOf, awbRecordOf } from '../../shared/answers/awbRecord';
import { rememberedAwbs } from '../../shared/answers/rememberedAwbs';
import { orderAndRecipientOf, type OrderAndRecipient } from '../../shared/cargus/orderAndRecipient';
import { everyRequestFailed, noAccount } from '../../shared/transport/errors';
import { readList } from '../readAnswer';
import { runRequests } from '../requestPool';
import { sendPollRequest } from '../sendRequest';
import type { Source } from '../source';
import type { TrackingSettings } from './settings';
import type { FoundEvent } from './shipmentEvent';
import type { WatchState } from './state';

const AWB_READ = 'AWB read';
/** AWB reads in flight at once. */
const CONCURRENT_READS = 4;

/** The AWB's order reference and recipient as Cargus answers it now (nulls when it has no such AWB); an answer that is no list fails the read. */
async function readAwb(context: IPollFunctions, source: Source, barcode: string): Promise<OrderAndRecipient> {
	const record = await awbRecordOf(async (request) => {
		const answer = await sendPollRequest(context, source, AWB_READ, request);
		readList(context, AWB_READ, answer);
		return answer;
	}, barcode);
	return orderAndRecipientOf(record);
}

/**
 * Add Order and Recipient: each change gets its AWB's order reference and recipient, each AWB read at most once per
 * process (shared/answers/rememberedAwbs.ts). A shipment whose AWB could not be read is left for the next poll: what
 * this poll learned of it is forgotten and its events are neither recorded nor emitted. When every read fails, the poll
 * fails and records nothing, as when every tracking request fails.
 */
export async function withOrderAndRecipient(
	context: IPollFunctions,
	source: Source,
	state: WatchState,
	changes: FoundEvent[],
	settings: TrackingSettings,
	deadline: number,
): Promise<FoundEvent[]> {
	if (!settings.orderAndRecipient || changes.length === 0) return changes;
	if (!source.withLogin) {
		throw noAccount(context, 'Add Order and Recipient', 'Or turn the option off: Cargus answers an AWB\'s order and recipient only with a login.');
	}
	const account = awbAccountOf(source.credentials);
	const barcodes = [...new Set(changes.map((change) => change.event.barcode))];
	const found = new Map<string, OrderAndRecipient>();
	const outcomes = await runRequests(context, source, barcodes, {
		requestName: AWB_READ,
		concurrency: CONCURRENT_READS,
		deadline,
		send: async (barcode) => await rememberedAwbs.read(account, barcode, async () => await readAwb(context, source, barcode)),
		receive: (barcode, awb) => void found.set(barcode, awb),
	});
	const unread = outcomes.filter((outcome) => outcome.done !== true);
	const failed = unread.filter((outcome) => outcome.error !== undefined);
	const attempted = outcomes.filter((outcome) => !outcome.skipped);
	if (attempted.length > 0 && failed.length === attempted.length) {
		throw everyRequestFailed(failed[0].error!, attempted.length, AWB_READ);
	}
	for (const outcome of unread) state.revert(outcome.request);
	if (failed.length > 0) {
		context.logger.warn(
			`Cargus Trigger: ${failed.length} of ${attempted.length} AWB reads failed (${failed[0].error?.message}); the events of those shipments are emitted at a later poll`,
		);
	}
	return changes.flatMap((change) => {
		const awb = found.get(change.event.barcode);
		return awb === undefined ? [] : [{ ...change, awb }];
	});
}
