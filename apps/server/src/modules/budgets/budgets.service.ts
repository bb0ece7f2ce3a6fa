import { amountsInPln, budgetFigures, budgetWithDocument, monthOf, monthlyShareOfBudget, toLocalDate, type BudgetFigures } from '@delego/domain';
import type { BudgetBody, BudgetDto, BudgetFiguresDto, DashboardBudgetDto } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, ErrorCode } from '@delego/domain';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { budgetsRepo, type BudgetRecord, type BudgetSumRow } from './budgets.repo.ts';

export function toBudgetDto(record: BudgetRecord): BudgetDto {
  return {
    id: record.id,
    cost_centre_id: record.costCentreId,
    cost_centre_ordinate: record.ordinate,
    cost_centre_name: record.costCentreName,
    project_id: record.projectId,
    project_name: record.projectName,
    date_from: record.dateFrom,
    date_to: record.dateTo,
    amount: record.amount,
  };
}

export function toFiguresDto(figures: BudgetFigures): BudgetFiguresDto {
  return {
    amount: figures.amount,
    spent: figures.spent,
    committed: figures.committed,
    left: figures.left,
    used_percent: figures.usedPercent,
    state: figures.state,
    unconverted_currencies: figures.unconvertedCurrencies,
  };
}

/** The figures of each budget from its sums, foreign-currency services converted at the rates given. */
function figuresFromSums(
  budgets: readonly BudgetRecord[],
  sums: Map<number, BudgetSumRow>,
  rates: Map<string, string>,
  amountOf: (budget: BudgetRecord) => string,
): Map<number, BudgetFigures> {
  return new Map(
    budgets.map((budget) => {
      const sum = sums.get(budget.id)!;
      return [budget.id, budgetFigures({ amount: amountOf(budget), spentPln: sum.spentPln, spentForeign: sum.spentForeign, committedPln: sum.committedPln, committedForeign: sum.committedForeign }, rates)];
    }),
  );
}

/** The company's last rate before `day` of every foreign currency the sums name. */
async function ratesOfSums(db: Executor, companyId: number, day: string, ...sumMaps: Map<number, BudgetSumRow>[]): Promise<Map<string, string>> {
  const currencies = new Set<string>();
  for (const sums of sumMaps) for (const sum of sums.values()) for (const entry of [...sum.spentForeign, ...sum.committedForeign]) currencies.add(entry.currency);
  return budgetsRepo.ratesBefore(db, companyId, [...currencies], day);
}

/**
 * Spent, committed and left of the given budgets, with foreign-currency services converted at the
 * company's last rate before `day` (docs/domain/budgets.md). Every read is within the company.
 */
export async function figuresOfBudgets(db: Executor, companyId: number, budgets: readonly BudgetRecord[], day: string): Promise<Map<number, BudgetFigures>> {
  const { whole } = await budgetsRepo.sums(db, companyId, budgets.map((budget) => budget.id));
  return figuresFromSums(budgets, whole, await ratesOfSums(db, companyId, day, whole), (budget) => budget.amount);
}

/**
 * The company's budgets whose period contains `day`, each with its figures for the whole period and
 * for the day's month: what the month's documents spent and commit against the budget's share of the
 * month, pro rata of the period by days (`monthlyShareOfBudget`, ADR 0021), for the dashboard's "this
 * month's spending against budget". Both come from one read of the budgets' documents. It checks no
 * permission; the caller decides who may see it.
 */
export async function budgetOverview(db: Executor, companyId: number, day: string): Promise<DashboardBudgetDto[]> {
  const { items } = await budgetsRepo.list(db, companyId, { sort: 'ordinate', order: 'asc', on: day }, null);
  const shares = new Map(items.map((item) => [item.id, monthlyShareOfBudget(item, day)!]));
  const sums = await budgetsRepo.sums(db, companyId, items.map((item) => item.id), monthOf(day));
  const rates = await ratesOfSums(db, companyId, day, sums.whole, sums.month!);
  const whole = figuresFromSums(items, sums.whole, rates, (budget) => budget.amount);
  const ofMonth = figuresFromSums(items, sums.month!, rates, (budget) => shares.get(budget.id)!.amount);
  return items.map((item) => {
    const share = shares.get(item.id)!;
    return { ...toBudgetDto(item), figures: toFiguresDto(whole.get(item.id)!), month: { from: share.from, to: share.to, figures: toFiguresDto(ofMonth.get(item.id)!) } };
  });
}

/**
 * The budgets of the budget report (ADR 0021): those whose period shares a day with the range, of the
 * chosen cost centres and projects, with the figures the view shows as of `day`. It checks no
 * permission; the report's caller does.
 */
export async function budgetsForReport(
  db: Executor,
  companyId: number,
  range: { from: string; to: string; costCentreIds: readonly number[]; projectIds: readonly number[] },
  day: string,
): Promise<{ budget: BudgetRecord; figures: BudgetFigures }[]> {
  const budgets = await budgetsRepo.meetingRange(db, companyId, range);
  const figures = await figuresOfBudgets(db, companyId, budgets, day);
  return budgets.map((budget) => ({ budget, figures: figures.get(budget.id)! }));
}

/**
 * Budgets belong to the reports area (spec §2 `/booking/report/budget`; §6 reports need
 * `reportDelegation`) and to the cost-centre settings the administrator keeps (`companyAdmin`):
 * either permission opens them (ADR 0021).
 */
function assertBudgetAccess(ctx: AuthenticatedContext): void {
  if (can(ctx, 'reportDelegation') || can(ctx, 'companyAdmin')) return;
  throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], params: { permission: 'reportDelegation' } });
}

interface ListQuery {
  page: number;
  page_size: number;
  sort: 'ordinate' | 'date_from' | 'amount';
  order: 'asc' | 'desc';
  search?: string;
  on?: string;
  cost_centre_id?: number;
}

/** Budgets per cost centre and optionally project (issue 11 §3): the view with spent/committed/left, the forms, and the state a document form shows. */
export function createBudgetsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = () => toLocalDate(clock.now());

  return {
    async list(ctx: AuthenticatedContext, query: ListQuery) {
      assertBudgetAccess(ctx);
      const companyId = ctx.actor.companyId;
      const { items, total } = await budgetsRepo.list(db, companyId, { ...query, costCentreId: query.cost_centre_id }, pageWindow(query));
      const figures = await figuresOfBudgets(db, companyId, items, today());
      return { items: items.map((item) => ({ ...toBudgetDto(item), figures: toFiguresDto(figures.get(item.id)!) })), total };
    },

    /** The dashboard's "this month's spending against budget" for the actor's company. */
    async overview(ctx: AuthenticatedContext, day: string = today()) {
      assertBudgetAccess(ctx);
      return budgetOverview(db, ctx.actor.companyId, day);
    },

    async get(ctx: AuthenticatedContext, id: number) {
      assertBudgetAccess(ctx);
      const found = await budgetsRepo.find(db, ctx.actor.companyId, id);
      if (!found) throw notFoundError();
      return { budget: toBudgetDto(found) };
    },

    async formOptions(ctx: AuthenticatedContext) {
      assertBudgetAccess(ctx);
      return budgetsRepo.formOptions(db, ctx.actor.companyId);
    },

    async save(ctx: AuthenticatedContext, body: BudgetBody) {
      assertBudgetAccess(ctx);
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await budgetsRepo.find(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        // Locking the cost centre serialises its budget changes, so two overlapping periods cannot be saved side by side.
        if (!(await budgetsRepo.costCentreExists(tx, companyId, body.cost_centre_id, { lock: true }))) throw notFoundError();
        if (body.project_id !== null && !(await budgetsRepo.projectExists(tx, companyId, body.project_id))) throw notFoundError();
        const values = { costCentreId: body.cost_centre_id, projectId: body.project_id, dateFrom: body.date_from, dateTo: body.date_to, amount: body.amount };
        const overlap = await budgetsRepo.overlapping(tx, companyId, values, body.id);
        if (overlap) throw fieldError(['date_from'], 'costCentreBudget.overlap', { from: overlap.dateFrom, to: overlap.dateTo });
        const id = existing ? existing.id : await budgetsRepo.insert(tx, companyId, values);
        if (existing) await budgetsRepo.update(tx, companyId, id, values);
        const saved = toBudgetDto((await budgetsRepo.find(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, { companyId, entityType: 'costCentreBudget', entityId: id, before: existing ? toBudgetDto(existing) : null, after: saved });
        return { status: 'ok' as const, budget: saved };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertBudgetAccess(ctx);
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await budgetsRepo.find(tx, companyId, id);
        if (!existing) throw notFoundError();
        await budgetsRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'costCentreBudget.delete', entityType: 'costCentreBudget', entityId: id, before: toBudgetDto(existing) });
      });
      return { status: 'ok' as const };
    },

    /**
     * The budgets of a cost centre (and project) on a day, as the order, travel-service and settlement
     * forms show them before sending. Any user of the company filling in a document may see them: the
     * form names the cost centre the document is charged to.
     */
    async state(ctx: AuthenticatedContext, query: { cost_centre_id: number; project_id?: number; date: string; amount?: string; delegation_order_id?: number }) {
      const state = await budgetStateFor(db, ctx.actor.companyId, { costCentreId: query.cost_centre_id, projectId: query.project_id ?? null, day: query.date, amount: query.amount ?? null, delegationOrderId: query.delegation_order_id ?? null });
      return { ...state, exceeded_rule: ctx.actor.settings.budget_exceeded_rule };
    },
  };
}

/**
 * The budgets a document of the cost centre (and project) on `day` falls into, with and without the
 * document's `amount`; a settlement of an accepted order releases that order's estimate when it is
 * counted in the same budget. Used by the forms' panel and by the workflow's budget step.
 */
export async function budgetStateFor(
  db: Executor,
  companyId: number,
  document: { costCentreId: number; projectId: number | null; day: string; amount: string | null; delegationOrderId: number | null },
) {
  const budgets = await budgetsRepo.forCostCentreOn(db, companyId, document.costCentreId, document.projectId, document.day);
  const figures = await figuresOfBudgets(db, companyId, budgets, document.day);
  const order = document.delegationOrderId === null ? null : await budgetsRepo.committedEstimate(db, companyId, document.delegationOrderId);
  return {
    items: budgets.map((budget) => {
      const current = figures.get(budget.id)!;
      const orderDay = order ? toLocalDate(order.startDate) : null;
      const counted =
        order !== null &&
        order.costCentreId === budget.costCentreId &&
        (budget.projectId === null || order.projectId === budget.projectId) &&
        orderDay !== null &&
        orderDay >= budget.dateFrom &&
        orderDay <= budget.dateTo;
      const withDocument = document.amount === null ? null : budgetWithDocument(current, { add: document.amount, release: counted ? order.estimate : '0' });
      return { budget: toBudgetDto(budget), figures: toFiguresDto(current), with_document: withDocument ? toFiguresDto(withDocument) : null };
    }),
  };
}

/**
 * Whether a trip order or settlement about to be sent makes a budget of its cost centre (or project)
 * on its first day exceed its amount, counted as `budgetWithDocument` counts it (docs/domain/budgets.md).
 */
export async function documentExceedsBudget(
  db: Executor,
  document: { kind: 'delegationOrder' | 'delegation'; id: number; companyId: number; costCentreId: number | null; startDate: Date; totalCost: string | null; delegationOrderId: number | null },
): Promise<boolean> {
  if (document.costCentreId === null) return false;
  const projectId = await budgetsRepo.projectOfDocument(db, document.companyId, document.kind, document.id);
  const state = await budgetStateFor(db, document.companyId, {
    costCentreId: document.costCentreId,
    projectId,
    day: toLocalDate(document.startDate),
    amount: document.totalCost ?? '0',
    delegationOrderId: document.kind === 'delegation' ? document.delegationOrderId : null,
  });
  return state.items.some((item) => item.with_document !== null && item.with_document.state === 'over');
}

/**
 * Whether travel services about to be accepted make a budget of their cost centre exceed its amount
 * (ADR 0021): the chosen offers of each cost centre, converted to PLN at the company's last rate before
 * the earliest of their days, counted on that day as `budgetStateFor` counts a document. Services without
 * a cost centre belong to no budget.
 */
export async function travelServicesExceedBudget(
  db: Executor,
  companyId: number,
  projectId: number | null,
  services: readonly { costCentreId: number | null; day: string; price: string; currency: string }[],
): Promise<boolean> {
  const byCentre = new Map<number, (typeof services)[number][]>();
  for (const service of services) if (service.costCentreId !== null) byCentre.set(service.costCentreId, [...(byCentre.get(service.costCentreId) ?? []), service]);
  for (const [costCentreId, list] of byCentre) {
    const day = list.map((service) => service.day).sort()[0]!;
    const rates = await budgetsRepo.ratesBefore(db, companyId, [...new Set(list.map((service) => service.currency).filter((currency) => currency !== 'PLN'))], day);
    const { pln } = amountsInPln(list.map((service) => ({ currency: service.currency, amount: service.price })), rates);
    const state = await budgetStateFor(db, companyId, { costCentreId, projectId, day, amount: pln, delegationOrderId: null });
    if (state.items.some((item) => item.with_document !== null && item.with_document.state === 'over')) return true;
  }
  return false;
}

export type BudgetsService = ReturnType<typeof createBudgetsService>;
