import { AppError, ErrorCode, formatLocalDateTimeMillis, toLocalDate, validateOrderAdvances, type Issue } from '@delego/domain';
import type { AdvanceAction, AdvanceListItem, BodyOf, delegationAdvanceApi } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission, can } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { delegationAdvanceRepo } from './delegation-advance.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof delegationAdvanceRepo.find>>>;
type SaveBody = BodyOf<typeof delegationAdvanceApi.save>;
type DecisionBody = BodyOf<typeof delegationAdvanceApi.decision>;

/** Orders whose advances may still be decided and paid: the trip goes ahead. */
const GOING_AHEAD = ['submitted', 'accepted'];
/** In the basic flow the advance is decided with the order, so it changes only while the order is with its owner. */
const WITH_OWNER = ['created', 'rejectedForCorrect'];

const conflict = (code: string) => new AppError(ErrorCode.conflict, { messages: ['Action not allowed in the current status of the document'], issues: [{ path: ['id'], code }] });

/**
 * Advances (zaliczki) on trip orders (spec §4 "Advance flow"): in the basic flow an advance follows
 * its order's decision (the trip workflow sets it); in the extended flow a holder of
 * `delegationAcceptFinancial` approves or rejects each one here. Paying it is marked here in both.
 */
export function createDelegationAdvanceService(deps: { db: Database; clock: Clock; workflow: TripWorkflow }) {
  const { db, clock, workflow } = deps;

  function isOwner(ctx: AuthenticatedContext, row: Pick<Row, 'advance' | 'order'>): boolean {
    const me = ctx.actor.contextUserId;
    return row.advance.userId === me || row.order.userId === me || row.order.createdById === me;
  }

  function actionsOf(ctx: AuthenticatedContext, row: Row): AdvanceAction[] {
    const extended = ctx.actor.settings.advance_flow === 'extended';
    const actions: AdvanceAction[] = [];
    const own = isOwner(ctx, row);
    const status = row.advance.status;
    if (own && status === 'unknown' && (WITH_OWNER.includes(row.order.status) || (extended && GOING_AHEAD.includes(row.order.status)))) actions.push('edit');
    const decides = can(ctx, 'delegationAcceptFinancial') && row.advance.userId !== ctx.actor.contextUserId;
    if (decides && extended && status === 'unknown' && GOING_AHEAD.includes(row.order.status)) actions.push('approve', 'reject');
    if (decides && status === 'approved' && GOING_AHEAD.includes(row.order.status)) actions.push('markPaid');
    return actions;
  }

  function toItem(ctx: AuthenticatedContext, row: Row): AdvanceListItem {
    return {
      id: row.advance.id,
      employee: { id: row.advance.userId, fullName: `${row.employeeName} ${row.employeeSurname}` },
      order: {
        id: row.order.id,
        number: row.order.number,
        status: row.order.status as AdvanceListItem['order']['status'],
        start_date: formatLocalDateTimeMillis(row.order.startDate.getTime()),
        end_date: formatLocalDateTimeMillis(row.order.endDate.getTime()),
        destination: row.order.destinationText?.trim() || row.order.destinations.map((destination) => `${destination.place_text} (${destination.country_code})`).join(', '),
      },
      amount_in_currency: row.advance.amountInCurrency,
      currency: row.advance.currency,
      payment_type: row.advance.paymentType as AdvanceListItem['payment_type'],
      payment_date: row.advance.paymentDate,
      status: row.advance.status as AdvanceListItem['status'],
      comment: row.advance.comment,
      allowedActions: actionsOf(ctx, row),
    };
  }

  const audited = (row: Row['advance']) => ({
    amount_in_currency: row.amountInCurrency,
    currency: row.currency,
    payment_type: row.paymentType,
    payment_date: row.paymentDate,
    status: row.status,
    comment: row.comment,
  });

  return {
    async list(ctx: AuthenticatedContext, query: { scope: 'mine' | 'toDecide'; status?: string; page: number; page_size: number }) {
      const settings = ctx.actor.settings;
      const canDecide = can(ctx, 'delegationAcceptFinancial');
      if (query.scope === 'toDecide' && !canDecide) assertPermission(ctx, 'delegationAcceptFinancial');
      const { rows, total } = await delegationAdvanceRepo.page(
        db,
        ctx.actor.companyId,
        { viewerId: ctx.actor.contextUserId, scope: query.scope, status: query.status, decidableOrderStatuses: GOING_AHEAD },
        pageWindow(query),
      );
      return {
        items: rows.map((row) => toItem(ctx, row)),
        total,
        advance_flow: settings.advance_flow,
        multiple_advances: settings.multiple_advances,
        can_decide: canDecide,
      };
    },

    /** Requests an advance on one's order, or changes one not decided yet. */
    async save(ctx: AuthenticatedContext, body: SaveBody) {
      const companyId = ctx.actor.companyId;
      const settings = ctx.actor.settings;
      const extended = settings.advance_flow === 'extended';
      if (!(await workflow.visibleDocument(ctx, 'delegationOrder', body.delegation_order_id))) throw notFoundError();
      const id = await db.transaction(async (tx) => {
        const now = clock.now();
        const order = await delegationAdvanceRepo.lockOrder(tx, companyId, body.delegation_order_id);
        if (!order) throw notFoundError();
        const me = ctx.actor.contextUserId;
        if (order.userId !== me && order.createdById !== me) throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });
        if (!(WITH_OWNER.includes(order.status) || (extended && GOING_AHEAD.includes(order.status)))) throw conflict('advance.orderLocked');
        const existing = body.id === undefined ? null : await delegationAdvanceRepo.find(tx, companyId, body.id, { forUpdate: true });
        if (body.id !== undefined && (!existing || existing.advance.delegationOrderId !== order.id)) throw notFoundError();
        if (existing && existing.advance.status !== 'unknown') throw conflict('delegationOrder.advanceDecided');

        const input = { amount_in_currency: body.amount_in_currency, currency: body.currency, payment_type: body.payment_type, payment_date: body.payment_date, comment: body.comment };
        const issues: Issue[] = validateOrderAdvances([input], { endDate: toLocalDate(order.endDate), multipleAdvances: true, prefix: [] });
        if (!settings.multiple_advances && (await delegationAdvanceRepo.countOthers(tx, companyId, order.id, existing?.advance.id ?? null)) > 0) {
          issues.push({ path: ['delegation_order_id'], code: 'delegationOrder.singleAdvance' });
        }
        if (issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues });

        const values = {
          amountInCurrency: body.amount_in_currency.trim(),
          currency: body.currency,
          paymentType: body.payment_type,
          paymentDate: body.payment_date?.trim() || null,
          comment: body.comment.trim(),
        };
        const advanceId = existing ? existing.advance.id : await delegationAdvanceRepo.insert(tx, { companyId, userId: order.userId, delegationOrderId: order.id, ...values });
        if (existing) await delegationAdvanceRepo.update(tx, companyId, advanceId, values, now);
        const saved = (await delegationAdvanceRepo.find(tx, companyId, advanceId))!;
        await recordAudit(tx, ctx, {
          companyId,
          action: existing ? 'advance.update' : 'advance.create',
          entityType: 'advance',
          entityId: advanceId,
          before: existing ? audited(existing.advance) : null,
          after: audited(saved.advance),
        });
        return advanceId;
      });
      return { status: 'OK' as const, advance: toItem(ctx, (await delegationAdvanceRepo.find(db, companyId, id))!) };
    },

    /** Extended flow: approve or reject; both flows: mark an approved advance paid, on a day not after the trip's end. */
    async decision(ctx: AuthenticatedContext, body: DecisionBody) {
      assertPermission(ctx, 'delegationAcceptFinancial');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await delegationAdvanceRepo.find(tx, companyId, body.id, { forUpdate: true });
        if (!row) throw notFoundError();
        if (row.advance.userId === ctx.actor.contextUserId) throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });
        const allowed = actionsOf(ctx, row);
        if (!allowed.includes(body.decision)) {
          throw conflict(body.decision !== 'markPaid' && ctx.actor.settings.advance_flow === 'basic' ? 'advance.decidedWithOrder' : 'advance.status');
        }
        let values: { status: string; paymentDate?: string };
        if (body.decision === 'markPaid') {
          const paymentDate = body.payment_date ?? toLocalDate(now);
          if (paymentDate > toLocalDate(row.order.endDate)) {
            throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['payment_date'], code: 'delegationOrder.advanceAfterEnd' }] });
          }
          values = { status: 'paid', paymentDate };
        } else {
          values = { status: body.decision === 'approve' ? 'approved' : 'rejected' };
        }
        await delegationAdvanceRepo.update(tx, companyId, row.advance.id, values, now);
        await recordAudit(tx, ctx, {
          companyId,
          action: `advance.${body.decision}`,
          entityType: 'advance',
          entityId: row.advance.id,
          before: audited(row.advance),
          after: { ...audited({ ...row.advance, ...values }), decision_comment: body.comment?.trim() ?? '' },
        });
      });
      return { status: 'OK' as const, advance: toItem(ctx, (await delegationAdvanceRepo.find(db, companyId, body.id))!) };
    },
  };
}

export type DelegationAdvanceService = ReturnType<typeof createDelegationAdvanceService>;
