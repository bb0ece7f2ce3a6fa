import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../common/money.ts';
import { createCurrencyLedger, type LedgerEntry } from './currency-ledger.ts';
import { createRateBook } from './rates/rate-book.ts';

/** decimal.js with room for every digit of the products and sums below: the oracle of the conversions. */
const Oracle = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });

/** A decimal text of up to `wholeDigits` whole digits and `places` decimals at most. */
const decimalText = (wholeDigits: number, places: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(wholeDigits) - 1n }), fc.integer({ min: 0, max: places }), fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }))
    .map(([whole, decimals, fraction]) => `${whole}${decimals === 0 ? '' : `.${fraction.toString().padStart(places, '0').slice(0, decimals)}`}`);

/** Amounts due as lines come (up to 12 whole digits; two decimals, now and then more), and small ones, so a group crosses 2^53 units or not. */
const amountText = fc.oneof(decimalText(4, 2), decimalText(12, 2), decimalText(6, 4)).filter((text) => new Oracle(text).greaterThan(0));
/** Rates as the rate book takes them: up to 12 whole digits and 8 decimals, above zero. */
const rateText = fc.oneof(decimalText(1, 4), decimalText(12, 8)).filter((text) => new Oracle(text).greaterThan(0));

describe('the currency ledger', () => {
  it('converts the lines of a rate cumulatively as decimal.js does, in plain numbers and beyond 2^53', () => {
    fc.assert(
      fc.property(rateText, fc.array(amountText, { minLength: 1, maxLength: 8 }), (rate, amounts) => {
        const rateBook = createRateBook({ exchangeRates: [{ currency: 'EUR', date: '2026-04-01', rate, table_no: '1/A/NBP/2026', source: 'nbp' }] });
        const ledger = createCurrencyLedger({ rule: 'lastTableBeforeSettlement', settlementDate: '2026-04-02', rateBook });
        const entries: LedgerEntry[] = amounts.map((amount) => ({ currency: 'EUR', amount: dec(amount), costDay: null }));
        const converted = ledger.convertToPln(entries, []);
        // Each line gets the rounded running total minus what the lines before it got.
        let exact = new Oracle(0);
        let rounded = new Oracle(0);
        const expected = amounts.map((amount) => {
          exact = exact.plus(new Oracle(amount).times(rate));
          const next = exact.toDecimalPlaces(2);
          const pln = next.minus(rounded);
          rounded = next;
          return pln.toFixed(2);
        });
        expect(converted.entries.map((entry) => entry.conversions.map((conversion) => conversion.amount_pln))).toEqual(expected.map((pln) => [pln]));
        expect(converted.entries.map((entry) => entry.amountPln.toFixed(2))).toEqual(expected);
        expect(converted.balances.map((balance) => balance.due_pln)).toEqual([rounded.toFixed(2)]);
      }),
      { numRuns: 600 },
    );
  });
});
