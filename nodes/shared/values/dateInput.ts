import { DateTime } from 'luxon';

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
