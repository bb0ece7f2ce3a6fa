import type { Issue } from '../../common/errors.ts';
import { dec } from '../../common/money.ts';
import { COUNTRY_CODES, isCountryCode } from './country-codes.ts';
import { FOREIGN_PER_DIEM_ROWS } from './foreign-rates.data.ts';
import {
  DOMESTIC_COUNTRY_CODE,
  DOMESTIC_PER_DIEM_RATES,
  isInForce,
  MILEAGE_MAXIMA,
  PER_DIEM_RULE_SETS,
  SETTLEMENT_CURRENCY,
  type MileageVehicleKind,
  type PerDiemRuleSet,
  type StatutoryForeignRateRow,
} from './statutory-rates.ts';

/** A rate group's id as the database gives it. */
export type RateGroupId = string | number;

/** A rate group (spec §3 "Rate group"): overrides are inherited from the parent group. */
export interface RateGroup {
  id: RateGroupId;
  parent_id: RateGroupId | null;
}

/**
 * A company's per-diem override (spec §3 "Delegation rate"): for one group, or for the whole
 * company when `group_id` is null. Effective-dated like the statutory tables.
 */
export interface PerDiemOverrideRow {
  group_id: RateGroupId | null;
  country_code: string;
  region: string | null;
  /** Per diem per doba, decimal string in `currency`. */
  per_diem: string;
  currency: string;
  /** Hotel limit per night, decimal string in `currency`. */
  hotel_limit: string;
  valid_from: string;
  valid_to: string | null;
}

/** A company's rate per kilometre for one vehicle kind (spec §3 "Mileage rates"). */
export interface CompanyMileageRate {
  vehicle_kind: MileageVehicleKind;
  /** PLN per km, decimal string. */
  rate: string;
  valid_from: string;
  valid_to: string | null;
}

/** Where an exchange rate came from. */
export const EXCHANGE_RATE_SOURCES = ['nbp', 'manual'] as const;
/** One value of `EXCHANGE_RATE_SOURCES`. */
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/** One NBP table A mid rate (or a manual one): PLN for one unit of `currency` on `date`. */
export interface ExchangeRate {
  currency: string;
  /** The table's effective date, `YYYY-MM-DD`. */
  date: string;
  /** Decimal string with 4 or more decimals, e.g. "4.6460". */
  rate: string;
  /** E.g. "072/A/NBP/2022". */
  table_no: string;
  source: ExchangeRateSource;
}

/**
 * How a rate's date relates to the requested day: `before` is the last table published strictly
 * before it (the tax rule), `onOrBefore` the table of that day or, on a day without one, the last
 * earlier table (§ 20: "z dnia wypłaty zaliczki").
 */
export const EXCHANGE_RATE_MATCHES = ['before', 'onOrBefore'] as const;
/** One value of `EXCHANGE_RATE_MATCHES`. */
export type ExchangeRateMatch = (typeof EXCHANGE_RATE_MATCHES)[number];

/** Whether a per-diem rate is the law's or a company override. */
export const PER_DIEM_RATE_SOURCES = ['statutory', 'company'] as const;
/** One value of `PER_DIEM_RATE_SOURCES`. */
export type PerDiemRateSource = (typeof PER_DIEM_RATE_SOURCES)[number];

/** The per-diem rate and hotel limit in force for a country (and region) on a day. */
export interface PerDiemRate {
  country_code: string;
  region: string | null;
  /** The annex's name of the row used; null for a company override. */
  name_pl: string | null;
  per_diem: string;
  currency: string;
  hotel_limit: string;
  valid_from: string;
  valid_to: string | null;
  source: PerDiemRateSource;
  /** The group whose override applies; null for a company-wide override or a statutory rate. */
  group_id: RateGroupId | null;
  /** The regulation that set a statutory rate; null for an override. */
  legal_basis: string | null;
  /** True when the annex's row for countries it does not list applies. */
  other_countries: boolean;
}

/** The rate per kilometre for a vehicle kind on a day: the company's, capped at the statutory maximum. */
export interface MileageRate {
  vehicle_kind: MileageVehicleKind;
  /** The rate applied (PLN per km). */
  rate: string;
  statutory_max: string;
  /** The company's own rate, or null when it has none and the maximum applies. */
  company_rate: string | null;
  /** True when the company's rate was above the maximum and was cut to it. */
  capped: boolean;
  valid_from: string;
  valid_to: string | null;
  legal_basis: string;
}

/**
 * Every rate the engine needs, looked up by day (`YYYY-MM-DD`, Warsaw). Built once per calculation
 * from data the server loads; the engine never reads a database.
 */
export interface RateBook {
  /** Per diem and hotel limit for a country part, or null when no rate is defined. */
  perDiemRate(countryCode: string, region: string | null, date: string): PerDiemRate | null;
  /** The regulation's fractions (meals, lump sums) in force on `date`. */
  ruleSet(date: string): PerDiemRuleSet | null;
  /** The mileage rate for a vehicle kind, or null before the first statutory maximum. */
  mileageRate(kind: MileageVehicleKind, date: string): MileageRate | null;
  /** The exchange rate of `currency` chosen by `match` relative to `date`, or null when none is loaded. */
  exchangeRate(currency: string, date: string, match: ExchangeRateMatch): ExchangeRate | null;
  /** Every per-diem rate in force on `date`: one per country code (and per region the tables know). */
  listPerDiemRates(date: string): PerDiemRate[];
  /** Rows of the input that were malformed and left out (code `rates.invalidRow`). */
  readonly dataIssues: readonly Issue[];
}

/** What `createRateBook` needs: the company's data, already filtered to the company. */
export interface RateBookInput {
  companyOverrides?: readonly PerDiemOverrideRow[];
  /** The user's rate group first, then its parent, and so on (see `resolveRateGroupChain`). */
  rateGroupChain?: readonly RateGroupId[];
  mileageRates?: readonly CompanyMileageRate[];
  exchangeRates?: readonly ExchangeRate[];
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,8})?$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

function isValidPeriod(row: { valid_from: string; valid_to: string | null }): boolean {
  return DATE_PATTERN.test(row.valid_from) && (row.valid_to === null || DATE_PATTERN.test(row.valid_to));
}

const NO_ROWS: readonly never[] = [];

/** Rows by country code, then by region (null: the country's own row). */
function rowsByCountryAndRegion<T extends { country_code: string | null; region: string | null }>(
  rows: readonly T[],
): Map<string | null, Map<string | null, T[]>> {
  const byCountry = new Map<string | null, Map<string | null, T[]>>();
  for (const row of rows) {
    let byRegion = byCountry.get(row.country_code);
    if (!byRegion) byCountry.set(row.country_code, (byRegion = new Map()));
    const list = byRegion.get(row.region);
    if (list) list.push(row);
    else byRegion.set(row.region, [row]);
  }
  return byCountry;
}

/** Look-ups kept by key; when full, it starts over (a few thousand days and countries fit many trips). */
const MEMO_LIMIT = 20_000;

class BoundedMemo<T> {
  private readonly values = new Map<string, T>();
  constructor(private readonly limit = MEMO_LIMIT) {}
  get(key: string, compute: () => T): T {
    const known = this.values.get(key);
    if (known !== undefined || this.values.has(key)) return known as T;
    const value = compute();
    if (this.values.size >= this.limit) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}

function freeze<T extends object>(value: T | null): T | null {
  return value === null ? null : Object.freeze(value);
}

/** The rule sets by day, each computed once. */
function memoByDay<T>(compute: (date: string) => T): (date: string) => T {
  const memo = new BoundedMemo<T>();
  return (date) => memo.get(date, () => compute(date));
}

/** Picks the row in force on `date` that started last (a later row supersedes an overlapping earlier one). */
function latestInForce<T extends { valid_from: string; valid_to: string | null }>(
  rows: readonly T[],
  date: string,
): T | undefined {
  let found: T | undefined;
  for (const row of rows) {
    if (isInForce(row, date) && (found === undefined || row.valid_from > found.valid_from)) found = row;
  }
  return found;
}

function groupKey(id: RateGroupId | null): string {
  return id === null ? '' : `g:${String(id)}`;
}

function statutoryForeignRate(row: StatutoryForeignRateRow, countryCode: string): PerDiemRate {
  return {
    country_code: countryCode,
    region: row.region,
    name_pl: row.name_pl,
    per_diem: row.per_diem,
    currency: row.currency,
    hotel_limit: row.hotel_limit,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    source: 'statutory',
    group_id: null,
    legal_basis: row.legal_basis,
    other_countries: row.country_code === null,
  };
}

/**
 * Builds the rate book. Precedence for a per diem (spec §3 "Rate group"): the override of the nearest
 * group in the chain in force that day, then its parent's, …, then a company-wide override
 * (`group_id: null`), then the statutory rate. At each level a row for the requested region wins
 * over the country's row; a nearer group's country row wins over a farther region row.
 */
export function createRateBook(input: RateBookInput = {}): RateBook {
  const dataIssues: Issue[] = [];
  const reject = (table: string, index: number): void => {
    dataIssues.push({ path: [table, index], code: 'rates.invalidRow', params: { table, index } });
  };

  const overridesByGroup = new Map<string, PerDiemOverrideRow[]>();
  (input.companyOverrides ?? []).forEach((row, index) => {
    const valid =
      isValidPeriod(row) &&
      isCountryCode(row.country_code) &&
      CURRENCY_PATTERN.test(row.currency) &&
      DECIMAL_PATTERN.test(row.per_diem) &&
      DECIMAL_PATTERN.test(row.hotel_limit);
    if (!valid) return reject('companyOverrides', index);
    const key = groupKey(row.group_id);
    overridesByGroup.set(key, [...(overridesByGroup.get(key) ?? []), row]);
  });
  const levels = [...(input.rateGroupChain ?? []).map(groupKey), groupKey(null)];

  const mileageByKind = new Map<MileageVehicleKind, CompanyMileageRate[]>();
  (input.mileageRates ?? []).forEach((row, index) => {
    if (!isValidPeriod(row) || !DECIMAL_PATTERN.test(row.rate)) return reject('mileageRates', index);
    mileageByKind.set(row.vehicle_kind, [...(mileageByKind.get(row.vehicle_kind) ?? []), row]);
  });

  const exchangeByCurrency = new Map<string, ExchangeRate[]>();
  (input.exchangeRates ?? []).forEach((row, index) => {
    const valid =
      CURRENCY_PATTERN.test(row.currency) &&
      DATE_PATTERN.test(row.date) &&
      DECIMAL_PATTERN.test(row.rate) &&
      dec(row.rate).greaterThan(0);
    if (!valid) return reject('exchangeRates', index);
    exchangeByCurrency.set(row.currency, [...(exchangeByCurrency.get(row.currency) ?? []), row]);
  });
  // Sorted by date; on one date a manual rate sorts first so that the NBP table, last, is preferred.
  for (const rates of exchangeByCurrency.values()) {
    rates.sort(
      (a, b) => a.date.localeCompare(b.date) || (a.source === b.source ? 0 : a.source === 'nbp' ? 1 : -1),
    );
  }

  // Rows grouped once by country and region, so that a look-up scans only the rows that can apply.
  const foreignByCountry = rowsByCountryAndRegion(FOREIGN_PER_DIEM_ROWS);
  const overridesByLevel = new Map<string, ReturnType<typeof rowsByCountryAndRegion<PerDiemOverrideRow>>>();
  for (const [level, rows] of overridesByGroup) overridesByLevel.set(level, rowsByCountryAndRegion(rows));

  const ruleSet = memoByDay((date: string): PerDiemRuleSet | null => latestInForce(PER_DIEM_RULE_SETS, date) ?? null);

  const statutoryRate = (countryCode: string, region: string | null, date: string): PerDiemRate | null => {
    if (countryCode === DOMESTIC_COUNTRY_CODE) {
      const row = latestInForce(DOMESTIC_PER_DIEM_RATES, date);
      const rules = ruleSet(date);
      if (!row || !rules) return null;
      return {
        country_code: countryCode,
        region: null,
        name_pl: 'Polska',
        per_diem: row.per_diem,
        currency: SETTLEMENT_CURRENCY,
        // § 8 ust. 1: the domestic hotel limit is twenty times the per diem.
        hotel_limit: dec(row.per_diem).times(rules.domestic.hotel_limit_multiplier).toFixed(2),
        valid_from: row.valid_from,
        valid_to: row.valid_to,
        source: 'statutory',
        group_id: null,
        legal_basis: row.legal_basis,
        other_countries: false,
      };
    }
    const rows = foreignByCountry.get(countryCode);
    const regional = region === null ? undefined : latestInForce(rows?.get(region) ?? NO_ROWS, date);
    const base = regional ?? latestInForce(rows?.get(null) ?? NO_ROWS, date);
    if (base) return statutoryForeignRate(base, countryCode);
    const other = latestInForce(foreignByCountry.get(null)?.get(null) ?? NO_ROWS, date);
    return other ? statutoryForeignRate(other, countryCode) : null;
  };

  const overrideRate = (countryCode: string, region: string | null, date: string): PerDiemRate | null => {
    for (const level of levels) {
      const rows = overridesByLevel.get(level)?.get(countryCode);
      if (!rows) continue;
      const regional = region === null ? undefined : latestInForce(rows.get(region) ?? NO_ROWS, date);
      const row = regional ?? latestInForce(rows.get(null) ?? NO_ROWS, date);
      if (row) {
        return {
          country_code: countryCode,
          region: row.region,
          name_pl: null,
          per_diem: row.per_diem,
          currency: row.currency,
          hotel_limit: row.hotel_limit,
          valid_from: row.valid_from,
          valid_to: row.valid_to,
          source: 'company',
          group_id: row.group_id,
          legal_basis: null,
          other_countries: false,
        };
      }
    }
    return null;
  };

  // The engine asks for the same country and day once per doba and per line, and a book kept by the
  // server answers many calculations: each answer is computed once. Answers are frozen, as they are shared.
  // Kept by country, region and day in nested maps rather than under one joined key: the engine asks
  // thousands of times per second, and joining a key (and a closure to compute it) cost more than the
  // look-ups of the texts it already holds (docs/performance.md, "The engine").
  const perDiemRates = new Map<string, Map<string | null, Map<string, PerDiemRate | null>>>();
  let perDiemRatesKept = 0;
  const perDiemRate = (countryCode: string, region: string | null, date: string): PerDiemRate | null => {
    let byRegion = perDiemRates.get(countryCode);
    if (byRegion === undefined) perDiemRates.set(countryCode, (byRegion = new Map()));
    let byDate = byRegion.get(region);
    if (byDate === undefined) byRegion.set(region, (byDate = new Map()));
    const known = byDate.get(date);
    if (known !== undefined) return known;
    const rate =
      isCountryCode(countryCode) && DATE_PATTERN.test(date)
        ? freeze(overrideRate(countryCode, region, date) ?? statutoryRate(countryCode, region, date))
        : null;
    if (perDiemRatesKept >= MEMO_LIMIT) {
      // Full: start over, as `BoundedMemo` does (the maps of this look-up stay, emptied).
      for (const regions of perDiemRates.values()) for (const dates of regions.values()) dates.clear();
      perDiemRatesKept = 0;
    }
    byDate.set(date, rate);
    perDiemRatesKept += 1;
    return rate;
  };

  const mileageRates = new BoundedMemo<MileageRate | null>();
  const mileageRate = (kind: MileageVehicleKind, date: string): MileageRate | null =>
    mileageRates.get(`${kind}|${date}`, () => freeze(companyMileageRate(kind, date)));

  const companyMileageRate = (kind: MileageVehicleKind, date: string): MileageRate | null => {
    const maximum = latestInForce(MILEAGE_MAXIMA, date);
    if (!maximum) return null;
    const statutoryMax = maximum.rates[kind];
    const company = latestInForce(mileageByKind.get(kind) ?? [], date);
    const capped = company !== undefined && dec(company.rate).greaterThan(statutoryMax);
    const validFrom =
      company && company.valid_from > maximum.valid_from ? company.valid_from : maximum.valid_from;
    const ends = [company?.valid_to, maximum.valid_to].filter(
      (end): end is string => typeof end === 'string',
    );
    return {
      vehicle_kind: kind,
      rate: company && !capped ? company.rate : statutoryMax,
      statutory_max: statutoryMax,
      company_rate: company?.rate ?? null,
      capped,
      valid_from: validFrom,
      valid_to: ends.length === 0 ? null : ends.reduce((a, b) => (a < b ? a : b)),
      legal_basis: maximum.legal_basis,
    };
  };

  const exchangeRate = (currency: string, date: string, match: ExchangeRateMatch): ExchangeRate | null => {
    const rates = exchangeByCurrency.get(currency) ?? [];
    // Binary search for the last table dated before (or on) `date`: weekends and holidays have none.
    let low = 0;
    let high = rates.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = rates[middle] as ExchangeRate;
      const acceptable = match === 'before' ? candidate.date < date : candidate.date <= date;
      if (acceptable) low = middle + 1;
      else high = middle;
    }
    return rates[low - 1] ?? null;
  };

  const listPerDiemRates = (date: string): PerDiemRate[] => {
    const regionsByCountry = new Map<string, Set<string | null>>();
    const addRegion = (countryCode: string | null, region: string | null): void => {
      if (countryCode === null) return;
      const regions = regionsByCountry.get(countryCode) ?? new Set<string | null>([null]);
      regions.add(region);
      regionsByCountry.set(countryCode, regions);
    };
    for (const code of COUNTRY_CODES) addRegion(code, null);
    for (const row of FOREIGN_PER_DIEM_ROWS)
      if (isInForce(row, date)) addRegion(row.country_code, row.region);
    for (const rows of overridesByGroup.values()) {
      for (const row of rows) if (isInForce(row, date)) addRegion(row.country_code, row.region);
    }
    const rates: PerDiemRate[] = [];
    for (const [countryCode, regions] of [...regionsByCountry].sort(([a], [b]) => a.localeCompare(b))) {
      const sortedRegions = [...regions].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
      for (const region of sortedRegions) {
        const rate = perDiemRate(countryCode, region, date);
        // A region without a row of its own resolves to the country's row, already listed.
        if (rate && (region === null || rate.region === region)) rates.push({ ...rate, region });
      }
    }
    return rates;
  };

  return { perDiemRate, ruleSet, mileageRate, exchangeRate, listPerDiemRates, dataIssues };
}

/**
 * The chain of a user's rate group: the group, its parent, and so on up to the root. A loop in the
 * inheritance (spec §5 "group inheritance must not loop") stops the chain and is reported.
 */
export function resolveRateGroupChain(
  groups: readonly RateGroup[],
  groupId: RateGroupId | null,
): { chain: RateGroupId[]; issues: Issue[] } {
  const byId = new Map(groups.map((group) => [groupKey(group.id), group]));
  const chain: RateGroupId[] = [];
  const seen = new Set<string>();
  let current = groupId;
  while (current !== null) {
    const key = groupKey(current);
    if (seen.has(key)) {
      return {
        chain,
        issues: [{ path: ['rateGroups'], code: 'rates.groupCycle', params: { group_id: String(current) } }],
      };
    }
    seen.add(key);
    chain.push(current);
    current = byId.get(key)?.parent_id ?? null;
  }
  return { chain, issues: [] };
}

/**
 * The per-diem rates in force for a rate group on `date` (the "rates in force for me" screen): every
 * country, with the regions the tables or overrides know, and where each rate comes from.
 */
export function listPerDiemRatesInForce(
  input: Pick<RateBookInput, 'companyOverrides' | 'rateGroupChain'>,
  date: string,
): PerDiemRate[] {
  return createRateBook(input).listPerDiemRates(date);
}
