import { DateTime } from 'luxon';
import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { awbAccountOf } from '../../../../shared/answers/awbRecord';
import { awbMaybeMade } from '../../../../shared/transport/errors';
import { parameterOf } from '../../../../shared/form/itemParameters';
import { itemsOfAnswer, type Asking } from '../../../../shared/run/asking';
import { requireAccount, sendToCargus } from '../../../../shared/transport/send';
import { cargusToday } from '../../../../shared/values/cargusDate';
import { yesNo } from '../../../../shared/values/values';
import { nextEvent, recentAwbCarrying } from './recentAwbs';
import { settledAwbCarrying } from './settledAwbs';

/*
 * An order ships once. Before Create makes an AWB for an Order Reference (Cargus' CustomString), it looks for
 * an AWB of the account that already carries it: made by this process a moment ago (another item, execution
 * or try of the same order), or listed by Cargus for the last days (yesterday and today: recentAwbs.ts; the days
 * before: settledAwbs.ts). Found, the item is that AWB, marked
 * AlreadyCreated; otherwise the AWB is made. A lost answer, a webhook sent twice and n8n's Retry On Fail then
 * make no second AWB.
 */

/** How many days back Cargus' list of AWBs (Awbs/GetByDate) is searched for the reference, today included. */
export const LOOKBACK_DAYS = 7;
/** An AWB this process made is remembered this long at least: the list read by another item may not show it yet. */
const REMEMBERED_MS = 10 * 60_000;

/** An AWB this process is making (no `madeAt` yet) or made for an account and order reference. */
interface Made {
	awb: Promise<IDataObject>;
	/** When it was made, on this process's count of events (recentAwbs.ts; Date may be moved: tests move it back). */
	madeAt?: number;
	madeOn?: number;
}

/** Past this many, AWBs made longer ago than Cargus' list can miss them are forgotten. */
const MAX_REMEMBERED = 1000;
const made = new Map<string, Made>();
let nextSweep = MAX_REMEMBERED;

/**
 * When each execution's node began looking, per execution and node (events): n8n starts all of a node's items at
 * once, so its orders rely on any read begun after that. Moved on when one of them fails (a try of Retry On Fail
 * then relies only on reads begun after the failure, which may have made an AWB).
 */
const looksBegun = new Map<string, number>();
const MAX_EXECUTIONS = 1000;

function executionOf(context: IExecuteSingleFunctions): string | undefined {
	const id = context.getExecutionId();
	return id ? `${id}|${context.getNode().id ?? context.getNode().name}` : undefined;
}

function lookBegun(context: IExecuteSingleFunctions): number {
	const execution = executionOf(context);
	// Without an execution id, the item's own look is when it began.
	if (execution === undefined) return nextEvent();
	const begun = looksBegun.get(execution);
	if (begun !== undefined) return begun;
	if (looksBegun.size >= MAX_EXECUTIONS) looksBegun.delete(looksBegun.keys().next().value as string);
	const now = nextEvent();
	looksBegun.set(execution, now);
	return now;
}

export const askOncePerOrder: Asking = async function (this, requestData, credentials) {
	const execution = executionOf(this);
	// What fails is already n8n's error (the node's own, or Cargus' explained).
	return await askChecked.call(this, requestData, credentials).catch(async (error: unknown) => {
		if (execution !== undefined && looksBegun.has(execution)) looksBegun.set(execution, nextEvent());
		return await Promise.reject(error);
	});
};

const askChecked: Asking = async function (this, requestData, credentials) {
	const reference = String((requestData.options.body as IDataObject | undefined)?.CustomString ?? '').trim();
	const options = parameterOf(this, 'additionalAwbFields', null) as IDataObject | null;
	const checked = reference !== '' && yesNo(options?.oneAwbPerReference, true);
	if (!checked) return marked(await createOrExplain(this, requestData, credentials, false), false);
	requireAccount(this, credentials);
	const account = awbAccountOf(credentials);
	const key = `${account}|${reference}`;
	let since = lookBegun(this);
	for (;;) {
		const making = made.get(key);
		if (making && making.madeAt === undefined) {
			const awb = await making.awb.catch(() => undefined);
			if (awb) return marked(await outputOf(this, requestData, awb), true);
			// That try failed, perhaps after Cargus made the AWB: only a read begun from now on shows it.
			since = nextEvent();
			continue;
		}
		const today = cargusToday();
		const recent = await recentAwbCarrying(this, credentials, account, [today.minus({ days: 1 }), today], reference, since);
		// Cargus' answer told its clock (the first of the process, or a day ending): the days it lists are read again.
		if (!recent.awb && cargusToday() !== today) continue;
		const listed = recent.awb ?? (await settledAwbCarrying(this, credentials, account, settledDays(), reference));
		if (listed) return marked(await outputOf(this, requestData, listed), true);
		const known = made.get(key);
		// Begun while the list was read: wait for it. Made since the list was asked (it cannot show it yet): that
		// AWB. Made before: the list would show it, so it is gone (deleted).
		if (known?.madeAt === undefined && known) continue;
		if (known?.madeAt !== undefined && known.madeAt >= recent.askedAt) return marked(await outputOf(this, requestData, await known.awb), true);
		if (known) made.delete(key);
		return marked(await createRemembered(this, requestData, credentials, key), false);
	}
};

async function createRemembered(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	credentials: ICredentialDataDecryptedObject,
	key: string,
): Promise<INodeExecutionData[]> {
	if (made.size >= nextSweep) forgetOld();
	let settle!: (items: INodeExecutionData[] | undefined) => void;
	const entry: Made = { awb: new Promise<IDataObject>((resolve, reject) => (settle = (items) => (items ? resolve(items[0]?.json ?? {}) : reject(new Error('not made'))))) };
	entry.awb.catch(() => undefined);
	made.set(key, entry);
	// What fails is already n8n's error (createOrExplain's).
	const items = await createOrExplain(context, requestData, credentials, true).catch(async (error: unknown) => {
		made.delete(key);
		settle(undefined);
		return await Promise.reject(error);
	});
	entry.madeAt = nextEvent();
	entry.madeOn = Date.now();
	settle(items);
	return items;
}

function forgetOld(): void {
	const before = Date.now() - REMEMBERED_MS;
	for (const [key, entry] of made) if (entry.madeOn !== undefined && entry.madeOn < before) made.delete(key);
	// Swept again only once as many more are remembered: one sweep per AWB would cost a pass over all of them.
	nextSweep = Math.max(MAX_REMEMBERED, 2 * made.size);
}

// The days before yesterday, worked out again only when Cargus' day (cargusToday, cached per day) changes.
let settled: { day: DateTime; from: DateTime; through: DateTime } | undefined;

/** The days before yesterday that the look covers, read once per process, day and login (settledAwbs.ts). */
function settledDays(): { from: DateTime; through: DateTime } {
	const day = cargusToday();
	if (settled?.day !== day) settled = { day, from: day.minus({ days: LOOKBACK_DAYS }), through: day.minus({ days: 2 }) };
	return settled;
}

/** The item Create gives for an AWB Cargus already has: its own output, from the AWB's record. */
async function outputOf(context: IExecuteSingleFunctions, requestData: DeclarativeRestApiSettings.ResultOptions, awb: IDataObject): Promise<INodeExecutionData[]> {
	return await itemsOfAnswer(context, requestData, { statusCode: 200, headers: {}, body: [awb] });
}

function marked(items: INodeExecutionData[], alreadyCreated: boolean): INodeExecutionData[] {
	return items.map(({ json, ...rest }) => {
		const { BarCode, ...others } = json;
		return { ...rest, json: { BarCode, AlreadyCreated: alreadyCreated, ...others } };
	});
}

/**
 * Makes the AWB. A failure after which Cargus may have made it (no answer, 5xx, a gateway timeout) says so; with
 * the check, the AWB made is looked for again on the next try, so running again is safe (errors.ts' awbMaybeMade).
 */
async function createOrExplain(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	credentials: ICredentialDataDecryptedObject,
	checked: boolean,
): Promise<INodeExecutionData[]> {
	try {
		requireAccount(context, credentials);
		return await itemsOfAnswer(context, requestData, await sendToCargus(context, requestData.options, credentials));
	} catch (error) {
		throw awbMaybeMade(context, error, checked);
	}
}
