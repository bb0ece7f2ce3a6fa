import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advances, delegationOrders, delegationTasks, delegations, users } from '../../db/schema/index.ts';

/** What a decision page shows of a document; every query is filtered by the company id. */
export const decisionLinkRepo = {
  async order(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ order: delegationOrders, employeeName: users.name, employeeSurname: users.surname, taskName: delegationTasks.namePl })
      .from(delegationOrders)
      .innerJoin(users, eq(users.id, delegationOrders.userId))
      .leftJoin(delegationTasks, and(eq(delegationTasks.id, delegationOrders.taskId), eq(delegationTasks.companyId, companyId)))
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
      .limit(1);
    if (!row) return null;
    const orderAdvances = await db
      .select()
      .from(advances)
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationOrderId, id)))
      .orderBy(asc(advances.id));
    return { ...row, advances: orderAdvances };
  },

  async settlement(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ settlement: delegations, employeeName: users.name, employeeSurname: users.surname, taskName: delegationTasks.namePl })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .leftJoin(delegationTasks, and(eq(delegationTasks.id, delegations.taskId), eq(delegationTasks.companyId, companyId)))
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id)))
      .limit(1);
    if (!row) return null;
    const settlementAdvances = await db
      .select()
      .from(advances)
      .where(and(eq(advances.companyId, companyId), eq(advances.delegationId, id)))
      .orderBy(asc(advances.id));
    return { ...row, advances: settlementAdvances };
  },
};
