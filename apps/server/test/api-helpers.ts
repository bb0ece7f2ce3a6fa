import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { auditLog, delegationOrders, delegations } from '../src/db/schema/index.ts';

type Headers = Record<string, string>;

/** Short `GET`/`POST` calls under `/api` for endpoint tests. */
export function apiCalls(app: FastifyInstance) {
  return {
    get: (url: string, headers: Headers) => app.inject({ method: 'GET', url: `/api${url}`, headers }),
    post: (url: string, headers: Headers, payload: unknown) => app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object }),
  };
}

/** The newest audit row of an action in a company. */
export async function lastAuditRow(db: Database, companyId: number, action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/**
 * A trip order and a settlement naming the given master data, for tests of "cannot delete
 * what documents use". The settlement's transport names the vehicle when one is given.
 */
export async function insertTripDocuments(
  db: Database,
  companyId: number,
  userId: number,
  refs: { costCentreId?: number; taskId?: number; projectId?: number; externalCustomerId?: number; vehicleId?: number },
): Promise<void> {
  const { vehicleId, ...columns } = refs;
  const period = { startDate: new Date('2026-03-02T08:00:00Z'), endDate: new Date('2026-03-03T18:00:00Z') };
  await db.insert(delegationOrders).values({ companyId, userId, createdById: userId, ...period, ...columns });
  await db.insert(delegations).values({
    companyId,
    userId,
    createdById: userId,
    ...period,
    ...columns,
    form: { transport: vehicleId === undefined ? [] : [{ vehicle_id: vehicleId, transport_type: 'car' }] },
  });
}
