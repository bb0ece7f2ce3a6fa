import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ACCEPTED_OFFER_STATUSES, formatMoney, sumDecimals } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import {
  costCentreBudgets,
  costCentres,
  delegationBookings,
  delegationOrders,
  delegations,
  exchangeRates,
  projects,
  travelServiceOffers,
  travelServiceOrderItems,
  travelServiceOrders,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export interface BudgetRecord {
  id: number;
  costCentreId: number;
  ordinate: string;
  costCentreName: string;
  projectId: number | null;
  projectName: string | null;
  dateFrom: string;
  dateTo: string;
  amount: string;
}

export interface BudgetValues {
  costCentreId: number;
  projectId: number | null;
  dateFrom: string;
  dateTo: string;
  amount: string;
}

/** The sums of one budget before conversion (docs/domain/budgets.md). */
export interface BudgetSumRow {
  spentPln: string;
  committedPln: string;
  spentForeign: { currency: string; amount: string }[];
  committedForeign: { currency: string; amount: string }[];
}

const budgetSelection = {
  id: costCentreBudgets.id,
  costCentreId: costCentreBudgets.costCentreId,
  ordinate: costCentres.ordinate,
  costCentreName: costCentres.name,
  projectId: costCentreBudgets.projectId,
  projectName: projects.name,
  dateFrom: costCentreBudgets.dateFrom,
  dateTo: costCentreBudgets.dateTo,
  amount: costCentreBudgets.amount,
};

const SORT: Record<'ordinate' | 'date_from' | 'amount', SQL[]> = {
  ordinate: [sql`lower(${costCentres.ordinate})`, sql`${costCentreBudgets.dateFrom}`],
  date_from: [sql`${costCentreBudgets.dateFrom}`, sql`lower(${costCentres.ordinate})`],
  amount: [sql`${costCentreBudgets.amount}`],
};

/** The budget's period as instants: from its first Warsaw midnight to the midnight after its last day. */
const periodStart = sql`(${costCentreBudgets.dateFrom}::timestamp AT TIME ZONE 'Europe/Warsaw')`;
const periodEnd = sql`((${costCentreBudgets.dateTo} + 1)::timestamp AT TIME ZONE 'Europe/Warsaw')`;

/** Days of the budgets' periods to count only (both included, Warsaw days): the dashboard's month. */
export interface BudgetWindow {
  from: string;
  to: string;
}

/** A trip document of the budget's cost centre and (when the budget names one) project, starting in its period. */
function documentOfBudget(table: typeof delegations | typeof delegationOrders): SQL {
  return and(
    eq(table.companyId, costCentreBudgets.companyId),
    eq(table.costCentreId, costCentreBudgets.costCentreId),
    or(isNull(costCentreBudgets.projectId), eq(table.projectId, costCentreBudgets.projectId)),
    sql`${table.startDate} >= ${periodStart}`,
    sql`${table.startDate} < ${periodEnd}`,
  ) as SQL;
}

/** An order's settlement is settled: the order is spent through it, no longer committed. */
const orderSettled = (orderId: SQL | typeof delegationOrders.id) =>
  sql`EXISTS (SELECT 1 FROM ${delegations} s WHERE s.delegation_order_id = ${orderId} AND s.company_id = ${costCentreBudgets.companyId} AND s.status = 'settled')`;

/** A travel-service item is settled when a settled settlement names its booking, or its trip order's settlement is settled. */
const itemSettled = sql<boolean>`(
  (${travelServiceOrderItems.bookingId} IS NOT NULL AND EXISTS (
    SELECT 1 FROM ${delegationBookings} db INNER JOIN ${delegations} s ON s.id = db.delegation_id
    WHERE db.booking_id = ${travelServiceOrderItems.bookingId} AND db.company_id = ${costCentreBudgets.companyId} AND s.status = 'settled'))
  OR (${travelServiceOrders.delegationOrderId} IS NOT NULL AND ${orderSettled(sql`${travelServiceOrders.delegationOrderId}`)})
)`;

/** The item's first day (its order's when it has none, the day it was ordered when neither has one). */
const itemDay = sql`coalesce(${travelServiceOrderItems.startDate}, ${travelServiceOrders.startDate}, (${travelServiceOrders.createdAt} AT TIME ZONE 'Europe/Warsaw')::date)`;

export const budgetsRepo = {
  async list(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc'; on?: string; costCentreId?: number },
    page: { offset: number; limit: number } | null,
  ): Promise<{ items: BudgetRecord[]; total: number }> {
    const where = and(
      eq(costCentreBudgets.companyId, companyId),
      filter.on === undefined ? undefined : and(lte(costCentreBudgets.dateFrom, filter.on), gte(costCentreBudgets.dateTo, filter.on)),
      filter.costCentreId === undefined ? undefined : eq(costCentreBudgets.costCentreId, filter.costCentreId),
      filter.search
        ? or(ilike(costCentres.ordinate, containsPattern(filter.search)), ilike(costCentres.name, containsPattern(filter.search)), ilike(projects.name, containsPattern(filter.search)))
        : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const query = db
      .select(budgetSelection)
      .from(costCentreBudgets)
      .innerJoin(costCentres, and(eq(costCentres.id, costCentreBudgets.costCentreId), eq(costCentres.companyId, companyId)))
      .leftJoin(projects, and(eq(projects.id, costCentreBudgets.projectId), eq(projects.companyId, companyId)))
      .where(where)
      .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(costCentreBudgets.id));
    const [items, [total]] = await Promise.all([
      page ? query.offset(page.offset).limit(page.limit) : query,
      db
        .select({ value: count() })
        .from(costCentreBudgets)
        .innerJoin(costCentres, and(eq(costCentres.id, costCentreBudgets.costCentreId), eq(costCentres.companyId, companyId)))
        .leftJoin(projects, and(eq(projects.id, costCentreBudgets.projectId), eq(projects.companyId, companyId)))
        .where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async find(db: Executor, companyId: number, id: number): Promise<BudgetRecord | null> {
    const [row] = await db
      .select(budgetSelection)
      .from(costCentreBudgets)
      .innerJoin(costCentres, and(eq(costCentres.id, costCentreBudgets.costCentreId), eq(costCentres.companyId, companyId)))
      .leftJoin(projects, and(eq(projects.id, costCentreBudgets.projectId), eq(projects.companyId, companyId)))
      .where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** The budgets whose period shares a day with from..to, of the given cost centres and projects (empty lists: all), for the budget report. */
  async meetingRange(db: Executor, companyId: number, range: { from: string; to: string; costCentreIds: readonly number[]; projectIds: readonly number[] }): Promise<BudgetRecord[]> {
    return db
      .select(budgetSelection)
      .from(costCentreBudgets)
      .innerJoin(costCentres, and(eq(costCentres.id, costCentreBudgets.costCentreId), eq(costCentres.companyId, companyId)))
      .leftJoin(projects, and(eq(projects.id, costCentreBudgets.projectId), eq(projects.companyId, companyId)))
      .where(
        and(
          eq(costCentreBudgets.companyId, companyId),
          lte(costCentreBudgets.dateFrom, range.to),
          gte(costCentreBudgets.dateTo, range.from),
          range.costCentreIds.length === 0 ? undefined : inArray(costCentreBudgets.costCentreId, [...range.costCentreIds]),
          range.projectIds.length === 0 ? undefined : inArray(costCentreBudgets.projectId, [...range.projectIds]),
        ),
      )
      .orderBy(sql`lower(${costCentres.ordinate})`, sql`${costCentreBudgets.projectId} NULLS FIRST`, asc(costCentreBudgets.dateFrom), asc(costCentreBudgets.id));
  },

  /** The budgets of a cost centre whose period contains the day: the cost centre's own and, when given, the project's. */
  async forCostCentreOn(db: Executor, companyId: number, costCentreId: number, projectId: number | null, day: string): Promise<BudgetRecord[]> {
    return db
      .select(budgetSelection)
      .from(costCentreBudgets)
      .innerJoin(costCentres, and(eq(costCentres.id, costCentreBudgets.costCentreId), eq(costCentres.companyId, companyId)))
      .leftJoin(projects, and(eq(projects.id, costCentreBudgets.projectId), eq(projects.companyId, companyId)))
      .where(
        and(
          eq(costCentreBudgets.companyId, companyId),
          eq(costCentreBudgets.costCentreId, costCentreId),
          lte(costCentreBudgets.dateFrom, day),
          gte(costCentreBudgets.dateTo, day),
          projectId === null ? isNull(costCentreBudgets.projectId) : or(isNull(costCentreBudgets.projectId), eq(costCentreBudgets.projectId, projectId)),
        ),
      )
      .orderBy(sql`${costCentreBudgets.projectId} NULLS FIRST`, asc(costCentreBudgets.id));
  },

  /**
   * Spent and committed of each budget (docs/domain/budgets.md): three grouped joins from the budgets to
   * the settled settlements, the accepted orders not settled, and the accepted travel services, each
   * matched on the cost centre, the project when the budget names one, and the period. With `month`,
   * the same rows also give the sums of the documents of those days (a `FILTER` of each sum), so the
   * dashboard reads every budget's documents once, not once for the period and again for the month.
   */
  async sums(db: Executor, companyId: number, budgetIds: readonly number[], month: BudgetWindow | null = null): Promise<{ whole: Map<number, BudgetSumRow>; month: Map<number, BudgetSumRow> | null }> {
    const empty = () => new Map<number, BudgetSumRow>(budgetIds.map((id) => [id, { spentPln: '0', committedPln: '0', spentForeign: [], committedForeign: [] }]));
    const result = { whole: empty(), month: month ? empty() : null };
    if (budgetIds.length === 0) return result;
    const ofBudgets = and(eq(costCentreBudgets.companyId, companyId), inArray(costCentreBudgets.id, [...budgetIds]));
    /** The sum of the month's rows only; null without a month, or when none of the group's rows is of it. */
    const monthSum = (amount: SQL, day: SQL) =>
      month ? sql<string | null>`(sum(${amount}) FILTER (WHERE ${day}))::text` : sql<string | null>`NULL::text`;
    const documentInMonth = (table: typeof delegations | typeof delegationOrders) =>
      sql`${table.startDate} >= (${month?.from}::date::timestamp AT TIME ZONE 'Europe/Warsaw') AND ${table.startDate} < ((${month?.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw')`;
    const [spent, committed, services] = await Promise.all([
      db
        .select({ id: costCentreBudgets.id, total: sql<string>`sum(${delegations.totalPln})::text`, monthTotal: monthSum(sql`${delegations.totalPln}`, documentInMonth(delegations)) })
        .from(costCentreBudgets)
        .innerJoin(delegations, documentOfBudget(delegations))
        .where(and(ofBudgets, eq(delegations.status, 'settled')))
        .groupBy(costCentreBudgets.id),
      db
        .select({
          id: costCentreBudgets.id,
          total: sql<string>`sum(coalesce(${delegationOrders.estimatedTotalCost}, 0))::text`,
          monthTotal: monthSum(sql`coalesce(${delegationOrders.estimatedTotalCost}, 0)`, documentInMonth(delegationOrders)),
        })
        .from(costCentreBudgets)
        .innerJoin(delegationOrders, documentOfBudget(delegationOrders))
        .where(and(ofBudgets, eq(delegationOrders.status, 'accepted'), sql`NOT ${orderSettled(delegationOrders.id)}`))
        .groupBy(costCentreBudgets.id),
      db
        .select({
          id: costCentreBudgets.id,
          settled: itemSettled,
          currency: travelServiceOffers.currency,
          total: sql<string>`sum(${travelServiceOffers.price})::text`,
          monthTotal: monthSum(sql`${travelServiceOffers.price}`, sql`${itemDay} BETWEEN ${month?.from}::date AND ${month?.to}::date`),
        })
        .from(costCentreBudgets)
        .innerJoin(
          travelServiceOrderItems,
          and(
            eq(travelServiceOrderItems.companyId, costCentreBudgets.companyId),
            eq(travelServiceOrderItems.costCentreId, costCentreBudgets.costCentreId),
            inArray(travelServiceOrderItems.status, [...ACCEPTED_OFFER_STATUSES]),
          ),
        )
        .innerJoin(travelServiceOrders, and(eq(travelServiceOrders.id, travelServiceOrderItems.orderId), eq(travelServiceOrders.companyId, costCentreBudgets.companyId)))
        .innerJoin(travelServiceOffers, and(eq(travelServiceOffers.id, travelServiceOrderItems.selectedOfferId), eq(travelServiceOffers.itemId, travelServiceOrderItems.id)))
        .where(
          and(
            ofBudgets,
            or(isNull(costCentreBudgets.projectId), eq(travelServiceOrders.projectId, costCentreBudgets.projectId)),
            sql`${itemDay} BETWEEN ${costCentreBudgets.dateFrom} AND ${costCentreBudgets.dateTo}`,
          ),
        )
        .groupBy(costCentreBudgets.id, itemSettled, travelServiceOffers.currency),
    ]);
    const add = (sums: Map<number, BudgetSumRow>, row: { id: number; settled: boolean; currency: string }, total: string) => {
      const sum = sums.get(row.id)!;
      if (row.currency === 'PLN') {
        if (row.settled) sum.spentPln = formatMoney(sumDecimals([sum.spentPln, total]));
        else sum.committedPln = formatMoney(sumDecimals([sum.committedPln, total]));
      } else (row.settled ? sum.spentForeign : sum.committedForeign).push({ currency: row.currency, amount: total });
    };
    for (const row of spent) {
      result.whole.get(row.id)!.spentPln = row.total;
      if (result.month && row.monthTotal !== null) result.month.get(row.id)!.spentPln = row.monthTotal;
    }
    for (const row of committed) {
      result.whole.get(row.id)!.committedPln = row.total;
      if (result.month && row.monthTotal !== null) result.month.get(row.id)!.committedPln = row.monthTotal;
    }
    for (const row of services) {
      add(result.whole, row, row.total);
      if (result.month && row.monthTotal !== null) add(result.month, row, row.monthTotal);
    }
    return result;
  },

  /** The estimate of a trip order still counted as committed (accepted, not settled), to release for its settlement. */
  async committedEstimate(db: Executor, companyId: number, orderId: number): Promise<{ costCentreId: number | null; projectId: number | null; startDate: Date; estimate: string } | null> {
    const [row] = await db
      .select({ costCentreId: delegationOrders.costCentreId, projectId: delegationOrders.projectId, startDate: delegationOrders.startDate, estimate: delegationOrders.estimatedTotalCost })
      .from(delegationOrders)
      .where(
        and(
          eq(delegationOrders.companyId, companyId),
          eq(delegationOrders.id, orderId),
          eq(delegationOrders.status, 'accepted'),
          sql`NOT EXISTS (SELECT 1 FROM ${delegations} s WHERE s.delegation_order_id = ${delegationOrders.id} AND s.company_id = ${companyId} AND s.status = 'settled')`,
        ),
      )
      .limit(1);
    return row ? { ...row, estimate: row.estimate ?? '0' } : null;
  },

  /** The project a trip document is charged to, read within the company. */
  async projectOfDocument(db: Executor, companyId: number, kind: 'delegationOrder' | 'delegation', id: number): Promise<number | null> {
    const table = kind === 'delegation' ? delegations : delegationOrders;
    const [row] = await db.select({ projectId: table.projectId }).from(table).where(and(eq(table.companyId, companyId), eq(table.id, id))).limit(1);
    return row?.projectId ?? null;
  },

  /** For each currency, the company's latest rate dated before the day (an NBP table before a manual rate of the same day). */
  async ratesBefore(db: Executor, companyId: number, currencies: readonly string[], day: string): Promise<Map<string, string>> {
    const rates = new Map<string, string>();
    if (currencies.length === 0) return rates;
    const rows = await db
      .selectDistinctOn([exchangeRates.currency], { currency: exchangeRates.currency, rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.companyId, companyId), inArray(exchangeRates.currency, [...currencies]), sql`${exchangeRates.rateDate} < ${day}`))
      .orderBy(exchangeRates.currency, desc(exchangeRates.rateDate), sql`${exchangeRates.source} = 'nbp' DESC`);
    for (const row of rows) rates.set(row.currency, row.rate);
    return rates;
  },

  async costCentreExists(db: Executor, companyId: number, id: number, options: { lock?: boolean } = {}): Promise<boolean> {
    const query = db.select({ id: costCentres.id }).from(costCentres).where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, id)));
    return (await (options.lock ? query.for('update') : query)).length > 0;
  },

  async projectExists(db: Executor, companyId: number, id: number): Promise<boolean> {
    return (await db.select({ id: projects.id }).from(projects).where(and(eq(projects.companyId, companyId), eq(projects.id, id)))).length > 0;
  },

  /** A budget of the same cost centre and project (or both without one) sharing a day with from..to. */
  async overlapping(db: Executor, companyId: number, values: BudgetValues, exceptId: number | undefined) {
    const [row] = await db
      .select({ dateFrom: costCentreBudgets.dateFrom, dateTo: costCentreBudgets.dateTo })
      .from(costCentreBudgets)
      .where(
        and(
          eq(costCentreBudgets.companyId, companyId),
          eq(costCentreBudgets.costCentreId, values.costCentreId),
          values.projectId === null ? isNull(costCentreBudgets.projectId) : eq(costCentreBudgets.projectId, values.projectId),
          lte(costCentreBudgets.dateFrom, values.dateTo),
          gte(costCentreBudgets.dateTo, values.dateFrom),
          exceptId === undefined ? undefined : ne(costCentreBudgets.id, exceptId),
        ),
      )
      .orderBy(costCentreBudgets.dateFrom)
      .limit(1);
    return row ?? null;
  },

  async insert(db: Executor, companyId: number, values: BudgetValues): Promise<number> {
    const [row] = await db.insert(costCentreBudgets).values({ companyId, ...values }).returning({ id: costCentreBudgets.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: BudgetValues): Promise<void> {
    await db
      .update(costCentreBudgets)
      .set(values)
      .where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(costCentreBudgets).where(and(eq(costCentreBudgets.companyId, companyId), eq(costCentreBudgets.id, id)));
  },

  async formOptions(db: Executor, companyId: number) {
    const [centres, projectRows] = await Promise.all([
      db
        .select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name })
        .from(costCentres)
        .where(eq(costCentres.companyId, companyId))
        .orderBy(sql`lower(${costCentres.ordinate})`),
      db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.companyId, companyId)).orderBy(sql`lower(${projects.name})`, asc(projects.id)),
    ]);
    return {
      cost_centres: centres.map((row) => ({ id: row.id, name: row.name ? `${row.ordinate} – ${row.name}` : row.ordinate })),
      projects: projectRows,
    };
  },
};
