import { DateTime } from 'luxon';
import type { INodeProperties } from 'n8n-workflow';

import { BARCODE_LIST_BYTES } from '../values/barcodes';
import { cargusDay } from '../values/cargusDate';
import { dateOf, rfc3339 } from '../values/dateInput';
import { quote } from '../values/quote';
import type { Reading } from '../values/values';
import {
	readAmount,
	readBarcodes,
	readEmail,
	readPostalCode,
	readText,
	readWeight,
	readWholeNumber,
	readYesNo,
} from '../values/values';

/** What a rule may need besides the value. */
export interface RuleContext {
	timezone: string;
	field: INodeProperties;
}

type Reader = (value: unknown, context: RuleContext) => Reading<unknown>;

function firstBarcode(reading: Reading<string[]>): Reading<string> {
	return 'value' in reading ? { value: reading.value[0] } : reading;
}

/** The interface's list form, "[804115458,804346669]". */
function barcodeList(reading: Reading<string[]>): Reading<string> {
	return 'value' in reading ? { value: `[${reading.value.join(',')}]` } : reading;
}

const DAY_FORMAT = 'give a day as YYYY-MM-DD, such as 2026-11-29 (or 29.11.2026, "today", "yesterday": Cargus\' day, in Bucharest)';

/**
 * A calendar day, yyyy-mm-dd: "today" and "yesterday" as Cargus' day (Bucharest's), 2026-11-29, 29.11.2026 (day
 * first, as Romanians write it), or a date and time from the date picker or an expression, whose own day is meant.
 */
function readDay(value: unknown, timezone: string): Reading<string> {
	const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	if (text === 'today') return { value: cargusDay() };
	if (text === 'yesterday') return { value: cargusDay(1) };
	const dotted = text === undefined ? null : /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
	const date = dotted
		? DateTime.fromObject({ year: Number(dotted[3]), month: Number(dotted[2]), day: Number(dotted[1]) }, { zone: timezone })
		: typeof value === 'string' || value instanceof Date ? dateOf(value, timezone) : undefined;
	if (date?.isValid) return { value: date.toFormat('yyyy-MM-dd') };
	return { problem: `${quote(value)} is not a day`, allowed: DAY_FORMAT };
}

/** The kinds of value a field may hold, each with how it is read into the value sent. */
export const RULES = {
	/** Ids of records: from 1. */
	id: (value) => readWholeNumber(value, 1),
	/** A dropdown's ID, or the name of the record from an expression (sent as the name). */
	idOrName: (value) => {
		const id = readWholeNumber(value, 1);
		if ('value' in id) return id;
		const name = readText(value, 100);
		if ('value' in name && name.value !== '' && !/^[+-]?\d+$/.test(name.value)) return name;
		return { problem: `${quote(value)} is neither an ID nor a name`, allowed: 'choose from the list, or give an ID (a whole number from 1) or a name from an expression' };
	},
	/** Counts and quantities: from 0. */
	count: (value) => readWholeNumber(value, 0),
	/** Limit of Return All + Limit. */
	limit: (value) => readWholeNumber(value, 1),
	pageSize: (value) => readWholeNumber(value, 1, 100),
	days: (value) => readWholeNumber(value, 1),
	amount: (value) => readAmount(value),
	/** Weights in the operation's Weight Unit: decimals from 0 (weights.ts rounds them up to what Cargus weighs). */
	weight: (value) => readWeight(value),
	yesNo: (value) => readYesNo(value),
	text: (value) => readText(value, 250),
	longText: (value) => readText(value, 4000, true),
	postalCode: (value) => readPostalCode(value),
	email: (value) => readEmail(value),
	barcode: (value) => firstBarcode(readBarcodes(value, true)),
	/** Lists the operation's sender splits into requests of 50 itself. */
	barcodes: (value) => barcodeList(readBarcodes(value, false)),
	barcodesOneRequest: (value) => barcodeList(readBarcodes(value, false, BARCODE_LIST_BYTES)),
	date: (value, { timezone }) => {
		const date = typeof value === 'string' || value instanceof Date ? dateOf(value, timezone) : undefined;
		if (date) return { value: rfc3339(date) };
		return { problem: `${quote(value)} is not a date`, allowed: 'enter a date and time, such as 2026-11-20T10:00:00' };
	},
	day: (value, { timezone }) => readDay(value, timezone),
	/** One of the field's options. */
	choice: (value, { field }) => {
		const options = (field.options ?? []) as Array<{ name: string; value: unknown }>;
		const chosen = options.find((option) => String(option.value) === String(value).trim());
		if (chosen && (typeof value === 'string' || typeof value === 'number')) return { value: chosen.value };
		const names = options.map((option) => `${String(option.value)} (${option.name})`);
		return { problem: `${quote(value)} is not one of the choices`, allowed: `enter one of ${names.join(', ')}` };
	},
} satisfies Record<string, Reader>;

export type RuleName = keyof typeof RULES;
