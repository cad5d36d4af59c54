import { DateTime } from 'luxon';

/** Cargus dates carry no zone: they are Bucharest wall-clock time. */
export const CARGUS_TIME_ZONE = 'Europe/Bucharest';

export interface CargusDate {
	/** ISO 8601 with the offset ("2026-11-20T14:00:00+02:00"); a date with a zone keeps it. */
	iso: string;
	millis: number;
}

// The plain form Cargus serves ("2026-11-20T14:03:00", with a space, or with fractions), read without luxon.
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 10_000;

/** Bucharest's UTC offset in minutes for each wall-clock hour, or null for an hour around a clock change. */
const offsetByHour = new Map<string, number | null>();

function withLuxon(text: string): CargusDate | undefined {
	const parsed = DateTime.fromISO(text, { zone: CARGUS_TIME_ZONE, setZone: true });
	if (!parsed.isValid) return undefined;
	return { iso: parsed.toISO({ suppressMilliseconds: true }) ?? '', millis: parsed.toMillis() };
}

/** The offset luxon gives every minute of this wall-clock hour, if the hour exists once and has one offset. */
function offsetOfHour(key: string, wallClockHour: number): number | null {
	let offset = offsetByHour.get(key);
	if (offset !== undefined) return offset;
	const first = DateTime.fromMillis(wallClockHour, { zone: 'utc' }).setZone(CARGUS_TIME_ZONE, { keepLocalTime: true });
	const last = DateTime.fromMillis(wallClockHour + HOUR_MS - 1000, { zone: 'utc' }).setZone(CARGUS_TIME_ZONE, { keepLocalTime: true });
	const regular =
		first.isValid &&
		first.offset === last.offset &&
		first.toMillis() + first.offset * 60_000 === wallClockHour &&
		last.toMillis() + last.offset * 60_000 === wallClockHour + HOUR_MS - 1000 &&
		// No clock change within an hour either side, where luxon's choice for a repeated hour could differ.
		DateTime.fromMillis(first.toMillis() - HOUR_MS, { zone: CARGUS_TIME_ZONE }).offset === first.offset &&
		DateTime.fromMillis(last.toMillis() + HOUR_MS, { zone: CARGUS_TIME_ZONE }).offset === first.offset;
	offset = regular ? first.offset : null;
	if (offsetByHour.size >= MAX_CACHED_HOURS) offsetByHour.clear();
	offsetByHour.set(key, offset);
	return offset;
}

function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs(minutes);
	return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * A Cargus date read as Bucharest time, as luxon reads it (`fromISO` in Europe/Bucharest, keeping a
 * zone the text names). The plain form takes Bucharest's offset for its hour from a cache, so a poll
 * of many thousands of events does not work the time zone out for each one.
 */
export function parseCargusDate(date: unknown): CargusDate | undefined {
	if (typeof date !== 'string' || date.trim() === '') return undefined;
	const text = date.trim().replace(' ', 'T');
	const match = PLAIN_DATE.exec(text);
	if (match === null) return withLuxon(text);
	const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
	// Milliseconds as luxon reads a fraction: truncated.
	const milliseconds = match[7] === undefined ? 0 : Math.floor(parseFloat(`0.${match[7]}`) * 1000);
	const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
	const check = new Date(wallClock);
	const isCalendarDate =
		year >= 1000 && check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day &&
		check.getUTCHours() === hour && check.getUTCMinutes() === minute && check.getUTCSeconds() === second;
	if (!isCalendarDate) return withLuxon(text);
	const offset = offsetOfHour(text.slice(0, 13), Date.UTC(year, month - 1, day, hour));
	if (offset === null) return withLuxon(text);
	const fraction = milliseconds === 0 ? '' : `.${String(milliseconds).padStart(3, '0')}`;
	return { iso: `${text.slice(0, 19)}${fraction}${offsetText(offset)}`, millis: wallClock - offset * 60_000 };
}
