import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ReportDateType } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { costCentres, delegationOrders, delegations, organizationUnits, projects, reports, users } from '../../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;

/** What a report's rows are chosen by; empty lists mean "all". */
export interface ReportScope {
  companyId: number;
  dateType: ReportDateType;
  /** Instants: from inclusive, to exclusive. */
  from: Date;
  to: Date;
  costCentreIds: number[];
  organizationUnitIds: number[];
  projectIds: number[];
  userIds: number[];
  statuses: string[];
}

const employeeName = sql<string>`${users.name} || ' ' || ${users.surname}`;

/** The filters every trip document shares: company, cost centre, project, employee, their unit. */
function documentFilters(scope: ReportScope, table: typeof delegations | typeof delegationOrders): SQL[] {
  const filters: SQL[] = [eq(table.companyId, scope.companyId)];
  if (scope.costCentreIds.length > 0) filters.push(inArray(table.costCentreId, scope.costCentreIds));
  if (scope.projectIds.length > 0) filters.push(inArray(table.projectId, scope.projectIds));
  if (scope.userIds.length > 0) filters.push(inArray(table.userId, scope.userIds));
  if (scope.organizationUnitIds.length > 0) filters.push(inArray(users.organizationUnitId, scope.organizationUnitIds));
  filters.push(scope.statuses.length > 0 ? inArray(table.status, scope.statuses) : ne(table.status, 'deleted'));
  return filters;
}

function inRange(moment: SQL, scope: ReportScope): SQL {
  return sql`(${moment} >= ${scope.from.toISOString()}::timestamptz AND ${moment} < ${scope.to.toISOString()}::timestamptz)`;
}

/** The settlement column a date type reads (spec §3 report date types). */
function settlementMoment(dateType: ReportDateType): SQL {
  switch (dateType) {
    case 'trip':
      return sql`${delegations.startDate}`;
    case 'sent':
      return sql`${delegations.sentAt}`;
    case 'accept':
      return sql`${delegations.acceptedAt}`;
    case 'settle':
      return sql`${delegations.settledAt}`;
  }
}

function settlementWhere(scope: ReportScope, byTableDay: { from: string } | null): SQL {
  const filters = documentFilters(scope, delegations);
  // Bills by NBP table day: a table used is never later than the settlement day, so earlier settlements cannot have one in range.
  if (byTableDay) filters.push(or(isNull(delegations.settlementDate), gte(delegations.settlementDate, byTableDay.from)) as SQL);
  else filters.push(inRange(settlementMoment(scope.dateType), scope));
  return and(...filters) as SQL;
}

const settlementSelection = {
  id: delegations.id,
  number: sql<string | null>`coalesce(${delegations.customNumber}, ${delegations.number})`,
  employee: employeeName,
  organizationUnit: organizationUnits.name,
  costCentre: costCentres.ordinate,
  project: projects.name,
  destination: delegations.destinationText,
  startDate: delegations.startDate,
  endDate: delegations.endDate,
  status: delegations.status,
  settledAt: delegations.settledAt,
  calculated: delegations.calculated,
};

function orderMoment(dateType: ReportDateType): SQL {
  switch (dateType) {
    case 'trip':
      return sql`${delegationOrders.startDate}`;
    case 'sent':
      return sql`${delegationOrders.sentAt}`;
    case 'accept':
      return sql`${delegationOrders.acceptedAt}`;
    case 'settle':
      return sql`${delegations.settledAt}`;
  }
}

/** An order's settlement: the one not deleted. */
const orderSettlementJoin = and(eq(delegations.delegationOrderId, delegationOrders.id), ne(delegations.status, 'deleted'));

/** Reports, their generation state, and the rows they are made of — always within one company. */
export const reportsRepo = {
  async insert(tx: Executor, values: typeof reports.$inferInsert): Promise<ReportRow> {
    const [row] = await tx.insert(reports).values(values).returning();
    return row!;
  },

  async list(db: Executor, companyId: number) {
    return db
      .select({ report: reports, createdBy: employeeName })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.createdById))
      .where(eq(reports.companyId, companyId))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(500);
  },

  async find(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ report: reports, createdBy: employeeName })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.createdById))
      .where(and(eq(reports.companyId, companyId), eq(reports.id, id)));
    return row ?? null;
  },

  /**
   * Takes a queued report for this process — the one asked for, or the oldest — so that another
   * process skips it (`SKIP LOCKED`).
   */
  async claim(db: Executor, now: Date, id?: number): Promise<ReportRow | null> {
    const chosen = id === undefined ? sql`TRUE` : sql`${reports.id} = ${id}`;
    const [row] = await db
      .update(reports)
      .set({ status: 'running', startedAt: now })
      .where(
        eq(
          reports.id,
          sql`(SELECT ${reports.id} FROM ${reports} WHERE ${reports.status} = 'queued' AND ${chosen} ORDER BY ${reports.id} LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning();
    return row ?? null;
  },

  /** Reports a stopped process left running since before `startedBefore` are queued again. */
  async requeueAbandoned(db: Executor, startedBefore: Date): Promise<void> {
    await db
      .update(reports)
      .set({ status: 'queued', rowsDone: 0, rowsTotal: null, startedAt: null })
      .where(and(eq(reports.status, 'running'), lt(reports.startedAt, startedBefore)));
  },

  async progress(db: Executor, id: number, values: { rowsDone: number; rowsTotal?: number }): Promise<void> {
    await db.update(reports).set(values).where(eq(reports.id, id));
  },

  async finish(db: Executor, id: number, values: { status: 'ready' | 'failed'; storageKey?: string; error?: string; rowsDone?: number; finishedAt: Date }): Promise<void> {
    await db.update(reports).set(values).where(eq(reports.id, id));
  },

  /** Who asked for a report, to be told it is finished: within the report's company only. */
  async requester(db: Executor, companyId: number, userId: number): Promise<{ email: string | null; language: string; isActive: boolean } | null> {
    const [row] = await db
      .select({ email: users.email, language: users.language, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },

  async formOptions(db: Executor, companyId: number) {
    const [centres, units, projectRows, people] = await Promise.all([
      db.select({ id: costCentres.id, name: costCentres.ordinate }).from(costCentres).where(eq(costCentres.companyId, companyId)).orderBy(asc(costCentres.ordinate)),
      db.select({ id: organizationUnits.id, name: organizationUnits.name }).from(organizationUnits).where(eq(organizationUnits.companyId, companyId)).orderBy(asc(organizationUnits.name)),
      db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.companyId, companyId)).orderBy(asc(projects.name)),
      db
        .select({ id: users.id, name: sql<string>`${users.surname} || ' ' || ${users.name}` })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.surname), asc(users.name)),
    ]);
    return { cost_centres: centres, organization_units: units, projects: projectRows, users: people };
  },

  async countSettlements(db: Executor, scope: ReportScope, byTableDay: { from: string } | null = null): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(settlementWhere(scope, byTableDay));
    return row?.count ?? 0;
  },

  /** One page of settlements after `afterId`, in id order (keyset paging keeps a page's cost constant). */
  async settlementPage(db: Executor, scope: ReportScope, afterId: number, limit: number, byTableDay: { from: string } | null = null) {
    return db
      .select(settlementSelection)
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .leftJoin(organizationUnits, and(eq(organizationUnits.id, users.organizationUnitId), eq(organizationUnits.companyId, scope.companyId)))
      .leftJoin(costCentres, and(eq(costCentres.id, delegations.costCentreId), eq(costCentres.companyId, scope.companyId)))
      .leftJoin(projects, and(eq(projects.id, delegations.projectId), eq(projects.companyId, scope.companyId)))
      .where(and(settlementWhere(scope, byTableDay), gt(delegations.id, afterId)))
      .orderBy(asc(delegations.id))
      .limit(limit);
  },

  async countOrders(db: Executor, scope: ReportScope): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(delegationOrders)
      .innerJoin(users, eq(users.id, delegationOrders.userId))
      .leftJoin(delegations, orderSettlementJoin)
      .where(and(...documentFilters(scope, delegationOrders), inRange(orderMoment(scope.dateType), scope)));
    return row?.count ?? 0;
  },

  async orderPage(db: Executor, scope: ReportScope, afterId: number, limit: number) {
    return db
      .select({
        id: delegationOrders.id,
        number: sql<string | null>`coalesce(${delegationOrders.customNumber}, ${delegationOrders.number})`,
        employee: employeeName,
        organizationUnit: organizationUnits.name,
        costCentre: costCentres.ordinate,
        project: projects.name,
        destination: delegationOrders.destinationText,
        startDate: delegationOrders.startDate,
        endDate: delegationOrders.endDate,
        status: delegationOrders.status,
        sentAt: delegationOrders.sentAt,
        acceptedAt: delegationOrders.acceptedAt,
        estimate: delegationOrders.estimatedTotalCost,
        settlementNumber: sql<string | null>`coalesce(${delegations.customNumber}, ${delegations.number})`,
        settlementStatus: delegations.status,
        settledTotal: sql<string | null>`CASE WHEN ${delegations.status} = 'settled' THEN ${delegations.totalPln} END`,
      })
      .from(delegationOrders)
      .innerJoin(users, eq(users.id, delegationOrders.userId))
      .leftJoin(delegations, orderSettlementJoin)
      .leftJoin(organizationUnits, and(eq(organizationUnits.id, users.organizationUnitId), eq(organizationUnits.companyId, scope.companyId)))
      .leftJoin(costCentres, and(eq(costCentres.id, delegationOrders.costCentreId), eq(costCentres.companyId, scope.companyId)))
      .leftJoin(projects, and(eq(projects.id, delegationOrders.projectId), eq(projects.companyId, scope.companyId)))
      .where(and(...documentFilters(scope, delegationOrders), inRange(orderMoment(scope.dateType), scope), gt(delegationOrders.id, afterId)))
      .orderBy(asc(delegationOrders.id))
      .limit(limit);
  },
};
