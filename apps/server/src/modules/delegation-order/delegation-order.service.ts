import {
  waitsForBudgetAcceptance,
  AppError,
  CATALOGUE_MESSAGES,
  ErrorCode,
  OTHER_PURPOSE,
  catalogueIssueCode,
  addDaysToLocalDate,
  estimateOrderCost,
  formatLocalDateTimeMillis,
  localTimeToMillis,
  orderEstimateForm,
  parseDelegationForm,
  parseLocalDateTimeToMillis,
  toLocalDate,
  validateDelegationOrder,
  type DelegationOrderForm,
  type DocumentAction,
  type Issue,
  type OrderEstimate,
  type SystemSettings,
} from '@delego/domain';
import type { AttachmentDto, BodyOf, DelegationOrderDto, DelegationOrderListItem, OrderAdvanceDto, delegationOrderApi, delegationOrderListQuerySchema } from '@delego/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can, othersOrRefuse } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { ADVANCE_OWNER_KIND, attachmentsRepo } from '../settlements/attachments.repo.ts';
import { toAttachmentDto } from '../settlements/attachments.service.ts';
import { settlementPolicyOf, withRateBook } from '../settlement-calculation/rate-book-loader.ts';
import type { CompanyRatesCache } from '../settlement-calculation/company-rates-cache.ts';
import { UNKEPT_DOCUMENT_LISTS, type DocumentListCache } from '../trip-workflow/document-list-cache.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { decisionPeople, orderAsTripDocument } from '../trip-workflow/trip-workflow.repo.ts';
import { delegationOrderRepo, type AdvanceRow, type OrderRow, type OrderSort, type OrderValues } from './delegation-order.repo.ts';

type ListQuery = z.output<typeof delegationOrderListQuerySchema>;
type SaveBody = BodyOf<typeof delegationOrderApi.saveStandard>;

/** Spec §8: a failed order save answers `status: 'error'`; the web shows 'Formularz nie został zwalidowany'. */
const FORM_NOT_VALIDATED = 'Form not validated';

const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`.trim();
const localDateTime = (value: Date) => formatLocalDateTimeMillis(value.getTime());
const forbidden = () => new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });

/** The form's `YYYY-MM-DD HH:mm` (validated) as an instant. */
function instantOf(text: string): Date {
  return new Date(parseLocalDateTimeToMillis(text)!);
}

function advanceDto(row: AdvanceRow, files: AttachmentDto[]): OrderAdvanceDto {
  return {
    id: row.id,
    amount_in_currency: row.amountInCurrency,
    currency: row.currency,
    payment_type: row.paymentType as OrderAdvanceDto['payment_type'],
    payment_date: row.paymentDate,
    comment: row.comment,
    status: row.status as OrderAdvanceDto['status'],
    files,
  };
}

/** The fields of the form as stored on the order. */
function formOf(row: OrderRow, advances: AdvanceRow[]): DelegationOrderForm {
  return {
    id: row.id,
    version: row.version,
    user_id: row.userId,
    cost_centre_id: row.costCentreId,
    // A saved order has a purpose: no trip reason means "other" with its description.
    task_id: row.taskId ?? OTHER_PURPOSE,
    task: row.task,
    add_description: row.addDescription,
    destinations: row.destinations,
    destinationText: row.destinationText,
    start_place_text: row.startPlaceText,
    end_place_text: row.endPlaceText,
    start_date: localDateTime(row.startDate),
    end_date: localDateTime(row.endDate),
    allowed_transport: row.allowedTransport as DelegationOrderForm['allowed_transport'],
    allowed_transport_cost: row.allowedTransportCost,
    settlement_deadline: row.settlementDeadline,
    project_id: row.projectId,
    external_customer_id: row.externalCustomerId,
    custom_number: row.customNumber,
    advances: advances.map((advance) => ({
      id: advance.id,
      amount_in_currency: advance.amountInCurrency,
      currency: advance.currency,
      payment_type: advance.paymentType as DelegationOrderForm['advances'][number]['payment_type'],
      payment_date: advance.paymentDate,
      comment: advance.comment,
    })),
  };
}

const destinationSummary = (row: Pick<OrderRow, 'destinations' | 'destinationText'>) =>
  row.destinationText?.trim() || row.destinations.map((destination) => `${destination.place_text} (${destination.country_code})`).join(', ');

export function createDelegationOrderService(deps: {
  db: Database;
  clock: Clock;
  workflow: TripWorkflow;
  rates: CompanyRatesCache;
  /** Pages kept until their documents change (ADR 0051). */
  listPages?: DocumentListCache;
}) {
  const { db, clock, workflow, rates, listPages = UNKEPT_DOCUMENT_LISTS } = deps;

  async function estimate(executor: Executor, ctx: AuthenticatedContext, form: DelegationOrderForm): Promise<OrderEstimate | null> {
    const start = form.start_date ? parseLocalDateTimeToMillis(form.start_date) : null;
    const end = form.end_date ? parseLocalDateTimeToMillis(form.end_date) : null;
    if (start === null || end === null || start >= end || form.user_id === null) return null;
    const parsed = parseDelegationForm(orderEstimateForm(form));
    if (!parsed.delegation) return null;
    const policy = settlementPolicyOf(ctx.actor.settings);
    const settlementDate = toLocalDate(clock.now());
    const owner = { companyId: ctx.actor.companyId, ratesVersion: ctx.actor.ratesVersion, actorVersion: ctx.actor.actorVersion, employeeId: form.user_id };
    return (await withRateBook(executor, rates, owner, (rateBook) => estimateOrderCost(form, { rateBook, policy, settlementDate }))).result;
  }

  async function toDto(ctx: AuthenticatedContext, id: number): Promise<DelegationOrderDto> {
    const visible = await workflow.visibleDocument(ctx, 'delegationOrder', id);
    if (!visible) throw notFoundError();
    const companyId = ctx.actor.companyId;
    const row = (await delegationOrderRepo.find(db, companyId, id))!;
    const advances = await delegationOrderRepo.advancesOf(db, companyId, [id]);
    const advanceFiles = new Map<number, AttachmentDto[]>();
    for (const file of await attachmentsRepo.ofOwners(db, companyId, ADVANCE_OWNER_KIND, advances.map((advance) => advance.id))) {
      advanceFiles.set(file.ownerId, [...(advanceFiles.get(file.ownerId) ?? []), toAttachmentDto(file)]);
    }
    const approverIds = row.status === 'submitted' ? (row.workflowSteps[row.currentStep]?.approverIds ?? []) : [];
    const [people, task] = await Promise.all([
      delegationOrderRepo.people(db, companyId, [...new Set([row.userId, row.createdById, ...approverIds])]),
      row.taskId === null ? Promise.resolve(null) : delegationOrderRepo.task(db, companyId, row.taskId),
    ]);
    const byId = new Map(people.map((person) => [person.id, { id: person.id, fullName: fullName(person) }]));
    const language = ctx.actor.language === 'en-US' ? 'en' : 'pl';
    return {
      ...formOf(row, advances),
      id: row.id,
      version: row.version,
      status: row.status as DelegationOrderDto['status'],
      stage: row.stage as DelegationOrderDto['stage'],
      number: row.number,
      is_number_permanent: row.isNumberPermanent,
      employee: byId.get(row.userId) ?? { id: row.userId, fullName: '' },
      created_by: byId.get(row.createdById) ?? { id: row.createdById, fullName: '' },
      task_name: task ? (language === 'en' ? task.nameEn : task.namePl) : null,
      estimate: (row.estimate as OrderEstimate | null) ?? null,
      estimated_total_cost: row.estimatedTotalCost,
      advances: advances.map((advance) => advanceDto(advance, advanceFiles.get(advance.id) ?? [])),
      sent_at: row.sentAt?.toISOString() ?? null,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      has_settlement: visible.facts.hasSettlement,
      allowedActions: visible.allowedActions,
      decisions: visible.history.map((decision) => ({
        id: decision.id,
        action: decision.action,
        from_status: decision.fromStatus,
        to_status: decision.toStatus,
        stage: decision.stage,
        ...decisionPeople(decision),
        channel: decision.channel === 'emailLink' ? 'emailLink' : 'app',
        comment: decision.comment,
        created_at: decision.createdAt.toISOString(),
      })),
      current_approvers: approverIds.map((approverId) => byId.get(approverId)).filter((person): person is { id: number; fullName: string } => person !== undefined),
      waiting_for_budget: waitsForBudgetAcceptance(row),
    };
  }

  /** References of the form that must be the company's; problems as issues at their fields. */
  async function referenceIssues(executor: Executor, ctx: AuthenticatedContext, form: DelegationOrderForm, isNew: boolean): Promise<{ issues: Issue[]; taskRequiresComment: boolean }> {
    const companyId = ctx.actor.companyId;
    const issues: Issue[] = [];
    let taskRequiresComment = false;
    if (form.user_id !== null) {
      const person = await delegationOrderRepo.person(executor, companyId, form.user_id);
      if (!person || (!person.isActive && isNew)) issues.push({ path: ['user_id'], code: 'validation.unknownReference' });
    }
    if (typeof form.task_id === 'number') {
      const task = await delegationOrderRepo.task(executor, companyId, form.task_id);
      if (!task || (isNew && !task.enabledForNew)) issues.push({ path: ['task_id'], code: 'validation.unknownReference' });
      taskRequiresComment = task?.commentRequirement === 'min10';
    }
    const references = [
      ['cost_centre_id', 'costCentre', form.cost_centre_id],
      ['project_id', 'project', form.project_id],
      ['external_customer_id', 'contractor', form.external_customer_id],
    ] as const;
    for (const [field, table, id] of references) {
      if (id !== null && !(await delegationOrderRepo.referenceExists(executor, companyId, table, id))) issues.push({ path: [field], code: 'validation.unknownReference' });
    }
    return { issues, taskRequiresComment };
  }

  /**
   * Spec §5 'Order (delegation)': every rule the save checks — the form's own and those needing the
   * company's records (the employee, the purpose and whether it needs a description, the cost centre,
   * project and contractor) — so the estimate says them while the user types, as the save does.
   */
  async function orderIssues(executor: Executor, ctx: AuthenticatedContext, form: DelegationOrderForm, isNew: boolean, now: Date): Promise<Issue[]> {
    const references = await referenceIssues(executor, ctx, form, isNew);
    return [
      ...references.issues,
      ...validateDelegationOrder(form, { multipleAdvances: ctx.actor.settings.multiple_advances, taskRequiresComment: references.taskRequiresComment, today: toLocalDate(now) }),
    ];
  }

  function valuesOf(form: DelegationOrderForm, computed: OrderEstimate | null): Omit<OrderValues, 'createdById'> {
    return {
      userId: form.user_id!,
      costCentreId: form.cost_centre_id,
      taskId: typeof form.task_id === 'number' ? form.task_id : null,
      task: form.task?.trim() || null,
      addDescription: form.add_description?.trim() || null,
      destinations: form.destinations.map((destination) => ({ place_text: destination.place_text.trim(), country_code: destination.country_code.toUpperCase() })),
      destinationText: form.destinationText?.trim() || null,
      startPlaceText: form.start_place_text?.trim() || null,
      endPlaceText: form.end_place_text?.trim() || null,
      startDate: instantOf(form.start_date!),
      endDate: instantOf(form.end_date!),
      allowedTransport: form.allowed_transport,
      allowedTransportCost: form.allowed_transport_cost?.trim() ? form.allowed_transport_cost.trim() : null,
      settlementDeadline: form.settlement_deadline?.trim() || null,
      projectId: form.project_id,
      externalCustomerId: form.external_customer_id,
      customNumber: form.custom_number?.trim() || null,
      estimate: computed,
      estimatedTotalCost: computed?.total_pln ?? null,
    };
  }

  /**
   * The order's advances as the form lists them: new ones are added, changed ones updated, missing
   * ones removed — unless a decision was made on them (approved, rejected, paid), which only the
   * advance's own decision changes.
   */
  async function syncAdvances(tx: Executor, ctx: AuthenticatedContext, orderId: number, userId: number, form: DelegationOrderForm, existing: AdvanceRow[], now: Date): Promise<Issue[]> {
    const companyId = ctx.actor.companyId;
    const issues: Issue[] = [];
    const byId = new Map(existing.map((advance) => [advance.id, advance]));
    const kept = new Set<number>();
    for (const [index, advance] of form.advances.entries()) {
      const values = {
        amountInCurrency: advance.amount_in_currency.trim(),
        currency: advance.currency,
        paymentType: advance.payment_type,
        paymentDate: advance.payment_date?.trim() || null,
        comment: advance.comment.trim(),
      };
      if (advance.id !== undefined) {
        const current = byId.get(advance.id);
        if (!current) {
          issues.push({ path: ['advances', index], code: 'validation.unknownReference' });
          continue;
        }
        kept.add(current.id);
        const changed =
          current.amountInCurrency !== values.amountInCurrency ||
          current.currency !== values.currency ||
          current.paymentType !== values.paymentType ||
          current.paymentDate !== values.paymentDate ||
          current.comment !== values.comment;
        if (!changed && current.userId === userId) continue;
        if (current.status !== 'unknown') {
          issues.push({ path: ['advances', index], code: 'delegationOrder.advanceDecided' });
          continue;
        }
        await delegationOrderRepo.updateAdvance(tx, companyId, current.id, { ...values, userId }, now);
      } else {
        await delegationOrderRepo.insertAdvance(tx, { companyId, userId, delegationOrderId: orderId, ...values });
      }
    }
    const removed = existing.filter((advance) => !kept.has(advance.id));
    if (removed.some((advance) => advance.status === 'approved' || advance.status === 'paid')) issues.push({ path: ['advances'], code: 'delegationOrder.advanceDecided' });
    else {
      const removedIds = removed.map((advance) => advance.id);
      // Their files (saved on the advances screen) go back to their uploaders; the cleanup job deletes them.
      await attachmentsRepo.releaseToUploaders(tx, companyId, ADVANCE_OWNER_KIND, removedIds);
      await delegationOrderRepo.deleteAdvances(tx, companyId, removedIds);
    }
    return issues;
  }

  const auditedOrder = (form: DelegationOrderForm, values: { number: string | null; status: string }) => ({ ...form, number: values.number, status: values.status });

  async function readListPage(ctx: AuthenticatedContext, query: ListQuery) {
    const companyId = ctx.actor.companyId;
    const { rows, total, total_is_exact } = await delegationOrderRepo.page(
      db,
      companyId,
      {
        viewerId: ctx.actor.contextUserId,
        seesAll: can(ctx, 'companyAdmin'),
        acceptsSubstantive: can(ctx, 'delegationAcceptSubstantive'),
        status: query.status,
        endsFrom: query.date_from ? new Date(localTimeToMillis(query.date_from, 0, 0)!) : undefined,
        startsBefore: query.date_to ? new Date(localTimeToMillis(addDaysToLocalDate(query.date_to, 1), 0, 0)!) : undefined,
        userId: query.user_id,
        number: query.number,
        search: query.search,
        waitingForMe: query.waiting_for_me === 'true',
      },
      { column: query.sort as OrderSort, order: query.order },
      pageWindow(query),
    );
    const actions = await workflow.allowedActionsForMany(ctx, 'delegationOrder', rows.map((entry) => orderAsTripDocument(entry.order)));
    const items: DelegationOrderListItem[] = rows.map(({ order, employeeName, employeeSurname, taskName, waitingForMe }) => ({
      id: order.id,
      version: order.version,
      number: order.number ?? order.customNumber,
      is_number_permanent: order.isNumberPermanent,
      status: order.status as DelegationOrderListItem['status'],
      stage: order.stage as DelegationOrderListItem['stage'],
      employee: { id: order.userId, fullName: fullName({ name: employeeName, surname: employeeSurname }) },
      start_date: localDateTime(order.startDate),
      end_date: localDateTime(order.endDate),
      destination: destinationSummary(order),
      task_name: taskName ?? order.task,
      estimated_total_cost: order.estimatedTotalCost,
      waiting_for_me: waitingForMe === true,
      waiting_for_budget: waitsForBudgetAcceptance(order),
      allowedActions: actions.get(order.id) ?? [],
    }));
    return { items, total, total_is_exact };
  }

  return {
    list(ctx: AuthenticatedContext, query: ListQuery) {
      return listPages.page(ctx, 'delegationOrder', query, () => readListPage(ctx, query));
    },

    /**
     * The user themself, and everyone active in the company for a holder of `delegationForOthers`;
     * with `others`, only the workers besides oneself (see `othersOrRefuse`).
     */
    async availableUsers(ctx: AuthenticatedContext, others = false) {
      const companyId = ctx.actor.companyId;
      let people: { id: number; fullName: string }[];
      if (can(ctx, 'delegationForOthers')) {
        people = (await delegationOrderRepo.activeUsers(db, companyId)).map((person) => ({ id: person.id, fullName: fullName(person) }));
      } else {
        const self = await delegationOrderRepo.person(db, companyId, ctx.actor.contextUserId);
        people = self ? [{ id: self.id, fullName: fullName(self) }] : [];
      }
      return others ? othersOrRefuse(ctx, people) : people;
    },

    async formData(ctx: AuthenticatedContext) {
      const choices = await delegationOrderRepo.formChoices(db, ctx.actor.companyId);
      const settings: SystemSettings = ctx.actor.settings;
      return {
        tasks: choices.tasks.map((task) => ({ id: task.id, name_pl: task.namePl, name_en: task.nameEn, comment_required: task.commentRequirement === 'min10' })),
        cost_centres: choices.centres.map((centre) => ({ id: centre.id, ordinate: centre.ordinate, name: centre.name })),
        projects: choices.projects.map((project) => ({ id: project.id, name: project.name, contractor_id: project.contractorId })),
        contractors: choices.contractors.map((contractor) => ({ id: contractor.id, name: contractor.name })),
        settings: {
          numbering_assignment: settings.numbering_assignment,
          multiple_advances: settings.multiple_advances,
          advance_flow: settings.advance_flow,
          trip_order_requirement: settings.trip_order_requirement,
        },
      };
    },

    async edit(ctx: AuthenticatedContext, id: number) {
      return { delegationOrder: await toDto(ctx, id) };
    },

    /**
     * The order's cost estimate and the save's issues at their fields, while the user edits it. The
     * issues only for an order the user may save (their own, or anyone's with `delegationForOthers`),
     * since they say whether the employee is a colleague of the company.
     */
    async estimate(ctx: AuthenticatedContext, form: DelegationOrderForm) {
      const maySave = form.user_id === null || form.user_id === ctx.actor.contextUserId || can(ctx, 'delegationForOthers');
      const [computed, validation] = await Promise.all([estimate(db, ctx, form), maySave ? orderIssues(db, ctx, form, form.id === undefined, clock.now()) : Promise.resolve([])]);
      return { estimate: computed, validation };
    },

    /**
     * Spec §7 `save-standard`: creates an order (for oneself, or for another worker with
     * `delegationForOthers`) or updates one the user may edit (owner, created or returned for
     * correction). Validation problems answer `status: 'error'` with the issues at their fields.
     */
    async saveStandard(ctx: AuthenticatedContext, body: SaveBody) {
      const form = body as DelegationOrderForm;
      const companyId = ctx.actor.companyId;
      const actorId = ctx.actor.contextUserId;
      const settings = ctx.actor.settings;
      const isNew = form.id === undefined;
      const failure = (issues: Issue[]) => ({ status: 'error' as const, code: ErrorCode.validationFailed, message: FORM_NOT_VALIDATED, issues });
      if (!isNew && !(await workflow.visibleDocument(ctx, 'delegationOrder', form.id!))) throw notFoundError();
      // Spec §6: the worker chosen is the field at fault, as with a settlement (`noRightToSettleEmployee`).
      if (form.user_id !== null && form.user_id !== actorId && !can(ctx, 'delegationForOthers')) {
        return failure([{ path: ['user_id'], code: catalogueIssueCode(CATALOGUE_MESSAGES.noRightToEditUsersOrder) }]);
      }
      const result = await db.transaction(async (tx) => {
        const now = clock.now();
        let existing: OrderRow | null = null;
        if (!isNew) {
          existing = await delegationOrderRepo.lock(tx, companyId, form.id!);
          if (!existing) throw notFoundError();
          if (form.version !== undefined && form.version !== existing.version) {
            throw new AppError(ErrorCode.conflict, { messages: ['The record was changed by someone else'], params: { version: existing.version } });
          }
          // Editing follows the status machine: the owner, while created or returned for correction.
          await workflow.assertAction(tx, ctx, orderAsTripDocument(existing), 'edit');
          // An edit names the version it was made on, so that it never silently overwrites a newer one.
          if (form.version === undefined) return failure([{ path: ['version'], code: 'validation.required' }]);
        }
        const issues = await orderIssues(tx, ctx, form, isNew, now);
        if (issues.length > 0) return failure(issues);

        const computed = await estimate(tx, ctx, form);
        const values = valuesOf(form, computed);
        let id: number;
        let messages: string[] = [];
        const before = existing ? auditedOrder(formOf(existing, await delegationOrderRepo.advancesOf(tx, companyId, [existing.id])), existing) : null;
        if (existing) {
          id = existing.id;
          await delegationOrderRepo.update(tx, companyId, id, values, now);
        } else {
          id = await delegationOrderRepo.insert(tx, companyId, { ...values, createdById: actorId }, now);
        }
        const advanceIssues = await syncAdvances(tx, ctx, id, values.userId, form, existing ? await delegationOrderRepo.advancesOf(tx, companyId, [id]) : [], now);
        if (advanceIssues.length > 0) {
          // Nothing of this save is kept: the advances' problems are the form's.
          throw new SaveRefused(failure(advanceIssues));
        }
        if (!existing) messages = (await workflow.numberNewDocument(tx, settings, 'delegationOrder', companyId, id)).messages;
        const saved = (await delegationOrderRepo.find(tx, companyId, id))!;
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'delegationOrder',
          entityId: id,
          before,
          after: auditedOrder(formOf(saved, await delegationOrderRepo.advancesOf(tx, companyId, [id])), saved),
        });
        return { status: 'OK' as const, id, messages };
      }).catch((error: unknown) => {
        if (error instanceof SaveRefused) return error.answer;
        throw error;
      });
      if (result.status === 'error') return result;
      const delegationOrder = await toDto(ctx, result.id);
      return result.messages.length > 0 ? { status: 'OK' as const, delegationOrder, messages: result.messages } : { status: 'OK' as const, delegationOrder };
    },

    async action(ctx: AuthenticatedContext, body: { id: number; action: DocumentAction; comment?: string; version?: number }) {
      const result = await workflow.transition(ctx, 'delegationOrder', body.id, body.action, { comment: body.comment, expectedVersion: body.version, channel: 'app' });
      const { messages, ...rest } = result;
      return messages.length > 0 ? { status: 'OK' as const, result: rest, messages } : { status: 'OK' as const, result: rest };
    },

    // --- saved templates (spec §3 "Saved template") --------------------------

    async templateList(ctx: AuthenticatedContext) {
      const rows = await delegationOrderRepo.templates(db, ctx.actor.companyId, ctx.actor.contextUserId);
      return { items: rows.map((row) => templateDto(row, ctx.actor.contextUserId)) };
    },

    async templateSave(ctx: AuthenticatedContext, body: BodyOf<typeof delegationOrderApi.templateSave>) {
      const companyId = ctx.actor.companyId;
      // A template keeps what the next trip reuses; the document's identity and number stay behind.
      const { id: _id, version: _version, custom_number: _number, ...order } = body.order as DelegationOrderForm;
      const payload = { ...order, custom_number: null, advances: order.advances.map(({ id: _advanceId, ...advance }) => advance) };
      const id = await db.transaction(async (tx) => {
        const created = await delegationOrderRepo.insertTemplate(tx, { companyId, ownerUserId: ctx.actor.contextUserId, name: body.name.trim(), isShared: body.is_shared, payload });
        await recordAudit(tx, ctx, { companyId, action: 'savedTemplate.create', entityType: 'savedTemplate', entityId: created, after: { name: body.name.trim(), is_shared: body.is_shared } });
        return created;
      });
      const row = (await delegationOrderRepo.template(db, companyId, id))!;
      return { status: 'OK' as const, template: templateDto(row, ctx.actor.contextUserId) };
    },

    async templateGet(ctx: AuthenticatedContext, id: number) {
      const row = await delegationOrderRepo.template(db, ctx.actor.companyId, id);
      if (!row || (row.template.ownerUserId !== ctx.actor.contextUserId && !row.template.isShared)) throw notFoundError();
      return { template: templateDto(row, ctx.actor.contextUserId), order: row.template.payload as DelegationOrderForm };
    },

    async templateDelete(ctx: AuthenticatedContext, id: number) {
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const row = await delegationOrderRepo.template(tx, companyId, id);
        if (!row || (row.template.ownerUserId !== ctx.actor.contextUserId && !row.template.isShared)) throw notFoundError();
        // A shared template is seen by everyone but removed only by its owner.
        if (row.template.ownerUserId !== ctx.actor.contextUserId) throw forbidden();
        await delegationOrderRepo.deleteTemplate(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'savedTemplate.delete', entityType: 'savedTemplate', entityId: id, before: { name: row.template.name, is_shared: row.template.isShared } });
      });
      return { status: 'ok' as const };
    },
  };
}

/** Rolls the save's transaction back while answering the form's problems. */
class SaveRefused extends Error {
  constructor(readonly answer: { status: 'error'; code: string; message: string; issues: Issue[] }) {
    super('save refused');
  }
}

function templateDto(row: { template: { id: number; name: string; isShared: boolean; ownerUserId: number; createdAt: Date }; ownerName: string; ownerSurname: string }, viewerId: number) {
  return {
    id: row.template.id,
    name: row.template.name,
    is_shared: row.template.isShared,
    owner: { id: row.template.ownerUserId, fullName: fullName({ name: row.ownerName, surname: row.ownerSurname }) },
    is_mine: row.template.ownerUserId === viewerId,
    created_at: row.template.createdAt.toISOString(),
  };
}

export type DelegationOrderService = ReturnType<typeof createDelegationOrderService>;
