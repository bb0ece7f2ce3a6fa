import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advances, delegationOrders, users } from '../../db/schema/index.ts';
import { countLimit } from '../../http/paging.ts';
import { boundedUnionCount, pageTotal } from '../../db/bounded-count.ts';

const listColumns = {
  advance: advances,
  order: {
    id: delegationOrders.id,
    number: delegationOrders.number,
    status: delegationOrders.status,
    userId: delegationOrders.userId,
    createdById: delegationOrders.createdById,
    startDate: delegationOrders.startDate,
    endDate: delegationOrders.endDate,
    destinations: delegationOrders.destinations,
    destinationText: delegationOrders.destinationText,
  },
  employeeName: users.name,
  employeeSurname: users.surname,
};

export type AdvanceListRow = Awaited<ReturnType<typeof delegationAdvanceRepo.find>> & object;

/** Advances with their order; every query is filtered by the company id. */
export const delegationAdvanceRepo = {
  /**
   * A page of the advance list, newest trip first. "Mine" is two ways of being one's advance, its employee and the
   * order's author, each read on its own index in the list's order only as far as the page reaches, and the page is
   * the first rows of their union (as the order and settlement lists, `docs/architecture.md`): one condition with
   * `or` across the two tables walked every order of the company (175 ms with 100 000 on PostgreSQL).
   */
  async page(
    db: Executor,
    companyId: number,
    filter: { viewerId: number; scope: 'mine' | 'toDecide'; status?: string; decidableOrderStatuses: string[] },
    page: { offset: number; limit: number },
  ) {
    const conditions: SQL[] = [eq(advances.companyId, companyId), ne(delegationOrders.status, 'deleted')];
    if (filter.scope === 'toDecide') {
      // Waiting for a financial decision or for the payment, on orders that go ahead; never one's own.
      conditions.push(ne(advances.userId, filter.viewerId), inArray(advances.status, ['unknown', 'approved']), inArray(delegationOrders.status, filter.decidableOrderStatuses));
    }
    if (filter.status) conditions.push(eq(advances.status, filter.status));
    const ways: (SQL | undefined)[] = filter.scope === 'mine' ? [eq(advances.userId, filter.viewerId), eq(delegationOrders.createdById, filter.viewerId)] : [undefined];
    const withOrder = <T extends Parameters<typeof db.select>[0]>(columns: T) =>
      db
        .select(columns)
        .from(advances)
        .innerJoin(delegationOrders, and(eq(delegationOrders.id, advances.delegationOrderId), eq(delegationOrders.companyId, companyId)));
    const branches = ways.map(
      (way) =>
        sql`(${withOrder({ id: advances.id, key: sql`${delegationOrders.startDate}`.as('key') })
          .where(and(...conditions, way))
          .orderBy(desc(delegationOrders.startDate), asc(advances.id))
          .limit(page.offset + page.limit)})`,
    );
    const pageIds = sql`(select "id" from (${sql.join(branches, sql` union `)}) as "ways" order by "key" desc, "id" asc offset ${page.offset} limit ${page.limit})`;
    const count = boundedUnionCount(
      ways.map((way) => sql`${withOrder({ id: advances.id }).where(and(...conditions, way))}`),
      countLimit(page),
    );
    const rows = await withOrder({ ...listColumns, total: count })
      .innerJoin(users, eq(users.id, advances.userId))
      .where(and(eq(advances.companyId, companyId), sql`${advances.id} in ${pageIds}`))
      .orderBy(desc(delegationOrders.startDate), asc(advances.id));
    return { rows, ...(await pageTotal(db, rows, count, page)) };
  },

  async find(db: Executor, companyId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select(listColumns)
      .from(advances)
      .innerJoin(delegationOrders, and(eq(delegationOrders.id, advances.delegationOrderId), eq(delegationOrders.companyId, companyId)))
      .innerJoin(users, eq(users.id, advances.userId))
      .where(and(eq(advances.companyId, companyId), eq(advances.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update', { of: advances }) : await query;
    return row ?? null;
  },

  /** The order's advances that wait for a decision, oldest first. */
  async undecidedOfOrder(db: Executor, companyId: number, orderId: number) {
    return db
      .select(listColumns)
      .from(advances)
      .innerJoin(delegationOrders, and(eq(delegationOrders.id, advances.delegationOrderId), eq(delegationOrders.companyId, companyId)))
      .innerJoin(users, eq(users.id, advances.userId))
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationOrderId, orderId), eq(advances.status, 'unknown')))
      .orderBy(asc(advances.id));
  },

  /** Other advances of the order that still count (not rejected). */
  async countOthers(db: Executor, companyId: number, orderId: number, exceptId: number | null): Promise<number> {
    const conditions: SQL[] = [eq(advances.companyId, companyId), eq(advances.delegationOrderId, orderId), ne(advances.status, 'rejected')];
    if (exceptId !== null) conditions.push(ne(advances.id, exceptId));
    const [row] = await db
      .select({ value: count() })
      .from(advances)
      .where(and(...conditions));
    return row?.value ?? 0;
  },

  async insert(tx: Executor, values: typeof advances.$inferInsert): Promise<number> {
    const [row] = await tx.insert(advances).values(values).returning({ id: advances.id });
    return row!.id;
  },

  async update(tx: Executor, companyId: number, id: number, values: Partial<typeof advances.$inferInsert>, now: Date): Promise<void> {
    await tx
      .update(advances)
      .set({ ...values, updatedAt: now })
      .where(and(eq(advances.companyId, companyId), eq(advances.id, id)));
  },

  /** Locks the order while its advances change, so the count of advances per trip holds. */
  async lockOrder(tx: Executor, companyId: number, orderId: number) {
    const [row] = await tx
      .select({ id: delegationOrders.id, userId: delegationOrders.userId, createdById: delegationOrders.createdById, status: delegationOrders.status, endDate: delegationOrders.endDate })
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, orderId)))
      .for('update');
    return row ?? null;
  },
};

