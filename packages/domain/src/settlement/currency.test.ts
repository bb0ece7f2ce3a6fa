import { describe, expect, it } from 'vitest';
import { calculateSettlement } from './calculate-settlement.ts';
import { missingExchangeRates } from './pln-completeness.ts';
import type { ExchangeRate } from './rates/rate-book.ts';
import { contextOf, formOf, part, rail, stayAbroad } from './test-fixtures.ts';

/** Worked examples N1–N3 and the conversion and advance rules (§ 20). */

const nbp = (currency: string, date: string, rate: string, table_no = `${date}/A/NBP`): ExchangeRate => ({
  currency,
  date,
  rate,
  table_no,
  source: 'nbp',
});

/** A stay in Germany worth 99.63 EUR (worked example F10), settled on 2026-03-16 (a Monday). */
function germanStay(extra: Parameters<typeof stayAbroad>[3] = {}) {
  return stayAbroad('DE', '2026-03-09 09:00', '2026-03-11 14:00', {
    part: { breakfast_count: '2', meals_per_doba: [{}, { breakfast: true }, { breakfast: true }] },
    ...extra,
  });
}

describe('conversion to PLN', () => {
  it('N1: converts 49 EUR at the table A mid rate 4.6460 of 2022-04-13 to 227.65 zł and keeps the table', () => {
    const trip = stayAbroad('DE', '2022-04-11 08:00', '2022-04-12 08:00');
    const rate = nbp('EUR', '2022-04-13', '4.6460', '072/A/NBP/2022');
    const { calculated, issues } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: [rate] }, settlementDate: '2022-04-14' }),
    );
    expect(issues).toEqual([]);
    const cost = calculated.singleCountryCost[0];
    expect(cost).toMatchObject({ total_in_currency: '49.00', total_pln: '227.65' });
    expect(cost?.exchange_rate).toEqual({
      rate: '4.6460',
      table_no: '072/A/NBP/2022',
      date: '2022-04-13',
      source: 'nbp',
    });
    expect(cost?.lines.diet.conversions).toEqual([
      {
        amount_in_currency: '49.00',
        amount_pln: '227.65',
        exchange_rate: { rate: '4.6460', table_no: '072/A/NBP/2022', date: '2022-04-13', source: 'nbp' },
        basis: 'lastTableBeforeSettlement',
        advance_index: null,
      },
    ]);
  });

  it('N2: uses a rate taken from the NBP answer for USD of 2025-09-26 (table 187/A/NBP/2025, mid 3.6528)', () => {
    // {"table":"A","code":"USD","rates":[{"no":"187/A/NBP/2025","effectiveDate":"2025-09-26","mid":3.6528}]}
    const rate = nbp('USD', '2025-09-26', '3.6528', '187/A/NBP/2025');
    const trip = stayAbroad('US', '2025-09-22 08:00', '2025-09-23 08:00');
    const { calculated } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: [rate] }, settlementDate: '2025-09-29' }),
    );
    // 59 USD × 3.6528 = 215.5152
    expect(calculated.singleCountryCost[0]).toMatchObject({
      total_in_currency: '59.00',
      total_pln: '215.52',
    });
    expect(calculated.singleCountryCost[0]?.exchange_rate?.table_no).toBe('187/A/NBP/2025');
  });

  it('N3: on a Monday settlement takes Friday’s table, as weekends have none', () => {
    const rates = [
      nbp('EUR', '2026-03-12', '4.2000'),
      nbp('EUR', '2026-03-13', '4.3000'),
      nbp('EUR', '2026-03-16', '4.4000'),
    ];
    const { calculated } = calculateSettlement(
      germanStay(),
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    );
    expect(calculated.singleCountryCost[0]?.exchange_rate?.date).toBe('2026-03-13');
    expect(calculated.total_pln).toBe('428.41'); // 99.63 × 4.3000 = 428.409
  });

  it('reports a missing exchange rate as an issue instead of failing', () => {
    const { calculated, issues } = calculateSettlement(
      germanStay(),
      contextOf({ settlementDate: '2026-03-16' }),
    );
    expect(issues).toEqual([
      {
        path: [],
        code: 'settlement.exchangeRateMissing',
        params: { currency: 'EUR', date: '2026-03-16', match: 'before' },
      },
    ]);
    expect(calculated.singleCountryCost[0]).toMatchObject({
      diet_amount: '99.63',
      total_pln: '0.00',
      exchange_rate: null,
    });
  });

  it('marks the PLN amounts and sums that lack a rate, so they are not shown as complete figures', () => {
    const trip = formOf({
      start_date: '2026-03-09 06:00',
      end_date: '2026-03-11 22:00',
      transport: [
        rail('2026-03-09 06:00', '2026-03-09 12:00', { amount_in_currency: '100.00', currency: 'CHF' }),
        rail('2026-03-11 16:00', '2026-03-11 22:00', { amount_in_currency: '80.00', currency: 'PLN' }),
      ],
      country: [part('PL', '2026-03-09 06:00', '2026-03-11 22:00')],
    });
    const { calculated } = calculateSettlement(trip, contextOf({ settlementDate: '2026-03-16' }));
    expect(missingExchangeRates(calculated)).toEqual({
      any: true,
      countryParts: [false],
      transport: true,
      mileage: false,
      other: false,
      advances: false,
      currencies: ['CHF'],
    });
    const withRate = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: [nbp('CHF', '2026-03-13', '4.5000')] }, settlementDate: '2026-03-16' }),
    ).calculated;
    expect(missingExchangeRates(withRate)).toMatchObject({ any: false, transport: false, currencies: [] });
  });

  it('marks a foreign country part without a rate as lacking one', () => {
    const { calculated } = calculateSettlement(germanStay(), contextOf({ settlementDate: '2026-03-16' }));
    expect(missingExchangeRates(calculated)).toMatchObject({ any: true, countryParts: [true], transport: false, currencies: ['EUR'] });
  });

  it('converts a cost at the last table before the cost day under the rule lastTableBeforeCost', () => {
    const trip = formOf({
      start_date: '2026-03-09 06:00',
      end_date: '2026-03-11 22:00',
      transport: [
        rail('2026-03-09 06:00', '2026-03-09 12:00', { amount_in_currency: '100.00', currency: 'EUR' }),
        rail('2026-03-11 16:00', '2026-03-11 22:00', { amount_in_currency: '100.00', currency: 'EUR' }),
      ],
      country: [part('PL', '2026-03-09 06:00', '2026-03-11 22:00')],
    });
    const rates = [
      nbp('EUR', '2026-03-06', '4.1000'),
      nbp('EUR', '2026-03-10', '4.2000'),
      nbp('EUR', '2026-03-13', '4.3000'),
    ];
    const byCost = calculateSettlement(
      trip,
      contextOf({
        rates: { exchangeRates: rates },
        policy: { exchange_rate_date_rule: 'lastTableBeforeCost' },
        settlementDate: '2026-03-16',
      }),
    ).calculated;
    expect(byCost.transport.map((line) => line.amount_pln)).toEqual(['410.00', '420.00']);
    expect(byCost.transport[0]?.conversions[0]).toMatchObject({
      basis: 'lastTableBeforeCost',
      exchange_rate: { date: '2026-03-06' },
    });
    const bySettlement = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    ).calculated;
    expect(bySettlement.transport.map((line) => line.amount_pln)).toEqual(['430.00', '430.00']);
  });
});

describe('advances (§ 20)', () => {
  const rates = [nbp('EUR', '2026-03-05', '4.1000'), nbp('EUR', '2026-03-13', '4.3000')];
  const advance = (amount: string, currency = 'EUR', extra: Record<string, string> = {}) => ({
    amount_in_currency: amount,
    currency,
    payment_date: '2026-03-05',
    status: 'paid' as const,
    ...extra,
  });

  it('subtracts a PLN advance from the total: a positive balance is paid out to the employee', () => {
    const trip = germanStay({ form: { advances: [advance('300.00', 'PLN')] } });
    const { calculated } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    );
    expect(calculated).toMatchObject({
      total_pln: '428.41',
      advances_total_pln: '300.00',
      balance_pln: '128.41',
    });
  });

  it('offsets the euro due against a euro advance first: the employee returns the unused 0.37 EUR', () => {
    const trip = germanStay({ form: { advances: [advance('100.00')] } });
    const { calculated } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    );
    expect(calculated.balances_by_currency).toEqual([
      {
        currency: 'EUR',
        due: '99.63',
        advances: '100.00',
        balance: '-0.37',
        due_pln: '428.41',
        advances_pln: '430.00',
        balance_pln: '-1.59',
      },
    ]);
    expect(calculated.balance_pln).toBe('-1.59');
    expect(calculated.singleCountryCost[0]?.lines.diet.conversions[0]).toMatchObject({
      basis: 'advance',
      advance_index: 0,
    });
  });

  it('converts only the part of the due an advance in the currency does not cover', () => {
    const trip = germanStay({ form: { advances: [advance('50.00')] } });
    const { calculated } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    );
    const conversions = calculated.singleCountryCost[0]?.lines.diet.conversions;
    expect(conversions?.map((conversion) => [conversion.amount_in_currency, conversion.basis])).toEqual([
      ['50.00', 'advance'],
      ['49.63', 'lastTableBeforeSettlement'],
    ]);
    // 49.63 EUR × 4.3000 = 213.409 → 213.41 zł is all the company still owes.
    expect(calculated.balance_pln).toBe('213.41');
  });

  it('values the covered part at the rate of the day the advance was paid under advancePaymentDay', () => {
    const trip = germanStay({ form: { advances: [advance('50.00')] } });
    const { calculated } = calculateSettlement(
      trip,
      contextOf({
        rates: { exchangeRates: rates },
        policy: { exchange_rate_date_rule: 'advancePaymentDay' },
        settlementDate: '2026-03-16',
      }),
    );
    expect(calculated.advances[0]).toMatchObject({ counted: true, amount_pln: '205.00' });
    expect(
      calculated.singleCountryCost[0]?.lines.diet.conversions.map((conversion) => conversion.amount_pln),
    ).toEqual(['205.00', '213.41']);
    expect(calculated).toMatchObject({
      total_pln: '418.41',
      advances_total_pln: '205.00',
      balance_pln: '213.41',
    });
  });

  it('leaves rejected and unpaid advances out of the balance', () => {
    const trip = germanStay({
      form: {
        advances: [
          advance('100.00', 'PLN', { status: 'rejected' }),
          advance('100.00', 'PLN', { payment_date: '' }),
        ],
      },
    });
    const { calculated } = calculateSettlement(
      trip,
      contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }),
    );
    expect(calculated.advances.map((line) => [line.counted, line.explanation.code])).toEqual([
      [false, 'calc.advance.rejected'],
      [false, 'calc.advance.notPaid'],
    ]);
    expect(calculated.advances_total_pln).toBe('0.00');
  });
});
