import {
  TRANSPORT_TYPES,
  allowedTransportTypesOf,
  parseDelegationForm,
  toLocalDate,
  validateAgainstFoundOrder,
  validateDistances,
  type BaseOrder,
  type DelegationForm,
  type FoundBaseOrder,
  type Issue,
} from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { can } from '../../lib/access.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { CompanyRatesCache } from './company-rates-cache.ts';
import { calculateAndValidate } from './rate-book-loader.ts';
import { withMapsDistances, type SettlementDistances } from './settlement-distances.ts';

/** The issue when another settlement of the employee overlaps the form's trip; `ownId` is the one being edited. */
export type OtherDelegationCheck = (companyId: number, employeeId: number, form: Pick<DelegationForm, 'start_date' | 'end_date'>, ownId: number | null) => Promise<readonly Issue[]>;

/**
 * The base order the form names, checked as the save checks it (the employee's accepted order
 * without another settlement), in one query; `ownId` is the settlement being edited.
 */
export type BaseOrderLookup = (companyId: number, employeeId: number, form: Pick<DelegationForm, 'delegation_order_id'>, ownId: number | null) => Promise<FoundBaseOrder>;

/**
 * The issues at the form's booking fields naming a booking another settlement holds (not `ownId`, the one
 * being edited); no query when the form names no booking.
 */
export type BookingsTakenCheck = (companyId: number, form: Pick<DelegationForm, 'transport' | 'country' | 'booking'>, ownId: number | null) => Promise<Issue[]>;

/**
 * `otherDelegations`, `baseOrder` and `bookingsTaken` are the settlements module's checks, given by the app: this module
 * is below the settlements module, which calls its calculation, and must not import it back.
 */
export function createSettlementCalculationService(
  deps: { db: Database; clock: Clock; rates: CompanyRatesCache; otherDelegations: OtherDelegationCheck; baseOrder: BaseOrderLookup; bookingsTaken: BookingsTakenCheck } & SettlementDistances,
) {
  const { db, clock, rates } = deps;

  /**
   * The rules of spec §5 that need the employee's other documents (another delegation at that time,
   * the base order, a booking another settlement holds) while the user types, as the save says them:
   * only for an employee the user may settle for, since the answers name the other trip, the order's
   * dates and the other settlement's number. Nothing is checked (and no order found) otherwise; the
   * save still checks it all.
   */
  async function otherDocumentsWhileTyping(ctx: AuthenticatedContext, delegation: DelegationForm, employeeId: number): Promise<{ issues: Issue[]; order: BaseOrder | null }> {
    if (!Number.isSafeInteger(employeeId)) return { issues: [], order: null };
    if (employeeId !== ctx.actor.contextUserId && !can(ctx, 'delegationForOthers')) return { issues: [], order: null };
    const ownId = Number(delegation.id);
    const editing = delegation.id !== null && delegation.id !== undefined && delegation.id !== '' && Number.isSafeInteger(ownId) ? ownId : null;
    const [overlapping, found, bookingsTaken] = await Promise.all([
      deps.otherDelegations(ctx.actor.companyId, employeeId, delegation, editing),
      deps.baseOrder(ctx.actor.companyId, employeeId, delegation, editing),
      deps.bookingsTaken(ctx.actor.companyId, delegation, editing),
    ]);
    return { issues: [...overlapping, ...found.issues, ...validateAgainstFoundOrder(delegation, found, ctx.actor.settings), ...bookingsTaken], order: found.order };
  }

  return {
    /**
     * Spec §7 `delegation/form-field-changed`: the form's issues (shape, the rules of §5, missing
     * rates), the distance check against the maps service's distances (which the answer names per
     * transport segment) and the calculation with its explanations. The rules needing other documents
     * are the save's: another delegation at that time, the base order (accepted, not settled, its
     * cost centre, transport types and dates, required by the company) and a booking already attached
     * to another settlement — three queries at most, side by side before the engine, which needs the
     * order's transport types.
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
      const otherDocuments = await otherDocumentsWhileTyping(ctx, delegation, employeeId);
      const { calculated, issues } = await calculateAndValidate(db, rates, {
        companyId: ctx.actor.companyId,
        ratesVersion: ctx.actor.ratesVersion,
        actorVersion: ctx.actor.actorVersion,
        employeeId: Number.isSafeInteger(employeeId) ? employeeId : null,
        delegation,
        settings,
        settlementDate,
        validation: { allowedTransportTypes: allowedTransportTypesOf(otherDocuments.order, TRANSPORT_TYPES), now: now.getTime() },
      });
      return {
        validation: [...issues, ...mapped.issues, ...validateDistances(delegation, settings), ...otherDocuments.issues],
        calculated,
        maps_distances: mapped.distances,
      };
    },
  };
}

export type SettlementCalculationService = ReturnType<typeof createSettlementCalculationService>;
