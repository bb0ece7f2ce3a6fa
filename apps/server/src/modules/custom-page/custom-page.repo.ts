import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customPages } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type CustomPageRow = typeof customPages.$inferSelect;
export type CustomPageValues = Pick<
  typeof customPages.$inferInsert,
  'alias' | 'kind' | 'titlePl' | 'titleEn' | 'contentPl' | 'contentEn' | 'showInMenu' | 'sortOrder'
>;

const SORT = {
  sort_order: [customPages.sortOrder, sql`lower(${customPages.titlePl})`],
  title: [sql`lower(${customPages.titlePl})`],
  alias: [customPages.alias],
  updated_at: [customPages.updatedAt],
} as const;

export const customPageRepo = {
  async list(db: Executor, companyId: number, filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc' }, page: { offset: number; limit: number }) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(customPages.companyId, companyId),
      eq(customPages.kind, 'custom'),
      pattern ? or(ilike(customPages.titlePl, pattern), ilike(customPages.titleEn, pattern), ilike(customPages.alias, pattern)) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(customPages)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(customPages.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(customPages).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findById(db: Executor, companyId: number, id: number): Promise<CustomPageRow | null> {
    const [row] = await db
      .select()
      .from(customPages)
      .where(and(eq(customPages.companyId, companyId), eq(customPages.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findTripPolicy(db: Executor, companyId: number, options: { lock?: boolean } = {}): Promise<CustomPageRow | null> {
    const query = db
      .select()
      .from(customPages)
      .where(and(eq(customPages.companyId, companyId), eq(customPages.kind, 'tripPolicy')))
      .orderBy(asc(customPages.id))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findByAlias(db: Executor, companyId: number, alias: string): Promise<CustomPageRow | null> {
    const [row] = await db
      .select()
      .from(customPages)
      .where(and(eq(customPages.companyId, companyId), eq(sql`lower(${customPages.alias})`, alias.toLowerCase())))
      .limit(1);
    return row ?? null;
  },

  async isAliasTaken(db: Executor, companyId: number, alias: string, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: customPages.id })
      .from(customPages)
      .where(and(eq(customPages.companyId, companyId), eq(sql`lower(${customPages.alias})`, alias.toLowerCase()), exceptId === undefined ? undefined : ne(customPages.id, exceptId)))
      .limit(1);
    return row !== undefined;
  },

  /** The trip policy first, then the custom pages marked for the menu in their order. */
  async menuPages(db: Executor, companyId: number): Promise<CustomPageRow[]> {
    return db
      .select()
      .from(customPages)
      .where(and(eq(customPages.companyId, companyId), eq(customPages.showInMenu, true)))
      .orderBy(sql`${customPages.kind} = 'tripPolicy' DESC`, customPages.sortOrder, sql`lower(${customPages.titlePl})`, asc(customPages.id));
  },

  async insert(db: Executor, companyId: number, values: CustomPageValues): Promise<CustomPageRow> {
    const [row] = await db.insert(customPages).values({ companyId, ...values }).returning();
    return row!;
  },

  async update(db: Executor, companyId: number, id: number, values: Partial<CustomPageValues>): Promise<CustomPageRow> {
    const [row] = await db
      .update(customPages)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(customPages.companyId, companyId), eq(customPages.id, id)))
      .returning();
    return row!;
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(customPages).where(and(eq(customPages.companyId, companyId), eq(customPages.id, id)));
  },
};
