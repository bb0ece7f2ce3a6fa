import { describe, expect, it } from 'vitest';
import { averageOf, bookingReportChart, bookingReportTotal, bookingScopeOf, customDefinition, type BookingReportRow } from './booking-reports.ts';

const row = (values: (string | null)[], count: number, gross: string, net = gross): BookingReportRow => ({ values, count, travellers: 1, gross, net, vat: '0.00', average: averageOf(gross, count) });

describe('booking reports', () => {
  it('counts a booking abroad when it names a country other than Poland', () => {
    expect([bookingScopeOf('DE'), bookingScopeOf('pl'), bookingScopeOf(null)]).toEqual(['foreign', 'domestic', 'domestic']);
  });

  it('adds up the rows exactly and takes the travellers counted over the whole selection', () => {
    const total = bookingReportTotal([row(['2026-01'], 2, '0.10', '0.05'), row(['2026-02'], 1, '0.20')], 2);
    expect(total).toEqual({ count: 3, travellers: 2, gross: '0.30', net: '0.25', vat: '0.00', average: '0.10' });
  });

  it('rounds the average to the grosz, half up', () => {
    expect([averageOf('10.00', 3), averageOf('0.05', 2), averageOf('0.00', 0)]).toEqual(['3.33', '0.03', '0.00']);
  });

  it('draws the first dimension along the axis and the second as series, a missing pair as zero', () => {
    const chart = bookingReportChart([row(['2026-01', 'flight'], 1, '100.00'), row(['2026-01', 'rail'], 1, '20.00'), row(['2026-02', 'rail'], 2, '40.00')], 'gross', 2);
    expect(chart).toEqual({
      categories: ['2026-01', '2026-02'],
      series: [
        { value: 'flight', values: ['100.00', '0.00'] },
        { value: 'rail', values: ['20.00', '40.00'] },
      ],
    });
    expect(bookingReportChart([row([null], 3, '1.00')], 'count', 1)).toEqual({ categories: [null], series: [{ value: null, values: [3] }] });
  });

  it('draws a custom report over months as lines and other groupings as bars', () => {
    expect(customDefinition(['month', 'serviceType'], ['count']).chart).toBe('line');
    expect(customDefinition(['costCentre'], ['net', 'gross'])).toMatchObject({ chart: 'bar', chartMeasure: 'net' });
  });
});
