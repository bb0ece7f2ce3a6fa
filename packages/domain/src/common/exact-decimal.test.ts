import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ExactDecimal, roundSafeUnits } from './exact-decimal.ts';

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

  it('prints a safe integer of units to any number of decimals up to fifteen as decimal.js does, on the number path and from its memo', () => {
    // Units below 2^53 at scales from 0 to 20, printed with fewer, as many or more decimals (padding, rounding, −0.00).
    const safeUnits = fc.oneof(fc.integer({ min: -999_999, max: 999_999 }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(safeUnits, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 15 }), (units, scale, places) => {
        const exact = new ExactDecimal(BigInt(units), scale);
        const oracle = new Oracle(`${units}e-${scale}`);
        // Twice: the second text of two decimals comes from the memo of printed amounts.
        expect([exact.toFixed(places), exact.toFixed(places)]).toEqual([oracle.toFixed(places), oracle.toFixed(places)]);
      }),
      { numRuns: 2_000 },
    );
    expect(['-0.004', '0.005', '-0.5', '0.5', '999.995', '-999.995', '0.09'].map((text) => [new ExactDecimal(text).toFixed(2), new ExactDecimal(text).toFixed(0)])).toEqual([
      ['-0.00', '-0'],
      ['0.01', '0'],
      ['-0.50', '-1'],
      ['0.50', '1'],
      ['1000.00', '1000'],
      ['-1000.00', '-1000'],
      ['0.09', '0'],
    ]);
  });

  it('prints amounts whose units agree in their low bits, in turn, each as its own text', () => {
    // Units apart by a multiple of 4096 (or of 2^32) share a slot of the memo of printed amounts; either sign, beyond 2^32 too.
    const base = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 });
    const apart = fc.constantFrom(4_096, 8_192, 65_536, 2 ** 32, 2 ** 33 + 4_096);
    fc.assert(
      fc.property(base, apart, fc.integer({ min: 1, max: 3 }), (units, step, times) => {
        const amounts = [units, units + step * times, units - step, units].map((value) => new ExactDecimal(BigInt(value), 2));
        const texts = [...amounts, ...amounts].map((amount) => amount.toFixed(2));
        expect(texts).toEqual([...amounts, ...amounts].map((amount) => new Oracle(amount.units.toString()).div(100).toFixed(2)));
      }),
      runs,
    );
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

  it('gives the results of decimal.js for amounts small enough for a double, and across 2^53 where they stop being so', () => {
    // Units up to 2^53 are held in a double, beyond in a BigInt: both ways, and every crossing between them, must agree.
    const nearLimit = fc
      .tuple(fc.bigInt({ min: 9_007_199_254_740_000n, max: 9_007_199_254_742_000n }), fc.integer({ min: 0, max: 6 }), fc.boolean())
      .map(([units, places, negative]) => `${negative ? '-' : ''}${units.toString().slice(0, units.toString().length - places)}${places === 0 ? '' : `.${units.toString().slice(-places)}`}`);
    const smallText = fc
      .tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9_999 }))
      .map(([negative, whole, places, fraction]) => `${negative ? '-' : ''}${whole}${places === 0 ? '' : `.${String(fraction).padStart(4, '0').slice(0, places)}`}`);
    const operand = fc.oneof(smallText, nearLimit, decimalText);
    fc.assert(
      fc.property(operand, operand, fc.integer({ min: 0, max: 6 }), (a, b, places) => {
        const exact = new ExactDecimal(a);
        const oracle = new Oracle(a);
        expect(exact.plus(b).toString()).toBe(oracle.plus(b).toFixed());
        expect(exact.minus(b).toString()).toBe(oracle.minus(b).toFixed());
        expect(exact.times(b).toString()).toBe(oracle.times(b).toFixed());
        expect(exact.times(b).toFixed(places)).toBe(oracle.times(b).toFixed(places));
        expect(exact.toDecimalPlaces(places).toString()).toBe(oracle.toDecimalPlaces(places).toFixed());
        expect(exact.decimalPlaces()).toBe(oracle.decimalPlaces());
        expect(exact.comparedTo(b)).toBe(oracle.comparedTo(b));
        expect([exact.negated().toString(), exact.abs().toString(), exact.isZero()]).toEqual([oracle.negated().toFixed(), oracle.abs().toFixed(), oracle.isZero()]);
        if (!new Oracle(b).isZero()) expect(exact.div(b).toFixed(10)).toBe(oracle.div(b).toFixed(10));
      }),
      { numRuns: 1_000 },
    );
    expect(new ExactDecimal('9007199254740991').plus('1').toString()).toBe('9007199254740992');
    expect(new ExactDecimal('-90071992547409.91').minus('0.02').toString()).toBe('-90071992547409.93');
    expect(new ExactDecimal('94906265.62').times('94906265.63').toString()).toBe(new Oracle('94906265.62').times('94906265.63').toFixed());
  });

  it('gives its units at a scale as a safe integer only when they are one, and takes them back, rounded as decimal.js rounds', () => {
    // Either side of 2^53 at scales 0–20: the units a caller adds and multiplies in plain numbers (the currency ledger).
    const units = fc.oneof(fc.integer({ min: -999_999, max: 999_999 }), fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }).map(Number).filter(Number.isSafeInteger), fc.bigInt({ min: 2n ** 53n - 2_000n, max: 2n ** 53n + 2_000n }));
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (value, scale, at) => {
        const exact = new ExactDecimal(BigInt(value), scale);
        const oracle = new Oracle(`${value}e-${scale}`);
        const expected = at >= scale ? oracle.times(new Oracle(10).pow(at)) : null;
        // More than 15 decimals added leave no safe integer but zero's, which is refused too: the caller takes the decimal path then.
        const safe = expected !== null && at - scale <= 15 && expected.abs().lessThanOrEqualTo(Number.MAX_SAFE_INTEGER) ? expected.toNumber() : Number.NaN;
        expect(exact.safeUnitsAt(at)).toBe(safe);
        if (!Number.isNaN(safe)) expect(ExactDecimal.ofSafeUnits(safe, at).toString()).toBe(oracle.toFixed());
        if (typeof value === 'number' && at <= 15) {
          expect(roundSafeUnits(value, at)).toBe(new Oracle(value).div(new Oracle(10).pow(at)).toDecimalPlaces(0).toNumber() + 0);
        }
      }),
      { numRuns: 2_000 },
    );
    expect(roundSafeUnits(12_345, 16)).toBeNaN();
    expect(() => ExactDecimal.ofSafeUnits(2 ** 53, 2)).toThrow();
  });

  it('sums a list exactly as decimal.js adds it up, within doubles and beyond 2^53', () => {
    const nearLimit = fc.bigInt({ min: 4_503_599_627_370_000n, max: 4_503_599_627_371_000n }).map((units) => `${units}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(decimalText, nearLimit, fc.constantFrom('0', '0.01', '-12.5', '49.00')), { maxLength: 12 }), (texts) => {
        const oracle = texts.reduce((total, text) => total.plus(text), new Oracle(0));
        expect(ExactDecimal.sum(texts.map((text) => new ExactDecimal(text))).toString()).toBe(oracle.toFixed());
      }),
      runs,
    );
  });

  it('prints values whose trailing zeros reach past fifteen decimals, as a 0 % VAT rate divided by 100 has', () => {
    const texts = ['0', '0.000000000000000000', '-0.0000000000000000000000', '7.000000000000000000', '12.50000000000000000000'];
    expect(texts.map((text) => new ExactDecimal(text).toString())).toEqual(texts.map((text) => new Oracle(text).toFixed()));
    expect([new ExactDecimal('0').div(100).toString(), new ExactDecimal('8').div(100).toString()]).toEqual(['0', '0.08']);
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 9, max: 30 }), (a, zeros) => {
        const padded = `${a}${a.includes('.') ? '' : '.'}${'0'.repeat(zeros)}`;
        expect(new ExactDecimal(padded).toString()).toBe(new Oracle(padded).toFixed());
      }),
      runs,
    );
  });

  it('parses numbers, the shared small integers among them, as decimal.js reads them', () => {
    const numbers = [-0, 0, 1, 2, 3, 15, 16, 100, -1, 0.5, 2.5, 1e21];
    expect(numbers.map((value) => ExactDecimal.parse(value).toString())).toEqual(numbers.map((value) => new Oracle(value).toFixed()));
    expect(ExactDecimal.parse(3).times('0.25').toFixed(2)).toBe('0.75');
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
