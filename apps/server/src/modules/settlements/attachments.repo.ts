import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * `owner_kind` of a file uploaded while a settlement is typed: it belongs to its uploader (`owner_id`)
 * until the settlement's save takes it over.
 */
export const PENDING_OWNER_KIND = 'upload';
export const SETTLEMENT_OWNER_KIND = 'delegation';
/** An advance's files (spec §3 "Advance … files") saved on the advances screen: `owner_id` is the advance's id. */
export const ADVANCE_OWNER_KIND = 'advance';

/** The document a saved file belongs to. */
export interface FileOwner {
  kind: typeof SETTLEMENT_OWNER_KIND | typeof ADVANCE_OWNER_KIND;
  id: number;
}

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

  /** The files of several owners of one kind, oldest first. */
  async ofOwners(db: Executor, companyId: number, ownerKind: string, ownerIds: number[]): Promise<AttachmentRow[]> {
    if (ownerIds.length === 0) return [];
    return db
      .select()
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.ownerKind, ownerKind), inArray(attachments.ownerId, ownerIds)))
      .orderBy(asc(attachments.id));
  },

  /**
   * Puts a file at its place in a document, if it is still the uploader's waiting upload or already
   * the document's own; false when it is neither any more (e.g. the cleanup job deleted it meanwhile).
   */
  async place(
    tx: Executor,
    companyId: number,
    id: number,
    holders: { uploaderId: number; owner: FileOwner },
    place: { section: string; itemKey: string | null },
  ): Promise<boolean> {
    const { owner } = holders;
    const placed = await tx
      .update(attachments)
      .set({ ...place, ownerKind: owner.kind, ownerId: owner.id })
      .where(
        and(
          eq(attachments.companyId, companyId),
          eq(attachments.id, id),
          or(
            and(eq(attachments.ownerKind, PENDING_OWNER_KIND), eq(attachments.ownerId, holders.uploaderId)),
            and(eq(attachments.ownerKind, owner.kind), eq(attachments.ownerId, owner.id)),
          ),
        ),
      )
      .returning({ id: attachments.id });
    return placed.length > 0;
  },

  /**
   * Hands the files of deleted owners back to their uploaders as waiting uploads, so the cleanup job
   * removes them with their contents (the owner's deletion has no storage at hand).
   */
  async releaseToUploaders(tx: Executor, companyId: number, ownerKind: string, ownerIds: number[]): Promise<void> {
    if (ownerIds.length === 0) return;
    await tx
      .update(attachments)
      .set({ ownerKind: PENDING_OWNER_KIND, ownerId: attachments.uploadedById })
      .where(and(eq(attachments.companyId, companyId), eq(attachments.ownerKind, ownerKind), inArray(attachments.ownerId, ownerIds)));
  },

  /**
   * Deletes up to `limit` of the company's waiting uploads made before `uploadedBefore` and returns
   * them. Rows a settlement's save is placing right now are locked by it and skipped (`SKIP LOCKED`);
   * a save that comes after finds its file gone and refuses.
   */
  async deleteUploadsBefore(tx: Executor, companyId: number, uploadedBefore: Date, limit: number): Promise<AttachmentRow[]> {
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.ownerKind, PENDING_OWNER_KIND), lt(attachments.createdAt, uploadedBefore)))
      .orderBy(asc(attachments.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.delete(attachments).where(
      and(
        eq(attachments.companyId, companyId),
        inArray(
          attachments.id,
          rows.map((row) => row.id),
        ),
      ),
    );
    return rows;
  },

  async delete(tx: Executor, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(attachments).where(and(eq(attachments.companyId, companyId), inArray(attachments.id, ids)));
  },
};
