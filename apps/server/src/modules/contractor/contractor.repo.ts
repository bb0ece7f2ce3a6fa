import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contractors, projects } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type ContractorRow = typeof contractors.$inferSelect;
export type ContractorValues = Omit<typeof contractors.$inferInsert, 'id' | 'companyId' | 'createdAt'>;
export type ActiveFilter = 'all' | 'active' | 'inactive';

// The outer table is named literally: Drizzle leaves columns of a one-table select unqualified.
const projectCountOf = sql<number>`(SELECT count(*)::int FROM ${projects} p WHERE p.company_id = contractors.company_id AND p.contractor_id = contractors.id)`;

const SORT = {
  name: [sql`lower(${contractors.name})`],
  tax_id: [contractors.taxId, sql`lower(${contractors.name})`],
  city: [sql`lower(${contractors.city})`, sql`lower(${contractors.name})`],
  country_code: [contractors.countryCode, sql`lower(${contractors.name})`],
  is_active: [contractors.isActive, sql`lower(${contractors.name})`],
} as const;

export interface ContractorWithCount {
  row: ContractorRow;
  projectCount: number;
}

export function activeCondition(column: typeof contractors.isActive | typeof projects.isActive, filter: ActiveFilter | undefined): SQL | undefined {
  if (filter === 'active') return eq(column, true);
  if (filter === 'inactive') return eq(column, false);
  return undefined;
}

export const contractorRepo = {
  async list(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc'; active?: ActiveFilter },
    page: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(contractors.companyId, companyId),
      activeCondition(contractors.isActive, filter.active),
      pattern
        ? or(ilike(contractors.name, pattern), ilike(contractors.taxId, pattern), ilike(contractors.city, pattern), ilike(contractors.accountingCode, pattern), ilike(contractors.email, pattern))
        : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ row: contractors, projectCount: projectCountOf })
        .from(contractors)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(contractors.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(contractors).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async options(db: Executor, companyId: number) {
    return db
      .select({ id: contractors.id, name: contractors.name, isActive: contractors.isActive })
      .from(contractors)
      .where(eq(contractors.companyId, companyId))
      .orderBy(sql`lower(${contractors.name})`, asc(contractors.id));
  },

  async findById(db: Executor, companyId: number, id: number, options: { lock?: boolean } = {}): Promise<ContractorWithCount | null> {
    const query = db
      .select({ row: contractors, projectCount: projectCountOf })
      .from(contractors)
      .where(and(eq(contractors.companyId, companyId), eq(contractors.id, id)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async isNameTaken(db: Executor, companyId: number, name: string, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: contractors.id })
      .from(contractors)
      .where(and(eq(contractors.companyId, companyId), eq(sql`lower(${contractors.name})`, name.toLowerCase()), exceptId === undefined ? undefined : ne(contractors.id, exceptId)))
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: ContractorValues): Promise<number> {
    const [row] = await db.insert(contractors).values({ companyId, ...values }).returning({ id: contractors.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: ContractorValues): Promise<void> {
    await db
      .update(contractors)
      .set(values)
      .where(and(eq(contractors.companyId, companyId), eq(contractors.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(contractors).where(and(eq(contractors.companyId, companyId), eq(contractors.id, id)));
  },
};
