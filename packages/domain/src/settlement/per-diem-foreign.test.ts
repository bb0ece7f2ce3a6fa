import { describe, expect, it } from 'vitest';
import { calculateSettlement } from './calculate-settlement.ts';
import { contextOf, foreignTrip, formOf, part, rail, stayAbroad } from './test-fixtures.ts';

/** Worked examples F1–F12 of shared/reference/per-diem-worked-examples.md (foreign trips). */

const EUR_RATE = {
  currency: 'EUR',
  date: '2026-03-31',
  rate: '4.2500',
  table_no: '063/A/NBP/2026',
  source: 'nbp' as const,
};
const context = () => contextOf({ rates: { exchangeRates: [EUR_RATE] } });

function germanDiet(start: string, end: string, extra: Parameters<typeof stayAbroad>[3] = {}): string {
  const { calculated } = calculateSettlement(stayAbroad('DE', start, end, extra), context());
  return calculated.singleCountryCost[0]?.diet_amount ?? 'missing';
}

describe('foreign per diem (§ 13 ust. 3)', () => {
  it('explains a stay of whole dobas without a share for an incomplete doba', () => {
    const { calculated } = calculateSettlement(stayAbroad('DE', '2026-03-09 08:00', '2026-03-11 08:00'), context());
    expect(calculated.singleCountryCost[0]?.lines.diet.explanation).toMatchObject({
      code: 'calc.perDiem.foreign',
      params: { count: 2, hours: 0, minutes: 0, partial_doba: 'none' },
    });
  });

  it('F1: pays a third of the German rate for 6 hours abroad', () => {
    const { calculated } = calculateSettlement(
      stayAbroad('DE', '2026-03-09 08:00', '2026-03-09 14:00'),
      context(),
    );
    const cost = calculated.singleCountryCost[0];
    expect(cost).toMatchObject({
      country_code: 'DE',
      currency: 'EUR',
      delegation_rate: '49.00',
      diet_amount: '16.33',
    });
    expect(cost?.lines.diet.details[0]?.params).toMatchObject({
      fraction: '1/3',
      base: '16.3333',
      paragraph: '§ 13 ust. 3 pkt 2 lit. a',
    });
  });

  it('F2: pays half the rate for 10 hours abroad and the full rate for 14 hours', () => {
    expect(germanDiet('2026-03-09 08:00', '2026-03-09 18:00')).toBe('24.50');
    expect(germanDiet('2026-03-09 08:00', '2026-03-09 22:00')).toBe('49.00');
  });

  it('F3: pays a third for 6 h 35 min abroad and nothing for 1 h 10 min at home', () => {
    const trip = foreignTrip('DE', {
      start: '2026-03-09 08:25',
      border: '2026-03-09 08:30',
      borderBack: '2026-03-09 15:05',
      end: '2026-03-09 16:10',
    });
    const { calculated } = calculateSettlement(trip, context());
    expect(calculated.singleCountryCost.map((cost) => cost.diet_amount)).toEqual(['0.00', '16.33', '0.00']);
    expect(calculated.singleCountryCost[0]?.lines.diet.explanation).toMatchObject({
      code: 'calc.perDiem.domesticSummed',
      params: { count: 0, hours: 1, minutes: 10, parts: '1, 3', paragraph: '§ 21' },
    });
  });

  it('F4: settles each destination country at its own rate for its own time', () => {
    const twoDestinations = formOf({
      start_date: '2026-03-09 06:00',
      end_date: '2026-03-10 03:00',
      transport: [rail('2026-03-09 06:00', '2026-03-09 06:00'), rail('2026-03-10 03:00', '2026-03-10 03:00')],
      country: [
        part('DE', '2026-03-09 06:00', '2026-03-09 16:00'),
        part('CZ', '2026-03-09 16:00', '2026-03-10 03:00'),
      ],
    });
    const { calculated } = calculateSettlement(twoDestinations, context());
    expect(calculated.singleCountryCost.map((cost) => cost.diet_amount)).toEqual(['24.50', '20.50']);
    expect(calculated.singleCountryCost[1]?.delegation_rate).toBe('41.00');

    expect(germanDiet('2026-03-09 06:00', '2026-03-10 03:00')).toBe('49.00');
  });

  it('F5: deducts the three meals of doba 1 from the full rate and pays the 14-hour doba 2 in full', () => {
    const diet = germanDiet('2026-03-09 08:00', '2026-03-10 22:00', {
      part: {
        breakfast_count: '1',
        lunch_count: '1',
        dinner_count: '1',
        meals_per_doba: [{ breakfast: true, lunch: true, dinner: true }, {}],
      },
    });
    expect(diet).toBe('61.25');
  });

  it('F6: deducts a breakfast as 15 % of the rate', () => {
    expect(germanDiet('2026-03-09 08:00', '2026-03-09 22:00', { part: { breakfast_count: '1' } })).toBe(
      '41.65',
    );
  });

  it('F7: clamps a third of the rate less three meals at zero', () => {
    const { calculated } = calculateSettlement(
      stayAbroad('DE', '2026-03-09 08:00', '2026-03-09 14:00', {
        part: { breakfast_count: '1', lunch_count: '1', dinner_count: '1' },
      }),
      context(),
    );
    const diet = calculated.singleCountryCost[0]?.lines.diet;
    expect(diet?.amount).toBe('0.00');
    expect(diet?.details.at(-1)).toEqual({
      code: 'calc.perDiem.clampedAtZero',
      params: { doba: 1, base: '16.3333', deductions: '36.75', currency: 'EUR' },
    });
  });

  it('F8: sums the domestic parts of a foreign trip by default and settles them alone under the other policy', () => {
    const trip = (out: [string, string], back: [string, string]) =>
      foreignTrip('DE', { start: out[0], border: out[1], borderBack: back[0], end: back[1] });
    const domestic = (form: ReturnType<typeof trip>, policy?: 'separate') => {
      const { calculated } = calculateSettlement(
        form,
        contextOf({
          rates: { exchangeRates: [EUR_RATE] },
          policy: policy ? { domestic_parts_of_foreign_trip: policy } : {},
        }),
      );
      const costs = calculated.singleCountryCost;
      return [costs[0]?.diet_amount, costs[2]?.diet_amount];
    };
    const a = trip(['2026-03-09 06:00', '2026-03-09 10:00'], ['2026-03-10 18:00', '2026-03-10 22:00']);
    expect(domestic(a)).toEqual(['22.50', '0.00']);
    expect(domestic(a, 'separate')).toEqual(['0.00', '0.00']);
    const b = trip(['2026-03-09 06:00', '2026-03-09 08:00'], ['2026-03-10 18:00', '2026-03-10 20:00']);
    expect(domestic(b)).toEqual(['0.00', '0.00']);
    const c = trip(['2026-03-09 00:00', '2026-03-09 08:00'], ['2026-03-10 10:00', '2026-03-10 22:00']);
    expect(domestic(c)).toEqual(['45.00', '0.00']);
  });

  it('F9: settles the 2016 template: 15.00 + 15.00 zł at home and 4 × 49 EUR abroad', () => {
    const trip = foreignTrip('DE', {
      start: '2016-01-25 06:00',
      border: '2016-01-25 14:05',
      borderBack: '2016-01-29 10:30',
      end: '2016-01-29 22:30',
    });
    // The template converts at 217.69 zł per 49 EUR, i.e. a mid rate of 4.4426–4.4427 (table of 2016-01-29).
    const rate = {
      currency: 'EUR',
      date: '2016-01-29',
      rate: '4.4426',
      table_no: '019/A/NBP/2016',
      source: 'nbp' as const,
    };
    const { calculated } = calculateSettlement(
      trip,
      contextOf({
        rates: { exchangeRates: [rate] },
        policy: { domestic_parts_of_foreign_trip: 'separate' },
        settlementDate: '2016-02-01',
      }),
    );
    const [outbound, abroad, inbound] = calculated.singleCountryCost;
    expect(outbound?.diet_amount).toBe('15.00');
    expect(inbound?.diet_amount).toBe('15.00');
    expect(abroad?.diet_amount).toBe('196.00');
    expect(abroad?.lines.diet.explanation.params).toMatchObject({
      count: 3,
      hours: 20,
      minutes: 25,
      partial_doba: '1',
    });
    // The template rounds each day's PLN amount (4 × 217.69 = 870.76); the engine converts the rounded
    // EUR amount of the part once (196 × 4.4426 = 870.7496 → 870.75), its documented rounding point.
    expect(abroad?.total_pln).toBe('870.75');
    expect(abroad?.exchange_rate).toEqual({
      rate: '4.4426',
      table_no: '019/A/NBP/2016',
      date: '2016-01-29',
      source: 'nbp',
    });
    expect(calculated.total_pln).toBe('900.75');
  });

  it('F10: deducts hotel breakfasts of dobas 2 and 3 from the full rate, not from the third', () => {
    const diet = germanDiet('2026-03-09 09:00', '2026-03-11 14:00', {
      part: { breakfast_count: '2', meals_per_doba: [{}, { breakfast: true }, { breakfast: true }] },
    });
    expect(diet).toBe('99.63');
  });

  it('F11: pays the night, transfer and local-transport lump sums abroad, and no transport lump sums when travelling by car', () => {
    const lumpSums = {
      accommodation: [
        {
          settlement_type_id: 'lumpSum' as const,
          start_date: '2026-05-04 20:00',
          end_date: '2026-05-05 08:00',
        },
      ],
      transfer_lump_sums: [{ city: 'Berlin', direction: 'both' as const }],
      local_transport_lump_sum: true,
    };
    const trip = stayAbroad('DE', '2026-05-04 10:00', '2026-05-06 16:00', { part: lumpSums });
    const cost = calculateSettlement(trip, context()).calculated.singleCountryCost[0];
    expect(cost?.lump_sums).toEqual({ accommodation: '42.50', local_transport: '14.70', transfers: '49.00' });
    expect(cost?.lines.transfers[0]?.explanation.code).toBe('calc.lumpSum.transferBothWays');

    const oneWay = stayAbroad('DE', '2026-05-04 10:00', '2026-05-06 16:00', {
      part: { ...lumpSums, transfer_lump_sums: [{ city: 'Berlin', direction: 'oneWay' }] },
    });
    expect(calculateSettlement(oneWay, context()).calculated.singleCountryCost[0]?.lump_sums.transfers).toBe(
      '24.50',
    );

    const byCar = formOf({
      start_date: '2026-05-04 10:00',
      end_date: '2026-05-06 16:00',
      transport: [
        {
          ...rail('2026-05-04 10:00', '2026-05-04 16:00'),
          transport_type: 'car',
          settlement_type_id: 'companyProvided',
        },
        {
          ...rail('2026-05-06 10:00', '2026-05-06 16:00'),
          transport_type: 'car',
          settlement_type_id: 'companyProvided',
        },
      ],
      country: [part('DE', '2026-05-04 10:00', '2026-05-06 16:00', lumpSums)],
    });
    // The worked example says none of these is due by car; § 17 ust. 4 excludes only the lump sums of
    // § 17 ust. 1–3, so the night lump sum (§ 16 ust. 2) is still paid. We follow the regulation.
    const carCost = calculateSettlement(byCar, context()).calculated.singleCountryCost[0];
    expect(carCost?.lump_sums).toEqual({
      accommodation: '42.50',
      local_transport: '0.00',
      transfers: '0.00',
    });
    expect(carCost?.lines.transfers[0]?.explanation.params).toMatchObject({ paragraph: '§ 17 ust. 4' });
  });

  it('F12: pays 25 % of the rate for a doba of free full board abroad', () => {
    expect(germanDiet('2026-03-09 08:00', '2026-03-10 08:00', { part: { full_board: true } })).toBe('12.25');
  });

  it('pays 25 % of the rate for a doba in hospital abroad (§ 15)', () => {
    expect(
      germanDiet('2026-03-09 08:00', '2026-03-11 08:00', {
        part: { meals_per_doba: [{ hospital: true }, {}] },
      }),
    ).toBe('61.25');
  });

  it('uses the region rows of the annex: the New York hotel limit is 350 USD', () => {
    const stay = (region: string | null) =>
      stayAbroad('US', '2026-03-09 08:00', '2026-03-11 08:00', {
        part: {
          region,
          accommodation: [
            {
              settlement_type_id: 'invoiceWorkerPayment',
              start_date: '2026-03-09 15:00',
              end_date: '2026-03-10 10:00',
              amount_in_currency: '320.00',
              currency: 'USD',
            },
          ],
        },
      });
    const usd = { ...EUR_RATE, currency: 'USD', rate: '3.6528' };
    const newYork = calculateSettlement(
      stay('newYork'),
      contextOf({ rates: { exchangeRates: [usd] } }),
    ).calculated;
    expect(newYork.singleCountryCost[0]?.lines.accommodation[0]).toMatchObject({
      amount: '320.00',
      limit: '350.00',
      overLimit: false,
    });
    const elsewhere = calculateSettlement(
      stay(null),
      contextOf({ rates: { exchangeRates: [usd] } }),
    ).calculated;
    expect(elsewhere.singleCountryCost[0]?.lines.accommodation[0]).toMatchObject({
      amount: '200.00',
      limit: '200.00',
      overLimit: true,
    });
  });

  it('uses the annex row for other countries for a country it does not list', () => {
    const { calculated } = calculateSettlement(
      stayAbroad('BT', '2026-03-09 08:00', '2026-03-10 08:00'),
      context(),
    );
    expect(calculated.singleCountryCost[0]).toMatchObject({
      currency: 'EUR',
      delegation_rate: '41.00',
      diet_amount: '41.00',
    });
    expect(calculated.singleCountryCost[0]?.rate?.other_countries).toBe(true);
  });

  it('does not walk a country part dated two thousand years back (a half-typed year): the part is left incomplete', () => {
    const form = stayAbroad('DE', '2026-03-10 06:00', '2026-03-10 20:00', { part: { in_date: '0020-03-10 06:00' } });
    const { calculated } = calculateSettlement(form, contextOf());
    expect(calculated.singleCountryCost[0]?.diet_amount).toBe('0.00');
    expect(calculated.singleCountryCost[0]?.lines.diet.explanation.code).toBe('calc.incomplete');
  });
});
