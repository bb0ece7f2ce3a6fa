import {
  calculateSettlement,
  createRateBook,
  listRequiredExchangeRates,
  resolveRateGroupChain,
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
import { rateBookRepo } from './rate-book.repo.ts';

/**
 * NBP publishes table A every business day; the longest gap (Easter, Christmas with a weekend)
 * is under two weeks, so rates are loaded from this many days before the earliest day asked for.
 */
const EXCHANGE_RATE_LOOKBACK_DAYS = 21;

function shiftDate(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

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

/**
 * The rate book of one employee of a company: their rate-group chain, the company's overrides and
 * mileage rates, and the exchange rates the form needs. `employeeId` null (or not a whole number)
 * names nobody, which is reported as `settlement.unknownEmployee`.
 */
export async function loadRateBook(
  db: Executor,
  input: { companyId: number; employeeId: number | null; delegation: DelegationForm; policy: SettlementPolicy; settlementDate: string },
): Promise<{ rateBook: RateBook; issues: Issue[] }> {
  const { companyId, employeeId, delegation, policy, settlementDate } = input;
  const countryCodes = [...new Set((delegation.country ?? []).map((part) => part.country_code).filter((code): code is string => Boolean(code)))];
  const [employee, groups, companyOverrides, mileageRates] = await Promise.all([
    employeeId !== null && Number.isSafeInteger(employeeId) ? rateBookRepo.rateGroupOfUser(db, companyId, employeeId) : { found: false, rateGroupId: null },
    rateBookRepo.rateGroups(db, companyId),
    rateBookRepo.perDiemOverrides(db, companyId, countryCodes),
    rateBookRepo.mileageRates(db, companyId),
  ]);
  const issues: Issue[] = [];
  if (!employee.found) issues.push({ path: ['user_id'], code: 'settlement.unknownEmployee' });
  const chain = employee.rateGroupId === null ? { chain: [], issues: [] } : resolveRateGroupChain(groups, employee.rateGroupId);
  issues.push(...chain.issues);

  const withoutRates: RateBook = createRateBook({ companyOverrides, rateGroupChain: chain.chain, mileageRates });
  const needed = listRequiredExchangeRates(delegation, { rateBook: withoutRates, policy, settlementDate });
  if (needed.length === 0) return { rateBook: withoutRates, issues };
  const currencies = [...new Set(needed.map((request) => request.currency))];
  const days = needed.map((request) => request.date).sort();
  const exchangeRates = await rateBookRepo.exchangeRates(db, companyId, currencies, shiftDate(days[0]!, -EXCHANGE_RATE_LOOKBACK_DAYS), days.at(-1)!);
  return { rateBook: createRateBook({ companyOverrides, rateGroupChain: chain.chain, mileageRates, exchangeRates }), issues };
}

/**
 * Calculates and validates a parsed form for one employee: the rate book's problems, the rules of
 * spec §5 that need no other document, and the engine's issues, each once.
 */
export async function calculateAndValidate(
  db: Executor,
  input: {
    companyId: number;
    employeeId: number | null;
    delegation: DelegationForm;
    settings: SystemSettings;
    settlementDate: string;
    validation?: Omit<SettlementValidationOptions, 'rateBook'>;
  },
): Promise<{ calculated: CalculatedSettlement; issues: Issue[] }> {
  const policy = settlementPolicyOf(input.settings);
  const { rateBook, issues: rateIssues } = await loadRateBook(db, { ...input, policy });
  const calculation = calculateSettlement(input.delegation, { rateBook, policy, settlementDate: input.settlementDate });
  const ruleIssues = validateSettlementForm(input.delegation, { rateBook, ...input.validation });
  const seen = new Set<string>();
  const issues = [...rateIssues, ...ruleIssues, ...calculation.issues].filter((issue) => {
    const key = issueKey(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { calculated: calculation.calculated, issues };
}
