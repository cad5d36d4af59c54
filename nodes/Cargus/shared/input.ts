import { DateTime } from 'luxon';
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parameterOf } from './itemParameters';

/** Refuses the item before anything is sent, naming the field and the item. */
export function refuse(context: IExecuteSingleFunctions, field: string, problem: string): NodeOperationError {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(context.getNode(), `${field} (item ${itemIndex + 1}): ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to Cargus for this item. Correct the field and run again.',
	});
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

/** Refuses a date of the `from` field later than the `to` field's. */
export function dateRange(from: INodeProperties, to: INodeProperties): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const zone = this.getTimezone();
		const start = dateOf(parameterOf(this, from.name, null), zone);
		const end = dateOf(parameterOf(this, to.name, null), zone);
		if (start && end && start > end) {
			throw refuse(this, from.displayName, `${rfc3339(start)} is after ${to.displayName} ${rfc3339(end)}`);
		}
		return options;
	};
}
