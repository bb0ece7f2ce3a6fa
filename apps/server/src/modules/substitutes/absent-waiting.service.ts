import {
  delegationAdvanceApi,
  delegationListQuerySchema,
  delegationOrderListQuerySchema,
  travelServiceListQuerySchema,
  type AbsentWaiting,
  type AbsentWaitingItem,
} from '@delego/contract';
import { hasPermission, isModuleEnabled, toLocalDate } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { authRepo } from '../auth/auth.repo.ts';
import type { DelegationAdvanceService } from '../delegation-advance/delegation-advance.service.ts';
import type { DelegationOrderService } from '../delegation-order/delegation-order.service.ts';
import type { SettlementsService } from '../settlements/settlements.service.ts';
import type { TravelServiceService } from '../travel-service/travel-service.service.ts';
import { substitutesRepo } from './substitutes.repo.ts';

/** How many of each kind are listed; the counts are of all of them, as on the home page's 'what waits for me'. */
export const ABSENT_WAITING_PREVIEW = 3;

/** The lists whose 'waiting for me' queries this reads: the same calls the web's 'what waits for me' makes. */
export interface WaitingLists {
  orders: Pick<DelegationOrderService, 'list'>;
  settlements: Pick<SettlementsService, 'list'>;
  advances: Pick<DelegationAdvanceService, 'list'>;
  travelServices: Pick<TravelServiceService, 'list'>;
}

const first = { page: 1, page_size: ABSENT_WAITING_PREVIEW };

/**
 * What waits for the colleagues one substitutes (issue 12 point 1): for each absent user the signed-in
 * user may log in as today, their own 'waiting for me' lists, read as they would read them. No
 * visibility rule lives here: the lists are asked with the absent user as the context user and
 * their permission map, exactly the actor a login-as would give them.
 */
export function createAbsentWaitingService(deps: { db: Database; clock: Clock; lists: WaitingLists }) {
  const { db, clock, lists } = deps;

  async function waitingFor(ctx: AuthenticatedContext, absent: { id: number; login: string; name: string; surname: string }, today: string): Promise<AbsentWaiting> {
    const companyId = ctx.actor.companyId;
    const contextPermissions = await authRepo.permissionMapOf(db, companyId, absent.id, today);
    const asAbsent: AuthenticatedContext = { ...ctx, actor: { ...ctx.actor, contextUserId: absent.id, contextUserLogin: absent.login, contextPermissions } };
    const settings = ctx.actor.settings;
    const delegation = isModuleEnabled(settings, 'delegation');
    const paysAdvances = delegation && hasPermission(contextPermissions, 'delegationAcceptFinancial');
    const acceptsTravelServices = isModuleEnabled(settings, 'travel_service') && hasPermission(contextPermissions, 'travelServiceAccept');
    const [orders, settlements, advances, travelServices] = await Promise.all([
      delegation ? lists.orders.list(asAbsent, delegationOrderListQuerySchema.parse({ ...first, sort: 'start_date', order: 'asc', waiting_for_me: 'true' })) : null,
      delegation ? lists.settlements.list(asAbsent, delegationListQuerySchema.parse({ ...first, sort: 'start_date', order: 'asc', scope: 'toDecide' })) : null,
      paysAdvances ? lists.advances.list(asAbsent, delegationAdvanceApi.list.query!.parse({ ...first, scope: 'toDecide' })) : null,
      acceptsTravelServices
        ? lists.travelServices.list(asAbsent, travelServiceListQuerySchema.parse({ ...first, sort: 'created_at', order: 'asc', status: 'chosenSentForAcceptance' }))
        : null,
    ]);
    const items: AbsentWaitingItem[] = [
      ...(orders?.items ?? []).map((order) => ({
        kind: 'order' as const,
        id: order.id,
        number: order.number,
        destination: order.destination,
        start_date: order.start_date,
        end_date: order.end_date,
        employee_name: order.employee.fullName,
      })),
      ...(settlements?.items ?? []).map((settlement) => ({
        kind: 'settlement' as const,
        id: settlement.id,
        number: settlement.number,
        destination: settlement.destination_text,
        start_date: settlement.start_date,
        end_date: settlement.end_date,
        employee_name: settlement.employee_name,
      })),
      ...(advances?.items ?? []).map((advance) => ({
        kind: 'advance' as const,
        id: advance.id,
        number: advance.order.number,
        destination: advance.order.destination,
        start_date: advance.order.start_date,
        end_date: advance.order.end_date,
        employee_name: advance.employee.fullName,
      })),
      ...(travelServices?.items ?? []).map((order) => ({
        kind: 'travelService' as const,
        id: order.id,
        number: order.number,
        destination: null,
        start_date: order.start_date,
        end_date: order.end_date,
        employee_name: order.user.fullName,
      })),
    ];
    return {
      absent_user: { id: absent.id, name: absent.name, surname: absent.surname, login: absent.login },
      counts: {
        orders: orders?.total ?? 0,
        settlements: settlements?.total ?? 0,
        advances: advances?.total ?? 0,
        travel_services: travelServices?.total ?? 0,
      },
      items,
    };
  }

  return {
    /** Of the signed-in user (`userId`), also while acting as someone: whom they substitute, as `/substitutes` shows. */
    async waiting(ctx: AuthenticatedContext): Promise<{ items: AbsentWaiting[] }> {
      // A provider administrator in a company's context substitutes nobody there.
      if (ctx.actor.providerCompanyId !== undefined || ctx.actor.isAdminContext) return { items: [] };
      const today = toLocalDate(clock.now());
      const absentUsers = await substitutesRepo.absentUsersOn(db, ctx.actor.companyId, ctx.actor.userId, today);
      const items: AbsentWaiting[] = [];
      // One colleague after another: each reads up to four bounded lists, so a long list of absences stays gentle on the pool.
      for (const absent of absentUsers) items.push(await waitingFor(ctx, absent, today));
      return { items };
    },
  };
}

export type AbsentWaitingService = ReturnType<typeof createAbsentWaitingService>;
