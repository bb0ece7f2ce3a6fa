import { clampAtZero, dec, type Dec } from '../common/money.ts';
import { explain, PARAGRAPH, type Explanation } from './explanation.ts';
import type { PerDiemRate, RateBook } from './rates/rate-book.ts';
import type { PerDiemRuleSet } from './rates/statutory-rates.ts';
import {
  DOBA_MS,
  HOUR_MS,
  hoursAndMinutes,
  localDateOf,
  localDateTimeOf,
  type Interval,
} from './trip-time.ts';

/**
 * Per diem (dieta) by doba: § 7 ust. 2–4 for domestic time, § 13 ust. 3 and § 14–15 abroad.
 * See docs/domain/per-diem.md for the rules, the rounding points and the rate-change rule.
 */

/** Domestic time follows chapter 2 of the regulation (also inside a foreign trip, § 21); foreign time § 13. */
export type TripKind = 'domestic' | 'foreign';

/** Meals provided and board in one doba. Counts, because summed domestic parts can bring two breakfasts. */
export interface DobaMeals {
  breakfast: number;
  lunch: number;
  dinner: number;
  fullBoard: boolean;
  hospital: boolean;
}

/** A country part as the per-diem calculation sees it. */
export interface PerDiemSpan {
  partIndex: number;
  countryCode: string;
  region: string | null;
  interval: Interval;
  /** Meals by the part's own dobas (24 h windows from its start). */
  meals: readonly DobaMeals[];
  /** Whether the local-transport lump sum is due for dobas that start in this part. */
  localTransport: boolean;
}

/**
 * Time settled as one trip: a foreign country part alone, the domestic part of a domestic trip, or
 * the domestic parts of a foreign trip, summed (the default) or each alone (§ 21, company policy).
 * Dobas are counted over the unit's time laid end to end.
 */
export interface PerDiemUnit {
  kind: TripKind;
  /** Sorted by start, not overlapping. */
  spans: readonly PerDiemSpan[];
}

/** The share of the rate a doba earns. */
export interface DobaFraction {
  text: '0' | '1/3' | '1/2' | '1';
  numerator: number;
  denominator: number;
  paragraph: string;
}

/** One doba of a unit, valued. Amounts are exact: they are rounded per country part, never per doba. */
export interface DobaValue {
  /** Position in the unit, from 0. */
  index: number;
  /** The country part in which the doba starts: its amounts belong to that part. */
  partIndex: number;
  start: number;
  lengthMs: number;
  fraction: DobaFraction;
  /** The rate in force when the doba starts, or null when none is defined. */
  rate: PerDiemRate | null;
  perDiem: Dec;
  localTransport: Dec;
  /** The rate's per diem and `localTransport` as the explanations show them (worked out once per rate). */
  rateText: string;
  localTransportText: string;
  details: Explanation[];
}

const NONE: DobaFraction = {
  text: '0',
  numerator: 0,
  denominator: 1,
  paragraph: PARAGRAPH.domesticShortNone,
};
const EIGHT_HOURS = 8 * HOUR_MS;
const TWELVE_HOURS = 12 * HOUR_MS;

function fraction(text: DobaFraction['text'], paragraph: string): DobaFraction {
  const [numerator, denominator] = text === '1/3' ? [1, 3] : text === '1/2' ? [1, 2] : [1, 1];
  return { text, numerator, denominator, paragraph };
}

// Each fraction built once: `RateTerms` keeps a rate's share by the fraction object.
const DOMESTIC_SHORT_HALF = fraction('1/2', PARAGRAPH.domesticShortHalf);
const DOMESTIC_SHORT_FULL = fraction('1', PARAGRAPH.domesticShortFull);
const DOMESTIC_FULL_DOBA = fraction('1', PARAGRAPH.domesticFullDoba);
const DOMESTIC_PARTIAL_HALF = fraction('1/2', PARAGRAPH.domesticPartialHalf);
const DOMESTIC_PARTIAL_FULL = fraction('1', PARAGRAPH.domesticPartialFull);
const FOREIGN_FULL_DOBA = fraction('1', PARAGRAPH.foreignFullDoba);
const FOREIGN_PARTIAL_THIRD = fraction('1/3', PARAGRAPH.foreignPartialThird);
const FOREIGN_PARTIAL_HALF = fraction('1/2', PARAGRAPH.foreignPartialHalf);
const FOREIGN_PARTIAL_FULL = fraction('1', PARAGRAPH.foreignPartialFull);

/**
 * The fraction of the rate a doba earns.
 * Domestic (§ 7 ust. 2): a trip of at most one doba earns nothing under 8 h, half from 8 to 12 h
 * inclusive, the full rate over 12 h (pkt 1); on a longer trip every doba earns the full rate and the
 * started last doba half up to 8 h inclusive, the full rate over 8 h (pkt 2).
 * Foreign (§ 13 ust. 3): every doba earns the full rate; the started last doba 1/3 up to 8 h, half
 * over 8 up to 12 h, the full rate over 12 h.
 */
export function dobaFraction(kind: TripKind, unitMs: number, dobaMs: number): DobaFraction {
  if (kind === 'domestic') {
    if (unitMs <= DOBA_MS) {
      if (unitMs < EIGHT_HOURS) return NONE;
      return unitMs <= TWELVE_HOURS ? DOMESTIC_SHORT_HALF : DOMESTIC_SHORT_FULL;
    }
    if (dobaMs === DOBA_MS) return DOMESTIC_FULL_DOBA;
    return dobaMs <= EIGHT_HOURS ? DOMESTIC_PARTIAL_HALF : DOMESTIC_PARTIAL_FULL;
  }
  if (dobaMs === DOBA_MS) return FOREIGN_FULL_DOBA;
  if (dobaMs <= EIGHT_HOURS) return FOREIGN_PARTIAL_THIRD;
  return dobaMs <= TWELVE_HOURS ? FOREIGN_PARTIAL_HALF : FOREIGN_PARTIAL_FULL;
}

/** A decimal for explanations: two decimals, or four when the exact value has more (e.g. 16.3333). */
export function displayDecimal(value: Dec): string {
  return value.decimalPlaces() <= 2 ? value.toFixed(2) : value.toDecimalPlaces(4).toFixed(4);
}

const PERCENTS = new Map<string, string>();

/** A fraction such as "0.25" as a percentage such as "25" (the regulation's few shares, each worked out once). */
function percentOf(share: string): string {
  let percent = PERCENTS.get(share);
  if (percent === undefined) {
    percent = dec(share).times(100).toString();
    PERCENTS.set(share, percent);
  }
  return percent;
}

/** Breakfast, lunch and dinner, in this order (`mealCount`, `mealTerms`, `RateTerms.meals`). */
const MEALS = [
  {
    code: 'calc.perDiem.breakfastDeducted',
    domestic: PARAGRAPH.domesticBreakfast,
    foreign: PARAGRAPH.foreignBreakfast,
  },
  {
    code: 'calc.perDiem.lunchDeducted',
    domestic: PARAGRAPH.domesticLunch,
    foreign: PARAGRAPH.foreignLunch,
  },
  {
    code: 'calc.perDiem.dinnerDeducted',
    domestic: PARAGRAPH.domesticDinner,
    foreign: PARAGRAPH.foreignDinner,
  },
] as const;

function emptyMeals(): DobaMeals {
  return { breakfast: 0, lunch: 0, dinner: 0, fullBoard: false, hospital: false };
}

/**
 * The meals of each doba of the unit. A part's own doba `w` starts `w` × 24 h into the part; its
 * meals go to the unit doba in which that moment falls (the same doba when the unit is one part).
 */
function mealsByUnitDoba(
  spans: readonly PerDiemSpan[],
  offsets: readonly number[],
  count: number,
): DobaMeals[] {
  const meals: DobaMeals[] = [];
  for (let index = 0; index < count; index += 1) meals.push(emptyMeals());
  spans.forEach((span, spanIndex) => {
    const duration = span.interval.end - span.interval.start;
    span.meals.forEach((own, window) => {
      if (window * DOBA_MS >= duration) return;
      const target = meals[Math.floor(((offsets[spanIndex] ?? 0) + window * DOBA_MS) / DOBA_MS)];
      if (!target) return;
      target.breakfast += own.breakfast;
      target.lunch += own.lunch;
      target.dinner += own.dinner;
      target.fullBoard ||= own.fullBoard;
      target.hospital ||= own.hospital;
    });
  });
  return meals;
}

const HALF = dec('0.5');

/**
 * The fraction `share` of `rate`. A whole or a half is exact in at most one more decimal, so only a
 * third is divided (a quotient keeps 34 decimals and leaves the fast integers of `ExactDecimal`,
 * docs/performance.md "The engine"); the value is the same either way.
 */
function shareOf(rate: Dec, share: DobaFraction): Dec {
  if (share.denominator === 1) return rate.times(share.numerator);
  if (share.denominator === 2) return rate.times(HALF).times(share.numerator);
  return rate.times(share.numerator).div(share.denominator);
}

/** An amount worked out once per rate, with its text as the explanations show it (`displayDecimal`). */
interface Shown {
  value: Dec;
  text: string;
}

function shown(value: Dec): Shown {
  return { value, text: displayDecimal(value) };
}

/**
 * A rate as the dobas valued at it use it: its per diem parsed and printed, the local-transport lump
 * sum, each meal's deduction and each fraction's share of the rate worked out and printed once for
 * the dobas of a unit that share the rate and rule set, rather than once per doba (docs/performance.md,
 * "The engine"). Decimals are immutable, so the dobas share them.
 */
interface RateTerms {
  /** The rate's text: the book answers each day with its own object, so the terms are kept by text. */
  perDiem: string;
  rules: PerDiemRuleSet;
  currency: string;
  value: Dec;
  /** `value` to two decimals, as the explanations show it. */
  text: string;
  /** § 9 ust. 1 / § 17 ust. 3: the share of the per diem due for a started doba. */
  localTransport: Shown;
  /** Breakfast, lunch and dinner (`MEALS`' order): the rate times the meal's share, once needed. */
  meals: [MealTerms | null, MealTerms | null, MealTerms | null];
  /** The rate's share for each fraction met so far (§ 7 ust. 2, § 13 ust. 3). */
  shares: Map<DobaFraction, Shown>;
}

function rateTerms(kind: TripKind, rate: PerDiemRate, rules: PerDiemRuleSet): RateTerms {
  const value = dec(rate.per_diem);
  const localShare = kind === 'domestic' ? rules.domestic.local_transport : rules.foreign.local_transport;
  return {
    perDiem: rate.per_diem,
    rules,
    currency: rate.currency,
    value,
    text: value.toFixed(2),
    localTransport: shown(value.times(localShare)),
    meals: [null, null, null],
    shares: new Map(),
  };
}

/** A meal's deduction at a rate, and its share of the rate as a percentage ("25"). */
interface MealTerms extends Shown {
  percent: string;
}

/** The meal of `MEALS` at `mealIndex`: its count in a doba (a plain property read, not one by a computed key). */
function mealCount(meals: DobaMeals, mealIndex: number): number {
  return mealIndex === 0 ? meals.breakfast : mealIndex === 1 ? meals.lunch : meals.dinner;
}

function mealTerms(
  terms: RateTerms,
  percentages: { breakfast: string; lunch: string; dinner: string },
  mealIndex: number,
): MealTerms {
  const share = mealIndex === 0 ? percentages.breakfast : mealIndex === 1 ? percentages.lunch : percentages.dinner;
  const value = terms.value.times(share);
  return { value, text: displayDecimal(value), percent: percentOf(share) };
}

/** The share `fraction` of the rate of `terms`, worked out once per rate. */
function shareTerms(terms: RateTerms, fraction: DobaFraction): Shown {
  let share = terms.shares.get(fraction);
  if (share === undefined) {
    share = shown(shareOf(terms.value, fraction));
    terms.shares.set(fraction, share);
  }
  return share;
}

/**
 * The per diem of one doba at the rate of `terms`: its fraction `base` of the rate, less the meals provided as
 * percentages of the FULL rate (§ 7 ust. 4: "diety, o której mowa w ust. 1"; abroad the same reading
 * of § 14 ust. 2), never below zero within the doba. Free full board: nothing at home
 * (§ 7 ust. 3 pkt 2), 25 % of the doba's per diem abroad (§ 14 ust. 1, which cites § 13 ust. 3);
 * hospital abroad likewise 25 % (§ 15).
 */
function valueDoba(
  kind: TripKind,
  doba: number,
  share: DobaFraction,
  base: Shown,
  terms: RateTerms,
  meals: DobaMeals,
): { value: Shown; details: Explanation[] } {
  const { rules, currency } = terms;
  const details: Explanation[] = [];
  if (share.numerator === 0) return { value: base, details };
  if (kind === 'foreign' && (meals.hospital || meals.fullBoard)) {
    const percent = meals.hospital ? rules.foreign.hospital : rules.foreign.full_board;
    const value = shown(base.value.times(percent));
    details.push(
      explain(meals.hospital ? 'calc.perDiem.hospital' : 'calc.perDiem.fullBoardForeign', {
        doba,
        percent: percentOf(percent),
        base: base.text,
        amount: value.text,
        currency,
        paragraph: meals.hospital ? PARAGRAPH.foreignHospital : PARAGRAPH.foreignFullBoard,
      }),
    );
    return { value, details };
  }
  if (kind === 'domestic' && meals.fullBoard) {
    details.push(explain('calc.perDiem.fullBoardDomestic', { doba, paragraph: PARAGRAPH.domesticFullBoard }));
    return { value: shown(dec(0)), details };
  }
  const percentages = kind === 'domestic' ? rules.domestic : rules.foreign;
  // No decimal is built for an identity: no meal, one meal of a kind, the first deduction.
  let deductions: Dec | null = null;
  for (let mealIndex = 0; mealIndex < MEALS.length; mealIndex += 1) {
    const count = mealCount(meals, mealIndex);
    if (count === 0) continue;
    const meal = MEALS[mealIndex] as (typeof MEALS)[number];
    const one = (terms.meals[mealIndex] ??= mealTerms(terms, percentages, mealIndex));
    const amount = count === 1 ? one : shown(one.value.times(count));
    deductions = deductions === null ? amount.value : deductions.plus(amount.value);
    details.push(
      explain(meal.code, {
        doba,
        count,
        percent: one.percent,
        rate: terms.text,
        amount: amount.text,
        currency,
        paragraph: kind === 'domestic' ? meal.domestic : meal.foreign,
      }),
    );
  }
  if (deductions === null) return { value: base.value.isNegative() ? shown(dec(0)) : base, details };
  const value = shown(clampAtZero(base.value.minus(deductions)));
  if (deductions.greaterThan(base.value)) {
    details.push(
      explain('calc.perDiem.clampedAtZero', {
        doba,
        base: base.text,
        deductions: displayDecimal(deductions),
        currency,
      }),
    );
  }
  return { value, details };
}

/**
 * Values every doba of a unit. Each doba is valued at the rate in force at its start instant (the
 * rate-change rule of docs/domain/per-diem.md), for the country of the part in which it starts.
 */
export function calculateUnit(unit: PerDiemUnit, rateBook: RateBook): DobaValue[] {
  const { spans, kind } = unit;
  const offsets: number[] = [];
  let total = 0;
  for (const span of spans) {
    offsets.push(total);
    total += span.interval.end - span.interval.start;
  }
  if (total <= 0) return [];
  const count = Math.ceil(total / DOBA_MS);
  const meals = mealsByUnitDoba(spans, offsets, count);
  const dobas: DobaValue[] = [];
  let terms: RateTerms | null = null;
  let spanIndex = 0;
  for (let index = 0; index < count; index += 1) {
    const elapsed = index * DOBA_MS;
    while (spanIndex < spans.length - 1 && elapsed >= (offsets[spanIndex + 1] ?? Infinity)) spanIndex += 1;
    const span = spans[spanIndex] as PerDiemSpan;
    const start = span.interval.start + (elapsed - (offsets[spanIndex] ?? 0));
    const lengthMs = Math.min(DOBA_MS, total - elapsed);
    const share = dobaFraction(kind, total, lengthMs);
    const day = localDateOf(start);
    const rate = rateBook.perDiemRate(span.countryCode, span.region, day);
    const rules = rateBook.ruleSet(day);
    const doba = index + 1;
    const duration = hoursAndMinutes(lengthMs);
    if (!rate || !rules) {
      dobas.push({
        index,
        partIndex: span.partIndex,
        start,
        lengthMs,
        fraction: share,
        rate: null,
        perDiem: dec(0),
        localTransport: dec(0),
        rateText: '0.00',
        localTransportText: '0.00',
        details: [explain('calc.perDiem.rateMissing', { doba, country_code: span.countryCode, date: day })],
      });
      continue;
    }
    if (
      terms === null ||
      terms.perDiem !== rate.per_diem ||
      terms.currency !== rate.currency ||
      terms.rules !== rules
    ) {
      terms = rateTerms(kind, rate, rules);
    }
    const base = shareTerms(terms, share);
    const valued = valueDoba(kind, doba, share, base, terms, meals[index] ?? emptyMeals());
    const details: Explanation[] = [
      explain('calc.perDiem.doba', {
        doba,
        start: localDateTimeOf(start),
        hours: duration.hours,
        minutes: duration.minutes,
        fraction: share.text,
        rate: terms.text,
        currency: rate.currency,
        valid_from: rate.valid_from,
        valid_to: rate.valid_to ?? '',
        source: rate.source,
        base: base.text,
        amount: valued.value.text,
        paragraph: share.paragraph,
      }),
    ];
    // A loop, not an array spread (a generic path in V8, per doba; docs/performance.md, "The engine").
    for (const detail of valued.details) details.push(detail);
    dobas.push({
      index,
      partIndex: span.partIndex,
      start,
      lengthMs,
      fraction: share,
      rate,
      perDiem: valued.value.value,
      // § 9 ust. 1 / § 17 ust. 3: a share of the per diem for every started doba, whatever its fraction.
      localTransport: span.localTransport ? terms.localTransport.value : dec(0),
      rateText: terms.text,
      localTransportText: span.localTransport ? terms.localTransport.text : '0.00',
      details,
    });
  }
  return dobas;
}
