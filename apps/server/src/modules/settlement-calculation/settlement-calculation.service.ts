import { parseDelegationForm, parseLocalDateTimeToMillis, toLocalDate, validateDistances, type DelegationForm, type Issue } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { can } from '../../lib/access.ts';
import { tripReferenceIssue } from '../../lib/trip-reference.ts';
import { settlementsRepo } from '../settlements/settlements.repo.ts';
import { OTHER_DELEGATION_CODES } from '../settlements/settlements.service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { calculateAndValidate } from './rate-book-loader.ts';
import { withMapsDistances, type SettlementDistances } from './settlement-distances.ts';

/**
 * Spec §5 'employee has another delegation at that time' while the user types, as the save says it:
 * one query, and only for an employee the user may settle for (the answer names the other trip).
 */
async function otherDelegationIssues(db: Database, ctx: AuthenticatedContext, delegation: DelegationForm, employeeId: number): Promise<Issue[]> {
  if (employeeId !== ctx.actor.contextUserId && !can(ctx, 'delegationForOthers')) return [];
  const start = delegation.start_date ? parseLocalDateTimeToMillis(delegation.start_date) : null;
  const end = delegation.end_date ? parseLocalDateTimeToMillis(delegation.end_date) : null;
  if (start === null || end === null || end <= start) return [];
  const ownId = Number(delegation.id);
  const others = await settlementsRepo.overlapping(db, ctx.actor.companyId, employeeId, new Date(start), new Date(end), delegation.id !== null && delegation.id !== undefined && delegation.id !== '' && Number.isSafeInteger(ownId) ? ownId : null);
  return others[0] ? [tripReferenceIssue(['start_date'], OTHER_DELEGATION_CODES, others[0])] : [];
}

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
      const [{ calculated, issues }, overlapping] = await Promise.all([calculateAndValidate(db, rates, {
        companyId: ctx.actor.companyId,
        ratesVersion: ctx.actor.ratesVersion,
        actorVersion: ctx.actor.actorVersion,
        employeeId: Number.isSafeInteger(employeeId) ? employeeId : null,
        delegation,
        settings,
        settlementDate,
        validation: { now: now.getTime() },
      }), Number.isSafeInteger(employeeId) ? otherDelegationIssues(db, ctx, delegation, employeeId) : Promise.resolve([])]);
      return { validation: [...issues, ...mapped.issues, ...validateDistances(delegation, settings), ...overlapping], calculated, maps_distances: mapped.distances };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
