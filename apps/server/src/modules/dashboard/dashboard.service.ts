import { AppError, DASHBOARD_PERMISSIONS, ErrorCode, toLocalDate } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { can } from '../../lib/access.ts';
import type { Clock } from '../../lib/clock.ts';
import { budgetOverview } from '../budgets/budgets.service.ts';

/**
 * The decider's home screen: what waits for them comes from the lists' own `toDecide` queries;
 * this adds the budgets in force today against what is spent and committed (the budgets' service).
 */
export function createDashboardService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async budgets(ctx: AuthenticatedContext) {
      // The provider's admin context has no company budgets of its own to show.
      if (ctx.actor.isAdminContext || !DASHBOARD_PERMISSIONS.some((permission) => can(ctx, permission)))
        throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });
      const day = toLocalDate(clock.now());
      return { day, items: await budgetOverview(db, ctx.actor.companyId, day) };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
