import type { z } from 'zod';
import type { CostCentreBudgetDto, CostCentreDto, CostCentreUserDto, costCentreBodySchema, costCentreBudgetBodySchema, costCentreUserBodySchema } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import { refuseUniqueViolation } from '../../db/pg-errors.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { assertNotInDocuments } from '../document-usage/document-usage.rules.ts';
import { costCentreRepo, type CostCentreRow } from './cost-centre.repo.ts';

type CostCentreBody = z.output<typeof costCentreBodySchema>;
type UserBody = z.output<typeof costCentreUserBodySchema>;
type BudgetBody = z.output<typeof costCentreBudgetBodySchema>;
interface ListQuery<TSort extends string> {
  page: number;
  page_size: number;
  sort: TSort;
  order: 'asc' | 'desc';
  search?: string;
}


function toCostCentreDto(found: { row: CostCentreRow; userCount: number; budgetCount: number }): CostCentreDto {
  return {
    id: found.row.id,
    ordinate: found.row.ordinate,
    name: found.row.name,
    enabled_for_new: found.row.enabledForNew,
    user_count: found.userCount,
    budget_count: found.budgetCount,
  };
}

function toUserDto(found: { user: { id: number; name: string; surname: string; login: string; email: string; isActive: boolean; defaultCostCentreId: number | null }; costCentreIds: number[] }): CostCentreUserDto {
  return {
    user_id: found.user.id,
    name: found.user.name,
    surname: found.user.surname,
    login: found.user.login,
    email: found.user.email,
    is_active: found.user.isActive,
    cost_centre_ids: found.costCentreIds,
    default_cost_centre_id: found.user.defaultCostCentreId,
  };
}

function toBudgetDto(found: { budget: { id: number; costCentreId: number; dateFrom: string; dateTo: string; amount: string }; ordinate: string; name: string }): CostCentreBudgetDto {
  return {
    id: found.budget.id,
    cost_centre_id: found.budget.costCentreId,
    cost_centre_ordinate: found.ordinate,
    cost_centre_name: found.name,
    date_from: found.budget.dateFrom,
    date_to: found.budget.dateTo,
    amount: found.budget.amount,
  };
}

/** Cost centres (spec §3): the list, user assignment with a default, and budgets per period. */
export function createCostCentreService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(ctx: AuthenticatedContext, query: ListQuery<'ordinate' | 'name' | 'enabled_for_new'>) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await costCentreRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return { items: items.map(toCostCentreDto), total };
    },

    async options(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const rows = await costCentreRepo.options(db, ctx.actor.companyId);
      return { items: rows.map((row) => ({ id: row.id, ordinate: row.ordinate, name: row.name, enabled_for_new: row.enabledForNew })) };
    },

    async save(ctx: AuthenticatedContext, body: CostCentreBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const values = { ordinate: body.ordinate, name: body.name, enabledForNew: body.enabled_for_new };
      return refuseUniqueViolation(
        () => db.transaction(async (tx) => {
          const existing = body.id === undefined ? null : await costCentreRepo.findById(tx, companyId, body.id);
          if (body.id !== undefined && !existing) throw notFoundError();
          if (await costCentreRepo.isOrdinateTaken(tx, companyId, body.ordinate, body.id)) throw fieldError(['ordinate'], 'costCentre.ordinateTaken');
          const id = existing ? existing.row.id : await costCentreRepo.insert(tx, companyId, values);
          if (existing) await costCentreRepo.update(tx, companyId, id, values);
          const saved = toCostCentreDto((await costCentreRepo.findById(tx, companyId, id))!);
          await recordSaveAudit(tx, ctx, {
            companyId,
            entityType: 'costCentre',
            entityId: id,
            before: existing ? toCostCentreDto(existing) : null,
            after: saved,
          });
          return { status: 'ok' as const, cost_centre: saved };
        }),
        // Two saves of the same ordinate at once: the unique index decides, with the same answer.
        () => fieldError(['ordinate'], 'costCentre.ordinateTaken'),
      );
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await costCentreRepo.findById(tx, companyId, id);
        if (!existing) throw notFoundError();
        if (existing.userCount > 0) throw fieldError(['id'], 'costCentre.hasUsers', { count: existing.userCount });
        if (existing.budgetCount > 0) throw fieldError(['id'], 'costCentre.hasBudgets', { count: existing.budgetCount });
        await assertNotInDocuments(tx, companyId, 'costCentreId', id, 'costCentre.inDocuments');
        await costCentreRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'costCentre.delete', entityType: 'costCentre', entityId: id, before: toCostCentreDto(existing) });
      });
      return { status: 'ok' as const };
    },

    async userList(ctx: AuthenticatedContext, query: ListQuery<'surname' | 'login'> & { cost_centre_id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await costCentreRepo.userList(db, ctx.actor.companyId, { ...query, costCentreId: query.cost_centre_id }, pageWindow(query));
      return { items: items.map(toUserDto), total };
    },

    async userSave(ctx: AuthenticatedContext, body: UserBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const ids = [...new Set(body.cost_centre_ids)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const existing = await costCentreRepo.findUser(tx, companyId, body.user_id, { forUpdate: true });
        if (!existing) throw notFoundError();
        const known = await costCentreRepo.existingIds(tx, companyId, ids);
        if (known.length !== ids.length) throw notFoundError();
        if (body.default_cost_centre_id !== null && !ids.includes(body.default_cost_centre_id)) {
          throw fieldError(['default_cost_centre_id'], 'costCentre.defaultNotAssigned');
        }
        await costCentreRepo.setUserCostCentres(tx, companyId, body.user_id, ids, body.default_cost_centre_id);
        const saved = toUserDto((await costCentreRepo.findUser(tx, companyId, body.user_id))!);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'user.costCentres',
          entityType: 'user',
          entityId: body.user_id,
          before: { cost_centre_ids: existing.costCentreIds, default_cost_centre_id: existing.user.defaultCostCentreId },
          after: { cost_centre_ids: saved.cost_centre_ids, default_cost_centre_id: saved.default_cost_centre_id },
        });
        return { status: 'ok' as const, user: saved };
      });
    },

    async budgetList(ctx: AuthenticatedContext, query: ListQuery<'date_from' | 'ordinate' | 'amount'> & { cost_centre_id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await costCentreRepo.budgetList(db, ctx.actor.companyId, { ...query, costCentreId: query.cost_centre_id }, pageWindow(query));
      return { items: items.map(toBudgetDto), total };
    },

    async budgetSave(ctx: AuthenticatedContext, body: BudgetBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      if (!/[1-9]/.test(body.amount)) throw fieldError(['amount'], 'validation.valueOutOfRange');
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await costCentreRepo.findBudget(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (!(await costCentreRepo.lockCostCentre(tx, companyId, body.cost_centre_id))) throw notFoundError();
        // This screen does not choose a project: a project's budget edited here stays the project's.
        const projectId = existing?.budget.projectId ?? null;
        const overlap = await costCentreRepo.overlappingBudget(tx, companyId, body.cost_centre_id, projectId, body.date_from, body.date_to, body.id);
        if (overlap) throw fieldError(['date_from'], 'costCentreBudget.overlap', { from: overlap.dateFrom, to: overlap.dateTo });
        const values = { costCentreId: body.cost_centre_id, dateFrom: body.date_from, dateTo: body.date_to, amount: body.amount };
        const id = existing ? existing.budget.id : await costCentreRepo.insertBudget(tx, companyId, values);
        if (existing) await costCentreRepo.updateBudget(tx, companyId, id, values);
        const saved = toBudgetDto((await costCentreRepo.findBudget(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'costCentreBudget',
          entityId: id,
          before: existing ? toBudgetDto(existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, budget: saved };
      });
    },

    async budgetDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await costCentreRepo.findBudget(tx, companyId, id);
        if (!existing) throw notFoundError();
        await costCentreRepo.deleteBudget(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'costCentreBudget.delete', entityType: 'costCentreBudget', entityId: id, before: toBudgetDto(existing) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type CostCentreService = ReturnType<typeof createCostCentreService>;
