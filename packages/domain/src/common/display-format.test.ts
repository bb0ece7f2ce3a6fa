import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDecimal, formatMoneyText, formatParams, formatWallPeriod, formatWallTime } from './display-format.ts';

const NBSP = '\u00a0';

describe('amount formatting', () => {
  it('groups every thousand in Polish and keeps two decimals without floats', () => {
    expect(formatMoneyText('1234.56', 'PLN', 'pl-PL')).toBe(`1${NBSP}234,56${NBSP}zł`);
    expect(formatMoneyText('-1106.49', 'PLN', 'pl-PL')).toBe(`-1${NBSP}106,49${NBSP}zł`);
    expect(formatMoneyText('49', 'EUR', 'pl-PL')).toBe(`49,00${NBSP}EUR`);
    expect(formatMoneyText('1234567.5', 'PLN', 'en-US')).toBe(`1,234,567.50${NBSP}PLN`);
    expect(formatMoneyText('0.005', 'PLN', 'pl-PL')).toBe(`0,01${NBSP}zł`);
    expect(formatDecimal('12345678901234.99', 'pl-PL', 2)).toBe(`12${NBSP}345${NBSP}678${NBSP}901${NBSP}234,99`);
  });

  it('formats only the decimals of explanation params', () => {
    expect(formatParams({ rate: '45.00', doba: 2, percent: '15', date: '2026-03-10', start: '2026-03-10 07:00', fraction: '1/3', per: '16.3333' }, 'pl-PL')).toEqual({
      rate: '45,00',
      doba: 2,
      percent: '15',
      date: '10.03.2026',
      start: '10.03.2026 07:00',
      fraction: '1/3',
      per: '16,3333',
    });
    expect(formatParams({ date: '2026-03-10', start: '2026-03-10 17:00' }, 'en-US')).toEqual({ date: '03/10/2026', start: '03/10/2026 05:00 PM' });
  });
});

describe('date and time formatting', () => {
  it('shows an instant in Warsaw time, whatever zone the browser is in', () => {
    // 23:30 UTC on 21 November is already 22 November in Warsaw (UTC+1).
    expect(formatDateTime('2026-11-21T23:30:00Z', 'pl-PL')).toBe('22.11.2026 00:30');
    // Summer time: UTC+2.
    expect(formatDateTime('2026-07-01T10:05:00Z', 'pl-PL')).toBe('01.07.2026 12:05');
    expect(formatDateTime('2026-07-01T10:05:00Z', 'en-US')).toBe('07/01/2026 12:05 PM');
  });

  it('writes the wall times of the API as dd.mm.rrrr with a 24-hour time in Polish and MM/dd/yyyy with AM/PM in English', () => {
    expect(formatWallTime('2026-03-05 07:00', 'pl-PL')).toBe('05.03.2026 07:00');
    expect(formatWallTime('2026-03-05 19:30', 'en-US')).toBe('03/05/2026 07:30 PM');
    expect(formatWallTime('2026-03-05', 'pl-PL')).toBe('05.03.2026');
    expect(formatWallTime('not a date', 'pl-PL')).toBe('not a date');
    expect(formatWallPeriod('2026-03-05 07:00', '2026-03-05 20:00', 'pl-PL')).toBe('05.03.2026 07:00 – 20:00');
    expect(formatWallPeriod('2026-03-05 07:00', '2026-03-07 20:00', 'pl-PL')).toBe('05.03.2026 07:00 – 07.03.2026 20:00');
  });

  it('writes midnight and noon as 12 AM and 12 PM in English, and leaves days and times that do not exist as they are', () => {
    expect(formatWallTime('2026-03-05 00:15', 'en-US')).toBe('03/05/2026 12:15 AM');
    expect(formatWallTime('2026-03-05 12:00', 'en-US')).toBe('03/05/2026 12:00 PM');
    expect(formatWallPeriod('2026-03-05 07:00', '2026-03-05 20:00', 'en-US')).toBe('03/05/2026 07:00 AM – 08:00 PM');
    expect(formatWallTime('2026-02-29', 'pl-PL')).toBe('2026-02-29');
    expect(formatWallTime('2028-02-29', 'pl-PL')).toBe('29.02.2028');
    expect(formatWallTime('2026-03-05 24:00', 'pl-PL')).toBe('2026-03-05 24:00');
    expect(formatWallTime('2026-13-01 07:00', 'pl-PL')).toBe('2026-13-01 07:00');
  });
});
