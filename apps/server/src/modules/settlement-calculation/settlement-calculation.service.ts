import { parseDelegationForm, toLocalDate, validateDistances, type DelegationForm, type Issue } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { can } from '../../lib/access.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { calculateAndValidate } from './rate-book-loader.ts';
import { withMapsDistances, type SettlementDistances } from './settlement-distances.ts';

/** The issue when another settlement of the employee overlaps the form's trip; `ownId` is the one being edited. */
export type OtherDelegationCheck = (companyId: number, employeeId: number, form: Pick<DelegationForm, 'start_date' | 'end_date'>, ownId: number | null) => Promise<Issue[]>;

/**
 * `otherDelegations` is the settlements module's overlap check, given by the app: this module is
 * below the settlements module, which calls its calculation, and must not import it back.
 */
export function createSettlementCalculationService(
  deps: { db: Database; clock: Clock; rates: CompanyRatesCache; otherDelegations: OtherDelegationCheck } & SettlementDistances,
) {
  const { db, clock, rates } = deps;

  /**
   * Spec §5 'employee has another delegation at that time' while the user types, as the save says it:
   * only for an employee the user may settle for, since the answer names the other trip.
   */
  function otherDelegationsWhileTyping(ctx: AuthenticatedContext, delegation: DelegationForm, employeeId: number): Promise<Issue[]> {
    if (!Number.isSafeInteger(employeeId)) return Promise.resolve([]);
    if (employeeId !== ctx.actor.contextUserId && !can(ctx, 'delegationForOthers')) return Promise.resolve([]);
    const ownId = Number(delegation.id);
    const editing = delegation.id !== null && delegation.id !== undefined && delegation.id !== '' && Number.isSafeInteger(ownId) ? ownId : null;
    return deps.otherDelegations(ctx.actor.companyId, employeeId, delegation, editing);
  }

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
      }), otherDelegationsWhileTyping(ctx, delegation, employeeId)]);
      return { validation: [...issues, ...mapped.issues, ...validateDistances(delegation, settings), ...overlapping], calculated, maps_distances: mapped.distances };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
