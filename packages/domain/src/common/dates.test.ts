import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToLocalDate,
  BUSINESS_TIME_ZONE,
  DateTime,
  formatLocalDateTimeMillis,
  isLocalDate,
  localDateOfMillis,
  parseLocalDateTime,
  parseLocalDateTimeToMillis,
  toLocalDate,
  warsawOffsetMinutes,
} from './dates.ts';

describe('Warsaw time without luxon objects', () => {
  it('knows the offsets around the clock changes', () => {
    expect(warsawOffsetMinutes(Date.UTC(2025, 2, 30, 0, 59))).toBe(60);
    expect(warsawOffsetMinutes(Date.UTC(2025, 2, 30, 1, 0))).toBe(120);
    expect(warsawOffsetMinutes(Date.UTC(2025, 9, 26, 0, 59))).toBe(120);
    expect(warsawOffsetMinutes(Date.UTC(2025, 9, 26, 1, 0))).toBe(60);
  });

  it('reads wall times as luxon does, including the autumn hour that happens twice', () => {
    expect(parseLocalDateTimeToMillis('2025-03-30 02:30')).toBeNull();
    expect(parseLocalDateTimeToMillis('2025-10-26 02:30')).toBe(Date.UTC(2025, 9, 26, 1, 30));
    expect(parseLocalDateTimeToMillis('2025-02-29 10:00')).toBeNull();
    expect(parseLocalDateTimeToMillis('2025-06-01 10:00:30.5')).toBe(Date.UTC(2025, 5, 1, 8, 0, 30, 500));
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2005, 0, 1) / 60_000, max: Date.UTC(2035, 0, 1) / 60_000 }),
        (minutes) => {
          const instant = minutes * 60_000;
          const luxon = DateTime.fromMillis(instant, { zone: BUSINESS_TIME_ZONE });
          const text = luxon.toFormat('yyyy-MM-dd HH:mm');
          expect(formatLocalDateTimeMillis(instant)).toBe(text);
          expect(localDateOfMillis(instant)).toBe(luxon.toISODate());
          expect(parseLocalDateTimeToMillis(text)).toBe(parseLocalDateTime(text)?.toMillis() ?? null);
        },
      ),
    );
  });

  it('does calendar arithmetic on days', () => {
    expect(addDaysToLocalDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToLocalDate('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysToLocalDate('2025-03-01', -1)).toBe('2025-02-28');
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2023-02-29')).toBe(false);
    expect(isLocalDate('2023-13-01')).toBe(false);
  });
});

describe('toLocalDate', () => {
  it('gives each instant its Warsaw day, also when calls move between days and across a change of the clocks', () => {
    const days = [
      ['2026-03-28T22:59:59.999Z', '2026-03-28'],
      ['2026-03-28T23:00:00.000Z', '2026-03-29'],
      ['2026-03-28T12:00:00.000Z', '2026-03-28'],
      // 29 March 2026 has 23 hours: it ends at 22:00 UTC (midnight CEST).
      ['2026-03-29T21:59:59.999Z', '2026-03-29'],
      ['2026-03-29T22:00:00.000Z', '2026-03-30'],
      ['2026-03-29T00:30:00.000Z', '2026-03-29'],
      // 25 October 2026 has 25 hours: from 22:00 UTC the day before to 23:00 UTC.
      ['2026-10-24T22:00:00.000Z', '2026-10-25'],
      ['2026-10-25T22:59:59.999Z', '2026-10-25'],
      ['2026-10-25T23:00:00.000Z', '2026-10-26'],
      ['2026-10-24T21:59:59.999Z', '2026-10-24'],
    ] as const;
    expect(days.map(([instant]) => toLocalDate(new Date(instant)))).toEqual(days.map(([, day]) => day));
  });
});
