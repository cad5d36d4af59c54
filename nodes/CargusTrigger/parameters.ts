import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { refuseSetting } from '../shared/values/refusal';
import { isBlank, LONGEST_WATCHED_LIST, readBarcodes } from '../shared/values/values';
import type { CommonSettings } from './triggerEvent';

export const DEFAULT_TIMEOUT_SECONDS = 30;

export function numberOr(value: unknown, fallback: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? number : fallback;
}

/** The event's Options collection. */
export function optionsOf(context: IPollFunctions): IDataObject {
	return context.getNodeParameter('options', {}) as IDataObject;
}

/** Timeout and Emit Existing, which every event has; Fetch Test Event treats everything as new. */
export function commonSettings(options: IDataObject, test: boolean): CommonSettings {
	return {
		timeoutMs: Math.max(1, numberOr(options.timeout, DEFAULT_TIMEOUT_SECONDS)) * 1000,
		emitExisting: test || options.emitExisting === true,
		test,
	};
}

/** The Barcodes parameter, read as the node reads barcodes; empty is allowed (the trigger then watches nothing and forgets what it knew). */
export function watchedBarcodes(context: IPollFunctions, parameter: string): string[] {
	const value = context.getNodeParameter(parameter, '');
	if (isBlank(value)) return [];
	const reading = readBarcodes(value, false, undefined, LONGEST_WATCHED_LIST);
	if ('problem' in reading) {
		throw refuseSetting(context.getNode(), `Barcodes: ${reading.problem}`, `Fix the Barcodes parameter: ${reading.allowed}.`);
	}
	return reading.value;
}

/** A list the trigger watches (barcodes, order ids), typed or given by an expression evaluated at every poll. */
export function watchListField(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'placeholder' | 'description'> & { rows: number; required?: boolean },
): INodeProperties {
	const { rows, required, ...rest } = field;
	return { ...rest, type: 'string', typeOptions: { rows }, default: '', ...(required === true && { required }) };
}

/** The Request Timeout option, the same for every event. */
export const timeoutOption: INodeProperties = {
	displayName: 'Request Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_TIMEOUT_SECONDS,
	description: 'How long to wait for one request. A request that times out is repeated at the next poll.',
};

/** The Emit Existing option; `what` names what exists ("the invoices of the look-back window"). */
export function emitExistingOption(displayName: string, what: string): INodeProperties {
	return {
		displayName,
		name: 'emitExisting',
		type: 'boolean',
		default: false,
		description: `Whether to emit ${what} when the trigger is activated. Off: only what happens afterwards is emitted, so activating does not flood the workflow.`,
	};
}

/** The node version from which Watch defaults to the whole account (saved workflows of version 1 keep their lists). */
export const ACCOUNT_WATCH_VERSION = 2;

/** What the Watch field says about itself: on hover (`description`) and under it (`hint`). */
type WatchTexts = Required<Pick<INodeProperties, 'description' | 'hint'>>;

/**
 * The Watch choice: the whole account (the default from version 2) or a list. Two copies of one parameter, one
 * per node version, so that a workflow saved before Watch existed (version 1, a list typed in) keeps its list.
 */
export function watchField(account: { name: string; description: string }, list: { name: string; description: string }, texts: WatchTexts): INodeProperties[] {
	const field = (defaultValue: 'account' | 'list', version: number[]): INodeProperties => ({
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: account.name, value: 'account', description: account.description },
			{ name: list.name, value: 'list', description: list.description },
		],
		default: defaultValue,
		...texts,
		displayOptions: { show: { '@version': version } },
	});
	return [field('list', [1]), field('account', [ACCOUNT_WATCH_VERSION])];
}

/** Whether the event watches the whole account (Watch), with the default of the node's version. */
export function watchesAccount(context: IPollFunctions): boolean {
	const fallback = context.getNode().typeVersion >= ACCOUNT_WATCH_VERSION ? 'account' : 'list';
	return context.getNodeParameter('watch', fallback) === 'account';
}

/** The Window (Days) option of the account-wide watch. */
export function accountDaysOption(what: string, defaultDays: number): INodeProperties {
	return {
		displayName: 'Window (Days)',
		name: 'accountDays',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: defaultDays,
		description: `With Watch set to the whole account: how many days back ${what} are watched. Older ones are forgotten.`,
	};
}
