import { parseDelegationForm, toLocalDate } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { calculateAndValidate } from './rate-book-loader.ts';

export function createSettlementCalculationService(deps: { db: Database; clock: Clock; rates: CompanyRatesCache }) {
  const { db, clock, rates } = deps;

  return {
    /**
     * Spec §7 `delegation/form-field-changed`: the form's issues (shape, every rule of §5 that needs
     * no other document, missing rates) and the calculation with its explanations.
     */
    async formFieldChanged(ctx: AuthenticatedContext, input: { delegation: Record<string, unknown> }) {
      const parsed = parseDelegationForm(input.delegation);
      if (!parsed.delegation) return { validation: parsed.issues, calculated: null };
      const delegation = parsed.delegation;
      // The web may send ids as strings; anything that is not a whole number names nobody.
      const employeeId = delegation.user_id === null || delegation.user_id === undefined ? ctx.actor.contextUserId : Number(delegation.user_id);
      const now = clock.now();
      const settlementDate = delegation.settlement_date ?? toLocalDate(now);
      const { calculated, issues } = await calculateAndValidate(db, rates, {
        companyId: ctx.actor.companyId,
        ratesVersion: ctx.actor.ratesVersion,
        actorVersion: ctx.actor.actorVersion,
        employeeId: Number.isSafeInteger(employeeId) ? employeeId : null,
        delegation,
        settings: ctx.actor.settings,
        settlementDate,
        validation: { now: now.getTime() },
      });
      return { validation: issues, calculated };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
