import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampAtZero, dec, formatMoney, MoneyTotal, parseDecimal, roundMoney, sumDecimals } from './money.ts';

/** decimal.js as the engine used it before `ExactDecimal`: the oracle of exact sums. */
const Oracle = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

describe('money', () => {
  it('rounds half up to whole grosze', () => {
    expect(roundMoney('16.335').toFixed(2)).toBe('16.34');
    expect(roundMoney('16.334999').toFixed(2)).toBe('16.33');
    expect(roundMoney('-0.005').toFixed(2)).toBe('-0.01');
  });

  it('adds exactly where binary floats would drift', () => {
    expect(sumDecimals(['0.1', '0.2']).toString()).toBe('0.3');
    expect(formatMoney(dec('49').div(3))).toBe('16.33');
  });

  it('keeps a running total exactly as decimal.js adds it up, in grosze within doubles and beyond 2^53', () => {
    const sign = (negative: boolean, text: string): string => (negative ? `-${text}` : text);
    // Amounts in grosze as the totals meet them, near 2^53 grosze so that partial sums cross it,
    // amounts with more decimals, and values held as BigInt: each must leave the plain-number path.
    const grosze = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), fc.integer({ min: 0, max: 2 }))
      .map(([negative, units, places]) =>
        sign(
          negative,
          places === 0
            ? `${units}`
            : `${units / 100n}.${`${units % 100n}`.padStart(2, '0').slice(0, places)}`,
        ),
      );
    const nearLimit = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 2n ** 52n - 1_000n, max: 2n ** 53n + 1_000n }))
      .map(([negative, units]) => sign(negative, `${units / 100n}.${`${units % 100n}`.padStart(2, '0')}`));
    const finer = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999n }), fc.integer({ min: 3, max: 8 }))
      .map(([negative, units, places]) => sign(negative, `${units}e-${places}`))
      .map((text) => new Oracle(text).toFixed());
    const huge = fc.bigInt({ min: 10n ** 16n, max: 10n ** 20n }).map((units) => `${units}.25`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(grosze, grosze, nearLimit, finer, huge, fc.constantFrom('0', '0.01', '-12.5')), {
          maxLength: 12,
        }),
        (texts) => {
          const total = new MoneyTotal();
          for (const text of texts) total.add(dec(text));
          const oracle = texts.reduce((sum, text) => sum.plus(text), new Oracle(0));
          expect(total.value().toString()).toBe(oracle.toFixed());
          expect(total.value().toFixed(2)).toBe(oracle.toFixed(2));
          expect(total.text()).toBe(oracle.toFixed(2));
          expect(total.isZero()).toBe(oracle.isZero());
        },
      ),
      { numRuns: 2_000 },
    );
    expect(new MoneyTotal().value().toFixed(2)).toBe('0.00');
    expect(new MoneyTotal().add(dec('90071992547409.91')).add(dec('0.01')).value().toString()).toBe(
      '90071992547409.92',
    );
  });

  it('adds and subtracts running totals exactly as decimal.js, printed from grosze or from the exact value', () => {
    const sign = (negative: boolean, text: string): string => (negative ? `-${text}` : text);
    const grosze = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 99_999_999_999_999n }))
      .map(([negative, units]) => sign(negative, `${units / 100n}.${`${units % 100n}`.padStart(2, '0')}`));
    // Either side of 2^53 grosze, so that a sum or difference of two totals in grosze leaves them.
    const nearLimit = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 2n ** 52n - 1_000n, max: 2n ** 53n + 1_000n }))
      .map(([negative, units]) => sign(negative, `${units / 100n}.${`${units % 100n}`.padStart(2, '0')}`));
    const finer = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999n }), fc.integer({ min: 3, max: 8 }))
      .map(([negative, units, places]) => new Oracle(sign(negative, `${units}e-${places}`)).toFixed());
    const amounts = fc.array(fc.oneof(grosze, grosze, nearLimit, finer, fc.constantFrom('0', '-0.01')), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(amounts, amounts, fc.boolean(), (left, right, subtract) => {
        const totalOf = (texts: string[]): MoneyTotal => {
          const total = new MoneyTotal();
          for (const text of texts) total.add(dec(text));
          return total;
        };
        const oracleOf = (texts: string[]): Decimal =>
          texts.reduce((sum, text) => sum.plus(text), new Oracle(0));
        const combined = subtract
          ? totalOf(left).subtractTotal(totalOf(right))
          : totalOf(left).addTotal(totalOf(right));
        const oracle = subtract ? oracleOf(left).minus(oracleOf(right)) : oracleOf(left).plus(oracleOf(right));
        expect(combined.value().toString()).toBe(oracle.toFixed());
        expect(combined.text()).toBe(oracle.toFixed(2));
        expect(combined.isZero()).toBe(oracle.isZero());
      }),
      { numRuns: 2_000 },
    );
    expect(new MoneyTotal().text()).toBe('0.00');
    expect(new MoneyTotal().add(dec('0.01')).subtractTotal(new MoneyTotal().add(dec('0.01'))).text()).toBe('0.00');
    expect(new MoneyTotal().add(dec('-0.004')).text()).toBe('-0.00');
  });

  it('never lets a per diem go below zero', () => {
    expect(clampAtZero(dec('-3.5')).toString()).toBe('0');
    expect(clampAtZero(dec('3.5')).toString()).toBe('3.5');
  });

  it('parses decimal strings only, never numbers or comma decimals', () => {
    expect(parseDecimal('12.50')?.toFixed(2)).toBe('12.50');
    expect(parseDecimal('-3')?.toString()).toBe('-3');
    expect(parseDecimal('12,50')).toBeNull();
    expect(parseDecimal('1.234')).toBeNull();
    expect(parseDecimal('1.234', 3)?.toString()).toBe('1.234');
    expect(parseDecimal(null)).toBeNull();
  });
});
