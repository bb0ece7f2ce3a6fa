import { and, asc, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

const actors = alias(users, 'actors');
const contextUsers = alias(users, 'context_users');

/**
 * Who acted is a user of the company, or a provider administrator (negative id, spec §6) who acted in its
 * context: the company's log names them too.
 */
function actedInCompany(table: typeof actors, companyId: number): SQL | undefined {
  return or(eq(table.companyId, companyId), lt(table.id, 0));
}

export interface AuditLogFilter {
  search?: string;
  userId?: number;
  dateFrom?: string;
  dateTo?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  order: 'asc' | 'desc';
}

function conditions(companyId: number, filter: AuditLogFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(auditLog.companyId, companyId)];
  if (filter.userId !== undefined) where.push(or(eq(auditLog.userId, filter.userId), eq(auditLog.contextUserId, filter.userId)));
  // Dates are Warsaw calendar days; the range includes the whole last day.
  if (filter.dateFrom) where.push(sql`${auditLog.createdAt} >= (${filter.dateFrom}::date::timestamp AT TIME ZONE 'Europe/Warsaw')`);
  if (filter.dateTo) where.push(sql`${auditLog.createdAt} < ((${filter.dateTo}::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw')`);
  if (filter.entityType) where.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(or(ilike(auditLog.action, pattern), ilike(auditLog.entityType, pattern), ilike(auditLog.entityId, pattern), ilike(actors.login, pattern)));
  }
  return and(...where);
}

export const logsRepo = {
  async list(db: Executor, companyId: number, filter: AuditLogFilter, page: { offset: number; limit: number }) {
    const where = conditions(companyId, filter);
    const direction = filter.order === 'asc' ? asc : desc;
    const [items, [total]] = await Promise.all([
      db
        .select({ entry: auditLog, actor: actors, contextUser: contextUsers })
        .from(auditLog)
        .leftJoin(actors, and(eq(actors.id, auditLog.userId), actedInCompany(actors, companyId)))
        .leftJoin(contextUsers, and(eq(contextUsers.id, auditLog.contextUserId), eq(contextUsers.companyId, companyId)))
        .where(where)
        .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ value: count() })
        .from(auditLog)
        .leftJoin(actors, and(eq(actors.id, auditLog.userId), actedInCompany(actors, companyId)))
        .where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async filterOptions(db: Executor, companyId: number) {
    const [types, actions, people] = await Promise.all([
      db.selectDistinct({ value: auditLog.entityType }).from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.entityType),
      db.selectDistinct({ value: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.action),
      db
        .select({ id: users.id, login: users.login, name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.surname, users.name, users.id),
    ]);
    return { entity_types: types.map((row) => row.value), actions: actions.map((row) => row.value), users: people };
  },
};
