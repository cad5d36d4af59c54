import { DateTime } from 'luxon';
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';


/** Refuses the item before anything is sent, naming the field and the item. */
export function refuse(context: IExecuteSingleFunctions, field: string, problem: string): NodeOperationError {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(context.getNode(), `${field} (item ${itemIndex + 1}): ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to Cargus for this item. Correct the field and run again.',
	});
}

/** A date from the date picker, an expression or a text in ISO 8601, read in `zone` unless it names its own. */
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
