import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
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
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

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

/** The current step's acceptors contain the user (served by the GIN index on the expression). */
function waitsForApprover(userId: number): SQL {
  return sql`(${delegations.status} in ('submitted', 'accepted') and (${delegations.workflowSteps} -> ${delegations.currentStep} -> 'approverIds') @> ${JSON.stringify([userId])}::jsonb)`;
}

function waitsAtStageOfHolder(viewer: ListViewer): SQL[] {
  const conditions: SQL[] = [];
  if (viewer.acceptsSubstantive) conditions.push(and(eq(delegations.status, 'submitted'), eq(delegations.stage, 'substantive'))!);
  if (viewer.acceptsFinancial) conditions.push(and(eq(delegations.status, 'accepted'), eq(delegations.stage, 'financial'))!);
  return conditions;
}

function own(userId: number): SQL {
  return or(eq(delegations.userId, userId), eq(delegations.createdById, userId))!;
}

function visibility(viewer: ListViewer, scope: DelegationListScope): SQL | undefined {
  if (scope === 'own') return own(viewer.userId);
  const toDecide = or(waitsForApprover(viewer.userId), ...waitsAtStageOfHolder(viewer))!;
  // Nobody decides their own trip.
  if (scope === 'toDecide') return and(toDecide, ne(delegations.userId, viewer.userId));
  if (viewer.seesAll) return undefined;
  return or(own(viewer.userId), toDecide);
}

/** What a list row needs: no form, no calculation (they can be large), and whether the trip goes abroad. */
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
  isForeign: sql<boolean>`jsonb_path_exists(${delegations.form}, '$.country[*] ? (@.country_code != "PL")')`,
  employeeName,
  attachmentCount,
  orderNumber,
};

export type ListRow = Awaited<ReturnType<typeof settlementsRepo.listRows>>[number];

export const settlementsRepo = {
  /**
   * A page of the list in two steps: the ids of the page (sorted and limited on the narrow index
   * columns), then their rows; and the count of all matches.
   */
  async page(db: Executor, companyId: number, viewer: ListViewer, filters: ListFilters, window: { offset: number; limit: number }) {
    const conditions: (SQL | undefined)[] = [eq(delegations.companyId, companyId), ne(delegations.status, 'deleted'), visibility(viewer, filters.scope)];
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
    const where = and(...conditions);
    const direction = filters.order === 'desc' ? desc : asc;
    const sortColumns: Record<DelegationListSort, SQL[]> = {
      start_date: [direction(delegations.startDate)],
      end_date: [direction(delegations.endDate)],
      number: [direction(delegations.number)],
      status: [direction(delegations.status)],
      employee: [direction(users.surname), direction(users.name)],
      total_pln: [direction(delegations.totalPln)],
      updated_at: [direction(delegations.updatedAt)],
    };
    // The employee's name is needed only to search or sort by it.
    const needsUsers = Boolean(filters.search) || filters.sort === 'employee';
    const idQuery = db.select({ id: delegations.id }).from(delegations);
    const countQuery = db.select({ value: count() }).from(delegations);
    const [ids, [total]] = await Promise.all([
      (needsUsers ? idQuery.innerJoin(users, eq(users.id, delegations.userId)) : idQuery)
        .where(where)
        .orderBy(...sortColumns[filters.sort], desc(delegations.id))
        .offset(window.offset)
        .limit(window.limit),
      needsUsers ? countQuery.innerJoin(users, eq(users.id, delegations.userId)).where(where) : countQuery.where(where),
    ]);
    const rows = await this.listRows(
      db,
      companyId,
      ids.map((entry) => entry.id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { items: ids.map((entry) => byId.get(entry.id)).filter((row): row is ListRow => row !== undefined), total: total?.value ?? 0 };
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

  /** Other settlements of the employee whose time overlaps the period (spec §5). */
  async overlapping(db: Executor, companyId: number, userId: number, start: Date, end: Date, exceptId: number | null) {
    return db
      .select({ id: delegations.id, number: delegations.number })
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
  async bookingsTakenElsewhere(db: Executor, companyId: number, bookingIds: string[], exceptId: number | null) {
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
  async replaceBookings(tx: Executor, companyId: number, delegationId: number, bookingIds: string[]): Promise<void> {
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
