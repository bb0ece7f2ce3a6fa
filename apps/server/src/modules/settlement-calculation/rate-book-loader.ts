import {
  calculateSettlement,
  validateSettlementForm,
  type CalculatedSettlement,
  type DelegationForm,
  type Issue,
  type RateBook,
  type SettlementPolicy,
  type SettlementValidationOptions,
  type SystemSettings,
} from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { rateBookRepo } from './rate-book.repo.ts';
import { withStoredVehicles } from './stored-vehicles.ts';

function issueKey(issue: Issue): string {
  return `${issue.path.join('.')}|${issue.code}|${JSON.stringify(issue.params ?? {})}`;
}

/** The company settings the engine follows. */
export function settlementPolicyOf(settings: SystemSettings): SettlementPolicy {
  return {
    domestic_parts_of_foreign_trip: settings.domestic_parts_of_foreign_trip,
    exchange_rate_date_rule: settings.exchange_rate_date_rule,
    hotel_limit_excess: settings.hotel_limit_excess,
  };
}

/** Whose rates, in which company, at which version of the company's rate data (`actor.ratesVersion`). */
export interface RateBookOwner {
  companyId: number;
  ratesVersion: number;
  /**
   * The company's `actor_version` as the request read it (`actor.actorVersion`): the employee's rate group
   * is then taken from the cache; without it (seeds, scripts) it is read.
   */
  actorVersion?: number;
  /** Null (or not a whole number) names nobody, which is reported as `settlement.unknownEmployee`. */
  employeeId: number | null;
}

/**
 * Runs `use` with the rate book of one employee of a company: their rate-group chain, the company's
 * overrides and mileage rates (from the cache) and the exchange rates. The employee's rate group comes
 * from the cache too when the owner names the actor version it was read at. The first time the company needs a currency, the answer names it: its table is
 * loaded and `use` runs again; afterwards it runs once.
 */
export async function withRateBook<T>(db: Executor, rates: CompanyRatesCache, owner: RateBookOwner, use: (rateBook: RateBook) => T): Promise<{ result: T; issues: Issue[] }> {
  const { companyId, ratesVersion, actorVersion, employeeId } = owner;
  const employee =
    employeeId === null || !Number.isSafeInteger(employeeId)
      ? { found: false, rateGroupId: null }
      : actorVersion === undefined
        ? await rateBookRepo.rateGroupOfUser(db, companyId, employeeId)
        : await rates.employeeRateGroup(db, companyId, ratesVersion, actorVersion, employeeId);
  const issues: Issue[] = employee.found ? [] : [{ path: ['user_id'], code: 'settlement.unknownEmployee' }];
  let book = await rates.rateBook(db, companyId, ratesVersion, employee.rateGroupId);
  let result = use(book.rateBook);
  if (book.missing.size > 0) {
    await rates.loadCurrencies(db, companyId, ratesVersion, [...book.missing]);
    book = await rates.rateBook(db, companyId, ratesVersion, employee.rateGroupId);
    result = use(book.rateBook);
  }
  return { result, issues: [...issues, ...book.issues] };
}

/**
 * Calculates and validates a parsed form for one employee: the rate book's problems, the rules of
 * spec §5 that need no other document, and the engine's issues, each once. The segments' vehicles
 * are taken from the company's vehicle records (`withStoredVehicles`); the form as calculated, with
 * them, is returned for saving.
 */
export async function calculateAndValidate(
  db: Executor,
  rates: CompanyRatesCache,
  input: RateBookOwner & {
    delegation: DelegationForm;
    settings: SystemSettings;
    settlementDate: string;
    validation?: Omit<SettlementValidationOptions, 'rateBook'>;
  },
): Promise<{ calculated: CalculatedSettlement; issues: Issue[]; delegation: DelegationForm }> {
  const policy = settlementPolicyOf(input.settings);
  const vehicles = await withStoredVehicles(db, input.companyId, input.employeeId, input.delegation);
  const delegation = vehicles.delegation;
  const { result, issues: rateIssues } = await withRateBook(db, rates, input, (rateBook) => ({
    calculation: calculateSettlement(delegation, { rateBook, policy, settlementDate: input.settlementDate }),
    ruleIssues: validateSettlementForm(delegation, { rateBook, ...input.validation }),
  }));
  const seen = new Set<string>();
  const issues = [...vehicles.issues, ...rateIssues, ...result.ruleIssues, ...result.calculation.issues].filter((issue) => {
    const key = issueKey(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { calculated: result.calculation.calculated, issues, delegation };
}
