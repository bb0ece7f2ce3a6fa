import type { Issue } from '../common/errors.ts';
import { isLocalDate } from '../common/dates.ts';
import { dec } from '../common/money.ts';
import { isCountryCode } from '../settlement/rates/country-codes.ts';
import { MILEAGE_MAXIMA, MILEAGE_VEHICLE_KINDS, type MileageVehicleKind } from '../settlement/rates/statutory-rates.ts';
import type { RateGroup, RateGroupId } from '../settlement/rates/rate-book.ts';

/**
 * The administration rules for a company's own rates (spec §3 "Delegation rate", "Rate group",
 * "Mileage rates"; §5 "Rates"). The rate book (settlement/rates) applies these rows; the rules here
 * decide which rows may be saved, in the form and on the server alike.
 */

/** An amount above zero with at most two decimals (per diem, hotel limit). */
const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** A mileage rate: PLN per km with at most four decimals, as the regulation prints them. */
const MILEAGE_RATE_PATTERN = /^\d{1,4}(\.\d{1,4})?$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
/** A region of a country's table (e.g. `newYork`): letters, digits, spaces and dashes. */
const REGION_PATTERN = /^[\p{L}\d][\p{L}\d .'-]{0,63}$/u;

export const RATE_GROUP_NAME_MAX_LENGTH = 100;

/** A validity period; `valid_to` null means open-ended. Both bounds are inclusive. */
export interface ValidityPeriod {
  valid_from: string;
  valid_to: string | null;
}

/** Whether two validity periods share at least one day. */
export function periodsOverlap(a: ValidityPeriod, b: ValidityPeriod): boolean {
  return (a.valid_to === null || b.valid_from <= a.valid_to) && (b.valid_to === null || a.valid_from <= b.valid_to);
}

function periodIssues(period: ValidityPeriod): Issue[] {
  const issues: Issue[] = [];
  if (!isLocalDate(period.valid_from)) issues.push({ path: ['valid_from'], code: 'validation.date' });
  if (period.valid_to !== null && !isLocalDate(period.valid_to)) issues.push({ path: ['valid_to'], code: 'validation.date' });
  else if (period.valid_to !== null && isLocalDate(period.valid_from) && period.valid_to < period.valid_from) {
    issues.push({ path: ['valid_to'], code: 'validation.dateRange' });
  }
  return issues;
}

function amountIssues(field: string, value: string): Issue[] {
  if (!AMOUNT_PATTERN.test(value)) return [{ path: [field], code: 'rates.amountFormat' }];
  return dec(value).greaterThan(0) ? [] : [{ path: [field], code: 'rates.amountPositive' }];
}

/** A company's per-diem override as the form and the API carry it. */
export interface DelegationRateInput extends ValidityPeriod {
  id?: number;
  group_id: RateGroupId | null;
  country_code: string;
  region: string | null;
  per_diem: string;
  currency: string;
  hotel_limit: string;
}

/** Trims a region and turns an empty one into null (the country's own row). */
export function normaliseRegion(region: string | null | undefined): string | null {
  const trimmed = (region ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The field rules of an override: a known country code, an optional region, amounts above zero,
 * an ISO currency code and a valid period.
 */
export function validateDelegationRate(input: DelegationRateInput): Issue[] {
  const issues: Issue[] = [];
  if (!isCountryCode(input.country_code)) issues.push({ path: ['country_code'], code: 'rates.unknownCountry' });
  const region = normaliseRegion(input.region);
  if (region !== null && !REGION_PATTERN.test(region)) issues.push({ path: ['region'], code: 'rates.regionFormat' });
  issues.push(...amountIssues('per_diem', input.per_diem));
  if (!CURRENCY_PATTERN.test(input.currency)) issues.push({ path: ['currency'], code: 'validation.currency' });
  issues.push(...amountIssues('hotel_limit', input.hotel_limit));
  issues.push(...periodIssues(input));
  return issues;
}

/**
 * Spec §5 "a rate with the same country and region cannot be saved twice": another override of the
 * same group (or the whole company), country and region whose validity overlaps. Returns it, or null.
 */
export function findConflictingRate<T extends DelegationRateInput>(candidate: DelegationRateInput, existing: readonly T[]): T | null {
  const region = normaliseRegion(candidate.region);
  return (
    existing.find(
      (row) =>
        row.id !== candidate.id &&
        String(row.group_id ?? '') === String(candidate.group_id ?? '') &&
        row.country_code === candidate.country_code &&
        normaliseRegion(row.region) === region &&
        periodsOverlap(row, candidate),
    ) ?? null
  );
}

/** A company mileage rate as the form and the API carry it. */
export interface MileageRateInput extends ValidityPeriod {
  id?: number;
  vehicle_kind: MileageVehicleKind;
  rate: string;
}

export function isMileageVehicleKind(kind: string): kind is MileageVehicleKind {
  return (MILEAGE_VEHICLE_KINDS as readonly string[]).includes(kind);
}

/**
 * The lowest statutory maximum in force on any day of the period for the vehicle kind, with the
 * day it took effect; null when no maximum covers the period (before the regulation).
 */
export function lowestMileageMaximum(kind: MileageVehicleKind, period: ValidityPeriod): { max: string; valid_from: string } | null {
  let lowest: { max: string; valid_from: string } | null = null;
  for (const maximum of MILEAGE_MAXIMA) {
    if (!periodsOverlap(maximum, period)) continue;
    const max = maximum.rates[kind];
    if (lowest === null || dec(max).lessThan(lowest.max)) lowest = { max, valid_from: maximum.valid_from };
  }
  return lowest;
}

/**
 * The rules of a company mileage rate: a known vehicle kind, a rate above zero with at most four
 * decimals, a valid period starting when a statutory maximum exists, and never above the lowest
 * statutory maximum in force during the period (`rates.mileageAboveMaximum` with `max`, `valid_from`).
 */
export function validateMileageRate(input: MileageRateInput): Issue[] {
  const issues: Issue[] = [];
  if (!isMileageVehicleKind(input.vehicle_kind)) issues.push({ path: ['vehicle_kind'], code: 'rates.unknownVehicleKind' });
  const rateValid = MILEAGE_RATE_PATTERN.test(input.rate);
  if (!rateValid) issues.push({ path: ['rate'], code: 'rates.mileageFormat' });
  else if (!dec(input.rate).greaterThan(0)) issues.push({ path: ['rate'], code: 'rates.amountPositive' });
  const period = periodIssues(input);
  issues.push(...period);
  if (period.length === 0 && isMileageVehicleKind(input.vehicle_kind)) {
    const firstMaximum = MILEAGE_MAXIMA.reduce((first, row) => (row.valid_from < first ? row.valid_from : first), '9999-12-31');
    if (input.valid_from < firstMaximum) {
      issues.push({ path: ['valid_from'], code: 'rates.mileageBeforeRegulation', params: { date: firstMaximum } });
    } else if (rateValid) {
      const lowest = lowestMileageMaximum(input.vehicle_kind, input);
      if (lowest && dec(input.rate).greaterThan(lowest.max)) {
        issues.push({ path: ['rate'], code: 'rates.mileageAboveMaximum', params: { max: lowest.max, valid_from: lowest.valid_from } });
      }
    }
  }
  return issues;
}

/** Another rate of the same vehicle kind whose validity overlaps, or null. */
export function findOverlappingMileageRate<T extends MileageRateInput>(candidate: MileageRateInput, existing: readonly T[]): T | null {
  return existing.find((row) => row.id !== candidate.id && row.vehicle_kind === candidate.vehicle_kind && periodsOverlap(row, candidate)) ?? null;
}

/**
 * Spec §5 "group inheritance must not loop": whether giving `groupId` the parent `parentId` would
 * make the group its own ancestor.
 */
export function wouldCreateGroupCycle(groups: readonly RateGroup[], groupId: RateGroupId | null, parentId: RateGroupId | null): boolean {
  if (parentId === null) return false;
  if (groupId === null) return false;
  const parentOf = new Map(groups.map((group) => [String(group.id), group.parent_id]));
  const seen = new Set<string>();
  let current: RateGroupId | null = parentId;
  while (current !== null) {
    const key: string = String(current);
    if (key === String(groupId)) return true;
    // An existing loop elsewhere in the data must not hang the check.
    if (seen.has(key)) return false;
    seen.add(key);
    current = parentOf.get(key) ?? null;
  }
  return false;
}
