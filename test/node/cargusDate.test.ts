import { DateTime } from 'luxon';

import { asCargusWallClock, CARGUS_TIME_ZONE, parseCargusDate } from '../../nodes/shared/values/cargusDate';

/** How the node read a Cargus date before the hour cache: luxon, for every date. */
function luxonReading(date: unknown) {
	if (typeof date !== 'string' || date.trim() === '') return undefined;
	const parsed = DateTime.fromISO(date.trim().replace(' ', 'T'), { zone: CARGUS_TIME_ZONE, setZone: true });
	return parsed.isValid ? { iso: parsed.toISO({ suppressMilliseconds: true }), millis: parsed.toMillis() } : undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

test('Every hour of two years, clock changes included, reads as luxon reads it', () => {
	const dates: string[] = [];
	for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 3_600_000) {
		const day = new Date(time);
		const stem = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(day.getUTCHours())}`;
		dates.push(`${stem}:00:00`, `${stem}:59:59.${pad(day.getUTCHours() * 7)}`);
	}
	expect(dates.length).toBeGreaterThan(35_000);
	const differing = dates.filter((date) => JSON.stringify(parseCargusDate(date)) !== JSON.stringify(luxonReading(date)));
	expect(differing).toEqual([]);
});

test.each([
	'2026-03-29T03:30:00',
	'2026-03-29 03:00:00',
	'2026-10-25T03:30:00',
	'2026-10-25T04:00:00',
	'2026-11-20 14:03:00',
	'  2026-11-20T14:03:00  ',
	'2026-11-20T14:03',
	'2026-11-20T14:03:00.250',
	'2026-11-20T14:03:00.5',
	'2026-11-20T14:03:00.000',
	'2026-11-20T14:03:00.0009',
	'2026-11-20T14:03:00.999999999',
	'2026-11-20T14:03:00.1234567890',
	'2026-03-29T03:59:59.999',
	'2026-11-20T14:03:00Z',
	'2026-11-20T14:03:00+05:30',
	'2026-02-30T10:00:00',
	'2026-13-01T10:00:00',
	'2026-11-20T24:00:00',
	'2026-11-20T14:60:00',
	'0999-11-20T14:00:00',
	'20.11.2026 14:03',
	'',
	'   ',
	undefined,
	null,
	20261120,
])('%p reads as luxon reads it', (date) => {
	expect(parseCargusDate(date)).toEqual(luxonReading(date));
});

test.each([
	['2026-11-27T10:00:00+02:00', '2026-11-27 10:00:00'],
	['2026-11-27T08:00:00Z', '2026-11-27 10:00:00'],
	['2026-11-26T23:30:00-05:00', '2026-11-27 06:30:00'],
	['2026-07-01T10:00:00Z', '2026-07-01 13:00:00'],
	['2026-03-29T00:59:59Z', '2026-03-29 02:59:59'],
	['2026-03-29T01:00:00Z', '2026-03-29 04:00:00'],
	['2026-11-27T10:00:00.750+02:00', '2026-11-27 10:00:00'],
])('a pickup window\'s %s is sent as Bucharest wall-clock time, %s', (sent, expected) => {
	expect(asCargusWallClock(sent)).toBe(expected);
});
