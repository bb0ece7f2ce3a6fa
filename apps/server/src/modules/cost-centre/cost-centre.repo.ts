import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { costCentreBudgets, costCentres, userCostCentres, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type CostCentreRow = typeof costCentres.$inferSelect;

type Direction = 'asc' | 'desc';
interface Page {
  offset: number;
  limit: number;
}

// Correlated subqueries name the outer table literally: Drizzle leaves columns of a one-table
// select unqualified, and inside a subquery an unqualified "id" would mean the inner table's.

/** Users holding the cost centre, assigned or as their default. */
const userCountOf = sql<number>`(
  SELECT count(*)::int FROM ${users} u
  WHERE u.company_id = cost_centres.company_id
    AND (u.default_cost_centre_id = cost_centres.id
      OR EXISTS (SELECT 1 FROM ${userCostCentres} ucc WHERE ucc.user_id = u.id AND ucc.cost_centre_id = cost_centres.id))
)`;
const budgetCountOf = sql<number>`(SELECT count(*)::int FROM ${costCentreBudgets} b WHERE b.cost_centre_id = cost_centres.id)`;

const COST_CENTRE_SORT = {
  ordinate: [sql`lower(${costCentres.ordinate})`],
  name: [sql`lower(${costCentres.name})`, sql`lower(${costCentres.ordinate})`],
  enabled_for_new: [costCentres.enabledForNew, sql`lower(${costCentres.ordinate})`],
} as const;

/** The cost centres assigned to a user, in id order. */
const costCentreIdsOfUser = sql<number[]>`coalesce((
  SELECT array_agg(ucc.cost_centre_id ORDER BY ucc.cost_centre_id) FROM ${userCostCentres} ucc WHERE ucc.user_id = users.id
), '{}')`;

const USER_SORT = {
  surname: [users.surname, users.name],
  login: [sql`lower(${users.login})`],
} as const;

const BUDGET_SORT = {
  date_from: [costCentreBudgets.dateFrom],
  ordinate: [sql`lower(${costCentres.ordinate})`, costCentreBudgets.dateFrom],
  amount: [costCentreBudgets.amount],
} as const;

function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(users.login, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
    ilike(sql`${users.surname} || ' ' || ${users.name}`, pattern),
  );
}

export const costCentreRepo = {
  async list(db: Executor, companyId: number, filter: { search?: string; sort: keyof typeof COST_CENTRE_SORT; order: Direction }, page: Page) {
    const where = and(
      eq(costCentres.companyId, companyId),
      filter.search ? or(ilike(costCentres.ordinate, containsPattern(filter.search)), ilike(costCentres.name, containsPattern(filter.search))) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ row: costCentres, userCount: userCountOf, budgetCount: budgetCountOf })
        .from(costCentres)
        .where(where)
        .orderBy(...COST_CENTRE_SORT[filter.sort].map((column) => direction(column)), asc(costCentres.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(costCentres).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async options(db: Executor, companyId: number): Promise<CostCentreRow[]> {
    return db.select().from(costCentres).where(eq(costCentres.companyId, companyId)).orderBy(sql`lower(${costCentres.ordinate})`);
  },

  async findById(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ row: costCentres, userCount: userCountOf, budgetCount: budgetCountOf })
      .from(costCentres)
      .where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, id)))
      .limit(1);
    return row ?? null;
  },

  async isOrdinateTaken(db: Executor, companyId: number, ordinate: string, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(
        and(
          eq(costCentres.companyId, companyId),
          eq(sql`lower(${costCentres.ordinate})`, ordinate.toLowerCase()),
          exceptId === undefined ? undefined : ne(costCentres.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: { ordinate: string; name: string; enabledForNew: boolean }): Promise<number> {
    const [row] = await db.insert(costCentres).values({ companyId, ...values }).returning({ id: costCentres.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: { ordinate: string; name: string; enabledForNew: boolean }): Promise<void> {
    await db
      .update(costCentres)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(costCentres).where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, id)));
  },

  /** The ids among `ids` that are cost centres of the company. */
  async existingIds(db: Executor, companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.companyId, companyId), inArray(costCentres.id, [...ids])));
    return rows.map((row) => row.id);
  },

  async userList(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof USER_SORT; order: Direction; costCentreId?: number },
    page: Page,
  ) {
    const where = and(
      eq(users.companyId, companyId),
      userSearch(filter.search),
      filter.costCentreId === undefined
        ? undefined
        : or(
            eq(users.defaultCostCentreId, filter.costCentreId),
            sql`EXISTS (SELECT 1 FROM ${userCostCentres} ucc WHERE ucc.user_id = users.id AND ucc.cost_centre_id = ${filter.costCentreId})`,
          ),
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ user: users, costCentreIds: costCentreIdsOfUser })
        .from(users)
        .where(where)
        .orderBy(...USER_SORT[filter.sort].map((column) => direction(column)), asc(users.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(users).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findUser(db: Executor, companyId: number, userId: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select({ user: users, costCentreIds: costCentreIdsOfUser })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
    return row ?? null;
  },

  /** Replaces a user's cost centres and default; the user's version moves on so an open user editor cannot overwrite it. */
  async setUserCostCentres(db: Executor, companyId: number, userId: number, costCentreIds: readonly number[], defaultId: number | null): Promise<void> {
    await db.delete(userCostCentres).where(eq(userCostCentres.userId, userId));
    if (costCentreIds.length > 0) {
      await db.insert(userCostCentres).values(costCentreIds.map((costCentreId) => ({ userId, costCentreId })));
    }
    await db
      .update(users)
      .set({ defaultCostCentreId: defaultId, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  },

  async budgetList(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof BUDGET_SORT; order: Direction; costCentreId?: number },
    page: Page,
  ) {
    const where = and(
      eq(costCentreBudgets.companyId, companyId),
      filter.costCentreId === undefined ? undefined : eq(costCentreBudgets.costCentreId, filter.costCentreId),
      filter.search ? or(ilike(costCentres.ordinate, containsPattern(filter.search)), ilike(costCentres.name, containsPattern(filter.search))) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ budget: costCentreBudgets, ordinate: costCentres.ordinate, name: costCentres.name })
        .from(costCentreBudgets)
        .innerJoin(costCentres, eq(costCentres.id, costCentreBudgets.costCentreId))
        .where(where)
        .orderBy(...BUDGET_SORT[filter.sort].map((column) => direction(column)), asc(costCentreBudgets.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ value: count() })
        .from(costCentreBudgets)
        .innerJoin(costCentres, eq(costCentres.id, costCentreBudgets.costCentreId))
        .where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findBudget(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ budget: costCentreBudgets, ordinate: costCentres.ordinate, name: costCentres.name })
      .from(costCentreBudgets)
      .innerJoin(costCentres, eq(costCentres.id, costCentreBudgets.costCentreId))
      .where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** A budget of the cost centre and project (or both without one) whose period shares at least one day with from..to. */
  async overlappingBudget(db: Executor, companyId: number, costCentreId: number, projectId: number | null, from: string, to: string, exceptId: number | undefined) {
    const [row] = await db
      .select()
      .from(costCentreBudgets)
      .where(
        and(
          eq(costCentreBudgets.companyId, companyId),
          eq(costCentreBudgets.costCentreId, costCentreId),
          projectId === null ? isNull(costCentreBudgets.projectId) : eq(costCentreBudgets.projectId, projectId),
          lte(costCentreBudgets.dateFrom, to),
          gte(costCentreBudgets.dateTo, from),
          exceptId === undefined ? undefined : ne(costCentreBudgets.id, exceptId),
        ),
      )
      .orderBy(costCentreBudgets.dateFrom)
      .limit(1);
    return row ?? null;
  },

  /** Serialises budget changes of one cost centre, so two overlapping periods cannot be saved side by side. */
  async lockCostCentre(db: Executor, companyId: number, id: number): Promise<boolean> {
    const rows = await db
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, id)))
      .for('update');
    return rows.length > 0;
  },

  async insertBudget(db: Executor, companyId: number, values: { costCentreId: number; dateFrom: string; dateTo: string; amount: string }): Promise<number> {
    const [row] = await db.insert(costCentreBudgets).values({ companyId, ...values }).returning({ id: costCentreBudgets.id });
    return row!.id;
  },

  async updateBudget(db: Executor, companyId: number, id: number, values: { costCentreId: number; dateFrom: string; dateTo: string; amount: string }): Promise<void> {
    await db
      .update(costCentreBudgets)
      .set(values)
      .where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)));
  },

  async deleteBudget(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(costCentreBudgets).where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)));
  },
};
