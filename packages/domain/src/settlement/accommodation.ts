import { dec, parseDecimal, roundMoney, type Dec } from '../common/money.ts';
import type { HOTEL_LIMIT_EXCESS_POLICIES } from '../settings/system-settings.ts';
import type { Accommodation } from './delegation-form.ts';
import { explain, PARAGRAPH, type Explanation } from './explanation.ts';
import { displayDecimal, type TripKind } from './per-diem.ts';
import type { RateBook } from './rates/rate-book.ts';
import { SETTLEMENT_CURRENCY } from './rates/statutory-rates.ts';
import {
  dayOfText,
  daysBetween,
  HOUR_MS,
  hoursAndMinutes,
  localDateOf,
  nightWindow,
  overlapMs,
  parseInterval,
  previousDay,
  type Interval,
} from './trip-time.ts';

/**
 * Accommodation: a bill refunded up to the hotel limit (§ 8 ust. 1–2 at home, § 16 ust. 1 and 3
 * abroad) or a lump sum per night without a bill (§ 8 ust. 3–5, § 16 ust. 2).
 */

/** How an accommodation line was settled. */
export const ACCOMMODATION_LINE_KINDS = ['bill', 'lumpSum', 'companyPaid', 'none'] as const;
/** One value of `ACCOMMODATION_LINE_KINDS`. */
export type AccommodationLineKind = (typeof ACCOMMODATION_LINE_KINDS)[number];

/** One accommodation entry, valued in its own currency (rounded to 0.01). */
export interface AccommodationValue {
  kind: AccommodationLineKind;
  amount: Dec;
  currency: string;
  /** The day of the cost, for the exchange-rate rule `lastTableBeforeCost`. */
  costDay: string | null;
  nights: number;
  /** The hotel limit for the bill's nights, in the bill's currency; null when not checked. */
  limit: Dec | null;
  overLimit: boolean;
  /** The part of the bill above the limit, reported apart so a decision can include or exclude it. */
  excess: Dec;
  excessIncluded: boolean;
  explanation: Explanation;
  details: Explanation[];
}

/** What the accommodation rules need to know about the country part. */
export interface AccommodationContext {
  kind: TripKind;
  countryCode: string;
  region: string | null;
  /** Travel time (transport segments), during which no night is paid (§ 8 ust. 5, § 16 ust. 2). */
  transit: readonly Interval[];
  hotelLimitExcess: (typeof HOTEL_LIMIT_EXCESS_POLICIES)[number];
  rateBook: RateBook;
  /** Converts an amount between currencies at the exchange-rate rule's rate, or null when a rate is missing. */
  convert: (amount: Dec, from: string, to: string, day: string) => Dec | null;
}

const SIX_HOURS = 6 * HOUR_MS;

function line(
  kind: AccommodationLineKind,
  currency: string,
  costDay: string | null,
  explanation: Explanation,
  extra: Partial<Omit<AccommodationValue, 'kind' | 'currency' | 'costDay' | 'explanation'>> = {},
): AccommodationValue {
  // Object.assign, not a spread: V8 builds a spread literal on a slow path (docs/performance.md, "The engine").
  return Object.assign(
    {
      kind,
      amount: dec(0),
      currency,
      costDay,
      nights: 0,
      limit: null,
      overLimit: false,
      excess: dec(0),
      excessIncluded: false,
      explanation,
      details: [],
    },
    extra,
  );
}

/** Time of the night window spent at the accommodation, net of travel. */
function lodgingMs(
  stay: Interval,
  window: Interval,
  transit: readonly Interval[],
): { lodging: number; travel: number } {
  const inStay = { start: Math.max(stay.start, window.start), end: Math.min(stay.end, window.end) };
  if (inStay.end <= inStay.start) return { lodging: 0, travel: 0 };
  // A loop, not reduce with a callback (per night, over every transport segment; docs/performance.md, "The engine").
  let travel = 0;
  for (const interval of transit) travel += overlapMs(interval, inStay);
  return { lodging: inStay.end - inStay.start - travel, travel };
}

/**
 * Lump sum without a bill. At home (§ 8 ust. 3–5): 150 % of the per diem for every night with at
 * least 6 hours between 21:00 and 07:00 spent at the accommodation, travel time excluded. Abroad
 * (§ 16 ust. 2): 25 % of the hotel limit of the country for every hotel night (check-in day to the
 * day before check-out), except a night spent mostly travelling.
 */
function lumpSum(
  entry: Accommodation,
  stay: Interval,
  context: AccommodationContext,
  costDay: string | null,
): AccommodationValue {
  const details: Explanation[] = [];
  const firstDay = localDateOf(stay.start);
  const lastDay = localDateOf(stay.end);
  // A night belongs to the day it starts on; at home any window touched by the stay is checked.
  const nights =
    context.kind === 'domestic'
      ? daysBetween(previousDay(firstDay), lastDay)
      : daysBetween(firstDay, lastDay).slice(0, -1);
  let total = dec(0);
  let currency: string | null = null;
  let counted = 0;
  let perNight = dec(0);
  for (const night of nights) {
    const { lodging, travel } = lodgingMs(stay, nightWindow(night), context.transit);
    const duration = hoursAndMinutes(lodging);
    if (context.kind === 'domestic' && lodging < SIX_HOURS) {
      // Travel time is no night (§ 8 ust. 5); what is left must reach 6 hours (§ 8 ust. 4).
      if (travel > 0) {
        details.push(
          explain('calc.accommodation.nightInTransit', {
            date: night,
            paragraph: PARAGRAPH.domesticNoNightInTransit,
          }),
        );
      } else if (lodging > 0) {
        details.push(
          explain('calc.accommodation.nightTooShort', {
            date: night,
            hours: duration.hours,
            minutes: duration.minutes,
            paragraph: PARAGRAPH.domesticNightSixHours,
          }),
        );
      }
      continue;
    }
    if (context.kind === 'foreign' && travel > lodging) {
      details.push(
        explain('calc.accommodation.nightInTransit', {
          date: night,
          paragraph: PARAGRAPH.foreignNightLumpSum,
        }),
      );
      continue;
    }
    const rate = context.rateBook.perDiemRate(context.countryCode, context.region, night);
    const rules = context.rateBook.ruleSet(night);
    if (!rate || !rules || (currency !== null && rate.currency !== currency)) {
      details.push(
        explain('calc.accommodation.nightRateMissing', { date: night, country_code: context.countryCode }),
      );
      continue;
    }
    currency = rate.currency;
    perNight =
      context.kind === 'domestic'
        ? dec(rate.per_diem).times(rules.domestic.night_lump_sum)
        : dec(rate.hotel_limit).times(rules.foreign.night_lump_sum_of_limit);
    total = total.plus(perNight);
    counted += 1;
    details.push(
      explain('calc.accommodation.night', {
        date: night,
        hours: duration.hours,
        minutes: duration.minutes,
        amount: displayDecimal(perNight),
        currency,
      }),
    );
  }
  const lineCurrency = currency ?? entry.currency ?? SETTLEMENT_CURRENCY;
  const explanation = explain(
    context.kind === 'domestic' ? 'calc.accommodation.lumpSumDomestic' : 'calc.accommodation.lumpSumForeign',
    {
      count: counted,
      perNight: displayDecimal(perNight),
      currency: lineCurrency,
      paragraph: context.kind === 'domestic' ? PARAGRAPH.domesticNightLumpSum : PARAGRAPH.foreignNightLumpSum,
    },
  );
  return line('lumpSum', lineCurrency, costDay, explanation, {
    amount: roundMoney(total),
    nights: counted,
    details,
  });
}

/**
 * A bill, refunded up to the hotel limit of its nights (the limit of the country where each night was
 * spent, in force that night). Above the limit the bill is never cut silently: the line is flagged and
 * the excess reported apart; it is refunded only with the acceptor's consent (§ 8 ust. 2, § 16 ust. 3)
 * and never under the company policy `never`.
 */
function bill(
  entry: Accommodation,
  stay: Interval,
  context: AccommodationContext,
  costDay: string | null,
): AccommodationValue {
  const currency = entry.currency || SETTLEMENT_CURRENCY;
  const amount = parseDecimal(entry.amount_in_currency);
  if (amount === null || amount.isNegative()) {
    return line('none', currency, costDay, explain('calc.incomplete'));
  }
  const firstDay = localDateOf(stay.start);
  const lastDay = localDateOf(stay.end);
  // Hotel nights from the check-in day to the day before check-out; a same-day stay is one night.
  const nights = firstDay < lastDay ? daysBetween(firstDay, lastDay).slice(0, -1) : [firstDay];
  const paragraph = context.kind === 'domestic' ? PARAGRAPH.domesticHotel : PARAGRAPH.foreignHotel;
  let limit = dec(0);
  let limitCurrency: string | null = null;
  for (const night of nights) {
    const rate = context.rateBook.perDiemRate(context.countryCode, context.region, night);
    if (!rate || (limitCurrency !== null && rate.currency !== limitCurrency)) {
      return line('bill', currency, costDay, explain('calc.accommodation.billLimitUnknown', { paragraph }), {
        amount,
        nights: nights.length,
      });
    }
    limitCurrency = rate.currency;
    limit = limit.plus(rate.hotel_limit);
  }
  const conversionDay = costDay ?? lastDay;
  const limitInCurrency =
    limitCurrency === currency
      ? limit
      : context.convert(limit, limitCurrency ?? currency, currency, conversionDay);
  if (limitInCurrency === null) {
    return line('bill', currency, costDay, explain('calc.accommodation.billLimitUnknown', { paragraph }), {
      amount,
      nights: nights.length,
    });
  }
  const roundedLimit = roundMoney(limitInCurrency);
  const common = { count: nights.length, limit: roundedLimit.toFixed(2), currency, paragraph };
  if (amount.lessThanOrEqualTo(roundedLimit)) {
    return line(
      'bill',
      currency,
      costDay,
      explain('calc.accommodation.bill', Object.assign(common, { amount: amount.toFixed(2) })),
      {
        amount,
        nights: nights.length,
        limit: roundedLimit,
      },
    );
  }
  const excess = amount.minus(roundedLimit);
  const overLimitParagraph =
    context.kind === 'domestic' ? PARAGRAPH.domesticHotelOverLimit : PARAGRAPH.foreignHotelOverLimit;
  const included =
    context.hotelLimitExcess === 'acceptorConsent' && entry.acceptor_consent_over_limit === true;
  const decision =
    context.hotelLimitExcess === 'never'
      ? 'calc.accommodation.excessNeverRefunded'
      : included
        ? 'calc.accommodation.excessIncluded'
        : 'calc.accommodation.excessAwaitingConsent';
  return line(
    'bill',
    currency,
    costDay,
    explain(
      'calc.accommodation.billOverLimit',
      Object.assign(common, { amount: amount.toFixed(2), excess: excess.toFixed(2) }),
    ),
    {
      amount: included ? amount : roundedLimit,
      nights: nights.length,
      limit: roundedLimit,
      overLimit: true,
      excess,
      excessIncluded: included,
      details: [explain(decision, { excess: excess.toFixed(2), currency, paragraph: overLimitParagraph })],
    },
  );
}

/** Values one accommodation entry of a country part. */
export function valueAccommodation(entry: Accommodation, context: AccommodationContext): AccommodationValue {
  const currency = entry.currency || SETTLEMENT_CURRENCY;
  const stay = parseInterval(entry.start_date, entry.end_date);
  const costDay = dayOfText(entry.invoice_date) ?? (stay ? localDateOf(stay.end) : null);
  switch (entry.settlement_type_id) {
    case 'importReservation':
    case 'invoiceCompanyPayment':
      return line(
        'companyPaid',
        currency,
        costDay,
        explain('calc.accommodation.paidByCompany', { amount: entry.amount_in_currency ?? '', currency }),
      );
    case 'alreadySettled':
      return line('none', currency, costDay, explain('calc.accommodation.alreadySettled'));
    case 'lumpSum':
      return stay
        ? lumpSum(entry, stay, context, costDay)
        : line('none', currency, costDay, explain('calc.incomplete'));
    case 'invoiceWorkerPayment':
    case 'employeeStatement':
      return stay
        ? bill(entry, stay, context, costDay)
        : line('none', currency, costDay, explain('calc.incomplete'));
    default:
      return line('none', currency, costDay, explain('calc.incomplete'));
  }
}
