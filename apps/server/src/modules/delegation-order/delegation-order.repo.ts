import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advances, contractors, costCentres, delegationOrders, delegationTasks, projects, savedTemplates, users } from '../../db/schema/index.ts';
import { containsPattern, countLimit } from '../../http/paging.ts';
import { boundedUnionCount, pageTotal } from '../../db/bounded-count.ts';

export type OrderRow = typeof delegationOrders.$inferSelect;
export type OrderValues = Omit<typeof delegationOrders.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'version' | 'status' | 'stage' | 'deciderIds'>;
export type AdvanceRow = typeof advances.$inferSelect;

export interface OrderListFilter {
  /** The user acted as. */
  viewerId: number;
  seesAll: boolean;
  /** Holds `delegationAcceptSubstantive`: sees (and may decide) orders waiting for a substantive decision. */
  acceptsSubstantive: boolean;
  status?: string;
  /** Trips ending on or after this instant. */
  endsFrom?: Date;
  /** Trips starting before this instant. */
  startsBefore?: Date;
  userId?: number;
  number?: string;
  search?: string;
  waitingForMe?: boolean;
}

export type OrderSort = 'start_date' | 'number' | 'status' | 'employee' | 'created_at';

const employeeName = sql<string>`${users.name} || ' ' || ${users.surname}`;

/** The order waits at its current step for the viewer's decision. */
function waitingFor(viewerId: number, acceptsSubstantive: boolean): SQL {
  const asked = sql`coalesce((${delegationOrders.workflowSteps} -> ${delegationOrders.currentStep} -> 'approverIds') @> to_jsonb(${viewerId}::int), false)`;
  return sql`(${delegationOrders.status} = 'submitted' and ${delegationOrders.stage} = 'substantive' and ${delegationOrders.userId} <> ${viewerId} and (${asked} or ${acceptsSubstantive}))`;
}

/**
 * Who sees an order in lists — the same rule as the workflow's `canSeeDocument`: the employee and
 * whoever filled it in, the acceptors of its path once it was sent (the acceptors of the step it waits
 * at among them), whoever decided it, holders of the substantive acceptance permission while it waits
 * for that decision; the administrator sees everything (null). Each way has its own index.
 */
function visibleTo(filter: OrderListFilter): SQL[] | null {
  if (filter.seesAll) return null;
  const me = filter.viewerId;
  const ways = [
    eq(delegationOrders.userId, me),
    eq(delegationOrders.createdById, me),
    sql`${delegationOrders.pathApproverIds} @> ${JSON.stringify([me])}::jsonb`,
    sql`${delegationOrders.deciderIds} @> ${JSON.stringify([me])}::jsonb`,
  ];
  if (filter.acceptsSubstantive) ways.push(and(eq(delegationOrders.status, 'submitted'), eq(delegationOrders.stage, 'substantive'), ne(delegationOrders.userId, me))!);
  return ways;
}

/** Trip orders, their advances and saved templates; every query is filtered by the company id. */
export const delegationOrderRepo = {
  /**
   * A page of the list, with the count of its matches up to a bound, in one statement. Each way of seeing
   * an order is read on its own index in the list's order, at most as far as the page reaches; the page
   * is the first of their union, and the count that of the ways' first matches.
   */
  async page(db: Executor, companyId: number, filter: OrderListFilter, sort: { column: OrderSort; order: 'asc' | 'desc' }, page: { offset: number; limit: number }) {
    const conditions: SQL[] = [eq(delegationOrders.companyId, companyId), ne(delegationOrders.status, 'deleted')];
    if (filter.status) conditions.push(eq(delegationOrders.status, filter.status));
    if (filter.endsFrom) conditions.push(gte(delegationOrders.endDate, filter.endsFrom));
    if (filter.startsBefore) conditions.push(lt(delegationOrders.startDate, filter.startsBefore));
    if (filter.userId) conditions.push(eq(delegationOrders.userId, filter.userId));
    if (filter.number) conditions.push(or(ilike(delegationOrders.number, containsPattern(filter.number)), ilike(delegationOrders.customNumber, containsPattern(filter.number)))!);
    if (filter.waitingForMe) conditions.push(waitingFor(filter.viewerId, filter.acceptsSubstantive));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        or(
          ilike(delegationOrders.number, pattern),
          ilike(delegationOrders.destinationText, pattern),
          ilike(delegationOrders.task, pattern),
          sql`${delegationOrders.destinations}::text ilike ${pattern}`,
          ilike(employeeName, pattern),
        )!,
      );
    }
    const direction = sort.order === 'desc' ? desc : asc;
    const key = {
      start_date: sql`${delegationOrders.startDate}`,
      number: sql`${delegationOrders.number}`,
      status: sql`${delegationOrders.status}`,
      employee: employeeName,
      created_at: sql`${delegationOrders.createdAt}`,
    }[sort.column];
    // The employee's name is needed only to search or sort by it.
    const needsUsers = Boolean(filter.search) || sort.column === 'employee';
    const ways = visibleTo(filter);
    const matching = (way?: SQL) => and(...conditions, way);

    const branches = (ways ?? [undefined]).map((way) => {
      const query = db.select({ id: delegationOrders.id, key: key.as('key') }).from(delegationOrders);
      return sql`(${(needsUsers ? query.innerJoin(users, eq(users.id, delegationOrders.userId)) : query)
        .where(matching(way))
        .orderBy(direction(key), desc(delegationOrders.id))
        .limit(page.offset + page.limit)})`;
    });
    const pageIds = sql`(select "id" from (${sql.join(branches, sql` union `)}) as "ways" order by "key" ${sql.raw(sort.order)}, "id" desc offset ${page.offset} limit ${page.limit})`;
    const countBranches = (ways ?? [undefined]).map((way) => {
      const query = db.select({ id: delegationOrders.id }).from(delegationOrders);
      return sql`${(needsUsers ? query.innerJoin(users, eq(users.id, delegationOrders.userId)) : query).where(matching(way))}`;
    });

    const count = boundedUnionCount(countBranches, countLimit(page));

    const rows = await db
      .select({
        order: delegationOrders,
        employeeName: users.name,
        employeeSurname: users.surname,
        taskName: delegationTasks.namePl,
        waitingForMe: sql<boolean>`${waitingFor(filter.viewerId, filter.acceptsSubstantive)}`,
        total: count,
      })
      .from(delegationOrders)
      .innerJoin(users, eq(users.id, delegationOrders.userId))
      .leftJoin(delegationTasks, and(eq(delegationTasks.id, delegationOrders.taskId), eq(delegationTasks.companyId, companyId)))
      .where(and(eq(delegationOrders.companyId, companyId), sql`${delegationOrders.id} in ${pageIds}`))
      .orderBy(direction(key), desc(delegationOrders.id));
    return { rows, ...(await pageTotal(db, rows, count, page)) };
  },

  async find(db: Executor, companyId: number, id: number): Promise<OrderRow | null> {
    const [row] = await db
      .select()
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** Reads the order under a row lock, so a save and a workflow transition do not interleave. */
  async lock(tx: Executor, companyId: number, id: number): Promise<OrderRow | null> {
    const [row] = await tx
      .select()
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
      .for('update');
    return row ?? null;
  },

  /** A new order, stamped with the service's clock like its decisions and audit rows. */
  async insert(tx: Executor, companyId: number, values: OrderValues, now: Date): Promise<number> {
    const [row] = await tx
      .insert(delegationOrders)
      .values({ ...values, companyId, createdAt: now, updatedAt: now })
      .returning({ id: delegationOrders.id });
    return row!.id;
  },

  async update(tx: Executor, companyId: number, id: number, values: Partial<OrderValues>, now: Date): Promise<void> {
    await tx
      .update(delegationOrders)
      .set({ ...values, updatedAt: now, version: sql`${delegationOrders.version} + 1` })
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)));
  },

  async advancesOf(db: Executor, companyId: number, orderIds: number[]): Promise<AdvanceRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(advances)
      .where(and(eq(advances.companyId, companyId), inArray(advances.delegationOrderId, orderIds)))
      .orderBy(asc(advances.id));
  },

  async insertAdvance(
    tx: Executor,
    values: { companyId: number; userId: number; delegationOrderId: number; amountInCurrency: string; currency: string; paymentType: string; paymentDate: string | null; comment: string },
  ): Promise<number> {
    const [row] = await tx.insert(advances).values(values).returning({ id: advances.id });
    return row!.id;
  },

  async updateAdvance(
    tx: Executor,
    companyId: number,
    id: number,
    values: Partial<{ userId: number; amountInCurrency: string; currency: string; paymentType: string; paymentDate: string | null; comment: string; status: string }>,
    now: Date,
  ): Promise<void> {
    await tx
      .update(advances)
      .set({ ...values, updatedAt: now })
      .where(and(eq(advances.companyId, companyId), eq(advances.id, id)));
  },

  async deleteAdvances(tx: Executor, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(advances).where(and(eq(advances.companyId, companyId), inArray(advances.id, ids)));
  },

  // --- people and choices ----------------------------------------------------

  async person(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: users.id, name: users.name, surname: users.surname, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    return row ?? null;
  },

  async people(db: Executor, companyId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  },

  async activeUsers(db: Executor, companyId: number) {
    return db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  },

  async task(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(delegationTasks)
      .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.id, id)))
      .limit(1);
    return row ?? null;
  },

  async referenceExists(db: Executor, companyId: number, table: 'costCentre' | 'project' | 'contractor', id: number): Promise<boolean> {
    const target = { costCentre: costCentres, project: projects, contractor: contractors }[table];
    const [row] = await db
      .select({ id: target.id })
      .from(target)
      .where(and(eq(target.companyId, companyId), eq(target.id, id)))
      .limit(1);
    return row !== undefined;
  },

  async formChoices(db: Executor, companyId: number) {
    const [tasks, centres, projectRows, contractorRows] = await Promise.all([
      db.select().from(delegationTasks).where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.enabledForNew, true))).orderBy(asc(delegationTasks.namePl)),
      db.select().from(costCentres).where(and(eq(costCentres.companyId, companyId), eq(costCentres.enabledForNew, true))).orderBy(asc(costCentres.ordinate)),
      db.select().from(projects).where(and(eq(projects.companyId, companyId), eq(projects.isActive, true))).orderBy(asc(projects.name)),
      db.select().from(contractors).where(eq(contractors.companyId, companyId)).orderBy(asc(contractors.name)),
    ]);
    return { tasks, centres, projects: projectRows, contractors: contractorRows };
  },

  // --- saved templates -------------------------------------------------------

  async templates(db: Executor, companyId: number, viewerId: number) {
    return db
      .select({ template: savedTemplates, ownerName: users.name, ownerSurname: users.surname })
      .from(savedTemplates)
      .innerJoin(users, eq(users.id, savedTemplates.ownerUserId))
      .where(and(eq(savedTemplates.companyId, companyId), or(eq(savedTemplates.ownerUserId, viewerId), eq(savedTemplates.isShared, true))))
      .orderBy(asc(savedTemplates.name), asc(savedTemplates.id));
  },

  async template(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ template: savedTemplates, ownerName: users.name, ownerSurname: users.surname })
      .from(savedTemplates)
      .innerJoin(users, eq(users.id, savedTemplates.ownerUserId))
      .where(and(eq(savedTemplates.companyId, companyId), eq(savedTemplates.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insertTemplate(tx: Executor, values: { companyId: number; ownerUserId: number; name: string; isShared: boolean; payload: unknown }): Promise<number> {
    const [row] = await tx.insert(savedTemplates).values(values).returning({ id: savedTemplates.id });
    return row!.id;
  },

  async deleteTemplate(tx: Executor, companyId: number, id: number): Promise<void> {
    await tx.delete(savedTemplates).where(and(eq(savedTemplates.companyId, companyId), eq(savedTemplates.id, id)));
  },
};
