/**
 * An exact decimal number on the engine's hot path: an integer of units of 10^-scale, held as a
 * `number` while it is a safe integer and as a native BigInt beyond. Adding, subtracting and multiplying are exact; dividing keeps `DIVISION_SCALE` decimals,
 * rounded half away from zero, as is every rounding here (the law's and the accountant's rounding).
 *
 * It answers the part of decimal.js's API that Delego uses, with decimal.js's results (the property
 * tests in `exact-decimal.test.ts` hold it to decimal.js): decimal.js spends about half a microsecond
 * on each operation, parsing and normalising digit arrays, and a settlement makes thousands, while a
 * BigInt operation takes tens of nanoseconds (docs/performance.md, "The engine").
 */

/** Decimals a quotient keeps: far beyond any rounding to grosze or to the four decimals of a rate. */
const DIVISION_SCALE = 34;
/** A product with more decimals than this is rounded to `SCALE_LIMIT` (decimal.js keeps 40 significant digits). */
const SCALE_LIMIT = 48;

const POWERS: bigint[] = [1n];
function pow10(exponent: number): bigint {
  while (POWERS.length <= exponent) POWERS.push(POWERS[POWERS.length - 1]! * 10n);
  return POWERS[exponent]!;
}

/**
 * Powers of ten that are safe integers (10^15 < 2^53), for units held as a `number`. A double holds
 * every integer up to 2^53 exactly, and +, −, × and % of such integers are exact whenever the result
 * is one too: rounding is monotonic, so a true result beyond 2^53 − 1 comes out as no safe integer,
 * which `Number.isSafeInteger` catches, and the operation is redone on BigInt.
 */
const SMALL_POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const MAX_SMALL = BigInt(Number.MAX_SAFE_INTEGER);

const NUMBER_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Texts already parsed (`ExactDecimal.parse`); cleared when full. */
const PARSED = new Map<string, ExactDecimal>();
const PARSED_LIMIT = 10_000;

/** `units / divisor` rounded half away from zero. */
function divideRounded(units: bigint, divisor: bigint): bigint {
  const negative = units < 0n !== divisor < 0n;
  const numerator = units < 0n ? -units : units;
  const denominator = divisor < 0n ? -divisor : divisor;
  let quotient = numerator / denominator;
  if ((numerator % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** `units / divisor` rounded half away from zero, for a safe integer and a positive power of ten at most 10^15: every step is exact. */
function divideRoundedSmall(units: number, divisor: number): number {
  const remainder = units % divisor;
  const quotient = (units - remainder) / divisor;
  if (remainder * 2 >= divisor) return quotient + 1;
  if (remainder * 2 <= -divisor) return quotient - 1;
  return quotient + 0;
}

/**
 * Safe-integer `units` with their last `places` decimals dropped, rounded half away from zero (the
 * only rounding), or NaN when `places` is beyond 15. For callers that keep money in plain integers
 * of units (the currency ledger's running totals): every step is exact, as in `divideRoundedSmall`.
 */
export function roundSafeUnits(units: number, places: number): number {
  if (places === 0) return units;
  return places < SMALL_POWERS.length ? divideRoundedSmall(units, SMALL_POWERS[places]!) : Number.NaN;
}

/** `units` × 10^`exponent` as a safe integer, or NaN when it is none. */
function scaleSmall(units: number, exponent: number): number {
  if (exponent === 0) return units;
  const scaled = exponent < SMALL_POWERS.length ? units * SMALL_POWERS[exponent]! : Number.NaN;
  return Number.isSafeInteger(scaled) ? scaled : Number.NaN;
}

/** Marks the constructor's call with units already worked out (`ExactDecimal.ofSmall`, `ExactDecimal.ofBig`). */
const UNITS = Symbol('units');

/** The digits of a non-negative integer with at least `places` + 1 of them, the point before the last `places`. */
function pointed(digits: string, places: number): string {
  const padded = digits.length > places ? digits : digits.padStart(places + 1, '0');
  return places === 0 ? padded : `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/**
 * Texts of amounts in grosze already printed (`toFixed(2)`, keyed by the rounded units): a settlement
 * prints hundreds, mostly the same rates and amounts each time the form is calculated again, and
 * building a text costs several times more than finding it (docs/performance.md, "The engine").
 * Direct-mapped: each amount has one slot, chosen by its low bits, holding the units it was printed
 * for and their text; an amount meeting another in its slot takes it over. A slot is two array
 * reads and a comparison, where a `Map` look-up took the tenth of the engine's time.
 */
const MONEY_SLOTS = 4096;
const MONEY_SLOT_MASK = MONEY_SLOTS - 1;
/** The units each slot was printed for (exact: a safe integer is exact in a double). */
const MONEY_UNITS = new Float64Array(MONEY_SLOTS);
/** The text of each slot's units; empty for a slot never filled. */
const MONEY_TEXTS: string[] = new Array<string>(MONEY_SLOTS).fill('');

/**
 * Safe-integer `units` of 10^-`places` as fixed-point text, `places` at most 15; `negative` (the value
 * before rounding) keeps the sign of a negative value rounded to zero, as decimal.js prints it.
 */
function fixedText(units: number, places: number, negative: boolean): string {
  if (places === 2 && !(negative && units === 0)) {
    // `| 0` keeps the low 32 bits of any safe integer (ToInt32), so every amount has a slot.
    const slot = (units | 0) & MONEY_SLOT_MASK;
    const known = MONEY_TEXTS[slot]!;
    if (known !== '' && MONEY_UNITS[slot] === units) return known;
    const text = fixedTextOf(units, 2, units < 0);
    MONEY_UNITS[slot] = units;
    MONEY_TEXTS[slot] = text;
    return text;
  }
  return fixedTextOf(units, places, negative);
}

/**
 * The text of safe-integer `units` of 10^-`places` with exactly `places` decimals, `places` at most 15:
 * what `ExactDecimal.ofSafeUnits(units, places).toFixed(places)` prints, without building the decimal
 * (for callers that keep money in plain integers of units: `MoneyTotal`).
 */
export function textOfSafeUnits(units: number, places: number): string {
  if (!Number.isSafeInteger(units) || places >= SMALL_POWERS.length) {
    throw new Error(`[ExactDecimal] Not a safe integer of units: ${units}`);
  }
  return fixedText(units + 0, places, units < 0);
}

/** `fixedText` built: `%` and the division of its exact multiple are exact on safe integers. */
function fixedTextOf(units: number, places: number, negative: boolean): string {
  const magnitude = units < 0 ? -units : units;
  let text: string;
  if (places === 0) text = String(magnitude);
  else {
    const power = SMALL_POWERS[places]!;
    const fraction = magnitude % power;
    const digits = String(fraction);
    text = `${(magnitude - fraction) / power}.${digits.length === places ? digits : '0'.repeat(places - digits.length) + digits}`;
  }
  return negative ? `-${text}` : text;
}

export type ExactDecimalInput = ExactDecimal | string | number;

export class ExactDecimal {
  /** The only rounding mode: half away from zero. Kept for callers written against decimal.js. */
  static readonly ROUND_HALF_UP = 4;

  readonly scale: number;
  /**
   * The units while they are a safe integer, NaN otherwise. Amounts, rates and their sums and
   * products fit a double, and a double's arithmetic costs a few nanoseconds where a BigInt's costs
   * tens and an allocation (docs/performance.md, "The engine"); quotients keep 34 decimals and do not.
   */
  private readonly small: number;
  /** The units when they are no safe integer; null when `small` holds them. */
  private readonly big: bigint | null;

  constructor(value: ExactDecimalInput | bigint, scale = 0, held?: typeof UNITS) {
    if (held === UNITS) {
      this.small = typeof value === 'number' ? value : Number.NaN;
      this.big = typeof value === 'bigint' ? value : null;
      this.scale = scale;
      return;
    }
    if (typeof value === 'bigint') {
      const fits = value >= -MAX_SMALL && value <= MAX_SMALL;
      this.small = fits ? Number(value) : Number.NaN;
      this.big = fits ? null : value;
      this.scale = scale;
      return;
    }
    if (value instanceof ExactDecimal) {
      this.small = value.small;
      this.big = value.big;
      this.scale = value.scale;
      return;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`[ExactDecimal] Invalid argument: ${value}`);
    const text = typeof value === 'number' ? String(value) : value.trim();
    const match = NUMBER_PATTERN.exec(text);
    const whole = match?.[2] ?? '';
    const fraction = match?.[3] ?? '';
    if (!match || whole.length + fraction.length === 0) throw new Error(`[ExactDecimal] Invalid argument: ${value}`);
    let units = BigInt(whole + fraction);
    let digits = fraction.length - Number(match[4] ?? 0);
    if (digits < 0) {
      units *= pow10(-digits);
      digits = 0;
    }
    if (match[1] === '-') units = -units;
    const fits = units >= -MAX_SMALL && units <= MAX_SMALL;
    this.small = fits ? Number(units) : Number.NaN;
    this.big = fits ? null : units;
    this.scale = digits;
  }

  /** A decimal of units that are a safe integer (−0 becomes 0: a BigInt has no negative zero). */
  private static ofSmall(units: number, scale: number): ExactDecimal {
    return new ExactDecimal(units + 0, scale, UNITS);
  }

  /** A decimal of BigInt units, held as a number when they fit. */
  private static ofBig(units: bigint, scale: number): ExactDecimal {
    return units >= -MAX_SMALL && units <= MAX_SMALL
      ? new ExactDecimal(Number(units), scale, UNITS)
      : new ExactDecimal(units, scale, UNITS);
  }

  private static of(units: bigint, scale: number): ExactDecimal {
    return scale > SCALE_LIMIT ? ExactDecimal.ofBig(divideRounded(units, pow10(scale - SCALE_LIMIT)), SCALE_LIMIT) : ExactDecimal.ofBig(units, scale);
  }

  /**
   * A decimal of a text or number, parsed once: the engine meets the same rates and amounts (as strings
   * from the form and the rate tables) in every doba and conversion. Decimals are immutable, so one
   * instance is shared.
   */
  static parse(value: string | number): ExactDecimal {
    // Counts and numerators (0, 1, 2, 3…): no text of them to build and look up.
    if (typeof value === 'number' && value >= 0 && value < INTEGERS.length && Number.isInteger(value)) return INTEGERS[value]!;
    const key = typeof value === 'number' ? String(value) : value;
    let parsed = PARSED.get(key);
    if (parsed === undefined) {
      parsed = new ExactDecimal(value);
      if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
      PARSED.set(key, parsed);
    }
    return parsed;
  }

  /**
   * A decimal of `units` of 10^-`scale` worked out in plain numbers by a caller (the currency ledger);
   * `units` must be a safe integer, the caller having checked each step with `Number.isSafeInteger`.
   */
  static ofSafeUnits(units: number, scale: number): ExactDecimal {
    if (!Number.isSafeInteger(units)) throw new Error(`[ExactDecimal] Not a safe integer of units: ${units}`);
    return ExactDecimal.ofSmall(units, scale);
  }

  private static from(value: ExactDecimalInput): ExactDecimal {
    return value instanceof ExactDecimal ? value : ExactDecimal.parse(value);
  }

  /**
   * The exact sum of decimals. While every partial sum is a safe integer it adds plain numbers and
   * builds one decimal at the end, instead of one per addition (the engine's totals add dozens of lines
   * per settlement; docs/performance.md, "The engine"); otherwise it adds them one by one.
   */
  static sum(values: readonly ExactDecimal[]): ExactDecimal {
    let scale = 0;
    for (const value of values) {
      if (value.big !== null) return ExactDecimal.sumOneByOne(values);
      if (value.scale > scale) scale = value.scale;
    }
    let units = 0;
    for (const value of values) {
      units += scaleSmall(value.small, scale - value.scale);
      if (!Number.isSafeInteger(units)) return ExactDecimal.sumOneByOne(values);
    }
    return ExactDecimal.ofSmall(units, scale);
  }

  private static sumOneByOne(values: readonly ExactDecimal[]): ExactDecimal {
    let total = ExactDecimal.ofSmall(0, 0);
    for (const value of values) total = total.plus(value);
    return total;
  }

  /** The units as a BigInt, whichever way they are held. */
  get units(): bigint {
    return this.big ?? BigInt(this.small);
  }

  /** This value's units at a scale at least its own. */
  private unitsAt(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }

  /** This value's units at a scale at least its own as a safe integer, or NaN. */
  private smallAt(scale: number): number {
    return this.big === null ? scaleSmall(this.small, scale - this.scale) : Number.NaN;
  }

  /**
   * This value's units of 10^-`scale` as a safe integer, or NaN when they are none: held as a BigInt,
   * beyond 2^53 − 1 at that scale, or `scale` below this value's own (the value has more decimals);
   * NaN for zero too when `scale` adds more than 15 decimals to its own.
   * For callers that add and multiply money in plain numbers (the currency ledger).
   */
  safeUnitsAt(scale: number): number {
    return scale >= this.scale ? this.smallAt(scale) : Number.NaN;
  }

  plus(value: ExactDecimalInput): ExactDecimal {
    const other = ExactDecimal.from(value);
    const scale = this.scale > other.scale ? this.scale : other.scale;
    const sum = this.smallAt(scale) + other.smallAt(scale);
    if (Number.isSafeInteger(sum)) return ExactDecimal.ofSmall(sum, scale);
    return ExactDecimal.ofBig(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  minus(value: ExactDecimalInput): ExactDecimal {
    const other = ExactDecimal.from(value);
    const scale = this.scale > other.scale ? this.scale : other.scale;
    const difference = this.smallAt(scale) - other.smallAt(scale);
    if (Number.isSafeInteger(difference)) return ExactDecimal.ofSmall(difference, scale);
    return ExactDecimal.ofBig(this.unitsAt(scale) - other.unitsAt(scale), scale);
  }

  times(value: ExactDecimalInput): ExactDecimal {
    const other = ExactDecimal.from(value);
    const scale = this.scale + other.scale;
    const product = this.small * other.small;
    if (scale <= SCALE_LIMIT && Number.isSafeInteger(product)) return ExactDecimal.ofSmall(product, scale);
    return ExactDecimal.of(this.units * other.units, scale);
  }

  div(value: ExactDecimalInput): ExactDecimal {
    const other = ExactDecimal.from(value);
    if (other.isZero()) throw new Error('[ExactDecimal] Division by zero');
    const scale = Math.max(this.scale, DIVISION_SCALE);
    return ExactDecimal.ofBig(divideRounded(this.units * pow10(scale - this.scale + other.scale), other.units), scale);
  }

  /** Rounded to `places` decimals, half away from zero (the only rounding used). */
  toDecimalPlaces(places: number, _rounding: number = ExactDecimal.ROUND_HALF_UP): ExactDecimal {
    if (this.scale <= places) return this;
    const dropped = this.scale - places;
    if (this.big === null && dropped < SMALL_POWERS.length) {
      return ExactDecimal.ofSmall(divideRoundedSmall(this.small, SMALL_POWERS[dropped]!), places);
    }
    return ExactDecimal.ofBig(divideRounded(this.units, pow10(dropped)), places);
  }

  /** Decimals after dropping trailing zeros. */
  decimalPlaces(): number {
    if (this.big === null) {
      let units = this.small;
      let places = this.scale;
      while (places > 0 && units % 10 === 0) {
        units /= 10;
        places -= 1;
      }
      return places;
    }
    const digits = this.big.toString();
    let places = this.scale;
    for (let index = digits.length - 1; places > 0 && digits.charCodeAt(index) === 48; index -= 1) places -= 1;
    return places;
  }

  /** Fixed-point text; with `places`, rounded to exactly that many decimals (a negative value rounding to zero keeps its sign, as in decimal.js). */
  toFixed(places?: number): string {
    if (places === undefined) return this.toString();
    if (this.big === null && places < SMALL_POWERS.length) {
      // The number path: rounded and printed without building a rounded decimal (the engine prints
      // hundreds of amounts per settlement; docs/performance.md, "The engine").
      const dropped = this.scale - places;
      const units =
        dropped <= 0
          ? scaleSmall(this.small, -dropped)
          : dropped < SMALL_POWERS.length
            ? divideRoundedSmall(this.small, SMALL_POWERS[dropped]!)
            : Number.NaN;
      if (!Number.isNaN(units)) return fixedText(units, places, this.small < 0);
    }
    const rounded = this.toDecimalPlaces(places);
    const small = rounded.smallAt(places);
    if (!Number.isNaN(small)) {
      const negative = small < 0 || (small === 0 && this.isNegative());
      const text = pointed(String(small < 0 ? -small : small), places);
      return negative ? `-${text}` : text;
    }
    const units = rounded.unitsAt(places);
    const negative = units < 0n || (units === 0n && this.isNegative());
    const text = pointed((units < 0n ? -units : units).toString(), places);
    return negative ? `-${text}` : text;
  }

  /** The shortest plain text: no trailing zeros, no exponent. */
  toString(): string {
    const places = this.decimalPlaces();
    if (this.big === null) {
      const dropped = this.scale - places;
      // Zero or a small value at a scale above 15 drops more zeros than a double's powers of ten hold exactly.
      const units = dropped === 0 ? this.small : dropped < SMALL_POWERS.length ? this.small / SMALL_POWERS[dropped]! : Number(this.units / pow10(dropped));
      const text = pointed(String(units < 0 ? -units : units), places);
      return units < 0 ? `-${text}` : text;
    }
    const units = places === this.scale ? this.big : this.big / pow10(this.scale - places);
    const negative = units < 0n;
    const text = pointed((negative ? -units : units).toString(), places);
    return negative ? `-${text}` : text;
  }

  toJSON(): string {
    return this.toString();
  }

  valueOf(): string {
    return this.toString();
  }

  toNumber(): number {
    return Number(this.toString());
  }

  comparedTo(value: ExactDecimalInput): number {
    const other = ExactDecimal.from(value);
    const scale = this.scale > other.scale ? this.scale : other.scale;
    const x = this.smallAt(scale);
    const y = other.smallAt(scale);
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y ? 0 : x > y ? 1 : -1;
    const a = this.unitsAt(scale);
    const b = other.unitsAt(scale);
    return a === b ? 0 : a > b ? 1 : -1;
  }

  equals(value: ExactDecimalInput): boolean {
    return this.comparedTo(value) === 0;
  }

  greaterThan(value: ExactDecimalInput): boolean {
    return this.comparedTo(value) > 0;
  }

  greaterThanOrEqualTo(value: ExactDecimalInput): boolean {
    return this.comparedTo(value) >= 0;
  }

  lessThan(value: ExactDecimalInput): boolean {
    return this.comparedTo(value) < 0;
  }

  lessThanOrEqualTo(value: ExactDecimalInput): boolean {
    return this.comparedTo(value) <= 0;
  }

  lte(value: ExactDecimalInput): boolean {
    return this.lessThanOrEqualTo(value);
  }

  isZero(): boolean {
    return this.small === 0;
  }

  isNegative(): boolean {
    return this.big === null ? this.small < 0 : this.big < 0n;
  }

  /** True for zero too, as in decimal.js (its zero is positive). */
  isPositive(): boolean {
    return !this.isNegative();
  }

  abs(): ExactDecimal {
    return this.isNegative() ? this.negated() : this;
  }

  negated(): ExactDecimal {
    return this.big === null ? ExactDecimal.ofSmall(-this.small, this.scale) : new ExactDecimal(-this.big, this.scale, UNITS);
  }
}

/** The decimals of the integers from 0 to 15, shared (`ExactDecimal.parse`). */
const INTEGERS: readonly ExactDecimal[] = SMALL_POWERS.map((_, integer) => new ExactDecimal(integer));
