import { createRateBook, resolveRateGroupChain, type ExchangeRate, type Issue, type RateBook, type RateGroupId } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { rateBookRepo } from './rate-book.repo.ts';

/**
 * The company's rate data the settlement form reads on every change — rate groups, per-diem overrides,
 * mileage rates and the exchange-rate table of each currency asked for — held in memory per company
 * and `companies.rates_version`. Triggers raise that version with every change of those tables
 * (migration 0012), and every request reads it with its session, so a change made by any process, or
 * straight in the database, is seen by the very next request; nothing is ever served from an older
 * version. The statutory tables live in the domain and need no loading.
 *
 * What is missing is read through the caller's own executor, and no caller waits for another's read:
 * inside a transaction the embedded database has no other connection, so waiting for a read queued
 * behind that transaction would never end. (A cold company read by two requests at once is read
 * twice.) A transaction that changes rate data must not calculate through this cache: what it reads
 * is not committed yet.
 */
export interface CompanyRatesCache {
  /**
   * The rate book of a rate group (null: none) of the company at `version`, with the issues of its
   * group chain. Its exchange-rate look-ups answer only the currencies loaded so far and name the
   * others in `missing`; `loadCurrencies` loads them for the next book.
   */
  rateBook(db: Executor, companyId: number, version: number, rateGroupId: RateGroupId | null): Promise<CachedRateBook>;
  loadCurrencies(db: Executor, companyId: number, version: number, currencies: readonly string[]): Promise<void>;
  /**
   * The rate group of an employee of the company (found: the employee exists in the company), kept per
   * `companies.actor_version` (`Actor.actorVersion`), which every change of a user raises (migration 0019).
   */
  employeeRateGroup(db: Executor, companyId: number, version: number, actorVersion: number, employeeId: number): Promise<EmployeeRateGroup>;
}

export interface EmployeeRateGroup {
  found: boolean;
  rateGroupId: number | null;
}

export interface CachedRateBook {
  rateBook: RateBook;
  issues: Issue[];
  /** Currencies the calculation asked for that are not loaded yet. */
  missing: Set<string>;
}

/** The company data every rate book of the company is built from. */
interface CompanyRates {
  groups: Awaited<ReturnType<typeof rateBookRepo.rateGroups>>;
  overrides: Awaited<ReturnType<typeof rateBookRepo.perDiemOverrides>>;
  mileageRates: Awaited<ReturnType<typeof rateBookRepo.mileageRates>>;
}

interface CompanyEntry {
  version: number;
  rates: CompanyRates | null;
  /** Loaded currencies (an empty table when the company has no rate of it). */
  exchange: Map<string, ExchangeRate[]>;
  /** Built rate books by rate group with the currencies they hold, dropped when a currency is added. */
  books: Map<string, { rateBook: RateBook; issues: Issue[]; currencies: ReadonlySet<string> }>;
  /** Employees' rate groups with the actor version they were read at. */
  employees: Map<number, EmployeeRateGroup & { actorVersion: number }>;
}

/** Companies kept at once; the least recently used goes first. */
const MAX_COMPANIES = 500;
/** Employees' rate groups kept per company; all are dropped when there are more. */
const MAX_EMPLOYEES = 20_000;

/**
 * NBP publishes table A every business day; the longest gap (Easter, Christmas with a weekend) is under
 * two weeks, so a table older than this many days before the day asked for counts as missing rather
 * than silently converting at a months-old rate.
 */
export const EXCHANGE_RATE_LOOKBACK_DAYS = 21;

function shiftDate(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function createCompanyRatesCache(): CompanyRatesCache {
  const entries = new Map<number, CompanyEntry>();

  // One after another: inside a transaction the executor is one pg client, which runs one query at a time.
  const load = async (db: Executor, companyId: number): Promise<CompanyRates> => ({
    groups: await rateBookRepo.rateGroups(db, companyId),
    overrides: await rateBookRepo.perDiemOverrides(db, companyId),
    mileageRates: await rateBookRepo.mileageRates(db, companyId),
  });

  function entryOf(companyId: number, version: number): CompanyEntry {
    const current = entries.get(companyId);
    if (current && current.version === version) {
      // Map order is insertion order: re-inserting marks it as the most recently used.
      entries.delete(companyId);
      entries.set(companyId, current);
      return current;
    }
    const fresh: CompanyEntry = { version, rates: null, exchange: new Map(), books: new Map(), employees: new Map() };
    // A request that read an older version than the one held is answered apart and changes nothing.
    if (current && current.version > version) return fresh;
    entries.delete(companyId);
    entries.set(companyId, fresh);
    if (entries.size > MAX_COMPANIES) entries.delete(entries.keys().next().value!);
    return fresh;
  }

  return {
    async rateBook(db, companyId, version, rateGroupId) {
      const entry = entryOf(companyId, version);
      const key = rateGroupId === null ? '' : String(rateGroupId);
      let built = entry.books.get(key);
      if (!built) {
        if (!entry.rates) {
          const loaded = await load(db, companyId);
          entry.rates ??= loaded;
        }
        const rates = entry.rates;
        const chain = rateGroupId === null ? { chain: [], issues: [] } : resolveRateGroupChain(rates.groups, rateGroupId);
        const rateBook = createRateBook({
          companyOverrides: rates.overrides,
          rateGroupChain: chain.chain,
          mileageRates: rates.mileageRates,
          exchangeRates: [...entry.exchange.values()].flat(),
        });
        built = { rateBook, issues: chain.issues, currencies: new Set(entry.exchange.keys()) };
        entry.books.set(key, built);
      }
      const { rateBook: book, issues, currencies } = built;
      const missing = new Set<string>();
      const rateBook: RateBook = {
        ...book,
        exchangeRate(currency, date, match) {
          if (!currencies.has(currency)) {
            missing.add(currency);
            return null;
          }
          const rate = book.exchangeRate(currency, date, match);
          return rate && rate.date >= shiftDate(date, -EXCHANGE_RATE_LOOKBACK_DAYS) ? rate : null;
        },
      };
      return { rateBook, issues: [...issues], missing };
    },

    async loadCurrencies(db, companyId, version, currencies) {
      const entry = entryOf(companyId, version);
      const wanted = currencies.filter((currency) => !entry.exchange.has(currency));
      if (wanted.length === 0) return;
      const rows = await rateBookRepo.exchangeRates(db, companyId, wanted);
      for (const currency of wanted) {
        if (!entry.exchange.has(currency)) entry.exchange.set(currency, rows.filter((row) => row.currency === currency));
      }
      entry.books.clear();
    },

    async employeeRateGroup(db, companyId, version, actorVersion, employeeId) {
      const entry = entryOf(companyId, version);
      const known = entry.employees.get(employeeId);
      if (known && known.actorVersion === actorVersion) return known;
      // Read after the caller read `actorVersion`: never older than the version it is kept under.
      const read = { ...(await rateBookRepo.rateGroupOfUser(db, companyId, employeeId)), actorVersion };
      const current = entry.employees.get(employeeId);
      if (!current || current.actorVersion <= actorVersion) {
        if (entry.employees.size >= MAX_EMPLOYEES) entry.employees.clear();
        entry.employees.set(employeeId, read);
      }
      return read;
    },
  };
}
