import { describe, expect, it } from 'vitest';
import { calculateSettlement } from './calculate-settlement.ts';
import { contextOf, domesticTrip, stayAbroad } from './test-fixtures.ts';

/** Real elapsed time across daylight-saving changes, and trips across a change of rates. */

const eur = {
  currency: 'EUR',
  date: '2020-01-01',
  rate: '4.3000',
  table_no: '001/A/NBP/2020',
  source: 'nbp' as const,
};

function domesticDiet(start: string, end: string): string {
  return (
    calculateSettlement(domesticTrip(start, end), contextOf()).calculated.singleCountryCost[0]?.diet_amount ??
    ''
  );
}

describe('daylight-saving time', () => {
  it('counts 7.5 real hours for 00:00–08:30 on the last Sunday of March, so no per diem is due', () => {
    expect(domesticDiet('2025-03-30 00:00', '2025-03-30 08:30')).toBe('0.00');
  });

  it('counts 8.5 real hours for 00:00–07:30 on the last Sunday of October, so half the rate is due', () => {
    expect(domesticDiet('2025-10-26 00:00', '2025-10-26 07:30')).toBe('22.50');
  });

  it('counts a 23-hour calendar day as 23 hours in a multi-day trip', () => {
    // Wall clock 48 h 30 min, real time 47 h 30 min: 1 doba + 23 h 30 min → 2 × 45.
    const { calculated } = calculateSettlement(
      domesticTrip('2025-03-29 10:00', '2025-03-31 10:30'),
      contextOf(),
    );
    const diet = calculated.singleCountryCost[0]?.lines.diet;
    expect(diet?.amount).toBe('90.00');
    expect(diet?.explanation.params).toMatchObject({ count: 1, hours: 23, minutes: 30 });
  });

  it('counts a 25-hour calendar day as 25 hours abroad', () => {
    // Wall clock 23 h 30 min, real time 24 h 30 min: 1 doba + 30 min → 49 + 49 / 3.
    const { calculated } = calculateSettlement(
      stayAbroad('DE', '2025-10-25 12:00', '2025-10-26 11:30'),
      contextOf(),
    );
    expect(calculated.singleCountryCost[0]?.diet_amount).toBe('65.33');
  });
});

describe('rate changes', () => {
  it('splits a domestic trip across 2023-01-01: dobas begun in 2022 at 38 zł, the rest at 45 zł', () => {
    const { calculated } = calculateSettlement(
      domesticTrip('2022-12-30 08:00', '2023-01-02 08:00'),
      contextOf(),
    );
    const diet = calculated.singleCountryCost[0]?.lines.diet;
    expect(diet?.amount).toBe('121.00');
    const dobas = diet?.details
      .filter((detail) => detail.code === 'calc.perDiem.doba')
      .map((detail) => detail.params);
    expect(dobas?.map((doba) => [doba['start'], doba['rate'], doba['valid_from']])).toEqual([
      ['2022-12-30 08:00', '38.00', '2022-07-28'],
      ['2022-12-31 08:00', '38.00', '2022-07-28'],
      ['2023-01-01 08:00', '45.00', '2023-01-01'],
    ]);
  });

  it('deducts a breakfast at the rate of its own doba on each side of 2023-01-01 (§ 7 ust. 4 pkt 1)', () => {
    const trip = domesticTrip('2022-12-30 08:00', '2023-01-02 08:00', {
      part: { breakfast_count: '2', meals_per_doba: [{}, { breakfast: true }, { breakfast: true }] },
    });
    const diet = calculateSettlement(trip, contextOf()).calculated.singleCountryCost[0]?.lines.diet;
    // 38 + (38 − 9.50) + (45 − 11.25).
    expect(diet?.amount).toBe('100.25');
    const breakfasts = diet?.details
      .filter((detail) => detail.code === 'calc.perDiem.breakfastDeducted')
      .map((detail) => [detail.params['doba'], detail.params['rate'], detail.params['amount']]);
    expect(breakfasts).toEqual([
      [2, '38.00', '9.50'],
      [3, '45.00', '11.25'],
    ]);
  });

  it('values a doba that straddles the change at the rate in force when it began', () => {
    // 2022-12-31 23:00 → 2023-01-02 05:00: doba 1 begins in 2022 (38), doba 2 (6 h, half) in 2023 (45 / 2).
    expect(domesticDiet('2022-12-31 23:00', '2023-01-02 05:00')).toBe('60.50');
  });

  it('splits a foreign trip across 2022-11-29 between the 2013 annex and the new one', () => {
    // Austria: 52 EUR until 2022-11-28, 57 EUR from 2022-11-29. 78 h = 3 dobas + 6 h.
    const trip = stayAbroad('AT', '2022-11-27 12:00', '2022-11-30 18:00', {
      part: {
        accommodation: [
          {
            settlement_type_id: 'invoiceWorkerPayment',
            start_date: '2022-11-27 15:00',
            end_date: '2022-11-30 10:00',
            amount_in_currency: '500.00',
            currency: 'EUR',
          },
        ],
      },
    });
    const { calculated } = calculateSettlement(trip, contextOf({ rates: { exchangeRates: [eur] } }));
    const cost = calculated.singleCountryCost[0];
    // 52 + 52 + 57 + 57 / 3
    expect(cost?.diet_amount).toBe('180.00');
    expect(cost?.delegation_rate).toBe('52.00');
    // Hotel limits of the nights 27th and 28th: 130 each; of the 29th: 150.
    expect(cost?.lines.accommodation[0]).toMatchObject({
      limit: '410.00',
      amount: '410.00',
      overLimit: true,
      excess: '90.00',
    });
  });
});
