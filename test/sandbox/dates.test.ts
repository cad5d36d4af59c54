import { parseServiceDate, toServiceDate } from '../../sandbox/world/dates';

describe('service dates (Bucharest local time, no zone)', () => {
	it('formats instants in winter (+02:00) and summer (+03:00) time, across both DST changes', () => {
		expect(toServiceDate(Date.parse('2026-11-20T10:00:00Z'))).toBe('2026-11-20T12:00:00');
		expect(toServiceDate(Date.parse('2026-07-01T10:00:00.035Z'), true)).toBe('2026-07-01T13:00:00.035');
		expect(toServiceDate(Date.parse('2026-03-29T00:59:59Z'))).toBe('2026-03-29T02:59:59');
		expect(toServiceDate(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29T04:00:00');
		expect(toServiceDate(Date.parse('2026-10-25T00:59:59Z'))).toBe('2026-10-25T03:59:59');
		expect(toServiceDate(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25T03:00:00');
	});

	it('parses zone-less dates as Bucharest time and RFC 3339 dates by their zone', () => {
		expect(parseServiceDate('2026-11-20T12:00:00')).toBe(Date.parse('2026-11-20T10:00:00Z'));
		expect(parseServiceDate('2026-07-20T12:00:00.5')).toBe(Date.parse('2026-07-20T09:00:00.500Z'));
		expect(parseServiceDate('2026-07-20T12:00:00+01:00')).toBe(Date.parse('2026-07-20T11:00:00Z'));
		expect(parseServiceDate('2026-07-20T12:00:00Z')).toBe(Date.parse('2026-07-20T12:00:00Z'));
		expect(parseServiceDate('2026-11-20')).toBe(Date.parse('2026-11-19T22:00:00Z'));
	});

	it('refuses what is not a date', () => {
		for (const value of ['2026-13-01', '2026-02-30', 'tomorrow', '', '20261120', 42, null]) expect(parseServiceDate(value)).toBeUndefined();
	});
});
