import {
  calculateSettlement,
  createRateBook,
  listRequiredExchangeRates,
  parseDelegationForm,
  resolveRateGroupChain,
  toLocalDate,
  validateSettlementForm,
  type DelegationForm,
  type Issue,
  type RateBook,
  type SettlementPolicy,
} from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
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

export function createSettlementCalculationService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The rate book of one employee: their rate-group chain, the company's overrides and mileage rates, and the exchange rates the form needs. */
  async function rateBookFor(ctx: AuthenticatedContext, delegation: DelegationForm, policy: SettlementPolicy, settlementDate: string) {
    const companyId = ctx.actor.companyId;
    // The web may send ids as strings; anything that is not a whole number names nobody.
    const employeeId = delegation.user_id === null || delegation.user_id === undefined ? ctx.actor.contextUserId : Number(delegation.user_id);
    const countryCodes = [...new Set((delegation.country ?? []).map((part) => part.country_code).filter((code): code is string => Boolean(code)))];
    const [employee, groups, companyOverrides, mileageRates] = await Promise.all([
      Number.isSafeInteger(employeeId) ? rateBookRepo.rateGroupOfUser(db, companyId, employeeId) : { found: false, rateGroupId: null },
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
    let rateBook = withoutRates;
    if (needed.length > 0) {
      const currencies = [...new Set(needed.map((request) => request.currency))];
      const days = needed.map((request) => request.date).sort();
      const exchangeRates = await rateBookRepo.exchangeRates(db, companyId, currencies, shiftDate(days[0]!, -EXCHANGE_RATE_LOOKBACK_DAYS), days.at(-1)!);
      rateBook = createRateBook({ companyOverrides, rateGroupChain: chain.chain, mileageRates, exchangeRates });
    }
    return { rateBook, issues };
  }

  return {
    /**
     * Spec §7 `delegation/form-field-changed`: the form's issues (shape, every rule of §5 that needs
     * no other document, missing rates) and the calculation with its explanations.
     */
    async formFieldChanged(ctx: AuthenticatedContext, input: { delegation: Record<string, unknown> }) {
      const parsed = parseDelegationForm(input.delegation);
      if (!parsed.delegation) return { validation: parsed.issues, calculated: null };
      const delegation = parsed.delegation;
      const settings = ctx.actor.settings;
      const policy: SettlementPolicy = {
        domestic_parts_of_foreign_trip: settings.domestic_parts_of_foreign_trip,
        exchange_rate_date_rule: settings.exchange_rate_date_rule,
        hotel_limit_excess: settings.hotel_limit_excess,
      };
      const settlementDate = delegation.settlement_date ?? toLocalDate(clock.now());
      const { rateBook, issues: rateIssues } = await rateBookFor(ctx, delegation, policy, settlementDate);
      const calculation = calculateSettlement(delegation, { rateBook, policy, settlementDate });
      const ruleIssues = validateSettlementForm(delegation, { rateBook });
      const seen = new Set<string>();
      const validation = [...rateIssues, ...ruleIssues, ...calculation.issues].filter((issue) => {
        const key = issueKey(issue);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return { validation, calculated: calculation.calculated };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
