import { DateTime } from 'luxon';

import { dateOf } from './dateInput';
import { readPlainDate, type PlainDate } from './plainDate';

/** Cargus dates carry no zone: they are Bucharest wall-clock time. */
export const CARGUS_TIME_ZONE = 'Europe/Bucharest';

/**
 * How far Cargus' clock is ahead of this machine's (ms; behind when negative), read from the HTTP `Date` of its
 * answers: 0 until one came, and for offsets of a few seconds, which a header of whole seconds and the answer's
 * own time on the way cannot tell from none.
 */
let cargusAheadMs = 0;
const UNREADABLE_OFFSET_MS = 5_000;

/**
 * Notes Cargus' time from the `Date` header of one of its answers (an HTTP date, `Sun, 29 Nov 2026 06:00:00 GMT`),
 * received at `receivedMs` by this machine's clock. Transport's one sender calls it for every answer.
 */
export function noteCargusDate(header: unknown, receivedMs = Date.now()): void {
	const text = Array.isArray(header) ? header[0] : header;
	if (typeof text !== 'string') return;
	const sentMs = Date.parse(text);
	if (Number.isNaN(sentMs)) return;
	const aheadMs = sentMs - receivedMs;
	cargusAheadMs = Math.abs(aheadMs) < UNREADABLE_OFFSET_MS ? 0 : aheadMs;
}

/** Now by Cargus' clock (epoch ms): this machine's, moved by the offset read from Cargus' last answer. */
export function cargusNow(): number {
	return Date.now() + cargusAheadMs;
}

// Cargus' day, worked out again only once its clock leaves it: luxon's time zones cost per call otherwise.
let todayKnown: { start: DateTime; from: number; until: number } | undefined;

/**
 * Today where Cargus' day is meant: the start of the day in Bucharest by Cargus' clock (cargusNow; this machine's
 * until Cargus has answered). The once-per-order look, Shipment › Get Many's Today, the trigger's windows and
 * the pickup window's check all count from it.
 */
export function cargusToday(): DateTime {
	const now = cargusNow();
	if (todayKnown === undefined || now < todayKnown.from || now >= todayKnown.until) {
		const start = DateTime.fromMillis(now).setZone(CARGUS_TIME_ZONE).startOf('day');
		todayKnown = { start, from: start.toMillis(), until: start.plus({ days: 1 }).toMillis() };
	}
	return todayKnown.start;
}

/** Cargus' today (`cargusToday`) as "yyyy-MM-dd", or the day `daysBefore` days before it (after it, when negative). */
export function cargusDay(daysBefore = 0): string {
	return cargusToday().minus({ days: daysBefore }).toFormat('yyyy-MM-dd');
}

/**
 * A day as Cargus' lists take it (Awbs/GetByDate, AwbTrace/GetDeltaEvents): MM-dd-yyyy, from a day written
 * yyyy-MM-dd (an ISO date's first ten characters, or a luxon date's own day); anything else as it came.
 */
export function monthDayYear(day: unknown): string {
	const text = DateTime.isDateTime(day) ? (day.toISODate() ?? '') : String(day);
	const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
	return match ? `${match[2]}-${match[3]}-${match[1]}` : String(day);
}

export interface CargusDate {
	/** ISO 8601 with the offset ("2026-11-20T14:00:00+02:00"); a date with a zone keeps it. */
	iso: string;
	millis: number;
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 10_000;

/** Bucharest's UTC offset for a wall-clock hour (ms), or null for an hour around a clock change. */
interface HourOffset {
	minutes: number;
	/** "+02:00" */
	text: string;
}
const offsetByHour = new Map<number, HourOffset | null>();

/**
 * A date sent as the shop plugins send pickup windows: Bucharest wall-clock time without an offset,
 * "2026-11-27 10:00:00". `value` is what the date rule read (RFC 3339, any offset); anything else goes as it is.
 */
export function asCargusWallClock(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const date = DateTime.fromISO(value, { setZone: true });
	return date.isValid ? date.setZone(CARGUS_TIME_ZONE).toFormat('yyyy-MM-dd HH:mm:ss') : value;
}

function withLuxon(text: string): CargusDate | undefined {
	const parsed = dateOf(text, CARGUS_TIME_ZONE);
	if (parsed === undefined) return undefined;
	return { iso: parsed.toISO({ suppressMilliseconds: true }) ?? '', millis: parsed.toMillis() };
}

/** The offset luxon gives every minute of this wall-clock hour, if the hour exists once and has one offset. */
function offsetOfHour(wallClockHour: number): HourOffset | null {
	let offset = offsetByHour.get(wallClockHour);
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
	offset = regular ? { minutes: first.offset, text: offsetText(first.offset) } : null;
	if (offsetByHour.size >= MAX_CACHED_HOURS) offsetByHour.clear();
	offsetByHour.set(wallClockHour, offset);
	return offset;
}

function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs(minutes);
	return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isCalendarDate({ year, month, day, hour, minute, second }: PlainDate): boolean {
	return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * A Cargus date read as Bucharest time, as luxon reads it (`fromISO` in Europe/Bucharest, keeping a
 * zone the text names). The plain form takes Bucharest's offset for its hour from a cache, so a poll
 * of many thousands of events does not work the time zone out for each one.
 */
export function parseCargusDate(date: unknown): CargusDate | undefined {
	if (typeof date !== 'string' || date.trim() === '') return undefined;
	const text = date.trim().replace(' ', 'T');
	const plain = readPlainDate(text);
	if (plain === undefined || !isCalendarDate(plain)) return withLuxon(text);
	const { year, month, day, hour, minute, second, milliseconds } = plain;
	const offset = offsetOfHour(Date.UTC(year, month - 1, day, hour));
	if (offset === null) return withLuxon(text);
	const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
	// Milliseconds as luxon writes them: three digits, none when zero.
	const fraction = milliseconds === 0 ? '' : text.length >= 23 ? text.slice(19, 23) : `.${String(milliseconds).padStart(3, '0')}`;
	return { iso: `${text.slice(0, 19)}${fraction}${offset.text}`, millis: wallClock - offset.minutes * 60_000 };
}
