import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { delegationOrders, delegations } from '../../db/schema/index.ts';

/** A master-data reference that trip orders and settlements carry as a plain id column. */
export type DocumentReference = 'costCentreId' | 'taskId' | 'projectId' | 'externalCustomerId';

export interface DocumentUsage {
  orders: number;
  settlements: number;
}

/**
 * How trip documents use master data. Their reference columns have no foreign keys (a document
 * keeps its values whatever happens later), so the settings modules ask here before deleting.
 */
export const documentUsageRepo = {
  /** Orders and settlements of the company naming the id, deleted ones included: they still show it. */
  async usage(db: Executor, companyId: number, reference: DocumentReference, id: number): Promise<DocumentUsage> {
    const [[orders], [settlements]] = await Promise.all([
      db
        .select({ value: count() })
        .from(delegationOrders)
        .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders[reference], id))),
      db
        .select({ value: count() })
        .from(delegations)
        .where(and(eq(delegations.companyId, companyId), eq(delegations[reference], id))),
    ]);
    return { orders: orders?.value ?? 0, settlements: settlements?.value ?? 0 };
  },

  /** Settlements per project, deleted ones left out: the number the project list shows. */
  async settlementsPerProject(db: Executor, companyId: number, projectIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(projectIds.map((id) => [id, 0]));
    if (projectIds.length === 0) return counts;
    const rows = await db
      .select({ projectId: delegations.projectId, value: count() })
      .from(delegations)
      .where(and(eq(delegations.companyId, companyId), inArray(delegations.projectId, [...projectIds]), ne(delegations.status, 'deleted')))
      .groupBy(delegations.projectId);
    for (const row of rows) if (row.projectId !== null) counts.set(row.projectId, row.value);
    return counts;
  },

  /** Settlements whose transport segments name the vehicle. */
  async settlementsWithVehicle(db: Executor, companyId: number, vehicleId: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(delegations)
      .where(
        and(
          eq(delegations.companyId, companyId),
          sql`${delegations.form} @> jsonb_build_object('transport', jsonb_build_array(jsonb_build_object('vehicle_id', ${vehicleId}::int)))`,
        ),
      );
    return row?.value ?? 0;
  },
};
