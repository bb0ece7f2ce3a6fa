import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizationUnits, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type OrganizationUnitRow = typeof organizationUnits.$inferSelect;

// The outer table is named literally: Drizzle leaves columns of a one-table select unqualified.
const userCountOf = sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.company_id = organization_units.company_id AND u.organization_unit_id = organization_units.id)`;
const childCountOf = sql<number>`(SELECT count(*)::int FROM ${organizationUnits} c WHERE c.company_id = organization_units.company_id AND c.parent_id = organization_units.id)`;

export interface OrganizationUnitWithCounts {
  row: OrganizationUnitRow;
  userCount: number;
  childCount: number;
}

const USER_SORT = {
  surname: [users.surname, users.name],
  login: [sql`lower(${users.login})`],
  unit: [sql`lower(${organizationUnits.name})`, users.surname],
} as const;

export const organizationUnitRepo = {
  /** Every unit of the company with its counts; `lock` holds them until the transaction ends, so structure changes run one at a time. */
  async listUnits(db: Executor, companyId: number, options: { lock?: boolean } = {}): Promise<OrganizationUnitWithCounts[]> {
    if (options.lock) {
      await db.select({ id: organizationUnits.id }).from(organizationUnits).where(eq(organizationUnits.companyId, companyId)).for('update');
    }
    return db
      .select({ row: organizationUnits, userCount: userCountOf, childCount: childCountOf })
      .from(organizationUnits)
      .where(eq(organizationUnits.companyId, companyId))
      .orderBy(desc(organizationUnits.isMain), sql`lower(${organizationUnits.name})`, asc(organizationUnits.id));
  },

  async findUnit(db: Executor, companyId: number, id: number, options: { lock?: boolean } = {}): Promise<OrganizationUnitRow | null> {
    const query = db
      .select()
      .from(organizationUnits)
      .where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.id, id)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async hasMainUnit(db: Executor, companyId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.isMain, true)))
      .limit(1);
    return row !== undefined;
  },

  /** Creates the main unit unless the company has one; the partial unique index settles a race. Returns the new row, or null. */
  async createMainUnit(db: Executor, companyId: number, name: string): Promise<OrganizationUnitRow | null> {
    const [row] = await db
      .insert(organizationUnits)
      .values({ companyId, name, parentId: null, isMain: true })
      .onConflictDoNothing({ target: organizationUnits.companyId, where: sql`${organizationUnits.isMain}` })
      .returning();
    return row ?? null;
  },

  async insertUnit(db: Executor, companyId: number, values: { name: string; parentId: number }): Promise<number> {
    const [row] = await db.insert(organizationUnits).values({ companyId, ...values }).returning({ id: organizationUnits.id });
    return row!.id;
  },

  async updateUnit(db: Executor, companyId: number, id: number, values: { name: string; parentId: number | null }): Promise<void> {
    await db
      .update(organizationUnits)
      .set(values)
      .where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.id, id)));
  },

  async deleteUnit(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(organizationUnits).where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.id, id)));
  },

  async userList(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof USER_SORT; order: 'asc' | 'desc'; unit?: number | 'none' },
    page: { offset: number; limit: number },
  ) {
    const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId)];
    if (filter.unit === 'none') conditions.push(isNull(users.organizationUnitId));
    else if (filter.unit !== undefined) conditions.push(eq(users.organizationUnitId, filter.unit));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        or(
          ilike(users.login, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
          ilike(sql`${users.surname} || ' ' || ${users.name}`, pattern),
        ),
      );
    }
    const where = and(...conditions);
    const direction = filter.order === 'desc' ? desc : asc;
    const join = and(eq(organizationUnits.id, users.organizationUnitId), eq(organizationUnits.companyId, users.companyId));
    const [items, [total]] = await Promise.all([
      db
        .select({ user: users, unitName: organizationUnits.name })
        .from(users)
        .leftJoin(organizationUnits, join)
        .where(where)
        .orderBy(...USER_SORT[filter.sort].map((column) => direction(column)), asc(users.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(users).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async unitsOfUsers(db: Executor, companyId: number, ids: readonly number[]): Promise<{ id: number; unitId: number | null }[]> {
    return db
      .select({ id: users.id, unitId: users.organizationUnitId })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])))
      .orderBy(users.id);
  },

  /** Moves users into a unit (or out of every unit); their version moves on so an open user editor cannot overwrite it. */
  async assignUsers(db: Executor, companyId: number, unitId: number | null, ids: readonly number[]): Promise<number> {
    const rows = await db
      .update(users)
      .set({ organizationUnitId: unitId, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])))
      .returning({ id: users.id });
    return rows.length;
  },
};
