import type { AuditEntry } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { pageWindow } from '../../http/paging.ts';
import { logsRepo } from './logs.repo.ts';

interface LogQuery {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  search?: string;
  user_id?: number;
  date_from?: string;
  date_to?: string;
  entity_type?: string;
  entity_id?: string;
  action?: string;
}

const person = (user: { id: number; login: string; name: string; surname: string } | null) =>
  user ? { id: user.id, login: user.login, name: user.name, surname: user.surname } : null;

export function createLogsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** The company's audit trail, read-only (spec §2 logs and the user action log). */
    async list(ctx: AuthenticatedContext, query: LogQuery) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await logsRepo.list(
        db,
        ctx.actor.companyId,
        {
          search: query.search,
          userId: query.user_id,
          dateFrom: query.date_from,
          dateTo: query.date_to,
          entityType: query.entity_type,
          entityId: query.entity_id,
          action: query.action,
          order: query.order,
        },
        pageWindow(query),
      );
      return {
        total,
        items: items.map(
          ({ entry, actor, contextUser }): AuditEntry => ({
            id: entry.id,
            created_at: entry.createdAt.toISOString(),
            user: person(actor),
            context_user: person(contextUser),
            action: entry.action,
            entity_type: entry.entityType,
            entity_id: entry.entityId,
            before: entry.before,
            after: entry.after,
            ip_address: entry.ipAddress,
            request_id: entry.requestId,
          }),
        ),
      };
    },

    async filterOptions(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      return logsRepo.filterOptions(db, ctx.actor.companyId);
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
