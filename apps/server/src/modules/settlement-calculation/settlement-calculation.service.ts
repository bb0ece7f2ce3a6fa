import { parseDelegationForm, toLocalDate, validateDistances } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { calculateAndValidate } from './rate-book-loader.ts';
import { withMapsDistances, type SettlementDistances } from './settlement-distances.ts';

export function createSettlementCalculationService(deps: { db: Database; clock: Clock; rates: CompanyRatesCache } & SettlementDistances) {
  const { db, clock, rates } = deps;

  return {
    /**
     * Spec §7 `delegation/form-field-changed`: the form's issues (shape, every rule of §5 that needs
     * no other document, missing rates), the distance check against the maps service's distances
     * (which the answer names per transport segment) and the calculation with its explanations.
     */
    async formFieldChanged(ctx: AuthenticatedContext, input: { delegation: Record<string, unknown> }) {
      const parsed = parseDelegationForm(input.delegation);
      if (!parsed.delegation) return { validation: parsed.issues, calculated: null, maps_distances: [] };
      const settings = ctx.actor.settings;
      const mapped = await withMapsDistances(parsed.delegation, settings, deps, { live: true });
      const delegation = mapped.form;
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
        settings,
        settlementDate,
        validation: { now: now.getTime() },
      });
      return { validation: [...issues, ...mapped.issues, ...validateDistances(delegation, settings)], calculated, maps_distances: mapped.distances };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
