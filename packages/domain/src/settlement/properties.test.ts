import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, sumDecimals, type Dec } from '../common/money.ts';
import {
  calculateSettlement,
  type CalculatedLine,
  type CalculatedSettlement,
} from './calculate-settlement.ts';
import { parseDelegationForm, type DelegationFormInput } from './delegation-form.ts';
import { calculateUnit, type DobaMeals, type PerDiemUnit, type TripKind } from './per-diem.ts';
import { createRateBook, type ExchangeRate, type RateBook } from './rates/rate-book.ts';
import { contextOf, formOf, part, rail } from './test-fixtures.ts';
import { validateSettlementForm } from './validate-settlement.ts';
import { HOUR_MS, localDateTimeOf, MINUTE_MS, nextDay, parseInstant } from './trip-time.ts';

/** Properties of the engine over generated trips (fast-check). */

const statutory = createRateBook();
const FROM_2023 = parseInstant('2023-01-01 00:00') ?? 0;
const TO_2026 = parseInstant('2026-12-31 00:00') ?? 0;

/** An instant on a whole minute in 2023–2026. */
const instant = fc
  .integer({ min: FROM_2023 / MINUTE_MS, max: TO_2026 / MINUTE_MS })
  .map((minutes) => minutes * MINUTE_MS);
const mealsOfDoba = fc.record({ breakfast: fc.boolean(), lunch: fc.boolean(), dinner: fc.boolean() });

function unitOf(
  kind: TripKind,
  countryCode: string,
  start: number,
  durationMs: number,
  meals: readonly DobaMeals[],
): PerDiemUnit {
  return {
    kind,
    spans: [
      {
        partIndex: 0,
        countryCode,
        region: null,
        interval: { start, end: start + durationMs },
        meals,
        localTransport: true,
      },
    ],
  };
}

function toMeals(meals: readonly { breakfast: boolean; lunch: boolean; dinner: boolean }[]): DobaMeals[] {
  return meals.map((meal) => ({
    breakfast: meal.breakfast ? 1 : 0,
    lunch: meal.lunch ? 1 : 0,
    dinner: meal.dinner ? 1 : 0,
    fullBoard: false,
    hospital: false,
  }));
}

function perDiemOf(unit: PerDiemUnit, book: RateBook = statutory): Dec {
  return sumDecimals(calculateUnit(unit, book).map((doba) => doba.perDiem));
}

const kindAndCountry = fc.constantFrom<[TripKind, string]>(
  ['domestic', 'PL'],
  ['foreign', 'DE'],
  ['foreign', 'US'],
  ['foreign', 'CH'],
);

describe('per-diem properties', () => {
  it('never pays a negative per diem, whatever the meals', () => {
    fc.assert(
      fc.property(
        kindAndCountry,
        instant,
        fc.integer({ min: 1, max: 14 * 24 * 60 }),
        fc.array(mealsOfDoba, { maxLength: 15 }),
        ([kind, country], start, minutes, meals) => {
          for (const doba of calculateUnit(
            unitOf(kind, country, start, minutes * MINUTE_MS, toMeals(meals)),
            statutory,
          )) {
            expect(doba.perDiem.isNegative()).toBe(false);
          }
        },
      ),
    );
  });

  it('never pays less for a longer trip without meals', () => {
    fc.assert(
      fc.property(
        kindAndCountry,
        instant,
        fc.integer({ min: 1, max: 10 * 24 * 60 }),
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        ([kind, country], start, minutes, more) => {
          const shorter = perDiemOf(unitOf(kind, country, start, minutes * MINUTE_MS, []));
          const longer = perDiemOf(unitOf(kind, country, start, (minutes + more) * MINUTE_MS, []));
          expect(longer.greaterThanOrEqualTo(shorter)).toBe(true);
        },
      ),
    );
  });

  it('never deducts meals beyond the doba’s own amount', () => {
    fc.assert(
      fc.property(
        kindAndCountry,
        instant,
        fc.integer({ min: 1, max: 7 * 24 * 60 }),
        fc.array(mealsOfDoba, { maxLength: 8 }),
        ([kind, country], start, minutes, meals) => {
          for (const doba of calculateUnit(
            unitOf(kind, country, start, minutes * MINUTE_MS, toMeals(meals)),
            statutory,
          )) {
            const rate = dec(doba.rate?.per_diem ?? '0');
            const base = rate.times(doba.fraction.numerator).div(doba.fraction.denominator);
            expect(doba.perDiem.lessThanOrEqualTo(base)).toBe(true);
            expect(doba.perDiem.greaterThanOrEqualTo(0)).toBe(true);
          }
        },
      ),
    );
  });

  /**
   * A trip across a rate change is valued as two parts split at the change: the dobas that begin
   * before it at the old rate, the rest at the new one. Each side is recomputed with a rate book that
   * knows only that side's rate, and the two must add up exactly to the engine's result.
   */
  it('values a trip across a rate change as the sum of its two parts, split at the change', () => {
    const changes = [
      {
        kind: 'domestic' as const,
        country: 'PL',
        at: '2023-01-01 00:00',
        old: '38.00',
        new: '45.00',
        currency: 'PLN',
      },
      {
        kind: 'domestic' as const,
        country: 'PL',
        at: '2022-07-28 00:00',
        old: '30.00',
        new: '38.00',
        currency: 'PLN',
      },
      {
        kind: 'foreign' as const,
        country: 'AT',
        at: '2022-11-29 00:00',
        old: '52',
        new: '57',
        currency: 'EUR',
      },
    ];
    const onlyRate = (country: string, perDiem: string, currency: string) =>
      createRateBook({
        companyOverrides: [
          {
            group_id: null,
            country_code: country,
            region: null,
            per_diem: perDiem,
            currency,
            hotel_limit: '100',
            valid_from: '2000-01-01',
            valid_to: null,
          },
        ],
      });
    fc.assert(
      fc.property(
        fc.constantFrom(...changes),
        fc.integer({ min: 1, max: 5 * 24 * 60 }),
        fc.integer({ min: 1, max: 6 * 24 * 60 }),
        fc.array(mealsOfDoba, { maxLength: 12 }),
        (change, before, after, meals) => {
          const at = parseInstant(change.at) ?? 0;
          const start = at - before * MINUTE_MS;
          const unit = unitOf(
            change.kind,
            change.country,
            start,
            (before + after) * MINUTE_MS,
            toMeals(meals),
          );
          const whole = calculateUnit(unit, statutory);
          const oldSide = calculateUnit(unit, onlyRate(change.country, change.old, change.currency));
          const newSide = calculateUnit(unit, onlyRate(change.country, change.new, change.currency));
          const parts = whole.map(
            (doba, index) => (doba.start < at ? oldSide : newSide)[index]?.perDiem ?? dec(NaN),
          );
          expect(sumDecimals(parts).equals(sumDecimals(whole.map((doba) => doba.perDiem)))).toBe(true);
          expect(whole.some((doba) => doba.start < at)).toBe(true);
        },
      ),
    );
  });
});

describe('settlement properties', () => {
  const AMOUNT = /^-?\d+\.\d{2}$/;
  const AMOUNT_KEYS = new Set([
    'amount',
    'amount_pln',
    'amount_in_currency',
    'diet_amount',
    'accommodation_amount',
    'accommodation',
    'local_transport',
    'transfers',
    'total_in_currency',
    'total_pln',
    'transport_total_pln',
    'mileage_total_pln',
    'other_total_pln',
    'advances_total_pln',
    'balance_pln',
    'delegation_rate',
    'excess',
    'limit',
    'due',
    'advances',
    'balance',
    'due_pln',
    'advances_pln',
  ]);

  /** Every string under an amount key, anywhere in the result (explanation params excluded). */
  function amountStrings(value: unknown, key = ''): string[] {
    if (typeof value === 'string') return AMOUNT_KEYS.has(key) ? [value] : [];
    if (Array.isArray(value)) return value.flatMap((item) => amountStrings(item, key));
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([childKey, child]) =>
        childKey === 'params' ? [] : amountStrings(child, childKey),
      );
    }
    return [];
  }

  /** Weekly rates for every currency the generated trips use, in 2022–2027. */
  const exchangeRates: ExchangeRate[] = [];
  for (const [currency, base] of [
    ['EUR', 4.2],
    ['USD', 3.9],
    ['CHF', 4.5],
    ['GBP', 5.1],
  ] as const) {
    let day = '2022-12-01';
    for (let week = 0; day < '2027-03-01'; week += 1) {
      exchangeRates.push({
        currency,
        date: day,
        rate: (base + (week % 17) * 0.0123).toFixed(4),
        table_no: `${week}/A/NBP`,
        source: 'nbp',
      });
      for (let step = 0; step < 7; step += 1) day = nextDay(day);
    }
  }
  const rates = { exchangeRates };
  const rateBook = createRateBook(rates);

  const money = fc.integer({ min: 0, max: 500_000 }).map((grosze) => (grosze / 100).toFixed(2));
  const currency = fc.constantFrom('PLN', 'EUR', 'USD');
  const foreignStay = fc.record({
    country: fc.constantFrom('DE', 'CZ', 'FR', 'GB', 'US', 'CH'),
    hours: fc.integer({ min: 2, max: 96 }),
    breakfasts: fc.integer({ min: 0, max: 2 }),
    lunches: fc.integer({ min: 0, max: 1 }),
    localTransport: fc.boolean(),
    transfer: fc.option(fc.constantFrom('both' as const, 'oneWay' as const), { nil: null }),
    hotel: fc.option(fc.record({ lumpSum: fc.boolean(), amount: money, currency }), { nil: null }),
  });
  const trip = fc.record({
    start: instant,
    outHours: fc.integer({ min: 2, max: 10 }),
    backHours: fc.integer({ min: 2, max: 10 }),
    stays: fc.array(foreignStay, { minLength: 0, maxLength: 3 }),
    tickets: fc.array(fc.record({ amount: money, currency }), { minLength: 2, maxLength: 4 }),
    mileageKm: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
    others: fc.array(
      fc.record({ amount: money, currency, paid: fc.constantFrom('cash' as const, 'companyCard' as const) }),
      { maxLength: 2 },
    ),
    advances: fc.array(fc.record({ amount: money, currency, daysBefore: fc.integer({ min: 0, max: 10 }) }), {
      maxLength: 2,
    }),
    policy: fc.record({
      domestic_parts_of_foreign_trip: fc.constantFrom('summed' as const, 'separate' as const),
      exchange_rate_date_rule: fc.constantFrom(
        'advancePaymentDay' as const,
        'lastTableBeforeCost' as const,
        'lastTableBeforeSettlement' as const,
      ),
      hotel_limit_excess: fc.constantFrom('acceptorConsent' as const, 'never' as const),
    }),
  });

  type GeneratedTrip = typeof trip extends fc.Arbitrary<infer T> ? T : never;

  function formOfTrip(generated: GeneratedTrip): DelegationFormInput {
    const at = (ms: number) => localDateTimeOf(ms);
    let cursor = generated.start + generated.outHours * HOUR_MS;
    const country: NonNullable<DelegationFormInput['country']> = [
      part('PL', at(generated.start), at(cursor)),
    ];
    for (const stay of generated.stays) {
      const end = cursor + stay.hours * HOUR_MS;
      country.push(
        part(stay.country, at(cursor), at(end), {
          breakfast_count: String(Math.min(stay.breakfasts, Math.ceil(stay.hours / 24))),
          lunch_count: String(Math.min(stay.lunches, Math.ceil(stay.hours / 24))),
          local_transport_lump_sum: stay.localTransport,
          transfer_lump_sums: stay.transfer ? [{ city: 'City', direction: stay.transfer }] : [],
          accommodation: stay.hotel
            ? [
                {
                  settlement_type_id: stay.hotel.lumpSum ? 'lumpSum' : 'invoiceWorkerPayment',
                  start_date: at(cursor + HOUR_MS),
                  end_date: at(end - HOUR_MS),
                  amount_in_currency: stay.hotel.amount,
                  currency: stay.hotel.currency,
                },
              ]
            : [],
        }),
      );
      cursor = end;
    }
    const back = cursor + generated.backHours * HOUR_MS;
    country.push(part('PL', at(cursor), at(back)));
    const transport: NonNullable<DelegationFormInput['transport']> = generated.tickets.map((ticket, index) =>
      rail(at(generated.start + index * MINUTE_MS), at(generated.start + (index + 1) * MINUTE_MS), {
        amount_in_currency: ticket.amount,
        currency: ticket.currency,
      }),
    );
    if (generated.mileageKm !== null) {
      transport.push({
        transport_type: 'car',
        settlement_type_id: 'lumpSum',
        start_date: at(back - HOUR_MS),
        end_date: at(back),
        distance: String(generated.mileageKm),
        vehicle: { type: 'car', engine_capacity: 1400, is_private: true },
      });
    }
    const day = at(back).slice(0, 10);
    return {
      start_date: at(generated.start),
      end_date: at(back),
      country,
      transport,
      other: generated.others.map((cost) => ({
        type_id: 'parking',
        payment_type_id: cost.paid,
        amount_in_currency: cost.amount,
        currency: cost.currency,
        bill_date: day,
      })),
      advances: generated.advances.map((advance) => ({
        amount_in_currency: advance.amount,
        currency: advance.currency,
        status: 'paid',
        payment_date: at(generated.start - advance.daysBefore * 24 * HOUR_MS).slice(0, 10),
      })),
    };
  }

  function calculate(generated: GeneratedTrip): CalculatedSettlement {
    const form = formOf(formOfTrip(generated));
    const settlementDate = nextDay(form.end_date?.slice(0, 10) ?? '2026-01-01');
    return calculateSettlement(form, { rateBook, policy: generated.policy, settlementDate }).calculated;
  }

  const total = (values: readonly string[]): Dec => sumDecimals(values);
  const plnOf = (lines: readonly CalculatedLine[]) => total(lines.map((line) => line.amount_pln));

  it('adds up: PLN totals equal the sum of the lines, and the balance is total less advances', () => {
    fc.assert(
      fc.property(trip, (generated) => {
        const result = calculate(generated);
        for (const cost of result.singleCountryCost) {
          const lines = [
            cost.lines.diet,
            ...cost.lines.accommodation,
            cost.lines.local_transport,
            ...cost.lines.transfers,
          ];
          expect(dec(cost.total_pln).equals(plnOf(lines))).toBe(true);
        }
        for (const line of [
          ...result.transport,
          ...result.other,
          ...result.singleCountryCost.map((cost) => cost.lines.diet),
        ]) {
          const expected =
            line.currency === 'PLN'
              ? dec(line.amount)
              : total(line.conversions.map((conversion) => conversion.amount_pln));
          expect(dec(line.amount_pln).equals(expected)).toBe(true);
        }
        expect(
          dec(result.transport_total_pln).equals(
            plnOf(result.transport.filter((line) => line.kind !== 'mileage')),
          ),
        ).toBe(true);
        expect(
          dec(result.mileage_total_pln).equals(
            plnOf(result.transport.filter((line) => line.kind === 'mileage')),
          ),
        ).toBe(true);
        expect(dec(result.other_total_pln).equals(plnOf(result.other))).toBe(true);
        const sum = total(result.singleCountryCost.map((cost) => cost.total_pln))
          .plus(result.transport_total_pln)
          .plus(result.mileage_total_pln)
          .plus(result.other_total_pln);
        expect(dec(result.total_pln).equals(sum)).toBe(true);
        expect(
          dec(result.advances_total_pln).equals(plnOf(result.advances.filter((line) => line.counted))),
        ).toBe(true);
        expect(dec(result.balance_pln).equals(dec(result.total_pln).minus(result.advances_total_pln))).toBe(
          true,
        );
        expect(
          dec(result.balance_pln).equals(
            total(result.balances_by_currency.map((balance) => balance.balance_pln)),
          ),
        ).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('writes every amount as a decimal string with two decimals', () => {
    fc.assert(
      fc.property(trip, (generated) => {
        const strings = amountStrings(calculate(generated));
        expect(strings.length).toBeGreaterThan(10);
        for (const text of strings) expect(text).toMatch(AMOUNT);
      }),
      { numRuns: 150 },
    );
  });
});

describe('robustness', () => {
  const text = fc.constantFrom(
    '',
    '2026-03-09 08:00',
    '2026-03-11 20:00',
    '2026-03-10',
    '2026-03-29 02:30',
    '2026-02-30 10:00',
    'soon',
    '12.50',
    '-3',
    '1e9',
    'PL',
    'DE',
    'XX',
    'EUR',
  );
  const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  const choiceOf = (values: readonly string[]) => maybe(fc.constantFrom('', ...values));
  const halfFilledForm = fc.record({
    start_date: maybe(text),
    end_date: maybe(text),
    transport: fc.array(
      fc.record({
        transport_type: choiceOf(['car', 'rail', 'flight']),
        settlement_type_id: choiceOf(['lumpSum', 'ticketScan', 'booking', 'ticketLost']),
        start_date: maybe(text),
        end_date: maybe(text),
        amount_in_currency: maybe(text),
        currency: maybe(text),
        distance: maybe(text),
        vehicle: maybe(
          fc.record({ type: choiceOf(['car', 'truck', 'moped']), is_private: maybe(fc.boolean()) }),
        ),
      }),
      { maxLength: 3 },
    ),
    country: fc.array(
      fc.record({
        country_code: maybe(text),
        in_date: maybe(text),
        out_date: maybe(text),
        breakfast_count: maybe(text),
        full_board: maybe(fc.boolean()),
        local_transport_lump_sum: maybe(fc.boolean()),
        accommodation: fc.array(
          fc.record({
            settlement_type_id: choiceOf(['lumpSum', 'invoiceWorkerPayment', 'importReservation']),
            start_date: maybe(text),
            end_date: maybe(text),
            amount_in_currency: maybe(text),
            currency: maybe(text),
          }),
          { maxLength: 2 },
        ),
      }),
      { maxLength: 3 },
    ),
    advances: fc.array(
      fc.record({ amount_in_currency: maybe(text), currency: maybe(text), payment_date: maybe(text) }),
      { maxLength: 2 },
    ),
  });

  it('never throws on a half-filled or inconsistent form: it answers with issues and zero lines', () => {
    const context = contextOf({ settlementDate: '2026-03-20' });
    fc.assert(
      fc.property(halfFilledForm, (input) => {
        const { delegation } = parseDelegationForm(input);
        if (!delegation) return;
        validateSettlementForm(delegation, { rateBook: context.rateBook });
        const { calculated } = calculateSettlement(delegation, context);
        expect(calculated.total_pln).toMatch(/^-?\d+\.\d{2}$/);
      }),
      { numRuns: 300 },
    );
  });
});
