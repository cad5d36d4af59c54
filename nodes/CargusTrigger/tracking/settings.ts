import type { IPollFunctions } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST } from '../../shared/values/barcodes';
import { isOutcome, type Outcome } from '../../shared/cargus/outcome';
import { latestServiceDay } from '../idSet';
import { cargusDay } from '../../shared/values/cargusDate';
import { commonSettings, numberOr, optionsOf, watchedBarcodes, watchesAccount } from '../parameters';
import type { CommonSettings } from '../triggerEvent';
import type { ShipmentEvent } from './shipmentEvent';

/** Stop Watching After, unset: delivered or returned (until 0.2.0 the ids 21 and 198). */
export const DEFAULT_FINAL_OUTCOMES: Outcome[] = ['delivered', 'returned'];
export const DEFAULT_POLLS_AFTER_FINAL = 5;
export const DEFAULT_ACCOUNT_DAYS = 14;

/** The tracking event's parameters, read afresh at every poll (the barcode list may be an expression). */
export interface TrackingSettings extends CommonSettings {
	/** Watch = All Shipments of the Account: the days of events asked for (YYYY-MM-DD, by n8n's clock); undefined: the listed barcodes. */
	account?: { from: string; to: string };
	barcodes: string[];
	batchSize: number;
	/** Only Outcomes: undefined, every event is emitted. */
	eventIds?: EventChoice;
	/** Stop Watching After. */
	finalEventIds: EventChoice;
	pollsAfterFinal: number;
	/** Add Order and Recipient: each event carries its AWB's order reference and recipient. */
	orderAndRecipient: boolean;
}

/** Events chosen by what happened (an outcome) or, as saved workflows and expressions give them, by Cargus' event id. */
export interface EventChoice {
	readonly outcomes: ReadonlySet<Outcome>;
	readonly ids: ReadonlySet<number>;
}

/** Outcomes from the multi-select; event ids from a saved workflow or an expression giving a list or a comma-separated text. */
function toEventChoice(value: unknown): EventChoice {
	const list: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(/[,;\n]+/);
	const outcomes = new Set<Outcome>();
	const ids = new Set<number>();
	for (const entry of list) {
		const text = String(entry ?? '').trim();
		if (isOutcome(text)) outcomes.add(text);
		else if (text !== '' && Number.isInteger(Number(text))) ids.add(Number(text));
	}
	return { outcomes, ids };
}

/** Whether the event is one of those chosen: its outcome or its id. */
export function isChosen(choice: EventChoice, event: ShipmentEvent): boolean {
	return choice.ids.has(event.eventId) || choice.outcomes.has(event.outcome);
}

export function readSettings(context: IPollFunctions, test: boolean): TrackingSettings {
	const options = optionsOf(context);
	const eventIds = toEventChoice(options.eventIds);
	const account = watchesAccount(context);
	const days = Math.max(1, Math.floor(numberOr(options.accountDays, DEFAULT_ACCOUNT_DAYS)));
	return {
		...commonSettings(options, test),
		account: account ? { from: cargusDay(days), to: latestServiceDay() } : undefined,
		barcodes: account ? [] : watchedBarcodes(context, 'barcodes'),
		batchSize: numberOr(options.batchSize, MAX_BARCODES_PER_REQUEST),
		eventIds: eventIds.ids.size + eventIds.outcomes.size > 0 ? eventIds : undefined,
		finalEventIds: toEventChoice(options.finalEventIds ?? DEFAULT_FINAL_OUTCOMES),
		pollsAfterFinal: Math.max(0, numberOr(options.pollsAfterFinal, DEFAULT_POLLS_AFTER_FINAL)),
		orderAndRecipient: options.orderAndRecipient === true,
	};
}
