import type { IPollFunctions } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST } from '../../shared/values/barcodes';
import { DELIVERED_EVENT_ID } from '../../shared/cargus/trackingStatus';
import { daysBefore, latestServiceDay, today } from '../idSet';
import { commonSettings, numberOr, optionsOf, watchedBarcodes, watchesAccount } from '../parameters';
import type { CommonSettings } from '../triggerEvent';
import { RETURNED_EVENT_ID } from './events';

export const DEFAULT_FINAL_EVENT_IDS = [DELIVERED_EVENT_ID, RETURNED_EVENT_ID];
export const DEFAULT_POLLS_AFTER_FINAL = 5;
export const DEFAULT_ACCOUNT_DAYS = 14;

/** The tracking event's parameters, read afresh at every poll (the barcode list may be an expression). */
export interface TrackingSettings extends CommonSettings {
	/** Watch = All Shipments of the Account: the days of events asked for (YYYY-MM-DD, by n8n's clock); undefined: the listed barcodes. */
	account?: { from: string; to: string };
	barcodes: string[];
	batchSize: number;
	/** Undefined: every event is emitted. */
	eventIds?: Set<number>;
	finalEventIds: Set<number>;
	pollsAfterFinal: number;
	/** Add Order and Recipient: each event carries its AWB's order reference and recipient. */
	orderAndRecipient: boolean;
}

/** Event ids from the multi-select, or from an expression giving a list or a comma-separated text. */
function toEventIds(value: unknown): Set<number> {
	const list: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(/[\s,;]+/);
	const ids = list.filter((entry) => entry !== '' && entry !== null && entry !== undefined).map(Number);
	return new Set(ids.filter((id) => Number.isInteger(id)));
}

export function readSettings(context: IPollFunctions, test: boolean): TrackingSettings {
	const options = optionsOf(context);
	const eventIds = toEventIds(options.eventIds);
	const account = watchesAccount(context);
	const days = Math.max(1, Math.floor(numberOr(options.accountDays, DEFAULT_ACCOUNT_DAYS)));
	return {
		...commonSettings(options, test),
		account: account ? { from: daysBefore(today(), days), to: latestServiceDay() } : undefined,
		barcodes: account ? [] : watchedBarcodes(context, 'barcodes'),
		batchSize: numberOr(options.batchSize, MAX_BARCODES_PER_REQUEST),
		eventIds: eventIds.size > 0 ? eventIds : undefined,
		finalEventIds: toEventIds(options.finalEventIds ?? DEFAULT_FINAL_EVENT_IDS),
		pollsAfterFinal: Math.max(0, numberOr(options.pollsAfterFinal, DEFAULT_POLLS_AFTER_FINAL)),
		orderAndRecipient: options.orderAndRecipient === true,
	};
}
