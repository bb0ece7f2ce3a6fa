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

export type AuditRow = typeof auditLog.$inferInsert;

/** The audit row of an entry, naming both the signed-in user and the user acted as. */
export function auditRowOf(ctx: RequestContext | AuthenticatedContext, entry: AuditEntry): AuditRow {
  const actor = 'actor' in ctx ? ctx.actor : undefined;
  return {
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
  };
}

/** Writes one append-only audit row in the caller's transaction (`auditRowOf`). */
export async function recordAudit(db: Executor, ctx: RequestContext | AuthenticatedContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRowOf(ctx, entry));
}

/**
 * Audits a save as `{entityType}.create` when there was nothing before (`before` null) and as
 * `{entityType}.update` otherwise.
 */
export async function recordSaveAudit(db: Executor, ctx: RequestContext | AuthenticatedContext, entry: Omit<AuditEntry, 'action' | 'before'> & { before: unknown }): Promise<void> {
  await recordAudit(db, ctx, { ...entry, action: `${entry.entityType}.${entry.before === null ? 'create' : 'update'}` });
}
