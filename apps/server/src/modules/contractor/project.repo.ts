import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contractors, projects } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';
import { activeCondition, type ActiveFilter } from './contractor.repo.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectValues = Pick<typeof projects.$inferInsert, 'contractorId' | 'name' | 'orderNumber' | 'isActive'>;

const SORT = {
  name: [sql`lower(${projects.name})`],
  contractor_name: [sql`lower(${contractors.name})`, sql`lower(${projects.name})`],
  order_number: [projects.orderNumber, sql`lower(${projects.name})`],
  is_active: [projects.isActive, sql`lower(${projects.name})`],
} as const;

const contractorJoin = and(eq(contractors.id, projects.contractorId), eq(contractors.companyId, projects.companyId));

export const projectRepo = {
  async list(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc'; active?: ActiveFilter; contractorId?: number },
    page: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(projects.companyId, companyId),
      activeCondition(projects.isActive, filter.active),
      filter.contractorId === undefined ? undefined : eq(projects.contractorId, filter.contractorId),
      pattern ? or(ilike(projects.name, pattern), ilike(projects.orderNumber, pattern), ilike(contractors.name, pattern)) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ row: projects, contractorName: contractors.name })
        .from(projects)
        .leftJoin(contractors, contractorJoin)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(projects.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(projects).leftJoin(contractors, contractorJoin).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findById(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ row: projects, contractorName: contractors.name })
      .from(projects)
      .leftJoin(contractors, contractorJoin)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .limit(1);
    return row ?? null;
  },

  async isNameTaken(db: Executor, companyId: number, contractorId: number | null, name: string, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.companyId, companyId),
          contractorId === null ? sql`${projects.contractorId} IS NULL` : eq(projects.contractorId, contractorId),
          eq(sql`lower(${projects.name})`, name.toLowerCase()),
          exceptId === undefined ? undefined : ne(projects.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: ProjectValues): Promise<number> {
    const [row] = await db.insert(projects).values({ companyId, ...values }).returning({ id: projects.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: ProjectValues): Promise<void> {
    await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(projects).where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
  },

  async contractorExists(db: Executor, companyId: number, contractorId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: contractors.id })
      .from(contractors)
      .where(and(eq(contractors.companyId, companyId), eq(contractors.id, contractorId)))
      .limit(1);
    return row !== undefined;
  },
};
