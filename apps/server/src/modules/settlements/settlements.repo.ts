import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DelegationListScope, DelegationListSort } from '@delego/contract';
import type { Executor } from '../../db/client.ts';
import {
  advances,
  attachments,
  contractors,
  costCentres,
  delegationBookings,
  delegationOrders,
  delegations,
  delegationTasks,
  projects,
  userCostCentres,
  users,
  type WaitingStage,
} from '../../db/schema/index.ts';
import { containsPattern, countLimit } from '../../http/paging.ts';
import { boundedUnionCount, pageTotal } from '../../db/bounded-count.ts';

export type DelegationRow = typeof delegations.$inferSelect;
export type OrderRow = typeof delegationOrders.$inferSelect;

/** Who asks for the list, and what they may see beside their own settlements. */
export interface ListViewer {
  userId: number;
  /** The company administrator sees every settlement. */
  seesAll: boolean;
  /** Holders of an acceptance permission see what waits at that stage (they may overwrite decisions). */
  acceptsSubstantive: boolean;
  acceptsFinancial: boolean;
}

export interface ListFilters {
  scope: DelegationListScope;
  status?: string;
  /** Trips that end at or after this instant (the start of the first day asked for). */
  dateFrom?: Date;
  /** Trips that start before this instant (the start of the day after the last day asked for). */
  dateTo?: Date;
  userId?: number;
  number?: string;
  search?: string;
  sort: DelegationListSort;
  order: 'asc' | 'desc';
}

/** Statuses that no longer hold the employee's time (another settlement may cover it). */
const INACTIVE_STATUSES = ['deleted', 'cancelled', 'rejected'];

const employeeName = sql<string>`${users.name} || ' ' || ${users.surname}`;
const attachmentCount = sql<number>`(select count(*)::int from ${attachments} where ${attachments.companyId} = ${delegations.companyId} and ${attachments.ownerKind} = 'delegation' and ${attachments.ownerId} = ${delegations.id})`;
const orderNumber = sql<string | null>`(select ${delegationOrders.number} from ${delegationOrders} where ${delegationOrders.id} = ${delegations.delegationOrderId})`;

/** Waits for the viewer as an acceptor of the current step, at one of the given stages (the GIN index on `waiting_approvers`). */
function waitsForApprover(userId: number, stages: WaitingStage[]): SQL {
  return or(...stages.map((stage) => sql`${delegations.waitingApprovers} @> ${JSON.stringify({ [stage]: [userId] })}::jsonb`))!;
}

/** The stages whose acceptance permission the viewer holds, while a settlement waits there (they may overwrite decisions). */
function heldStages(viewer: ListViewer): SQL[] {
  const parts: SQL[] = [];
  if (viewer.acceptsSubstantive) parts.push(and(eq(delegations.status, 'submitted'), eq(delegations.stage, 'substantive'))!);
  if (viewer.acceptsFinancial) parts.push(and(eq(delegations.status, 'accepted'), eq(delegations.stage, 'financial'))!);
  return parts;
}

/**
 * What a viewer may decide, as disjoint conditions each served by one index: the stages whose
 * acceptance permission the viewer holds, and at the other stages what waits for them as an
 * acceptor of the current step.
 */
function decidable(viewer: ListViewer): SQL[] {
  const asApprover: WaitingStage[] = ['other'];
  if (!viewer.acceptsSubstantive) asApprover.push('substantive');
  if (!viewer.acceptsFinancial) asApprover.push('financial');
  return [...heldStages(viewer), waitsForApprover(viewer.userId, asApprover)];
}

const containsViewer = (column: typeof delegations.pathApproverIds | typeof delegations.deciderIds, userId: number) =>
  sql`${column} @> ${JSON.stringify([userId])}::jsonb`;

/**
 * The settlements a viewer sees in the scope, as the ways that name the viewer on the settlement
 * (`named`: they overlap one another) and `decidable` conditions (disjoint from each other, not from
 * `named`); null when the viewer sees everything. `all` is the workflow's `canSeeDocument`: one's own
 * (as the employee or their author), those whose path names one once sent, those one decided, and what
 * waits at a stage whose permission one holds. What waits for one as an acceptor of the current step
 * lies on the path of a sent settlement, so `all` needs no way of its own for it.
 */
function visibility(viewer: ListViewer, scope: DelegationListScope): { named: SQL[]; decidable: SQL[] } | null {
  const own = [eq(delegations.userId, viewer.userId), eq(delegations.createdById, viewer.userId)];
  if (scope === 'own') return { named: own, decidable: [] };
  // Nobody decides their own trip.
  if (scope === 'toDecide') return { named: [], decidable: decidable(viewer).map((part) => and(part, ne(delegations.userId, viewer.userId))!) };
  if (viewer.seesAll) return null;
  return {
    // The generated path column is null for a draft, so a path acceptor sees a settlement only once sent.
    named: [...own, containsViewer(delegations.pathApproverIds, viewer.userId), containsViewer(delegations.deciderIds, viewer.userId)],
    decidable: heldStages(viewer),
  };
}

/** What a list row needs: no form, no calculation (they can be large). */
const listColumns = {
  id: delegations.id,
  companyId: delegations.companyId,
  userId: delegations.userId,
  createdById: delegations.createdById,
  status: delegations.status,
  stage: delegations.stage,
  workflowSteps: delegations.workflowSteps,
  currentStep: delegations.currentStep,
  number: delegations.number,
  customNumber: delegations.customNumber,
  isNumberPermanent: delegations.isNumberPermanent,
  version: delegations.version,
  startDate: delegations.startDate,
  endDate: delegations.endDate,
  costCentreId: delegations.costCentreId,
  taskId: delegations.taskId,
  totalPln: delegations.totalPln,
  balancePln: delegations.balancePln,
  destinationText: delegations.destinationText,
  delegationOrderId: delegations.delegationOrderId,
  sentAt: delegations.sentAt,
  acceptedAt: delegations.acceptedAt,
  updatedAt: delegations.updatedAt,
  isForeign: delegations.isForeign,
  employeeName,
  attachmentCount,
  orderNumber,
};

export type ListRow = Awaited<ReturnType<typeof settlementsRepo.listRows>>[number];

export const settlementsRepo = {
  /**
   * A page of the list, with the count of its matches up to a bound, in one statement. Each way of
   * seeing a settlement is read on its own index in the list's order, at most as far as the page
   * reaches; the page is the first of their union, and the count that of the ways' first matches.
   */
  async page(db: Executor, companyId: number, viewer: ListViewer, filters: ListFilters, window: { offset: number; limit: number }) {
    const conditions: SQL[] = [eq(delegations.companyId, companyId), ne(delegations.status, 'deleted')];
    if (filters.status) conditions.push(eq(delegations.status, filters.status));
    // A trip is in the period when it ends on or after its first day and starts before the day after its last.
    if (filters.dateFrom) conditions.push(gte(delegations.endDate, filters.dateFrom));
    if (filters.dateTo) conditions.push(lt(delegations.startDate, filters.dateTo));
    if (filters.userId) conditions.push(eq(delegations.userId, filters.userId));
    if (filters.number) conditions.push(ilike(delegations.number, containsPattern(filters.number)));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(or(ilike(delegations.number, pattern), ilike(delegations.destinationText, pattern), ilike(employeeName, pattern))!);
    }
    const direction = filters.order === 'desc' ? desc : asc;
    const sortKeys: Record<DelegationListSort, SQL[]> = {
      start_date: [sql`${delegations.startDate}`],
      end_date: [sql`${delegations.endDate}`],
      number: [sql`${delegations.number}`],
      status: [sql`${delegations.status}`],
      employee: [sql`${users.surname}`, sql`${users.name}`],
      total_pln: [sql`${delegations.totalPln}`],
      updated_at: [sql`${delegations.updatedAt}`],
    };
    const keys = sortKeys[filters.sort];
    // The employee's name is needed only to search or sort by it.
    const needsUsers = Boolean(filters.search) || filters.sort === 'employee';
    const matching = (...more: (SQL | undefined)[]) => and(...conditions, ...more);

    const seen = visibility(viewer, filters.scope);
    const ways = seen === null ? [undefined] : [...seen.named, ...seen.decidable];
    const reach = window.offset + window.limit;
    const branches = ways.map((way) => {
      const query = db.select({ id: delegations.id, ...Object.fromEntries(keys.map((key, index) => [`k${index}`, key.as(`k${index}`)])) }).from(delegations);
      return sql`(${(needsUsers ? query.innerJoin(users, eq(users.id, delegations.userId)) : query)
        .where(matching(way))
        .orderBy(...keys.map((key) => direction(key)), desc(delegations.id))
        .limit(reach)})`;
    });
    const keyOrder = keys.map((_, index) => sql`${sql.identifier(`k${index}`)} ${sql.raw(filters.order)}`);
    const pageIds = sql`(select "id" from (${sql.join(branches, sql` union `)}) as "ways" order by ${sql.join([...keyOrder, sql`"id" desc`], sql`, `)} offset ${window.offset} limit ${window.limit})`;

    const countBranches = ways.map((way) => {
      const query = db.select({ id: delegations.id }).from(delegations);
      return sql`${(needsUsers ? query.innerJoin(users, eq(users.id, delegations.userId)) : query).where(matching(way))}`;
    });
    const count = boundedUnionCount(countBranches, countLimit(window));

    const rows = await db
      .select({ ...listColumns, total: count })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(and(eq(delegations.companyId, companyId), sql`${delegations.id} in ${pageIds}`))
      .orderBy(...keys.map((key) => direction(key)), desc(delegations.id));
    return { items: rows, ...(await pageTotal(db, rows, count, window)) };
  },

  /** The list rows of the given settlements. */
  async listRows(db: Executor, companyId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select(listColumns)
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(and(eq(delegations.companyId, companyId), inArray(delegations.id, ids)));
  },

  /** One settlement, whole, with its employee's name. */
  async findWithNames(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ row: delegations, employeeName })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insert(tx: Executor, values: typeof delegations.$inferInsert): Promise<number> {
    const [row] = await tx.insert(delegations).values(values).returning({ id: delegations.id });
    return row!.id;
  },

  /** Saves the form of a settlement at the version the user loaded; null when someone saved in between. */
  async update(tx: Executor, companyId: number, id: number, version: number, values: Partial<typeof delegations.$inferInsert>): Promise<number | null> {
    const [row] = await tx
      .update(delegations)
      .set({ ...values, version: sql`${delegations.version} + 1` })
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id), eq(delegations.version, version)))
      .returning({ version: delegations.version });
    return row?.version ?? null;
  },

  /**
   * Makes the saves of one employee's settlements take turns until the transaction ends, so that the
   * overlap check (spec §5) and the write are one step for concurrent requests.
   */
  async lockEmployeeTrips(tx: Executor, userId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('delego.trips'), ${userId})`);
  },

  /** Other settlements of the employee whose time overlaps the period (spec §5). */
  async overlapping(db: Executor, companyId: number, userId: number, start: Date, end: Date, exceptId: number | null) {
    return db
      .select({ id: delegations.id, number: delegations.number, startDate: delegations.startDate, endDate: delegations.endDate })
      .from(delegations)
      .where(
        and(
          eq(delegations.companyId, companyId),
          eq(delegations.userId, userId),
          notInArray(delegations.status, INACTIVE_STATUSES),
          sql`${delegations.startDate} < ${end.toISOString()}::timestamptz`,
          sql`${delegations.endDate} > ${start.toISOString()}::timestamptz`,
          exceptId === null ? undefined : ne(delegations.id, exceptId),
        ),
      )
      .orderBy(asc(delegations.startDate))
      .limit(5);
  },

  async findOrder(db: Executor, companyId: number, orderId: number): Promise<OrderRow | null> {
    const [row] = await db
      .select()
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, orderId)))
      .limit(1);
    return row ?? null;
  },

  /**
   * A settlement's base order and whether a settlement (not deleted) other than `exceptId` was made
   * from it, in one query: the primary key and the partial unique index on the settlements' order.
   */
  async findBaseOrder(db: Executor, companyId: number, orderId: number, exceptId: number | null): Promise<{ order: OrderRow; settled: boolean } | null> {
    const settlement = db
      .select({ id: delegations.id })
      .from(delegations)
      .where(
        and(
          eq(delegations.companyId, companyId),
          eq(delegations.delegationOrderId, delegationOrders.id),
          ne(delegations.status, 'deleted'),
          exceptId === null ? undefined : ne(delegations.id, exceptId),
        ),
      );
    const [row] = await db
      .select({ order: delegationOrders, settled: sql<boolean>`exists (${settlement})` })
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, orderId)))
      .limit(1);
    return row ?? null;
  },

  /** The settlement (not deleted) made from the order, other than `exceptId`. */
  async settlementOfOrder(db: Executor, companyId: number, orderId: number, exceptId: number | null): Promise<number | null> {
    const [row] = await db
      .select({ id: delegations.id })
      .from(delegations)
      .where(
        and(
          eq(delegations.companyId, companyId),
          eq(delegations.delegationOrderId, orderId),
          ne(delegations.status, 'deleted'),
          exceptId === null ? undefined : ne(delegations.id, exceptId),
        ),
      )
      .limit(1);
    return row?.id ?? null;
  },

  /** The order's advances, oldest first. */
  async orderAdvances(db: Executor, companyId: number, orderId: number) {
    return db
      .select()
      .from(advances)
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationOrderId, orderId)))
      .orderBy(asc(advances.id));
  },

  /** Hands the order's advances named by the form over to the settlement (they are settled there, § 20). */
  async linkAdvances(tx: Executor, companyId: number, orderId: number, delegationId: number, advanceIds: number[]): Promise<void> {
    await tx
      .update(advances)
      .set({ delegationId: null })
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationId, delegationId), advanceIds.length > 0 ? notInArray(advances.id, advanceIds) : undefined));
    if (advanceIds.length === 0) return;
    await tx
      .update(advances)
      .set({ delegationId })
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationOrderId, orderId), inArray(advances.id, advanceIds)));
  },

  /**
   * Accepted orders without a settlement (spec §4: only accepted orders are a base, one settlement per
   * order), of the given employees (all of the company when null), newest first.
   */
  async acceptedOrdersWithoutSettlement(db: Executor, companyId: number, userIds: number[] | null) {
    return db
      .select({ order: delegationOrders, employeeName })
      .from(delegationOrders)
      .innerJoin(users, eq(users.id, delegationOrders.userId))
      .leftJoin(delegations, and(eq(delegations.delegationOrderId, delegationOrders.id), ne(delegations.status, 'deleted')))
      .where(
        and(
          eq(delegationOrders.companyId, companyId),
          eq(delegationOrders.status, 'accepted'),
          isNull(delegations.id),
          userIds === null ? undefined : inArray(delegationOrders.userId, userIds),
        ),
      )
      .orderBy(desc(delegationOrders.startDate), desc(delegationOrders.id))
      .limit(200);
  },

  async user(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: users.id, name: users.name, surname: users.surname, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    return row ?? null;
  },

  async userWithPosition(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: users.id, name: users.name, surname: users.surname, position: users.position })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    return row ?? null;
  },

  async task(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: delegationTasks.id, namePl: delegationTasks.namePl, nameEn: delegationTasks.nameEn })
      .from(delegationTasks)
      .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** Active users of the company (everyone when `onlyIds` is null), by surname. */
  async activeUsers(db: Executor, companyId: number, onlyIds: number[] | null) {
    return db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true), onlyIds === null ? undefined : inArray(users.id, onlyIds)))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  },

  async costCentres(db: Executor, companyId: number, onlyIds: number[] | null) {
    return db
      .select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name, enabledForNew: costCentres.enabledForNew })
      .from(costCentres)
      .where(and(eq(costCentres.companyId, companyId), onlyIds === null ? undefined : inArray(costCentres.id, onlyIds)))
      .orderBy(asc(costCentres.ordinate));
  },

  /** The cost centres assigned to the employee (spec §3 User "cost centre(s)"). */
  async costCentreIdsOfUser(db: Executor, userId: number): Promise<number[]> {
    const rows = await db.select({ id: userCostCentres.costCentreId }).from(userCostCentres).where(eq(userCostCentres.userId, userId));
    return rows.map((row) => row.id);
  },

  async projects(db: Executor, companyId: number) {
    return db
      .select({ id: projects.id, name: projects.name, isActive: projects.isActive })
      .from(projects)
      .where(eq(projects.companyId, companyId))
      .orderBy(asc(projects.name));
  },

  async tasks(db: Executor, companyId: number) {
    return db
      .select({ id: delegationTasks.id, namePl: delegationTasks.namePl, nameEn: delegationTasks.nameEn, enabledForNew: delegationTasks.enabledForNew })
      .from(delegationTasks)
      .where(eq(delegationTasks.companyId, companyId))
      .orderBy(asc(delegationTasks.namePl));
  },

  /** Which of the ids name a row of the table in the company. */
  async existingIds(db: Executor, table: 'costCentre' | 'project' | 'task' | 'contractor', companyId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const source = { costCentre: costCentres, project: projects, task: delegationTasks, contractor: contractors }[table];
    const rows = await db
      .select({ id: source.id })
      .from(source)
      .where(and(eq(source.companyId, companyId), inArray(source.id, ids)));
    return new Set(rows.map((row) => row.id));
  },

  /** Bookings already attached to another settlement that is not deleted. */
  async bookingsTakenElsewhere(db: Executor, companyId: number, bookingIds: number[], exceptId: number | null) {
    if (bookingIds.length === 0) return [];
    return db
      .select({ bookingId: delegationBookings.bookingId, delegationId: delegationBookings.delegationId, number: delegations.number })
      .from(delegationBookings)
      .innerJoin(delegations, eq(delegations.id, delegationBookings.delegationId))
      .where(
        and(
          eq(delegationBookings.companyId, companyId),
          inArray(delegationBookings.bookingId, bookingIds),
          ne(delegations.status, 'deleted'),
          exceptId === null ? undefined : ne(delegationBookings.delegationId, exceptId),
        ),
      );
  },

  /** The settlement's bookings become exactly these; a deleted settlement's hold on them ends. */
  async replaceBookings(tx: Executor, companyId: number, delegationId: number, bookingIds: number[]): Promise<void> {
    await tx.delete(delegationBookings).where(and(eq(delegationBookings.companyId, companyId), eq(delegationBookings.delegationId, delegationId)));
    if (bookingIds.length === 0) return;
    await tx
      .delete(delegationBookings)
      .where(
        and(
          eq(delegationBookings.companyId, companyId),
          inArray(delegationBookings.bookingId, bookingIds),
          sql`${delegationBookings.delegationId} in (select ${delegations.id} from ${delegations} where ${delegations.companyId} = ${companyId} and ${delegations.status} = 'deleted')`,
        ),
      );
    await tx.insert(delegationBookings).values(bookingIds.map((bookingId) => ({ companyId, bookingId, delegationId })));
  },

  /** A deleted settlement no longer holds its bookings. */
  async releaseBookings(tx: Executor, companyId: number, delegationId: number): Promise<void> {
    await tx.delete(delegationBookings).where(and(eq(delegationBookings.companyId, companyId), eq(delegationBookings.delegationId, delegationId)));
  },
};
