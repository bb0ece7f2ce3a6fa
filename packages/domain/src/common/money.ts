import { ExactDecimal, textOfSafeUnits } from './exact-decimal.ts';

/**
 * Decimal arithmetic for money and rates. Never a binary float: every amount is an exact decimal
 * (`ExactDecimal`, native BigInt units), and crosses the wire as a decimal string ("123.45").
 */
export const Dec = ExactDecimal;
export type Dec = ExactDecimal;

export type DecimalInput = Dec | string | number;

/** Builds a decimal; numbers are accepted only for literal constants in code. A decimal is returned as it is, a text is parsed once (`ExactDecimal.parse`). */
export function dec(value: DecimalInput): Dec {
  return value instanceof Dec ? value : Dec.parse(value);
}

/** Rounds half-up to whole grosze (0.01), the law's and the accountant's rounding. */
export function roundMoney(value: DecimalInput): Dec {
  return dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/** A money amount as it travels in the API: two decimals, dot separator. */
export function formatMoney(value: DecimalInput): string {
  return roundMoney(value).toFixed(2);
}

/** Sums decimals exactly. */
export function sumDecimals(values: readonly DecimalInput[]): Dec {
  return Dec.sum(values.map(dec));
}

/**
 * A running total of money amounts. While every amount has at most two decimals and every partial sum
 * of grosze is a safe integer it adds plain numbers (`safeUnitsAt`, checked with
 * `Number.isSafeInteger` after each addition) and builds one decimal when asked, instead of one per
 * addition; from the first amount or sum that is not, it adds decimals (docs/performance.md, "The
 * engine"). The value is the exact sum either way. A total that is only printed is printed from its
 * grosze (`text`), and totals add and subtract each other in grosze too: no decimal at all.
 */
export class MoneyTotal {
  private grosze = 0;
  private exact: Dec | null = null;

  add(value: Dec): this {
    if (this.exact === null) {
      const sum = this.grosze + value.safeUnitsAt(2);
      if (Number.isSafeInteger(sum)) {
        this.grosze = sum;
        return this;
      }
      this.exact = Dec.ofSafeUnits(this.grosze, 2);
    }
    this.exact = this.exact.plus(value);
    return this;
  }

  /** `minuend − subtrahend`, printed (a balance: what is due less what was paid). */
  static differenceText(minuend: MoneyTotal, subtrahend: MoneyTotal): string {
    return new MoneyTotal().addTotal(minuend).subtractTotal(subtrahend).text();
  }

  /** Adds another total's value. */
  addTotal(other: MoneyTotal): this {
    return this.combine(other, 1);
  }

  /** Subtracts another total's value. */
  subtractTotal(other: MoneyTotal): this {
    return this.combine(other, -1);
  }

  private combine(other: MoneyTotal, sign: 1 | -1): this {
    if (this.exact === null && other.exact === null) {
      const sum = this.grosze + sign * other.grosze;
      if (Number.isSafeInteger(sum)) {
        this.grosze = sum;
        return this;
      }
    }
    const mine = this.value();
    this.exact = sign === 1 ? mine.plus(other.value()) : mine.minus(other.value());
    return this;
  }

  value(): Dec {
    return this.exact ?? Dec.ofSafeUnits(this.grosze, 2);
  }

  /** `value().toFixed(2)`: while the total is in grosze, printed from them without a decimal. */
  text(): string {
    return this.exact === null ? textOfSafeUnits(this.grosze, 2) : this.exact.toFixed(2);
  }

  isZero(): boolean {
    return this.exact === null ? this.grosze === 0 : this.exact.isZero();
  }
}

/** The larger of the value and zero: a per diem never goes below zero. */
export function clampAtZero(value: Dec): Dec {
  return value.isNegative() ? dec(0) : value;
}

/** A money string with at most two decimals, e.g. "12", "12.5", "-3.25". */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

/** The pattern of `parseDecimal` per number of decimals, built once. */
const DECIMAL_PATTERNS = new Map<number, RegExp>();

/**
 * Parses a decimal string as the API carries it (dot separator, optional minus, at most
 * `maxDecimals` decimals); null for a missing or malformed value. Never coerces a number.
 */
export function parseDecimal(text: string | null | undefined, maxDecimals = 2): Dec | null {
  if (typeof text !== 'string') return null;
  let pattern = DECIMAL_PATTERNS.get(maxDecimals);
  if (!pattern) {
    pattern = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${maxDecimals}})?$`);
    DECIMAL_PATTERNS.set(maxDecimals, pattern);
  }
  return pattern.test(text) ? dec(text) : null;
}
