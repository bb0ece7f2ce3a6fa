import { describe, expect, it } from 'vitest';
import { calculateSettlement } from './calculate-settlement.ts';
import { contextOf, domesticTrip, formOf, part, rail } from './test-fixtures.ts';

/** Worked examples D1–D12 of shared/reference/per-diem-worked-examples.md (domestic trips). */

function dietOf(start: string, end: string, partExtra: Parameters<typeof domesticTrip>[2] = {}): string {
  const { calculated } = calculateSettlement(domesticTrip(start, end, partExtra), contextOf());
  return calculated.singleCountryCost[0]?.diet_amount ?? 'missing';
}

describe('domestic per diem (§ 7 ust. 2)', () => {
  it('D1: pays half the domestic rate for a 10-hour one-day trip', () => {
    expect(dietOf('2016-05-10 07:00', '2016-05-10 17:00')).toBe('15.00');
    expect(dietOf('2026-01-12 07:00', '2026-01-12 17:00')).toBe('22.50');
  });

  it('D2: pays the full rate when a one-day trip lasts over 12 hours', () => {
    expect(dietOf('2016-05-10 07:00', '2016-05-10 19:30')).toBe('30.00');
    expect(dietOf('2026-01-12 07:00', '2026-01-12 19:30')).toBe('45.00');
  });

  it('D3: pays nothing for a one-day trip under 8 hours, whatever the meals', () => {
    expect(dietOf('2026-01-12 09:00', '2026-01-12 14:00')).toBe('0.00');
    expect(
      dietOf('2026-01-12 09:00', '2026-01-12 14:00', {
        part: { breakfast_count: '1', lunch_count: '1', dinner_count: '1' },
      }),
    ).toBe('0.00');
  });

  it('D4: follows the 38 zł table at the thresholds of 8, 12 and 24 hours', () => {
    const start = '2022-09-05 08:00';
    const cases: [string, string][] = [
      ['2022-09-05 15:59', '0.00'],
      ['2022-09-05 16:00', '19.00'],
      ['2022-09-05 20:00', '19.00'],
      ['2022-09-05 20:01', '38.00'],
      ['2022-09-06 08:00', '38.00'],
      ['2022-09-06 08:01', '57.00'],
      ['2022-09-06 16:00', '57.00'],
      ['2022-09-06 16:01', '76.00'],
      ['2022-09-07 08:00', '76.00'],
    ];
    for (const [end, expected] of cases) expect(dietOf(start, end), `until ${end}`).toBe(expected);
  });

  it('D5: pays 4 dobas and half a doba less a breakfast of doba 3 for a 99-hour trip', () => {
    const trip = domesticTrip('2026-03-10 07:00', '2026-03-14 10:00', {
      part: { breakfast_count: '1', meals_per_doba: [{}, {}, { breakfast: true }] },
    });
    const { calculated } = calculateSettlement(trip, contextOf());
    const diet = calculated.singleCountryCost[0]?.lines.diet;
    expect(diet?.amount).toBe('191.25');
    expect(diet?.explanation).toEqual({
      code: 'calc.perDiem.domesticLong',
      params: { count: 4, hours: 3, minutes: 0, partial_doba: '1/2', paragraph: '§ 7 ust. 2 pkt 2' },
    });
    expect(diet?.details).toContainEqual({
      code: 'calc.perDiem.breakfastDeducted',
      params: {
        doba: 3,
        count: 1,
        percent: '25',
        rate: '45.00',
        amount: '11.25',
        currency: 'PLN',
        paragraph: '§ 7 ust. 4 pkt 1',
      },
    });
  });

  it('D6: never goes below zero when all three meals are provided on a 13-hour trip', () => {
    expect(
      dietOf('2026-01-12 06:00', '2026-01-12 19:00', {
        part: { breakfast_count: '1', lunch_count: '1', dinner_count: '1' },
      }),
    ).toBe('0.00');
  });

  it('D7: deducts a lunch as 50 % of the full rate from a half-rate doba', () => {
    expect(dietOf('2026-01-12 07:00', '2026-01-12 17:00', { part: { lunch_count: '1' } })).toBe('0.00');
  });

  it('D8: a lunch paid by a contractor cuts 19.00 zł at 38 zł and 15.00 zł before 28.07.2022', () => {
    expect(dietOf('2022-09-05 08:00', '2022-09-06 08:00')).toBe('38.00');
    expect(dietOf('2022-09-05 08:00', '2022-09-06 08:00', { part: { lunch_count: '1' } })).toBe('19.00');
    expect(dietOf('2022-06-01 08:00', '2022-06-02 08:00', { part: { lunch_count: '1' } })).toBe('15.00');
  });

  it('pays nothing for a doba with free full board at home (§ 7 ust. 3 pkt 2)', () => {
    expect(dietOf('2026-01-12 06:00', '2026-01-13 06:00', { part: { full_board: true } })).toBe('0.00');
  });
});

describe('domestic accommodation (§ 8)', () => {
  function accommodationOf(
    start: string,
    end: string,
    entry: Record<string, unknown>,
    consentPolicy?: 'never',
  ) {
    const trip = domesticTrip(start, end, { part: { accommodation: [entry] } });
    const { calculated } = calculateSettlement(
      trip,
      contextOf(consentPolicy ? { policy: { hotel_limit_excess: consentPolicy } } : {}),
    );
    return calculated.singleCountryCost[0]?.lines.accommodation[0];
  }

  it('D9: pays 150 % of the per diem for a night without a bill of at least 6 hours between 21 and 7', () => {
    const night = {
      settlement_type_id: 'lumpSum',
      start_date: '2026-01-12 20:00',
      end_date: '2026-01-13 07:30',
    };
    expect(accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', night)?.amount).toBe('67.50');
    const night38 = {
      settlement_type_id: 'lumpSum',
      start_date: '2022-09-05 20:00',
      end_date: '2022-09-06 07:30',
    };
    expect(accommodationOf('2022-09-05 08:00', '2022-09-06 18:00', night38)?.amount).toBe('57.00');
    const night30 = {
      settlement_type_id: 'lumpSum',
      start_date: '2019-03-05 20:00',
      end_date: '2019-03-06 07:30',
    };
    expect(accommodationOf('2019-03-05 08:00', '2019-03-06 18:00', night30)?.amount).toBe('45.00');
  });

  it('pays no lump sum for a night with under 6 hours between 21 and 7 (§ 8 ust. 4)', () => {
    const shortNight = {
      settlement_type_id: 'lumpSum',
      start_date: '2026-01-13 02:00',
      end_date: '2026-01-13 07:30',
    };
    const line = accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', shortNight);
    expect(line?.amount).toBe('0.00');
    expect(line?.details[0]?.code).toBe('calc.accommodation.nightTooShort');
  });

  it('pays no lump sum for the part of the night spent travelling (§ 8 ust. 5)', () => {
    const trip = formOf({
      start_date: '2026-01-12 08:00',
      end_date: '2026-01-13 18:00',
      transport: [rail('2026-01-12 22:00', '2026-01-13 05:00'), rail('2026-01-13 16:00', '2026-01-13 18:00')],
      country: [
        part('PL', '2026-01-12 08:00', '2026-01-13 18:00', {
          accommodation: [
            { settlement_type_id: 'lumpSum', start_date: '2026-01-12 20:00', end_date: '2026-01-13 08:00' },
          ],
        }),
      ],
    });
    const { calculated } = calculateSettlement(trip, contextOf());
    const line = calculated.singleCountryCost[0]?.lines.accommodation[0];
    expect(line?.amount).toBe('0.00');
    expect(line?.details).toEqual([
      { code: 'calc.accommodation.nightInTransit', params: { date: '2026-01-12', paragraph: '§ 8 ust. 5' } },
    ]);
  });

  it('D10: refunds a hotel bill up to 20 times the per diem and flags the excess instead of cutting it silently', () => {
    const bill = (amount: string, consent?: boolean) => ({
      settlement_type_id: 'invoiceWorkerPayment',
      start_date: '2026-01-12 16:00',
      end_date: '2026-01-13 09:00',
      amount_in_currency: amount,
      currency: 'PLN',
      ...(consent === undefined ? {} : { acceptor_consent_over_limit: consent }),
    });
    const within = accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', bill('350.00'));
    expect(within).toMatchObject({ amount: '350.00', overLimit: false, limit: '900.00', excess: '0.00' });

    const above = accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', bill('1200.00'));
    expect(above).toMatchObject({
      amount: '900.00',
      overLimit: true,
      limit: '900.00',
      excess: '300.00',
      excess_included: false,
    });
    expect(above?.details[0]?.code).toBe('calc.accommodation.excessAwaitingConsent');

    const consented = accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', bill('1200.00', true));
    expect(consented).toMatchObject({
      amount: '1200.00',
      overLimit: true,
      excess: '300.00',
      excess_included: true,
    });

    const never = accommodationOf('2026-01-12 08:00', '2026-01-13 18:00', bill('1200.00', true), 'never');
    expect(never).toMatchObject({ amount: '900.00', overLimit: true, excess_included: false });

    const at38 = accommodationOf('2022-09-05 08:00', '2022-09-06 18:00', {
      ...bill('800.00'),
      start_date: '2022-09-05 16:00',
      end_date: '2022-09-06 09:00',
    });
    expect(at38).toMatchObject({ amount: '760.00', limit: '760.00', overLimit: true });
  });
});

describe('domestic lump sums and mileage', () => {
  it('D11: pays 20 % of the per diem for each started doba for local transport', () => {
    const short = domesticTrip('2026-01-12 08:00', '2026-01-12 12:00', {
      part: { local_transport_lump_sum: true },
    });
    const shortResult = calculateSettlement(short, contextOf()).calculated.singleCountryCost[0];
    expect(shortResult?.lump_sums.local_transport).toBe('9.00');
    expect(shortResult?.diet_amount).toBe('0.00');

    const twoDays = formOf({
      start_date: '2026-01-12 08:00',
      end_date: '2026-01-13 18:00',
      transport: [
        rail('2026-01-12 08:00', '2026-01-12 10:00', { amount_in_currency: '60.00' }),
        rail('2026-01-13 16:00', '2026-01-13 18:00', { amount_in_currency: '40.00' }),
      ],
      country: [part('PL', '2026-01-12 08:00', '2026-01-13 18:00', { local_transport_lump_sum: true })],
    });
    const { calculated } = calculateSettlement(twoDays, contextOf());
    const cost = calculated.singleCountryCost[0];
    expect(cost?.lump_sums.local_transport).toBe('18.00');
    expect(calculated.transport_total_pln).toBe('100.00');
    expect(Number(cost?.lump_sums.local_transport) + Number(calculated.transport_total_pln)).toBe(118);
  });

  it('pays no local-transport lump sum when the employee travels by car at that place (§ 9 ust. 2)', () => {
    const trip = formOf({
      start_date: '2026-01-12 08:00',
      end_date: '2026-01-13 18:00',
      transport: [
        {
          ...rail('2026-01-12 08:00', '2026-01-12 11:00'),
          transport_type: 'car',
          settlement_type_id: 'companyProvided',
        },
        {
          ...rail('2026-01-13 15:00', '2026-01-13 18:00'),
          transport_type: 'car',
          settlement_type_id: 'companyProvided',
        },
      ],
      country: [part('PL', '2026-01-12 08:00', '2026-01-13 18:00', { local_transport_lump_sum: true })],
    });
    const cost = calculateSettlement(trip, contextOf()).calculated.singleCountryCost[0];
    expect(cost?.lump_sums.local_transport).toBe('0.00');
    expect(cost?.lines.local_transport.explanation.code).toBe('calc.lumpSum.localTransportExcludedByCar');
  });

  it('D12: pays 620 km at 1.15 zł for a private car above 900 cm³ and 0.89 zł up to 900 cm³', () => {
    const mileage = (engine_capacity: number) =>
      formOf({
        start_date: '2026-01-12 06:00',
        end_date: '2026-01-12 22:00',
        transport: [
          {
            transport_type: 'car',
            settlement_type_id: 'lumpSum',
            start_date: '2026-01-12 06:00',
            end_date: '2026-01-12 10:00',
            distance: '620',
            vehicle: { type: 'car', engine_capacity, is_private: true },
          },
          rail('2026-01-12 18:00', '2026-01-12 22:00'),
        ],
        country: [part('PL', '2026-01-12 06:00', '2026-01-12 22:00')],
      });
    const big = calculateSettlement(mileage(1598), contextOf()).calculated;
    expect(big.mileage_total_pln).toBe('713.00');
    expect(big.transport[0]).toMatchObject({ kind: 'mileage', amount: '713.00', currency: 'PLN' });
    expect(big.transport[0]?.explanation.params).toMatchObject({
      distance: '620',
      rate: '1.15',
      vehicle_kind: 'carOver900',
    });
    expect(calculateSettlement(mileage(899), contextOf()).calculated.mileage_total_pln).toBe('551.80');
  });

  it('pays no mileage for a vehicle that is not the employee’s', () => {
    const trip = formOf({
      start_date: '2026-01-12 06:00',
      end_date: '2026-01-12 22:00',
      transport: [
        {
          transport_type: 'car',
          settlement_type_id: 'lumpSum',
          start_date: '2026-01-12 06:00',
          end_date: '2026-01-12 10:00',
          distance: '620',
          vehicle: { type: 'car', engine_capacity: 1598, is_private: false },
        },
        rail('2026-01-12 18:00', '2026-01-12 22:00'),
      ],
      country: [part('PL', '2026-01-12 06:00', '2026-01-12 22:00')],
    });
    const { calculated } = calculateSettlement(trip, contextOf());
    expect(calculated.mileage_total_pln).toBe('0.00');
    expect(calculated.transport[0]?.explanation.code).toBe('calc.mileage.nonPrivateVehicle');
  });

  it('caps a company mileage rate above the statutory maximum of the segment’s date', () => {
    const trip = formOf({
      start_date: '2022-09-05 06:00',
      end_date: '2022-09-05 22:00',
      transport: [
        {
          transport_type: 'car',
          settlement_type_id: 'lumpSum',
          start_date: '2022-09-05 06:00',
          end_date: '2022-09-05 10:00',
          distance: '100',
          vehicle: { type: 'car', engine_capacity: 1598, is_private: true },
        },
        rail('2022-09-05 18:00', '2022-09-05 22:00'),
      ],
      country: [part('PL', '2022-09-05 06:00', '2022-09-05 22:00')],
    });
    const rates = {
      mileageRates: [
        { vehicle_kind: 'carOver900' as const, rate: '1.00', valid_from: '2020-01-01', valid_to: null },
      ],
    };
    const { calculated } = calculateSettlement(trip, contextOf({ rates }));
    // 2022-09-05 is before 2023-01-17: the maximum was 0.8358 zł.
    expect(calculated.mileage_total_pln).toBe('83.58');
    expect(calculated.transport[0]?.details[0]?.code).toBe('calc.mileage.cappedAtMaximum');
  });
});
