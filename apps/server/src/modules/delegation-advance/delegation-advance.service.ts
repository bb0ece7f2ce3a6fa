import { AppError, ErrorCode, formatLocalDateTimeMillis, toLocalDate, validateOrderAdvances, type Issue, type SystemSettings } from '@delego/domain';
import type { AdvanceAction, AdvanceListItem, AttachmentDto, BodyOf, delegationAdvanceApi } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission, can } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { ADVANCE_OWNER_KIND } from '../settlements/attachments.repo.ts';
import type { AttachmentsService, FileReference } from '../settlements/attachments.service.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { UNKEPT_DOCUMENT_LISTS, type DocumentListCache } from '../trip-workflow/document-list-cache.ts';
import { tripWorkflowRepo } from '../trip-workflow/trip-workflow.repo.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { workflowRepo } from '../workflow/workflow.repo.ts';
import { advanceDecisionRequestMail, advanceOutcomeMail, type AdvanceOutcome, type MailAdvance, type MailAdvanceOrder } from './delegation-advance.mails.ts';
import { delegationAdvanceRepo } from './delegation-advance.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof delegationAdvanceRepo.find>>>;
type SaveBody = BodyOf<typeof delegationAdvanceApi.save>;
type DecisionBody = BodyOf<typeof delegationAdvanceApi.decision>;

/** Orders whose advances may still be decided and paid: the trip goes ahead. */
const GOING_AHEAD = ['submitted', 'accepted'];
/** In the basic flow the advance is decided with the order, so it changes only while the order is with its owner. */
const WITH_OWNER = ['created', 'rejectedForCorrect'];

const conflict = (code: string) => new AppError(ErrorCode.conflict, { messages: ['Action not allowed in the current status of the document'], issues: [{ path: ['id'], code }] });

/** The advances page of the web app, where the e-mails lead. */
const ADVANCES_PATH = '/delegation-advance';
const OUTCOME_OF = { approve: 'approved', reject: 'rejected', markPaid: 'paid' } as const satisfies Record<DecisionBody['decision'], AdvanceOutcome>;

function mailOrderOf(row: Pick<Row, 'order' | 'employeeName' | 'employeeSurname'>): MailAdvanceOrder {
  return {
    id: row.order.id,
    number: row.order.number,
    employeeName: `${row.employeeName} ${row.employeeSurname}`,
    startDate: toLocalDate(row.order.startDate),
    endDate: toLocalDate(row.order.endDate),
  };
}

function mailAdvanceOf(advance: Row['advance']): MailAdvance {
  return { amount: advance.amountInCurrency, currency: advance.currency, paymentType: advance.paymentType, paymentDate: advance.paymentDate };
}

/**
 * Queues, in the caller's transaction, one e-mail per financial acceptor (holders of
 * `delegationAcceptFinancial` today — whoever `decision` lets approve) about the order's advances
 * that wait for a decision; `advanceIds` narrows them to the ones just requested. Only in the
 * extended advance flow (in the basic one the advance is decided with the order, whose acceptors
 * the trip workflow mails) and unless the company turned e-mail notifications off. Nobody is told
 * about their own advance, nor about what they just did themselves (`exceptUserIds`).
 * Returns whether a message was queued.
 */
export async function queueAdvanceDecisionRequests(
  tx: Executor,
  input: { companyId: number; settings: SystemSettings; orderId: number; advanceIds?: number[]; exceptUserIds: number[]; now: Date; publicUrl: string },
): Promise<boolean> {
  if (input.settings.email_notification_mode === 'disabled' || input.settings.advance_flow !== 'extended') return false;
  const rows = (await delegationAdvanceRepo.undecidedOfOrder(tx, input.companyId, input.orderId)).filter((row) => !input.advanceIds || input.advanceIds.includes(row.advance.id));
  if (rows.length === 0) return false;
  const excluded = new Set([...input.exceptUserIds, ...rows.map((row) => row.advance.userId)]);
  const deciderIds = (await workflowRepo.directory(tx, input.companyId, toLocalDate(input.now)))
    .filter((person) => person.isActive && person.acceptsFinancial && !excluded.has(person.id))
    .map((person) => person.id);
  const deciders = (await tripWorkflowRepo.people(tx, input.companyId, deciderIds)).filter((person) => person.isActive && person.email).sort((a, b) => a.id - b.id);
  const order = mailOrderOf(rows[0]!);
  const advances = rows.map((row) => mailAdvanceOf(row.advance));
  const appLink = `${input.publicUrl}${ADVANCES_PATH}?scope=toDecide`;
  for (const decider of deciders) {
    await outboxRepo.enqueue(tx, input.companyId, advanceDecisionRequestMail({ to: decider.email, language: decider.language, order, advances, appLink }));
  }
  return deciders.length > 0;
}

/**
 * Advances (zaliczki) on trip orders (spec §4 "Advance flow"): in the basic flow an advance follows
 * its order's decision (the trip workflow sets it); in the extended flow a holder of
 * `delegationAcceptFinancial` approves or rejects each one here. Paying it is marked here in both.
 * Requests and decisions are e-mailed as docs/domain/trip-workflow.md "E-mails" describes.
 */
export function createDelegationAdvanceService(deps: {
  db: Database;
  clock: Clock;
  workflow: TripWorkflow;
  attachments: AttachmentsService;
  onMailQueued: () => void;
  publicUrl: string;
  /** Pages kept until what they show changes (ADR 0051); without it every page is read. */
  listPages?: DocumentListCache;
}) {
  const { db, clock, workflow, attachments, listPages = UNKEPT_DOCUMENT_LISTS } = deps;

  /**
   * After a decision on an advance: e-mails its employee and whoever filled in the order for them,
   * but not the decider, unless the company turned e-mail notifications off. Returns whether a
   * message was queued.
   */
  async function queueOutcomeMails(tx: Executor, ctx: AuthenticatedContext, row: Row, outcome: AdvanceOutcome, comment: string): Promise<boolean> {
    if (ctx.actor.settings.email_notification_mode === 'disabled') return false;
    const decider = new Set([ctx.actor.userId, ctx.actor.contextUserId]);
    const recipientIds = [...new Set([row.advance.userId, row.order.createdById])].filter((id) => !decider.has(id));
    const recipients = (await tripWorkflowRepo.people(tx, ctx.actor.companyId, recipientIds)).filter((person) => person.isActive && person.email).sort((a, b) => a.id - b.id);
    const order = mailOrderOf(row);
    const advance = mailAdvanceOf(row.advance);
    const appLink = `${deps.publicUrl}${ADVANCES_PATH}`;
    for (const recipient of recipients) {
      await outboxRepo.enqueue(tx, ctx.actor.companyId, advanceOutcomeMail({ to: recipient.email, language: recipient.language, order, advance, outcome, comment, appLink }));
    }
    return recipients.length > 0;
  }

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

  /**
   * Who sees an advance and its files: its employee and the order's author, whoever decides and pays
   * advances, and whoever sees its order (its acceptors, for one).
   */
  async function visible(ctx: AuthenticatedContext, row: Row): Promise<boolean> {
    if (isOwner(ctx, row) || can(ctx, 'delegationAcceptFinancial')) return true;
    return (await workflow.visibleDocument(ctx, 'delegationOrder', row.order.id)) !== null;
  }

  const filesOf = (companyId: number, rows: Row[]) =>
    attachments.ofOwners(
      db,
      companyId,
      ADVANCE_OWNER_KIND,
      rows.map((row) => row.advance.id),
    );

  async function savedItem(ctx: AuthenticatedContext, id: number): Promise<AdvanceListItem> {
    const row = (await delegationAdvanceRepo.find(db, ctx.actor.companyId, id))!;
    return toItem(ctx, row, (await filesOf(ctx.actor.companyId, [row])).get(id) ?? []);
  }

  function toItem(ctx: AuthenticatedContext, row: Row, files: AttachmentDto[]): AdvanceListItem {
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
      files,
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
      const canDecide = can(ctx, 'delegationAcceptFinancial');
      if (query.scope === 'toDecide' && !canDecide) assertPermission(ctx, 'delegationAcceptFinancial');
      return listPages.page(ctx, 'advance', query, async () => {
        const settings = ctx.actor.settings;
        const { rows, total, total_is_exact } = await delegationAdvanceRepo.page(
          db,
          ctx.actor.companyId,
          { viewerId: ctx.actor.contextUserId, scope: query.scope, status: query.status, decidableOrderStatuses: GOING_AHEAD },
          pageWindow(query),
        );
        const files = await filesOf(ctx.actor.companyId, rows);
        return {
          items: rows.map((row) => toItem(ctx, row, files.get(row.advance.id) ?? [])),
          total,
          total_is_exact,
          advance_flow: settings.advance_flow,
          multiple_advances: settings.multiple_advances,
          can_decide: canDecide,
          attachment_max_mb: settings.attachment_max_mb,
          pdf_attachment_only: settings.pdf_attachment_only === 1,
        };
      });
    },

    /** Requests an advance on one's order, or changes one not decided yet. */
    async save(ctx: AuthenticatedContext, body: SaveBody) {
      const companyId = ctx.actor.companyId;
      const settings = ctx.actor.settings;
      const extended = settings.advance_flow === 'extended';
      if (!(await workflow.visibleDocument(ctx, 'delegationOrder', body.delegation_order_id))) throw notFoundError();
      let mailed = false;
      let droppedFiles: string[] = [];
      // Spec §3 "Advance … files": uploads of the user (section `advance`) or files the advance has.
      const references: FileReference[] = (body.files ?? []).map((fileId, index) => ({ id: fileId, path: ['files', index], section: 'advance', itemKey: null }));
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
        const named = new Set<number>();
        for (const reference of references) {
          if (named.has(reference.id)) issues.push({ path: reference.path, code: 'delegation.fileAlreadyAttached' });
          named.add(reference.id);
        }
        issues.push(...(await attachments.checkReferences(tx, ctx, references, existing ? { kind: ADVANCE_OWNER_KIND, id: existing.advance.id } : null)));
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
        const filesBefore = (await attachments.ofOwners(tx, companyId, ADVANCE_OWNER_KIND, [advanceId])).get(advanceId) ?? [];
        if (body.files) droppedFiles = await attachments.placeFiles(tx, companyId, { kind: ADVANCE_OWNER_KIND, id: advanceId }, references, ctx.actor.userId);
        const saved = (await delegationAdvanceRepo.find(tx, companyId, advanceId))!;
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'advance',
          entityId: advanceId,
          before: existing ? { ...audited(existing.advance), files: filesBefore.map((file) => file.id) } : null,
          after: { ...audited(saved.advance), files: body.files ?? filesBefore.map((file) => file.id) },
        });
        // A new request on an order that goes ahead waits for the financial decision now; one on a
        // draft is announced when the order is sent (the trip workflow's submit).
        if (!existing && GOING_AHEAD.includes(order.status)) {
          mailed = await queueAdvanceDecisionRequests(tx, { companyId, settings, orderId: order.id, advanceIds: [advanceId], exceptUserIds: [ctx.actor.userId, me], now, publicUrl: deps.publicUrl });
        }
        return advanceId;
      });
      // The files taken out of the advance leave the storage once the save committed.
      await attachments.deleteContents(droppedFiles);
      if (mailed) deps.onMailQueued();
      return { status: 'OK' as const, advance: await savedItem(ctx, id) };
    },

    /** One file of an advance, for whoever sees the advance; 404 for anyone else and for another company's file. */
    async download(ctx: AuthenticatedContext, id: number) {
      return attachments.downloadOwned(ctx, id, ADVANCE_OWNER_KIND, async (advanceId) => {
        const row = await delegationAdvanceRepo.find(db, ctx.actor.companyId, advanceId);
        return row !== null && (await visible(ctx, row));
      });
    },

    /** Extended flow: approve or reject; both flows: mark an approved advance paid, on a day not after the trip's end. */
    async decision(ctx: AuthenticatedContext, body: DecisionBody) {
      assertPermission(ctx, 'delegationAcceptFinancial');
      const companyId = ctx.actor.companyId;
      const mailed = await db.transaction(async (tx) => {
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
        return queueOutcomeMails(tx, ctx, { ...row, advance: { ...row.advance, ...values } }, OUTCOME_OF[body.decision], body.comment?.trim() ?? '');
      });
      if (mailed) deps.onMailQueued();
      return { status: 'OK' as const, advance: await savedItem(ctx, body.id) };
    },
  };
}

export type DelegationAdvanceService = ReturnType<typeof createDelegationAdvanceService>;
