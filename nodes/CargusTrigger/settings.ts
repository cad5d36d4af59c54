import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { credentialReferenceOf } from '../Cargus/shared/authenticatedRequest';
import { baseUrlOf } from '../Cargus/shared/baseUrl';
import { MAX_BARCODES_PER_REQUEST, parseBarcodes } from '../Cargus/shared/barcodes';
import { hasAccount } from '../Cargus/shared/login';
import { DELIVERED_EVENT_ID } from '../Cargus/shared/trackingStatus';
import { isBlank } from '../Cargus/shared/values';
import { RETURNED_EVENT_ID } from './events';
import type { TraceSource } from './fetchTraces';

export const DEFAULT_FINAL_EVENT_IDS = [DELIVERED_EVENT_ID, RETURNED_EVENT_ID];
export const DEFAULT_POLLS_AFTER_FINAL = 5;
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The trigger's parameters, read afresh at every poll (the barcode list may be an expression). */
export interface TriggerSettings {
	barcodes: string[];
	batchSize: number;
	emitExisting: boolean;
	/** Undefined: every event is emitted. */
	eventIds?: Set<number>;
	finalEventIds: Set<number>;
	pollsAfterFinal: number;
	timeoutMs: number;
}

/** Event ids from the multi-select, or from an expression giving a list or a comma-separated text. */
function toEventIds(value: unknown): Set<number> {
	const list: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(/[\s,;]+/);
	const ids = list.filter((entry) => entry !== '' && entry !== null && entry !== undefined).map(Number);
	return new Set(ids.filter((id) => Number.isInteger(id)));
}

function numberOr(value: unknown, fallback: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? number : fallback;
}

function readBarcodes(context: IPollFunctions): string[] {
	const value = context.getNodeParameter('barcodes', '');
	// An empty list is allowed: the trigger then watches nothing and forgets what it knew.
	if (isBlank(value)) return [];
	try {
		return parseBarcodes(value);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), (error as Error).message, {
			description: 'Fix the Barcodes parameter: barcodes are 6 to 20 digits, separated by commas or new lines.',
		});
	}
}

export function readSettings(this: IPollFunctions): TriggerSettings {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const eventIds = toEventIds(options.eventIds);
	return {
		barcodes: readBarcodes(this),
		batchSize: numberOr(options.batchSize, MAX_BARCODES_PER_REQUEST),
		emitExisting: options.emitExisting === true,
		eventIds: eventIds.size > 0 ? eventIds : undefined,
		finalEventIds: toEventIds(options.finalEventIds ?? DEFAULT_FINAL_EVENT_IDS),
		pollsAfterFinal: Math.max(0, numberOr(options.pollsAfterFinal, DEFAULT_POLLS_AFTER_FINAL)),
		timeoutMs: Math.max(1, numberOr(options.timeout, DEFAULT_TIMEOUT_SECONDS)) * 1000,
	};
}

/** Where and how to trace, from the Cargus API credential. */
export async function readTraceSource(this: IPollFunctions, timeoutMs: number): Promise<TraceSource> {
	const credentials = await this.getCredentials('cargusApi');
	let baseUrl: string;
	try {
		baseUrl = baseUrlOf(credentials);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: 'Open the Cargus API credential and fill in its Base URL.',
		});
	}
	return { credentials, reference: credentialReferenceOf(this), baseUrl, withLogin: hasAccount(credentials), timeoutMs };
}
