import { dec, formatMoney, sumDecimals, type Dec } from '../common/money.ts';

/**
 * Cost-centre budgets (issue 11 §3, spec §3 "Cost centre budget: from, to, amount"): how much of a
 * budget is spent, how much is committed and what is left, and the state the bar shows. The server
 * sums the documents (docs/domain/budgets.md says which amounts and why); the arithmetic is here, so
 * the view, the forms' budget panel and the workflow's budget step agree to the grosz.
 */

/** From this share of the budget used (spent + committed) the budget warns. */
export const BUDGET_WARNING_PERCENT = 80;

export const BUDGET_STATES = ['ok', 'warning', 'over'] as const;
/** `ok` below 80 %, `warning` from 80 % up to 100 % inclusive, `over` above 100 %. */
export type BudgetState = (typeof BUDGET_STATES)[number];

/** What a company does when a document would exceed its cost centre's budget (a company setting). */
export const BUDGET_EXCEEDED_RULES = ['warn', 'accept'] as const;
export type BudgetExceededRule = (typeof BUDGET_EXCEEDED_RULES)[number];

/** Committed travel services of one currency: the sum of their chosen offers' prices in that currency. */
export interface CurrencyAmount {
  currency: string;
  amount: string;
}

/** What the server found for one budget, before conversion (amounts are decimal strings). */
export interface BudgetSums {
  /** The budget's amount in PLN. */
  amount: string;
  /** PLN already spent: settled settlements' totals and their settled travel services (in PLN). */
  spentPln: string;
  /** Settled travel services priced in another currency than PLN, per currency. */
  spentForeign: readonly CurrencyAmount[];
  /** PLN committed by accepted trip orders not settled yet (their estimates) and PLN-priced travel services. */
  committedPln: string;
  /** Committed travel services priced in another currency than PLN, per currency. */
  committedForeign: readonly CurrencyAmount[];
}

export interface BudgetFigures {
  amount: string;
  spent: string;
  committed: string;
  /** amount − spent − committed; negative when the budget is exceeded. */
  left: string;
  /** (spent + committed) / amount in percent, one decimal; null for a budget of zero. */
  usedPercent: string | null;
  state: BudgetState;
  /** Currencies of travel services left out because the company has no exchange rate for them. */
  unconvertedCurrencies: string[];
}

/** The state of a budget of `amount` of which `used` is spent or committed; compared exactly, never through a rounded percent. */
export function budgetStateOf(amount: Dec, used: Dec): BudgetState {
  if (used.greaterThan(amount)) return 'over';
  if (used.isZero() || used.isNegative()) return 'ok';
  if (used.times(100).greaterThanOrEqualTo(amount.times(BUDGET_WARNING_PERCENT))) return 'warning';
  return 'ok';
}

/**
 * Converts foreign-currency sums to PLN: each currency's sum times its rate, rounded half-up to the
 * grosz once per currency. A currency without a rate is left out and named, so a missing exchange
 * rate shows instead of silently counting zero as if it were money.
 */
function convert(amounts: readonly CurrencyAmount[], rates: ReadonlyMap<string, string>, unconverted: Set<string>): Dec {
  return sumDecimals(
    amounts.map((entry) => {
      const rate = rates.get(entry.currency);
      if (rate === undefined) {
        unconverted.add(entry.currency);
        return dec(0);
      }
      return dec(formatMoney(dec(entry.amount).times(rate)));
    }),
  );
}

function figuresOf(amount: Dec, spent: Dec, committed: Dec, unconverted: Set<string>): BudgetFigures {
  const used = spent.plus(committed);
  return {
    amount: formatMoney(amount),
    spent: formatMoney(spent),
    committed: formatMoney(committed),
    left: formatMoney(amount.minus(used)),
    usedPercent: amount.isZero() ? null : used.times(100).div(amount).toFixed(1),
    state: budgetStateOf(amount, used),
    unconvertedCurrencies: [...unconverted].sort(),
  };
}

/** Amounts in several currencies as PLN, converted as the budgets convert them (per currency, half-up to the grosz); currencies without a rate are named. */
export function amountsInPln(amounts: readonly CurrencyAmount[], rates: ReadonlyMap<string, string>): { pln: string; unconvertedCurrencies: string[] } {
  const unconverted = new Set<string>();
  const perCurrency = new Map<string, Dec>();
  for (const entry of amounts) perCurrency.set(entry.currency, (perCurrency.get(entry.currency) ?? dec(0)).plus(dec(entry.amount)));
  const foreign = [...perCurrency].filter(([currency]) => currency !== 'PLN').map(([currency, amount]) => ({ currency, amount: amount.toFixed() }));
  const pln = (perCurrency.get('PLN') ?? dec(0)).plus(convert(foreign, rates, unconverted));
  return { pln: formatMoney(pln), unconvertedCurrencies: [...unconverted].sort() };
}

/** Spent, committed, left and state of one budget; `rates` maps a currency to its PLN rate (decimal text). */
export function budgetFigures(sums: BudgetSums, rates: ReadonlyMap<string, string>): BudgetFigures {
  const unconverted = new Set<string>();
  const spent = dec(sums.spentPln).plus(convert(sums.spentForeign, rates, unconverted));
  const committed = dec(sums.committedPln).plus(convert(sums.committedForeign, rates, unconverted));
  return figuresOf(dec(sums.amount), spent, committed, unconverted);
}

/** A document about to be sent, as the budget would count it once accepted. */
export interface BudgetDocumentChange {
  /** The document's own amount in PLN that would become committed (or spent). */
  add: string;
  /** What the budget already counts for the same trip and this document replaces (an order's estimate a settlement settles), in PLN. */
  release: string;
}

/**
 * The budget as it would stand with the document counted: its amount added and what it replaces
 * taken out of committed (never below zero), so a settlement of an accepted order is not counted
 * twice against its own estimate.
 */
export function budgetWithDocument(figures: BudgetFigures, change: BudgetDocumentChange): BudgetFigures {
  const released = dec(change.release);
  const committedBefore = dec(figures.committed);
  const committed = (released.greaterThan(committedBefore) ? dec(0) : committedBefore.minus(released)).plus(dec(change.add));
  return figuresOf(dec(figures.amount), dec(figures.spent), committed, new Set(figures.unconvertedCurrencies));
}

/** Whether a document makes the budget exceed its amount (more than 100 % used), the moment a company may ask for an extra acceptance. */
export function exceedsBudget(withDocument: BudgetFigures): boolean {
  return withDocument.state === 'over';
}

/** Whole days from `from` to `to`, both included (calendar days, so a day of a time change counts once). */
function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The calendar month (`YYYY-MM`) of a day, as its first and last day. */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/**
 * A budget's share of one month (the dashboard's "this month's spending against budget", ADR 0021):
 * the amount pro rata of the period's days that fall within the month, rounded half-up to the grosz.
 * Days weigh alike whatever the month, so twelve monthly shares of a calendar-year budget add up to its
 * amount within a few grosze of rounding, and a budget of a few days gets its whole amount in its month.
 * The window is the part of the month inside the period, the days whose documents the share is measured against.
 */
export function monthlyShareOfBudget(budget: { amount: string; dateFrom: string; dateTo: string }, day: string): { from: string; to: string; amount: string } | null {
  const month = monthOf(day);
  const from = budget.dateFrom > month.from ? budget.dateFrom : month.from;
  const to = budget.dateTo < month.to ? budget.dateTo : month.to;
  if (from > to) return null;
  const share = dec(budget.amount).times(daysInclusive(from, to)).div(daysInclusive(budget.dateFrom, budget.dateTo));
  return { from, to, amount: formatMoney(share) };
}
