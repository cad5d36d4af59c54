const TIME_ZONE = 'Europe/Bucharest';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
	timeZone: TIME_ZONE,
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
});

function bucharestFields(ms: number): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const part of partsFormatter.formatToParts(new Date(ms))) fields[part.type] = part.value;
	return fields;
}

/** Offset of Bucharest from UTC at an instant, in ms (7200000 or 10800000). */
function bucharestOffsetMs(ms: number): number {
	const f = bucharestFields(ms);
	const asUtc = Date.UTC(+f.year, +f.month - 1, +f.day, +f.hour, +f.minute, +f.second);
	return asUtc - Math.floor(ms / 1000) * 1000;
}

const offsetCache = new Map<number, number>();

/** Offsets only change on whole hours (DST), so one lookup per hour of time is enough. */
function cachedOffsetMs(ms: number): number {
	const hour = Math.floor(ms / 3600_000);
	let offset = offsetCache.get(hour);
	if (offset === undefined) {
		offset = bucharestOffsetMs(hour * 3600_000);
		if (offsetCache.size > 100_000) offsetCache.clear();
		offsetCache.set(hour, offset);
	}
	return offset;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));
const LARGEST_DATE_MS = 8.64e15;

/** "YYYY-MM-DDTHH:" of each local hour formatted so far: the rest of a date is minutes and seconds. */
const hourPrefixes = new Map<number, string>();

function hourPrefix(localHour: number): string | undefined {
	let prefix = hourPrefixes.get(localHour);
	if (prefix === undefined) {
		const iso = new Date(localHour * 3600_000).toISOString();
		// Years outside 0000-9999 have a longer form: those take the slow path.
		if (iso.length !== 24) return undefined;
		prefix = iso.slice(0, 14);
		if (hourPrefixes.size > 100_000) hourPrefixes.clear();
		hourPrefixes.set(localHour, prefix);
	}
	return prefix;
}

/** Bucharest local time without zone, like the real service: "2026-11-20T14:03:00" or with ".035". */
export function toServiceDate(ms: number, withFraction = false): string {
	const local = Math.trunc(ms + cachedOffsetMs(ms));
	const localHour = Math.floor(local / 3600_000);
	const prefix = Math.abs(local) <= LARGEST_DATE_MS ? hourPrefix(localHour) : undefined;
	if (prefix === undefined) {
		const iso = new Date(local).toISOString();
		return withFraction ? iso.slice(0, 23) : iso.slice(0, 19);
	}
	const withinHour = local - localHour * 3600_000;
	const text = `${prefix}${TWO_DIGITS[Math.floor(withinHour / 60_000)]}:${TWO_DIGITS[Math.floor(withinHour / 1000) % 60]}`;
	return withFraction ? `${text}.${THREE_DIGITS[withinHour % 1000]}` : text;
}

/** Converts a Bucharest wall-clock time to an instant. */
function fromBucharestLocal(year: number, month: number, day: number, h: number, m: number, s: number, msPart: number): number {
	const guess = Date.UTC(year, month - 1, day, h, m, s, msPart);
	let instant = guess - bucharestOffsetMs(guess);
	instant = guess - bucharestOffsetMs(instant);
	return instant;
}

const DATE_PATTERN =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Parses RFC 3339 (with zone) or a zone-less date-time (Bucharest local). Returns undefined when unparsable. */
export function parseServiceDate(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = DATE_PATTERN.exec(value.trim());
	if (!match) return undefined;
	const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', zone] = match;
	const parts = [+y, +mo, +d, +h, +mi, +s];
	if (parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31 || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) {
		return undefined;
	}
	const msPart = Math.round(Number(`0.${fraction}`) * 1000);
	const probe = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
	if (probe.getUTCDate() !== parts[2]) return undefined;
	if (!zone) return fromBucharestLocal(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], msPart);
	const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], msPart);
	if (zone.toUpperCase() === 'Z') return utc;
	const sign = zone.startsWith('-') ? -1 : 1;
	const digits = zone.slice(1).replace(':', '');
	return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60000;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The Bucharest calendar day holding the instant: its first and its last millisecond. */
export function dayAround(ms: number): { start: number; end: number } {
	const start = parseServiceDate(toServiceDate(ms).slice(0, 10)) as number;
	const end = (parseServiceDate(toServiceDate(start + 26 * HOUR).slice(0, 10)) as number) - 1;
	return { start, end };
}
