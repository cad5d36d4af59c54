import { DateTime } from 'luxon';
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_BARCODES_PER_REQUEST, parseBarcodes } from './barcodes';
import { parameterOf } from './itemParameters';
import { INT32_MAX, isBlank } from './values';

type Location = 'query' | 'body';

/** Refuses the item before anything is sent, naming the field and the item. */
export function refuse(context: IExecuteSingleFunctions, field: string, problem: string): NodeOperationError {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(context.getNode(), `${field} (item ${itemIndex + 1}): ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to Cargus for this item. Correct the field and run again.',
	});
}

function put(options: IHttpRequestOptions, location: Location, property: string, value: unknown): IHttpRequestOptions {
	if (location === 'query') {
		options.qs = { ...options.qs, [property]: value as IDataObject[string] };
	} else {
		options.body = { ...((options.body as IDataObject | undefined) ?? {}), [property]: value as IDataObject[string] };
	}
	return options;
}

interface FieldSpec {
	/** Parameter path in the node, e.g. "orderId" or "address.CountyId". */
	parameter: string;
	/** The field's display name, used in errors. */
	label: string;
	/** Where the value goes and under which name. */
	to: Location;
	property: string;
	optional?: boolean;
}

/** Whole numbers (int32), accepting numeric text from expressions. */
export function integer(spec: FieldSpec): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const value = parameterOf(this, spec.parameter, null);
		if (isBlank(value)) {
			if (spec.optional) return options;
			throw refuse(this, spec.label, 'a whole number is required');
		}
		const number = typeof value === 'string' ? Number(value.trim()) : value;
		if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > INT32_MAX) {
			throw refuse(this, spec.label, `${JSON.stringify(value)} is not a whole number`);
		}
		return put(options, spec.to, spec.property, number);
	};
}

export function text(spec: FieldSpec): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const value = parameterOf(this, spec.parameter, null);
		if (isBlank(value)) {
			if (spec.optional) return options;
			throw refuse(this, spec.label, 'a value is required');
		}
		if (typeof value === 'object') throw refuse(this, spec.label, `${JSON.stringify(value)} is not text`);
		return put(options, spec.to, spec.property, String(value).trim());
	};
}

/** A date from the date picker or an expression, sent as RFC 3339 in the workflow's time zone. */
export function date(spec: FieldSpec): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const value = parameterOf(this, spec.parameter, null);
		if (isBlank(value)) {
			if (spec.optional) return options;
			throw refuse(this, spec.label, 'a date is required');
		}
		const parsed = dateOf(value, this.getTimezone());
		if (!parsed) throw refuse(this, spec.label, `${JSON.stringify(value)} is not a date`);
		return put(options, spec.to, spec.property, rfc3339(parsed));
	};
}

export function dateOf(value: unknown, zone: string): DateTime | undefined {
	let parsed: DateTime | undefined;
	if (DateTime.isDateTime(value)) parsed = value;
	else if (value instanceof Date) parsed = DateTime.fromJSDate(value, { zone });
	else if (typeof value === 'string') parsed = DateTime.fromISO(value.trim(), { zone, setZone: true });
	return parsed?.isValid ? parsed : undefined;
}

export function rfc3339(value: DateTime): string {
	return value.toISO({ suppressMilliseconds: true }) ?? '';
}

/** Refuses a From date later than the To date. */
export function dateRange(from: { parameter: string; label: string }, to: { parameter: string; label: string }): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const zone = this.getTimezone();
		const start = dateOf(parameterOf(this, from.parameter, null), zone);
		const end = dateOf(parameterOf(this, to.parameter, null), zone);
		if (start && end && start > end) {
			throw refuse(this, from.label, `${rfc3339(start)} is after ${to.label} ${rfc3339(end)}`);
		}
		return options;
	};
}

/**
 * Barcodes in any form users give them; `list` sends the documented "[a,b]" form. `batched` lists may be
 * longer than one request takes: the operation's sender splits them (sendInBatches).
 */
export function barcodes(spec: FieldSpec & { list: boolean; batched?: boolean }): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const value = parameterOf(this, spec.parameter, null);
		if (isBlank(value) && spec.optional) return options;
		let parsed: string[];
		try {
			parsed = parseBarcodes(value);
		} catch (error) {
			throw refuse(this, spec.label, (error as Error).message);
		}
		if (!spec.list && parsed.length > 1) {
			throw refuse(this, spec.label, `this operation takes one barcode, not ${parsed.length}`);
		}
		if (!spec.batched && parsed.length > MAX_BARCODES_PER_REQUEST) {
			throw refuse(this, spec.label, `at most ${MAX_BARCODES_PER_REQUEST} barcodes per request, not ${parsed.length}: split the list into several items`);
		}
		return put(options, spec.to, spec.property, spec.list ? `[${parsed.join(',')}]` : parsed[0]);
	};
}
