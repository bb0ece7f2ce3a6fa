import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { delegationTasks } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type DelegationTaskRow = typeof delegationTasks.$inferSelect;
export type DelegationTaskValues = Pick<typeof delegationTasks.$inferInsert, 'namePl' | 'nameEn' | 'commentRequirement' | 'enabledForNew'>;

const SORT = {
  name_pl: [sql`lower(${delegationTasks.namePl})`],
  name_en: [sql`lower(${delegationTasks.nameEn})`],
  comment_requirement: [delegationTasks.commentRequirement, sql`lower(${delegationTasks.namePl})`],
  enabled_for_new: [delegationTasks.enabledForNew, sql`lower(${delegationTasks.namePl})`],
} as const;

export const delegationTaskRepo = {
  async list(db: Executor, companyId: number, filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc' }, page: { offset: number; limit: number }) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(eq(delegationTasks.companyId, companyId), pattern ? or(ilike(delegationTasks.namePl, pattern), ilike(delegationTasks.nameEn, pattern)) : undefined);
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(delegationTasks)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(delegationTasks.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(delegationTasks).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /** The reasons employees may choose on new documents, in Polish alphabetical order. */
  async enabled(db: Executor, companyId: number): Promise<DelegationTaskRow[]> {
    return db
      .select()
      .from(delegationTasks)
      .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.enabledForNew, true)))
      .orderBy(sql`lower(${delegationTasks.namePl})`, asc(delegationTasks.id));
  },

  async findById(db: Executor, companyId: number, id: number): Promise<DelegationTaskRow | null> {
    const [row] = await db
      .select()
      .from(delegationTasks)
      .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.id, id)))
      .limit(1);
    return row ?? null;
  },

  async isNameTaken(db: Executor, companyId: number, column: 'namePl' | 'nameEn', name: string, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: delegationTasks.id })
      .from(delegationTasks)
      .where(
        and(
          eq(delegationTasks.companyId, companyId),
          eq(sql`lower(${delegationTasks[column]})`, name.toLowerCase()),
          exceptId === undefined ? undefined : ne(delegationTasks.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: DelegationTaskValues): Promise<DelegationTaskRow> {
    const [row] = await db.insert(delegationTasks).values({ companyId, ...values }).returning();
    return row!;
  },

  async update(db: Executor, companyId: number, id: number, values: DelegationTaskValues): Promise<DelegationTaskRow> {
    const [row] = await db
      .update(delegationTasks)
      .set(values)
      .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.id, id)))
      .returning();
    return row!;
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(delegationTasks).where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.id, id)));
  },
};
