import { and, asc, eq, sql } from 'drizzle-orm';
import { ACCEPTANCE_PERMISSION, type WorkflowDocumentKind } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { costCentres, delegationTasks, users, workflows } from '../../db/schema/index.ts';

/** Who keeps the budgets and accepts a trip document exceeding one (ADR 0021). */
export const BUDGET_KEEPER_PERMISSION = 'reportDelegation';

export interface DirectoryUserRow {
  id: number;
  name: string;
  surname: string;
  login: string;
  superiorId: number | null;
  isActive: boolean;
  acceptsSubstantive: boolean;
  acceptsFinancial: boolean;
  /** Holds `reportDelegation`: keeps the budgets and accepts a document that exceeds one (ADR 0021). */
  keepsBudgets: boolean;
}

export interface WorkflowRow {
  definition: unknown;
  version: number;
  updatedAt: Date;
}

/** Approval paths and the company data they refer to; every query is filtered by the company id. */
export const workflowRepo = {
  /**
   * The company's users with their superior and whether they hold the acceptance permissions,
   * counted as the session does: direct grants, unblocked roles with their parent chain, and
   * permissions or roles handed over for a period that includes `today`.
   */
  async directory(db: Executor, companyId: number, today: string): Promise<DirectoryUserRow[]> {
    const wanted = [ACCEPTANCE_PERMISSION.substantive, ACCEPTANCE_PERMISSION.financial, BUDGET_KEEPER_PERMISSION];
    const [people, grants] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, surname: users.surname, login: users.login, superiorId: users.superiorId, isActive: users.isActive })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.surname), asc(users.name), asc(users.id)),
      db.execute(sql`
        WITH RECURSIVE held(user_id, role_id, depth) AS (
          SELECT base.user_id, base.role_id, 0 FROM (
            SELECT ur.user_id, r.id AS role_id FROM user_roles ur
              JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id
             WHERE u.company_id = ${companyId} AND r.company_id = ${companyId} AND NOT r.is_blocked
            UNION
            SELECT pt.to_user_id, r.id FROM permission_transfers pt JOIN roles r ON r.id = pt.role_id
             WHERE pt.company_id = ${companyId} AND r.company_id = ${companyId} AND NOT r.is_blocked
               AND (pt.date_from IS NULL OR pt.date_from <= ${today}::date) AND (pt.date_to IS NULL OR pt.date_to >= ${today}::date)
          ) base
          UNION
          SELECT held.user_id, p.id, held.depth + 1 FROM held JOIN roles c ON c.id = held.role_id JOIN roles p ON p.id = c.parent_role_id
           WHERE p.company_id = ${companyId} AND NOT p.is_blocked AND held.depth < 20
        )
        SELECT held.user_id, rp.permission_name FROM held JOIN role_permissions rp ON rp.role_id = held.role_id
         WHERE rp.permission_name IN (${wanted[0]}, ${wanted[1]}, ${wanted[2]})
        UNION
        SELECT up.user_id, up.permission_name FROM user_permissions up JOIN users u ON u.id = up.user_id
         WHERE u.company_id = ${companyId} AND up.permission_name IN (${wanted[0]}, ${wanted[1]}, ${wanted[2]})
        UNION
        SELECT pt.to_user_id, pt.permission_name FROM permission_transfers pt
         WHERE pt.company_id = ${companyId} AND pt.permission_name IN (${wanted[0]}, ${wanted[1]}, ${wanted[2]})
           AND (pt.date_from IS NULL OR pt.date_from <= ${today}::date) AND (pt.date_to IS NULL OR pt.date_to >= ${today}::date)
      `),
    ]);
    // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
    const { rows } = grants as unknown as { rows: { user_id: number; permission_name: string }[] };
    const held = new Set(rows.map((row) => `${row.user_id}:${row.permission_name}`));
    return people.map((person) => ({
      ...person,
      acceptsSubstantive: held.has(`${person.id}:${ACCEPTANCE_PERMISSION.substantive}`),
      acceptsFinancial: held.has(`${person.id}:${ACCEPTANCE_PERMISSION.financial}`),
      keepsBudgets: held.has(`${person.id}:${BUDGET_KEEPER_PERMISSION}`),
    }));
  },

  async costCentres(db: Executor, companyId: number) {
    return db
      .select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name, enabledForNew: costCentres.enabledForNew })
      .from(costCentres)
      .where(eq(costCentres.companyId, companyId))
      .orderBy(asc(costCentres.ordinate));
  },

  async delegationTasks(db: Executor, companyId: number) {
    return db
      .select({ id: delegationTasks.id, namePl: delegationTasks.namePl, nameEn: delegationTasks.nameEn, enabledForNew: delegationTasks.enabledForNew })
      .from(delegationTasks)
      .where(eq(delegationTasks.companyId, companyId))
      .orderBy(asc(delegationTasks.namePl));
  },

  async find(db: Executor, companyId: number, kind: WorkflowDocumentKind): Promise<WorkflowRow | null> {
    const [row] = await db
      .select({ definition: workflows.definition, version: workflows.version, updatedAt: workflows.updatedAt })
      .from(workflows)
      .where(and(eq(workflows.companyId, companyId), eq(workflows.documentKind, kind)))
      .limit(1);
    return row ?? null;
  },

  /** Locks the company's saved path of a kind for the rest of the transaction (null when there is none). */
  async findForUpdate(db: Executor, companyId: number, kind: WorkflowDocumentKind): Promise<WorkflowRow | null> {
    const [row] = await db
      .select({ definition: workflows.definition, version: workflows.version, updatedAt: workflows.updatedAt })
      .from(workflows)
      .where(and(eq(workflows.companyId, companyId), eq(workflows.documentKind, kind)))
      .for('update')
      .limit(1);
    return row ?? null;
  },

  /** Inserts version 1, or replaces the definition and bumps the version; null when another save got there first. */
  async save(db: Executor, companyId: number, kind: WorkflowDocumentKind, definition: unknown, expectedVersion: number): Promise<WorkflowRow | null> {
    if (expectedVersion === 0) {
      const [row] = await db
        .insert(workflows)
        .values({ companyId, documentKind: kind, definition, version: 1 })
        .onConflictDoNothing()
        .returning({ definition: workflows.definition, version: workflows.version, updatedAt: workflows.updatedAt });
      return row ?? null;
    }
    const [row] = await db
      .update(workflows)
      .set({ definition, version: sql`${workflows.version} + 1`, updatedAt: new Date() })
      .where(and(eq(workflows.companyId, companyId), eq(workflows.documentKind, kind), eq(workflows.version, expectedVersion)))
      .returning({ definition: workflows.definition, version: workflows.version, updatedAt: workflows.updatedAt });
    return row ?? null;
  },

  async delete(db: Executor, companyId: number, kind: WorkflowDocumentKind): Promise<void> {
    await db.delete(workflows).where(and(eq(workflows.companyId, companyId), eq(workflows.documentKind, kind)));
  },
};
