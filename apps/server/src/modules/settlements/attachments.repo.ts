import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * `owner_kind` of a file uploaded while a settlement is typed: it belongs to its uploader (`owner_id`)
 * until the settlement's save takes it over.
 */
export const PENDING_OWNER_KIND = 'upload';
export const SETTLEMENT_OWNER_KIND = 'delegation';

/** Attachment rows; every query is filtered by the company id. */
export const attachmentsRepo = {
  async insert(tx: Executor, values: typeof attachments.$inferInsert): Promise<AttachmentRow> {
    const [row] = await tx.insert(attachments).values(values).returning();
    return row!;
  },

  async find(db: Executor, companyId: number, id: number): Promise<AttachmentRow | null> {
    const [row] = await db
      .select()
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findMany(db: Executor, companyId: number, ids: number[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), inArray(attachments.id, ids)));
  },

  async ofOwner(db: Executor, companyId: number, ownerKind: string, ownerId: number): Promise<AttachmentRow[]> {
    return db
      .select()
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.ownerKind, ownerKind), eq(attachments.ownerId, ownerId)))
      .orderBy(asc(attachments.id));
  },

  /** Puts a file at its place in a settlement. */
  async place(tx: Executor, companyId: number, id: number, place: { ownerKind: string; ownerId: number; section: string; itemKey: string | null }): Promise<void> {
    await tx
      .update(attachments)
      .set(place)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.id, id)));
  },

  async delete(tx: Executor, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(attachments).where(and(eq(attachments.companyId, companyId), inArray(attachments.id, ids)));
  },
};
