import type { Issue } from '../common/errors.ts';
import { roundSafeUnits } from '../common/exact-decimal.ts';
import { Dec, dec, MoneyTotal, roundMoney } from '../common/money.ts';
import { EXCHANGE_RATE_DATE_RULES } from '../settings/system-settings.ts';
import type { ExchangeRate, ExchangeRateMatch, ExchangeRateSource, RateBook } from './rates/rate-book.ts';
import { SETTLEMENT_CURRENCY } from './rates/statutory-rates.ts';

/**
 * Conversion to PLN and the settlement of advances (§ 20). See docs/domain/per-diem.md, "Currencies
 * and advances", for the rules this implements.
 */

/** The company's rule choosing the NBP table (system setting `exchange_rate_date_rule`). */
/** One value of `EXCHANGE_RATE_DATE_RULES`. */
export type ExchangeRateDateRule = (typeof EXCHANGE_RATE_DATE_RULES)[number];

/** The table a conversion used. */
export interface ExchangeRateUsed {
  rate: string;
  table_no: string;
  date: string;
  source: ExchangeRateSource;
}

/** Why a conversion used its rate: offset against an advance in the same currency, or the company rule. */
export const CONVERSION_BASES = ['advance', ...EXCHANGE_RATE_DATE_RULES] as const;
/** One value of `CONVERSION_BASES`. */
export type ConversionBasis = (typeof CONVERSION_BASES)[number];

/** One conversion of (part of) a line to PLN. `exchange_rate` is null when no rate was loaded. */
export interface Conversion {
  amount_in_currency: string;
  amount_pln: string;
  exchange_rate: ExchangeRateUsed | null;
  basis: ConversionBasis;
  /** The advance (index in `advances[]`) this part was offset against, for basis `advance`. */
  advance_index: number | null;
}

/** Due, advances and balance in one currency (listed when either is not zero); `balance` > 0 is owed to the employee. */
export interface CurrencyBalance {
  currency: string;
  due: string;
  advances: string;
  balance: string;
  due_pln: string;
  advances_pln: string;
  balance_pln: string;
}

/** An amount due, in its currency, rounded to 0.01 and not negative. */
export interface LedgerEntry {
  currency: string;
  amount: Dec;
  /** The day of the cost (rule `lastTableBeforeCost`); null falls back to the settlement date. */
  costDay: string | null;
}

/** A paid advance, in its currency. */
export interface LedgerAdvance {
  /** Its index in the form's `advances[]`, quoted by the conversions it covers. */
  index: number;
  currency: string;
  amount: Dec;
  paymentDay: string;
}

/** The rule and the data every conversion needs. */
export interface LedgerOptions {
  rule: ExchangeRateDateRule;
  settlementDate: string;
  rateBook: RateBook;
}

/** The PLN value of an entry or advance and the conversions behind it. */
export interface ConvertedAmount {
  amountPln: Dec;
  conversions: Conversion[];
}

interface RateChoice {
  date: string;
  match: ExchangeRateMatch;
  basis: ConversionBasis;
}

/**
 * The table for an amount not covered by an advance: the last table before the cost day under
 * `lastTableBeforeCost`, otherwise the last table before the settlement date (also under
 * `advancePaymentDay`, which only governs what an advance covers).
 */
function ruleChoice(costDay: string | null, options: LedgerOptions): RateChoice {
  if (options.rule === 'lastTableBeforeCost' && costDay !== null) {
    return { date: costDay, match: 'before', basis: 'lastTableBeforeCost' };
  }
  return { date: options.settlementDate, match: 'before', basis: 'lastTableBeforeSettlement' };
}

/**
 * The table that values an advance, and what it covers: § 20 — the rate of the day it was paid (that
 * day's table, or the last earlier one on a day without a table); under the tax rule the last table
 * before the payment day; under the default rule the last table before the settlement date.
 */
function advanceChoice(paymentDay: string, options: LedgerOptions): RateChoice {
  switch (options.rule) {
    case 'advancePaymentDay':
      return { date: paymentDay, match: 'onOrBefore', basis: 'advance' };
    case 'lastTableBeforeCost':
      return { date: paymentDay, match: 'before', basis: 'advance' };
    case 'lastTableBeforeSettlement':
      return { date: options.settlementDate, match: 'before', basis: 'advance' };
  }
}

/**
 * Conversions at one rate, rounded cumulatively: the exact PLN total so far and what its lines got.
 * The group also holds its table, looked up once: its rate as a decimal and the table as the answer
 * quotes it, one object for every conversion of the group (docs/performance.md, "The engine").
 */
interface ConversionGroup {
  exact: Dec;
  rounded: Dec;
  rate: Dec | null;
  used: ExchangeRateUsed | null;
  /**
   * The same running totals in plain numbers while every step is exact in them (docs/performance.md,
   * "The engine"): `exactUnits` the exact PLN total in units of 10^-(2 + `rateScale`), `roundedGrosze`
   * what its lines got, in grosze. NaN once a step is not exact in a double (or the rate has no safe
   * units); from then on `exact` and `rounded` hold the totals. While they are numbers, `exact` and
   * `rounded` are stale.
   */
  exactUnits: number;
  roundedGrosze: number;
  /** The rate's units of 10^-`rateScale` as a safe integer, or NaN. */
  rateUnits: number;
  rateScale: number;
}

function groupOf(rate: ExchangeRate | null): ConversionGroup {
  const rateValue = rate && dec(rate.rate);
  const rateScale = rateValue?.scale ?? 0;
  const rateUnits = rateValue ? rateValue.safeUnitsAt(rateScale) : Number.NaN;
  const onNumbers = !Number.isNaN(rateUnits);
  return {
    exact: ZERO,
    rounded: ZERO,
    rate: rateValue,
    used: used(rate),
    exactUnits: onNumbers ? 0 : Number.NaN,
    roundedGrosze: onNumbers ? 0 : Number.NaN,
    rateUnits,
    rateScale,
  };
}

/**
 * The PLN amount of one conversion of `amount` in `group` in plain numbers, the group's totals moved
 * on; null when a step would not be exact in a double, the group then holding its totals as decimals.
 * Each product, sum and difference is of safe integers and checked to be one (exact then, as in
 * `ExactDecimal`), and the rounding to grosze drops decimals exactly (`roundSafeUnits`).
 */
function convertOnNumbers(group: ConversionGroup, amount: Dec): Dec | null {
  if (!Number.isNaN(group.exactUnits)) {
    const product = amount.safeUnitsAt(2) * group.rateUnits;
    const exactUnits = group.exactUnits + product;
    const roundedGrosze = roundSafeUnits(exactUnits, group.rateScale);
    const amountGrosze = roundedGrosze - group.roundedGrosze;
    if (Number.isSafeInteger(product) && Number.isSafeInteger(exactUnits) && Number.isSafeInteger(amountGrosze)) {
      group.exactUnits = exactUnits;
      group.roundedGrosze = roundedGrosze;
      return Dec.ofSafeUnits(amountGrosze, 2);
    }
    group.exact = Dec.ofSafeUnits(group.exactUnits, 2 + group.rateScale);
    group.rounded = Dec.ofSafeUnits(group.roundedGrosze, 2);
    group.exactUnits = Number.NaN;
    group.roundedGrosze = Number.NaN;
  }
  return null;
}

const ZERO = dec(0);

function used(rate: ExchangeRate | null): ExchangeRateUsed | null {
  return rate && { rate: rate.rate, table_no: rate.table_no, date: rate.date, source: rate.source };
}

/** Converts amounts to PLN for one settlement, collecting every missing exchange rate as one issue. */
export interface CurrencyLedger {
  /**
   * Converts an amount between two currencies through PLN at the rule's tables (to compare a bill
   * with a hotel limit in another currency); null when a rate is missing.
   */
  convertAmount(amount: Dec, from: string, to: string, costDay: string): Dec | null;
  /**
   * Converts every entry and advance to PLN.
   *
   * Per foreign currency, the entries (in order) are first offset against the advances paid in that
   * currency (oldest first, § 20: the trip is settled in the currency of the advance); the part an
   * advance covers is valued at that advance's rate, so that it cancels against the advance and only
   * the remainder of the currency is converted at the company rule's rate. Within each group of
   * conversions at one rate, PLN amounts are rounded cumulatively (each line gets the rounded running
   * total minus what earlier lines got), so the lines of a group add up exactly to the rounded group
   * total and a fully used advance cancels to the grosz.
   */
  convertToPln(
    entries: readonly LedgerEntry[],
    advances: readonly LedgerAdvance[],
  ): { entries: ConvertedAmount[]; advances: ConvertedAmount[]; balances: CurrencyBalance[] };
  /** The missing exchange rates met so far (`settlement.exchangeRateMissing`). */
  issues(): Issue[];
}

/**
 * The PLN amount of `amount` converted in `group`, added to `target` with its conversion. Within a
 * group PLN amounts are rounded cumulatively (see `CurrencyLedger.convertToPln`).
 */
function convertInto(
  target: ConvertedAmount,
  amount: Dec,
  group: ConversionGroup,
  basis: ConversionBasis,
  advanceIndex: number | null,
): void {
  let amountPln = convertOnNumbers(group, amount);
  if (amountPln === null) {
    const exact = group.rate ? group.exact.plus(amount.times(group.rate)) : group.exact;
    const rounded = roundMoney(exact);
    amountPln = rounded.minus(group.rounded);
    group.exact = exact;
    group.rounded = rounded;
  }
  // A line's first conversion is its total so far: no zero added to it.
  target.amountPln = target.conversions.length === 0 ? amountPln : target.amountPln.plus(amountPln);
  target.conversions.push({
    amount_in_currency: amount.toFixed(2),
    amount_pln: amountPln.toFixed(2),
    exchange_rate: group.used,
    basis,
    advance_index: advanceIndex,
  });
}

/**
 * The ledger of one settlement: a class whose methods are defined once, not closures made per
 * settlement (a closure bound to a name gets its name set at run time where the code is run through
 * esbuild with `keepNames`, as tsx runs the bench and the tests; docs/performance.md, "The engine").
 */
class Ledger implements CurrencyLedger {
  /** Every missing exchange rate met, as one issue `settlement.exchangeRateMissing` each. */
  private readonly missing = new Map<string, Issue>();

  private readonly options: LedgerOptions;

  constructor(options: LedgerOptions) {
    this.options = options;
    // Bound once: the accommodation rules call it as a function (`AccommodationContext.convert`).
    this.convertAmount = this.convertAmount.bind(this);
  }

  /** Looks a rate up, remembering a missing one. */
  private find(currency: string, date: string, match: ExchangeRateMatch): ExchangeRate | null {
    const rate = this.options.rateBook.exchangeRate(currency, date, match);
    if (!rate) {
      this.missing.set(`${currency}|${date}|${match}`, {
        path: [],
        code: 'settlement.exchangeRateMissing',
        params: { currency, date, match },
      });
    }
    return rate;
  }

  convertAmount(amount: Dec, from: string, to: string, costDay: string): Dec | null {
    const choice = ruleChoice(costDay, this.options);
    const fromRate = from === SETTLEMENT_CURRENCY ? dec(1) : this.find(from, choice.date, choice.match)?.rate;
    const toRate = to === SETTLEMENT_CURRENCY ? dec(1) : this.find(to, choice.date, choice.match)?.rate;
    if (fromRate === undefined || toRate === undefined) return null;
    return amount.times(fromRate).div(toRate);
  }

  /**
   * The group of conversions by the company rule for a currency and table day (whose tables are
   * always the last 'before' the day), made on first use.
   */
  private ruleGroup(
    ruleGroups: Map<string, Map<string, ConversionGroup>>,
    currency: string,
    date: string,
    match: ExchangeRateMatch,
  ): ConversionGroup {
    let byDate = ruleGroups.get(currency);
    if (byDate === undefined) ruleGroups.set(currency, (byDate = new Map()));
    let group = byDate.get(date);
    if (group === undefined) byDate.set(date, (group = groupOf(this.find(currency, date, match))));
    return group;
  }

  convertToPln(
    entries: readonly LedgerEntry[],
    advances: readonly LedgerAdvance[],
  ): { entries: ConvertedAmount[]; advances: ConvertedAmount[]; balances: CurrencyBalance[] } {
    const options = this.options;
    const entryResults: ConvertedAmount[] = entries.map(() => ({ amountPln: ZERO, conversions: [] }));
    const advanceResults: ConvertedAmount[] = advances.map(() => ({ amountPln: ZERO, conversions: [] }));
    const advanceRates = advances.map((advance) => {
      if (advance.currency === SETTLEMENT_CURRENCY) return null;
      const choice = advanceChoice(advance.paymentDay, options);
      return this.find(advance.currency, choice.date, choice.match);
    });

    // The groups of conversions at one rate: one per advance (by its position), and one per currency
    // and table day of the company rule. Kept in arrays and maps of the texts at hand rather than
    // under joined string keys, which cost more to build than the conversion itself
    // (docs/performance.md, "The engine").
    const advanceGroups: ConversionGroup[] = advanceRates.map(groupOf);
    const ruleGroups = new Map<string, Map<string, ConversionGroup>>();

    const remaining = advances.map((advance) => advance.amount);
    const order = advances
      .map((advance, position) => ({ advance, position }))
      .sort((a, b) => a.advance.paymentDay.localeCompare(b.advance.paymentDay) || a.position - b.position);

    entries.forEach((entry, entryIndex) => {
      const target = entryResults[entryIndex] as ConvertedAmount;
      if (entry.currency === SETTLEMENT_CURRENCY) {
        target.amountPln = entry.amount;
        return;
      }
      let open = entry.amount;
      for (const { advance, position } of order) {
        const left = remaining[position] as Dec;
        if (open.isZero()) break;
        if (advance.currency !== entry.currency || left.isZero()) continue;
        const covered = open.lessThan(left) ? open : left;
        remaining[position] = left.minus(covered);
        open = open.minus(covered);
        convertInto(target, covered, advanceGroups[position] as ConversionGroup, 'advance', advance.index);
      }
      if (open.greaterThan(ZERO)) {
        const choice = ruleChoice(entry.costDay, options);
        const group = this.ruleGroup(ruleGroups, entry.currency, choice.date, choice.match);
        convertInto(target, open, group, choice.basis, null);
      }
    });

    advances.forEach((advance, position) => {
      const target = advanceResults[position] as ConvertedAmount;
      if (advance.currency === SETTLEMENT_CURRENCY) {
        target.amountPln = advance.amount;
        return;
      }
      const rate = advanceRates[position] ?? null;
      target.amountPln = rate ? roundMoney(advance.amount.times(rate.rate)) : ZERO;
      target.conversions.push({
        amount_in_currency: advance.amount.toFixed(2),
        amount_pln: target.amountPln.toFixed(2),
        exchange_rate: used(rate),
        basis: 'advance',
        advance_index: advance.index,
      });
    });

    return {
      entries: entryResults,
      advances: advanceResults,
      balances: balancesOf(entries, entryResults, advances, advanceResults),
    };
  }

  issues(): Issue[] {
    return [...this.missing.values()];
  }
}

/** Creates the ledger of one settlement. */
export function createCurrencyLedger(options: LedgerOptions): CurrencyLedger {
  return new Ledger(options);
}

function balancesOf(
  entries: readonly LedgerEntry[],
  entryResults: readonly ConvertedAmount[],
  advances: readonly LedgerAdvance[],
  advanceResults: readonly ConvertedAmount[],
): CurrencyBalance[] {
  // Each currency's amounts are added and printed in grosze (`MoneyTotal`), with no decimal while
  // they fit a double (docs/performance.md, "The engine").
  const totals = new Map<string, CurrencyTotals>();
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as LedgerEntry;
    const total = totalsOf(totals, entry.currency);
    total.due.add(entry.amount);
    total.duePln.add(entryResults[index]?.amountPln ?? ZERO);
  }
  for (let index = 0; index < advances.length; index += 1) {
    const advance = advances[index] as LedgerAdvance;
    const total = totalsOf(totals, advance.currency);
    total.advances.add(advance.amount);
    total.advancesPln.add(advanceResults[index]?.amountPln ?? ZERO);
  }
  const listed: CurrencyTotals[] = [];
  for (const total of totals.values()) if (!total.due.isZero() || !total.advances.isZero()) listed.push(total);
  return listed
    .sort((a, b) => (a.currency === SETTLEMENT_CURRENCY ? -1 : b.currency === SETTLEMENT_CURRENCY ? 1 : a.currency.localeCompare(b.currency)))
    .map((total) => ({
      currency: total.currency,
      due: total.due.text(),
      advances: total.advances.text(),
      balance: MoneyTotal.differenceText(total.due, total.advances),
      due_pln: total.duePln.text(),
      advances_pln: total.advancesPln.text(),
      balance_pln: MoneyTotal.differenceText(total.duePln, total.advancesPln),
    }));
}

/** The totals of `currency`, made on first use. */
function totalsOf(totals: Map<string, CurrencyTotals>, currency: string): CurrencyTotals {
  let total = totals.get(currency);
  if (total === undefined) {
    total = {
      currency,
      due: new MoneyTotal(),
      advances: new MoneyTotal(),
      duePln: new MoneyTotal(),
      advancesPln: new MoneyTotal(),
    };
    totals.set(currency, total);
  }
  return total;
}

/** Due and advances of one currency, in its currency and in PLN. */
interface CurrencyTotals {
  currency: string;
  due: MoneyTotal;
  advances: MoneyTotal;
  duePln: MoneyTotal;
  advancesPln: MoneyTotal;
}
