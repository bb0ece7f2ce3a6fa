import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { NumberingDocumentType, NumberingResetType } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { documentNumberCounters, documentNumberTemplates } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export interface NumberTemplateRow {
  id: number;
  documentType: NumberingDocumentType;
  resetType: NumberingResetType;
  mask: string;
  description: string;
  isActive: boolean;
  issuedCount: number;
  updatedAt: Date;
}

export interface NumberTemplateValues {
  documentType: NumberingDocumentType;
  resetType: NumberingResetType;
  mask: string;
  description: string;
  isActive: boolean;
}

export type NumberTemplateSort = 'document_type' | 'mask' | 'reset_type' | 'is_active' | 'updated_at';

const issuedCount = sql<number>`(select coalesce(sum(${documentNumberCounters.lastValue}), 0)::int from ${documentNumberCounters} where ${documentNumberCounters.templateId} = ${documentNumberTemplates.id})`;

const templateColumns = {
  id: documentNumberTemplates.id,
  documentType: sql<NumberingDocumentType>`${documentNumberTemplates.documentType}`,
  resetType: sql<NumberingResetType>`${documentNumberTemplates.resetType}`,
  mask: documentNumberTemplates.mask,
  description: documentNumberTemplates.description,
  isActive: documentNumberTemplates.isActive,
  issuedCount,
  updatedAt: documentNumberTemplates.updatedAt,
};

/** Document number templates and their counters; every query is filtered by the company id. */
export const numberingRepo = {
  /** Serialises template changes of one company, so two saves cannot both become the active template of a type. */
  async lockCompanyTemplates(db: Executor, companyId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('delego.numbering'), ${companyId})`);
  },

  async page(
    db: Executor,
    companyId: number,
    query: { search?: string; documentType?: NumberingDocumentType; sort: NumberTemplateSort; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ) {
    const conditions: SQL[] = [eq(documentNumberTemplates.companyId, companyId)];
    if (query.documentType) conditions.push(eq(documentNumberTemplates.documentType, query.documentType));
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(or(ilike(documentNumberTemplates.mask, pattern), ilike(documentNumberTemplates.description, pattern))!);
    }
    const where = and(...conditions);
    const sortColumn = {
      document_type: documentNumberTemplates.documentType,
      mask: documentNumberTemplates.mask,
      reset_type: documentNumberTemplates.resetType,
      is_active: documentNumberTemplates.isActive,
      updated_at: documentNumberTemplates.updatedAt,
    }[query.sort];
    const [items, [total]] = await Promise.all([
      db
        .select(templateColumns)
        .from(documentNumberTemplates)
        .where(where)
        .orderBy((query.order === 'desc' ? desc : asc)(sortColumn), asc(documentNumberTemplates.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(documentNumberTemplates).where(where),
    ]);
    return { items: items as NumberTemplateRow[], total: total?.value ?? 0 };
  },

  async find(db: Executor, companyId: number, id: number): Promise<NumberTemplateRow | null> {
    const [row] = await db
      .select(templateColumns)
      .from(documentNumberTemplates)
      .where(and(eq(documentNumberTemplates.companyId, companyId), eq(documentNumberTemplates.id, id)))
      .limit(1);
    return (row as NumberTemplateRow | undefined) ?? null;
  },

  /** The active template of a document type (there is at most one). */
  async findActive(db: Executor, companyId: number, documentType: NumberingDocumentType): Promise<NumberTemplateRow | null> {
    const [row] = await db
      .select(templateColumns)
      .from(documentNumberTemplates)
      .where(and(eq(documentNumberTemplates.companyId, companyId), eq(documentNumberTemplates.documentType, documentType), eq(documentNumberTemplates.isActive, true)))
      .orderBy(asc(documentNumberTemplates.id))
      .limit(1);
    return (row as NumberTemplateRow | undefined) ?? null;
  },

  async otherActive(db: Executor, companyId: number, documentType: NumberingDocumentType, exceptId: number | undefined): Promise<number | null> {
    const [row] = await db
      .select({ id: documentNumberTemplates.id })
      .from(documentNumberTemplates)
      .where(
        and(
          eq(documentNumberTemplates.companyId, companyId),
          eq(documentNumberTemplates.documentType, documentType),
          eq(documentNumberTemplates.isActive, true),
          exceptId === undefined ? undefined : ne(documentNumberTemplates.id, exceptId),
        ),
      )
      .limit(1);
    return row?.id ?? null;
  },

  async insert(db: Executor, companyId: number, values: NumberTemplateValues): Promise<number> {
    const [row] = await db
      .insert(documentNumberTemplates)
      .values({ companyId, ...values })
      .returning({ id: documentNumberTemplates.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: NumberTemplateValues): Promise<void> {
    await db
      .update(documentNumberTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(documentNumberTemplates.companyId, companyId), eq(documentNumberTemplates.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(documentNumberCounters).where(and(eq(documentNumberCounters.companyId, companyId), eq(documentNumberCounters.templateId, id)));
    await db.delete(documentNumberTemplates).where(and(eq(documentNumberTemplates.companyId, companyId), eq(documentNumberTemplates.id, id)));
  },

  async counters(db: Executor, companyId: number, templateId: number) {
    return db
      .select({ period_key: documentNumberCounters.periodKey, scope_key: documentNumberCounters.scopeKey, last_value: documentNumberCounters.lastValue })
      .from(documentNumberCounters)
      .where(and(eq(documentNumberCounters.companyId, companyId), eq(documentNumberCounters.templateId, templateId)))
      .orderBy(desc(documentNumberCounters.periodKey), asc(documentNumberCounters.scopeKey));
  },

  /** The last value a counter gave (0 before its first number). */
  async lastValue(db: Executor, key: { companyId: number; templateId: number; periodKey: string; scopeKey: string }): Promise<number> {
    const [row] = await db
      .select({ value: documentNumberCounters.lastValue })
      .from(documentNumberCounters)
      .where(
        and(
          eq(documentNumberCounters.companyId, key.companyId),
          eq(documentNumberCounters.templateId, key.templateId),
          eq(documentNumberCounters.periodKey, key.periodKey),
          eq(documentNumberCounters.scopeKey, key.scopeKey),
        ),
      );
    return row?.value ?? 0;
  },

  /**
   * Takes the next value of a counter in the caller's transaction. The upsert creates the row at 1
   * or increments it, and holds its row lock until the transaction ends: a concurrent assignment
   * waits and then sees the new value, and a rolled-back transaction gives its value back.
   */
  async nextValue(db: Executor, key: { companyId: number; templateId: number; periodKey: string; scopeKey: string }): Promise<number> {
    const [row] = await db
      .insert(documentNumberCounters)
      .values({ ...key, lastValue: 1 })
      .onConflictDoUpdate({
        target: [documentNumberCounters.companyId, documentNumberCounters.templateId, documentNumberCounters.periodKey, documentNumberCounters.scopeKey],
        set: { lastValue: sql`${documentNumberCounters.lastValue} + 1` },
      })
      .returning({ value: documentNumberCounters.lastValue });
    return row!.value;
  },
};
