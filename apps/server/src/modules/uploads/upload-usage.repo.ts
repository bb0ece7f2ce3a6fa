import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { attachments, invoices } from '../../db/schema/index.ts';

/** What one user's uploads keep in the storage; every query is filtered by the company id. */
export const uploadUsageRepo = {
  /** Bytes of the files the user uploaded that are stored: attachments (pending ones included) and invoice files. */
  async storedBytes(db: Executor, companyId: number, userId: number): Promise<number> {
    const [attached] = await db
      .select({ total: sql<string>`coalesce(sum(${attachments.sizeBytes}), 0)::text` })
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId), eq(attachments.uploadedById, userId)));
    const [invoiced] = await db
      .select({ total: sql<string>`coalesce(sum(${invoices.fileSizeBytes}), 0)::text` })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.createdById, userId)));
    return Number(attached!.total) + Number(invoiced!.total);
  },
};
