import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ExactDecimal } from './exact-decimal.ts';

/** The library the engine used before, set up as it was: the oracle of every operation. */
const Oracle = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Decimal texts as amounts, rates and shares come: up to 12 whole digits and 8 decimals, either sign. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 99_999_999n }))
  .map(([negative, whole, places, fraction]) => `${negative ? '-' : ''}${whole}${places === 0 ? '' : `.${fraction.toString().padStart(8, '0').slice(0, places)}`}`);

const runs = { numRuns: 400 };

describe('the exact decimal', () => {
  it('adds, subtracts and multiplies exactly as decimal.js does', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(new ExactDecimal(a).plus(b).toString()).toBe(new Oracle(a).plus(b).toFixed());
        expect(new ExactDecimal(a).minus(b).toString()).toBe(new Oracle(a).minus(b).toFixed());
        expect(new ExactDecimal(a).times(b).toString()).toBe(new Oracle(a).times(b).toFixed());
      }),
      runs,
    );
  });

  it('divides to the same first ten decimals as decimal.js, and refuses to divide by zero', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        fc.pre(!new Oracle(b).isZero());
        expect(new ExactDecimal(a).div(b).toFixed(10)).toBe(new Oracle(a).div(b).toFixed(10));
      }),
      runs,
    );
    expect(() => new ExactDecimal('1').div('0.00')).toThrow(/Division by zero/);
  });

  it('rounds half away from zero to any number of decimals, and prints as decimal.js prints', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 6 }), (a, places) => {
        const exact = new ExactDecimal(a);
        const oracle = new Oracle(a);
        expect(exact.toFixed(places)).toBe(oracle.toFixed(places));
        expect(exact.toDecimalPlaces(places).toString()).toBe(oracle.toDecimalPlaces(places).toFixed());
        expect(exact.decimalPlaces()).toBe(oracle.decimalPlaces());
        expect(exact.toString()).toBe(oracle.toFixed());
        expect(JSON.stringify({ exact })).toBe(JSON.stringify({ exact: oracle.toFixed() }));
      }),
      runs,
    );
    expect(['2.345', '-2.345', '0.005', '-0.005', '-0.004'].map((text) => new ExactDecimal(text).toFixed(2))).toEqual(['2.35', '-2.35', '0.01', '-0.01', '-0.00']);
  });

  it('compares and tests sign and zero as decimal.js does', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const exact = new ExactDecimal(a);
        const oracle = new Oracle(a);
        expect(exact.comparedTo(b)).toBe(oracle.comparedTo(b));
        expect([exact.greaterThan(b), exact.greaterThanOrEqualTo(b), exact.lessThan(b), exact.lessThanOrEqualTo(b), exact.equals(b)]).toEqual([
          oracle.greaterThan(b),
          oracle.greaterThanOrEqualTo(b),
          oracle.lessThan(b),
          oracle.lessThanOrEqualTo(b),
          oracle.equals(b),
        ]);
        expect([exact.isZero(), exact.abs().toString(), exact.negated().toString()]).toEqual([oracle.isZero(), oracle.abs().toFixed(), oracle.negated().toFixed()]);
        if (!oracle.isZero()) expect([exact.isNegative(), exact.isPositive()]).toEqual([oracle.isNegative(), oracle.isPositive()]);
      }),
      runs,
    );
  });

  it('reads numbers, exponents and signs, and refuses what is not a number', () => {
    expect([new ExactDecimal(0).toString(), new ExactDecimal(100).toString(), new ExactDecimal(0.25).toString(), new ExactDecimal('1e3').toString(), new ExactDecimal('+4.50').toFixed(2), new ExactDecimal('-.5').toString()]).toEqual([
      '0',
      '100',
      '0.25',
      '1000',
      '4.50',
      '-0.5',
    ]);
    for (const bad of ['', 'abc', '1.2.3', '-', '.']) expect(() => new ExactDecimal(bad)).toThrow(/Invalid argument/);
    expect(() => new ExactDecimal(Number.NaN)).toThrow(/Invalid argument/);
  });
});
