import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { RequestContext, AuthenticatedContext } from '../../http/request-context.ts';

export interface AuditEntry {
  companyId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** For actions without a signed-in actor (login, password reset by link). */
  userId?: number | null;
}

/**
 * Writes one append-only audit row in the caller's transaction, recording both the
 * signed-in user and the user acted as.
 */
export async function recordAudit(db: Executor, ctx: RequestContext | AuthenticatedContext, entry: AuditEntry): Promise<void> {
  const actor = 'actor' in ctx ? ctx.actor : undefined;
  await db.insert(auditLog).values({
    companyId: entry.companyId,
    userId: actor?.userId ?? entry.userId ?? null,
    contextUserId: actor?.contextUserId ?? entry.userId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: ctx.requestId,
    ipAddress: ctx.ip,
  });
}

/**
 * Audits a save as `{entityType}.create` when there was nothing before (`before` null) and as
 * `{entityType}.update` otherwise.
 */
export async function recordSaveAudit(db: Executor, ctx: RequestContext | AuthenticatedContext, entry: Omit<AuditEntry, 'action' | 'before'> & { before: unknown }): Promise<void> {
  await recordAudit(db, ctx, { ...entry, action: `${entry.entityType}.${entry.before === null ? 'create' : 'update'}` });
}
