import {
  waitsForBudgetAcceptance,
  AppError,
  CATALOGUE_MESSAGES,
  ErrorCode,
  TRANSPORT_TYPES,
  addDaysToLocalDate,
  allowedTransportTypesOf,
  formatLocalDateTimeMillis,
  localTimeToMillis,
  parseDelegationForm,
  parseLocalDateTimeToMillis,
  toLocalDate,
  transportLimitConfirmation,
  validateAgainstFoundOrder,
  validateDistances,
  type BaseOrder,
  type DecisionStage,
  type DelegationForm,
  type DocumentAction,
  type Issue,
  type SettlementStatus,
} from '@delego/domain';
import type { BodyOf, DelegationDocument, DelegationListItem, ImportedOrder, SaveStandardResponse, delegationApi, delegationListQuerySchema } from '@delego/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can, othersOrRefuse } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { tripReferenceIssue } from '../../lib/trip-reference.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/pg-errors.ts';
import { recordSaveAudit } from '../audit/audit.repo.ts';
import { calculateAndValidate } from '../settlement-calculation/rate-book-loader.ts';
import { withMapsDistances, type SettlementDistances } from '../settlement-calculation/settlement-distances.ts';
import type { CompanyRatesCache } from '../settlement-calculation/company-rates-cache.ts';
import { UNKEPT_DOCUMENT_LISTS, type DocumentListCache } from '../trip-workflow/document-list-cache.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { decisionPeople, settlementAsTripDocument, tripWorkflowRepo } from '../trip-workflow/trip-workflow.repo.ts';
import { fileReferencesOf, type AttachmentsService } from './attachments.service.ts';
import { SETTLEMENT_OWNER_KIND } from './attachments.repo.ts';
import { bookingsRepo } from '../bookings/bookings.repo.ts';
import { optimaRepo } from '../optima/optima.repo.ts';
import { boughtServicesOfTripOrder } from '../travel-service/bought-services.ts';
import { baseOrderOf, findFormBaseOrder, orderAdvancesOf } from './base-order.ts';
import { bookingReferencesOf, bookingsTakenElsewhereIssues, idOf } from './form-bookings.ts';
import { OTHER_DELEGATION_CODES, otherDelegationIssues } from './other-delegation.ts';
import { settlementsRepo, type DelegationRow, type ListRow, type ListViewer, type OrderRow } from './settlements.repo.ts';

type ListQuery = z.output<typeof delegationListQuerySchema>;
type SaveBody = BodyOf<typeof delegationApi.saveStandard>;
type ActionBody = BodyOf<typeof delegationApi.action>;

/** Spec §8 texts of the save answer (the web shows 'Błąd walidacji danych' / 'Wystąpił błąd'). */
export const SAVE_MESSAGES = {
  validation: 'Form not validated, check and correct errors before saving',
  conflict: 'The record was changed by someone else',
  status: 'Action not allowed in the current status of the document',
} as const;

/** Statuses in which the form may be saved (spec §4: data locked once submitted). */
const EDITABLE_STATUSES = new Set(['created', 'rejectedForCorrect']);

function wall(date: Date): string {
  return formatLocalDateTimeMillis(date.getTime());
}

function listItemOf(row: ListRow, allowedActions: DocumentAction[]): DelegationListItem {
  return {
    id: row.id,
    number: row.number,
    status: row.status as SettlementStatus,
    stage: (row.stage as DecisionStage | null) ?? null,
    user_id: row.userId,
    employee_name: row.employeeName,
    start_date: wall(row.startDate),
    end_date: wall(row.endDate),
    destination_text: row.destinationText,
    delegation_order_id: row.delegationOrderId,
    delegation_order_number: row.orderNumber,
    total_pln: row.totalPln,
    balance_pln: row.balancePln,
    attachment_count: row.attachmentCount,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    waiting_for_budget: waitsForBudgetAcceptance(row),
    allowedActions,
  };
}

function validationError(issues: Issue[]): SaveStandardResponse {
  return { status: 'validationError', code: ErrorCode.validationFailed, message: SAVE_MESSAGES.validation, issues };
}

/** The start of a Warsaw day as an instant. */
function startOfDay(day: string): Date {
  return new Date(localTimeToMillis(day, 0, 0) ?? Date.parse(`${day}T00:00:00Z`));
}

/**
 * Settlements of business trips (spec §2–§5, §7): the list each user may see, the form's loading
 * and saving with every rule of spec §5, and the workflow actions through the trip workflow.
 */
export function createSettlementsService(deps: {
  db: Database;
  clock: Clock;
  workflow: TripWorkflow;
  attachments: AttachmentsService;
  rates: CompanyRatesCache;
  /** Pages kept until their documents change (ADR 0051). */
  listPages?: DocumentListCache;
} & SettlementDistances) {
  const { db, clock, workflow, attachments, rates, listPages = UNKEPT_DOCUMENT_LISTS } = deps;

  const me = (ctx: AuthenticatedContext) => ctx.actor.contextUserId;
  const actsForOthers = (ctx: AuthenticatedContext) => can(ctx, 'delegationForOthers');
  /** Spec §6 "no right to settle an employee": one's own trips, or anyone's with `delegationForOthers`. */
  const maySettleFor = (ctx: AuthenticatedContext, employeeId: number) => employeeId === me(ctx) || actsForOthers(ctx);

  function viewerOf(ctx: AuthenticatedContext): ListViewer {
    return {
      userId: me(ctx),
      seesAll: can(ctx, 'companyAdmin'),
      acceptsSubstantive: can(ctx, 'delegationAcceptSubstantive'),
      acceptsFinancial: can(ctx, 'delegationAcceptFinancial'),
    };
  }

  async function listItem(ctx: AuthenticatedContext, id: number, allowedActions?: DocumentAction[]): Promise<DelegationListItem> {
    const [row] = await settlementsRepo.listRows(db, ctx.actor.companyId, [id]);
    if (!row) throw notFoundError();
    const actions = allowedActions ?? (await workflow.allowedActionsForMany(ctx, 'delegation', [settlementAsTripDocument(row)])).get(id) ?? [];
    return listItemOf(row, actions);
  }

  /** The saved settlement as the form and the decision screen load it; null when the user may not see it. */
  async function documentOf(ctx: AuthenticatedContext, id: number): Promise<{ document: DelegationDocument; row: DelegationRow; order: OrderRow | null } | null> {
    const companyId = ctx.actor.companyId;
    const visible = await workflow.visibleDocument(ctx, 'delegation', id);
    if (!visible) return null;
    const entry = await settlementsRepo.findWithNames(db, companyId, id);
    if (!entry) return null;
    const { row } = entry;
    const waitingForBudget = waitsForBudgetAcceptance(row);
    const [files, order, budgetApprovers] = await Promise.all([
      attachments.ofSettlement(db, companyId, id),
      row.delegationOrderId === null ? Promise.resolve(null) : settlementsRepo.findOrder(db, companyId, row.delegationOrderId),
      waitingForBudget ? tripWorkflowRepo.people(db, companyId, row.workflowSteps[row.currentStep]!.approverIds) : Promise.resolve([]),
    ]);
    const form = { ...(row.form as Record<string, unknown>), id: row.id, user_id: row.userId, number: row.number, delegation_order_id: row.delegationOrderId, delegation_order_number: order?.number ?? null };
    const document: DelegationDocument = {
      id: row.id,
      user_id: row.userId,
      employee_name: entry.employeeName,
      created_by_id: row.createdById,
      status: row.status as SettlementStatus,
      stage: (row.stage as DecisionStage | null) ?? null,
      number: row.number,
      version: row.version,
      delegation_order_id: row.delegationOrderId,
      delegation_order_number: order?.number ?? null,
      form,
      calculated: (row.calculated as DelegationDocument['calculated']) ?? null,
      total_pln: row.totalPln,
      balance_pln: row.balancePln,
      waiting_for_budget: waitingForBudget,
      budget_approvers: budgetApprovers.map((person) => `${person.name} ${person.surname}`),
      allowedActions: visible.allowedActions,
      attachments: files,
      decisions: visible.history.map((decision) => ({
        action: decision.action,
        from_status: decision.fromStatus,
        to_status: decision.toStatus,
        stage: decision.stage,
        ...decisionPeople(decision),
        channel: decision.channel,
        comment: decision.comment,
        created_at: decision.createdAt.toISOString(),
      })),
      sent_at: row.sentAt?.toISOString() ?? null,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      settled_at: row.settledAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    return { document, row, order };
  }

  /** The master data the form names must exist in the company. */
  async function checkReferences(companyId: number, form: DelegationForm): Promise<Issue[]> {
    const issues: Issue[] = [];
    const checks = [
      ['cost_centre_id', 'costCentre'],
      ['project_id', 'project'],
      ['task_id', 'task'],
      ['external_customer_id', 'contractor'],
    ] as const;
    for (const [field, table] of checks) {
      const value = form[field];
      if (value === null || value === undefined || value === '') continue;
      const id = idOf(value);
      if (id === null || !(await settlementsRepo.existingIds(db, table, companyId, [id])).has(id)) issues.push({ path: [field], code: 'validation.unknownReference' });
    }
    // The accounting category is one of those imported from Optima (spec §3 `optima_category_code`).
    const category = form.optima_category_code?.trim();
    if (category && !(await optimaRepo.categories(db, companyId)).some((row) => row.code === category)) issues.push({ path: ['optima_category_code'], code: 'validation.unknownReference' });
    return issues;
  }

  /** The order's advances named by the form take the order's values (amount, payment, status): the employee cannot change them. */
  function withOrderAdvances(form: DelegationForm, order: BaseOrder | null): { form: DelegationForm; advanceIds: number[]; issues: Issue[] } {
    const issues: Issue[] = [];
    const advanceIds: number[] = [];
    const advances = form.advances.map((advance, index) => {
      if (advance.id === null || advance.id === undefined || advance.id === '') return advance;
      const known = order?.advances.find((candidate) => candidate.id === idOf(advance.id));
      if (!known) {
        issues.push({ path: ['advances', index, 'id'], code: 'delegation.unauthorisedFieldChange' });
        return advance;
      }
      advanceIds.push(known.id);
      return {
        ...advance,
        id: known.id,
        amount_in_currency: known.amount_in_currency,
        currency: known.currency,
        payment_type: advance.payment_type && advance.payment_type === known.payment_type ? advance.payment_type : (known.payment_type as typeof advance.payment_type),
        payment_date: known.payment_date,
        status: known.status as typeof advance.status,
      };
    });
    return { form: { ...form, advances }, advanceIds, issues };
  }

  async function readListPage(ctx: AuthenticatedContext, query: ListQuery) {
    const { items, total, total_is_exact } = await settlementsRepo.page(
      db,
      ctx.actor.companyId,
      viewerOf(ctx),
      {
        scope: query.scope,
        status: query.status,
        dateFrom: query.date_from ? startOfDay(query.date_from) : undefined,
        dateTo: query.date_to ? startOfDay(addDaysToLocalDate(query.date_to, 1)) : undefined,
        userId: query.user_id,
        number: query.number || undefined,
        search: query.search || undefined,
        sort: query.sort,
        order: query.order,
      },
      pageWindow(query),
    );
    const actions = await workflow.allowedActionsForMany(ctx, 'delegation', items.map(settlementAsTripDocument));
    return { items: items.map((row) => listItemOf(row, actions.get(row.id) ?? [])), total, total_is_exact };
  }

  return {
    list(ctx: AuthenticatedContext, query: ListQuery) {
      return listPages.page(ctx, 'delegation', query, () => readListPage(ctx, query));
    },

    /** Spec §7 `delegation/available-users`: oneself, and everyone active with `delegationForOthers`; with `others`, only the workers besides oneself. */
    async availableUsers(ctx: AuthenticatedContext, others = false) {
      const rows = await settlementsRepo.activeUsers(db, ctx.actor.companyId, actsForOthers(ctx) ? null : [me(ctx)]);
      const people = rows.map((row) => ({ id: row.id, fullName: `${row.name} ${row.surname}` }));
      return { items: others ? othersOrRefuse(ctx, people) : people };
    },

    async formOptions(ctx: AuthenticatedContext) {
      const companyId = ctx.actor.companyId;
      const [centres, projectRows, tasks] = await Promise.all([settlementsRepo.costCentres(db, companyId, null), settlementsRepo.projects(db, companyId), settlementsRepo.tasks(db, companyId)]);
      return {
        cost_centres: centres.map((row) => ({ id: row.id, ordinate: row.ordinate, name: row.name, enabled_for_new: row.enabledForNew })),
        projects: projectRows.map((row) => ({ id: row.id, name: row.name, is_active: row.isActive })),
        tasks: tasks.map((row) => ({ id: row.id, name_pl: row.namePl, name_en: row.nameEn, enabled_for_new: row.enabledForNew })),
        settings: {
          attachment_max_mb: ctx.actor.settings.attachment_max_mb,
          pdf_attachment_only: ctx.actor.settings.pdf_attachment_only === 1,
          trip_order_requirement: ctx.actor.settings.trip_order_requirement,
        },
      };
    },

    /** Spec §2 `start-choose-order`: accepted orders without a settlement of the employees the user may settle for. */
    async availableOrders(ctx: AuthenticatedContext) {
      const rows = await settlementsRepo.acceptedOrdersWithoutSettlement(db, ctx.actor.companyId, actsForOthers(ctx) ? null : [me(ctx)]);
      return {
        items: rows.map(({ order, employeeName }) => ({
          id: order.id,
          number: order.number,
          user_id: order.userId,
          employee_name: employeeName,
          start_date: wall(order.startDate),
          end_date: wall(order.endDate),
          destination_text: order.destinationText ?? order.destinations.map((destination) => destination.place_text).join(', '),
          accepted_at: order.acceptedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Spec §7 `delegation/delegation-order-import`: only an accepted order without a settlement is a base. */
    async delegationOrderImport(ctx: AuthenticatedContext, id: number): Promise<{ delegationOrder: ImportedOrder }> {
      const companyId = ctx.actor.companyId;
      const order = await settlementsRepo.findOrder(db, companyId, id);
      if (!order || order.status === 'deleted' || !maySettleFor(ctx, order.userId)) throw notFoundError();
      if (order.status !== 'accepted') throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['id'], code: 'delegation.orderNotAccepted' }] });
      if ((await settlementsRepo.settlementOfOrder(db, companyId, id, null)) !== null) {
        throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['id'], code: 'delegation.orderAlreadySettled' }] });
      }
      const [employee, advanceRows, boughtServices] = await Promise.all([
        settlementsRepo.user(db, companyId, order.userId),
        settlementsRepo.orderAdvances(db, companyId, id),
        boughtServicesOfTripOrder(db, companyId, id),
      ]);
      return { delegationOrder: { ...baseOrderOf(order, advanceRows), employee_name: employee ? `${employee.name} ${employee.surname}` : '', bought_services: boughtServices } };
    },

    /** Spec §7 `delegation/delegation-edit`: the settlement and its order's allowed transport types. */
    async delegationEdit(ctx: AuthenticatedContext, id: number) {
      const loaded = await documentOf(ctx, id);
      if (!loaded) throw notFoundError();
      return { delegation: loaded.document, selected_transport_types: loaded.order?.allowedTransport ?? [] };
    },

    /** The document for the PDF and other readers, when the user may see it. */
    documentOf,

    /**
     * Spec §7 `delegation/save-standard`: validates the whole settlement (form rules, rates, the order,
     * the company's checks, other settlements of the employee, bookings and files) and saves the form
     * with the engine's calculation in one transaction. A failed validation saves nothing, so what was
     * saved before stays as it was.
     */
    async saveStandard(ctx: AuthenticatedContext, body: SaveBody): Promise<SaveStandardResponse> {
      const companyId = ctx.actor.companyId;
      const settings = ctx.actor.settings;
      const parsed = parseDelegationForm(body.delegation);
      if (!parsed.delegation) return validationError(parsed.issues);
      let form = parsed.delegation;

      const existingId = form.id === null || form.id === undefined || form.id === '' ? null : idOf(form.id);
      if ((form.id ?? '') !== '' && existingId === null) throw notFoundError();
      let existing: DelegationRow | null = null;
      if (existingId !== null) {
        const visible = await workflow.visibleDocument(ctx, 'delegation', existingId);
        const entry = visible ? await settlementsRepo.findWithNames(db, companyId, existingId) : null;
        if (!visible || !entry) throw notFoundError();
        existing = entry.row;
        if (!visible.allowedActions.includes('edit')) {
          // Spec §6: someone who sees the settlement (an acceptor, the administrator) but is not its owner.
          if (EDITABLE_STATUSES.has(existing.status)) throw new AppError(ErrorCode.forbidden, { messages: [CATALOGUE_MESSAGES.noPermissionsOverDelegation] });
          return { status: 'unknownError', code: 'document.refused.status', message: SAVE_MESSAGES.status };
        }
        // An edit names the version it was made on, so that it never silently overwrites a newer one.
        if (body.version === undefined) return validationError([{ path: ['version'], code: 'validation.required' }]);
        if (body.version !== existing.version) return { status: 'unknownError', code: ErrorCode.conflict, message: SAVE_MESSAGES.conflict };
      }

      const issues: Issue[] = [];
      // The employee: chosen for a new settlement, fixed afterwards.
      const requestedEmployee = form.user_id === null || form.user_id === undefined || form.user_id === '' ? null : idOf(form.user_id);
      let employeeId: number;
      if (existing) {
        employeeId = existing.userId;
        if (requestedEmployee !== null && requestedEmployee !== employeeId) issues.push({ path: ['user_id'], code: 'delegation.unauthorisedFieldChange' });
      } else {
        employeeId = requestedEmployee ?? me(ctx);
        const employee = await settlementsRepo.user(db, companyId, employeeId);
        if (!employee?.isActive) issues.push({ path: ['user_id'], code: 'settlement.unknownEmployee' });
        else if (!maySettleFor(ctx, employeeId)) issues.push({ path: ['user_id'], code: 'delegation.noRightToSettleEmployee' });
      }
      if (settings.numbering_assignment === 'autoOnly' && form.custom_number && form.custom_number !== (existing?.customNumber ?? null)) {
        issues.push({ path: ['custom_number'], code: 'delegation.unauthorisedFieldChange' });
      }

      // The base order, with the advances the settlement takes over.
      const found = await findFormBaseOrder(db, companyId, form, employeeId, existing?.id ?? null);
      const orderId = found.orderId;
      const order: BaseOrder | null = found.order && { ...found.order, advances: orderAdvancesOf(await settlementsRepo.orderAdvances(db, companyId, found.order.id)) };
      issues.push(...found.issues);
      const advances = withOrderAdvances(form, order);
      form = advances.form;
      issues.push(...advances.issues);

      // The form's rules, the rates and the engine; the order's transport types.
      const settlementDate = form.settlement_date && /^\d{4}-\d{2}-\d{2}$/.test(form.settlement_date) ? form.settlement_date : toLocalDate(clock.now());
      const { calculated, issues: formIssues, delegation: calculatedForm } = await calculateAndValidate(db, rates, {
        companyId,
        ratesVersion: ctx.actor.ratesVersion,
        actorVersion: ctx.actor.actorVersion,
        employeeId,
        delegation: form,
        settings,
        settlementDate,
        validation: { allowedTransportTypes: allowedTransportTypesOf(order, TRANSPORT_TYPES), now: clock.now().getTime() },
      });
      issues.push(...formIssues.filter((issue) => !(issue.code === 'settlement.unknownEmployee' && issues.some((known) => known.path[0] === 'user_id'))));
      // From here on the form carries the vehicles as the company keeps them.
      form = calculatedForm;
      // The maps service's distances, never the browser's, for the distance check below.
      const mapped = await withMapsDistances(form, settings, deps);
      form = mapped.form;
      issues.push(...mapped.issues);
      // The rules needing the order or the company's settings (spec §5).
      issues.push(...validateAgainstFoundOrder(form, found, settings), ...validateDistances(form, settings));
      issues.push(...(await checkReferences(companyId, form)));

      issues.push(...(await otherDelegationIssues(db, companyId, employeeId, form, existing?.id ?? null)));
      const start = form.start_date ? parseLocalDateTimeToMillis(form.start_date) : null;
      const end = form.end_date ? parseLocalDateTimeToMillis(form.end_date) : null;

      // A booking can be attached once, and only the employee's own booking (spec §5).
      const bookingRefs = bookingReferencesOf(form);
      const seenBookings = new Set<number>();
      const knownBookings = new Map(
        (await bookingsRepo.findMany(db, companyId, bookingRefs.map((booking) => idOf(booking.id)).filter((id): id is number => id !== null))).map((booking) => [booking.id, booking]),
      );
      // Lines naming the same booking: the booking list names it once, and a line fills from it once —
      // except a return flight or train, whose one booking fills the way there and the way back.
      const lineUses = new Map<string, number>();
      for (const reference of bookingRefs) {
        const bookingId = idOf(reference.id);
        const booking = bookingId === null ? undefined : knownBookings.get(bookingId);
        if (bookingId === null || !booking) {
          issues.push({ path: reference.path, code: 'validation.unknownReference' });
          continue;
        }
        if (booking.userId !== employeeId) issues.push({ path: reference.path, code: 'delegation.bookingOfAnotherEmployee' });
        const useKey = `${reference.path[0]}:${bookingId}`;
        const uses = (lineUses.get(useKey) ?? 0) + 1;
        lineUses.set(useKey, uses);
        const allowed = reference.path[0] === 'transport' && booking.isReturnRoute ? 2 : 1;
        if (uses > allowed) issues.push({ path: reference.path, code: 'delegation.bookingAlreadyAttached' });
        seenBookings.add(bookingId);
      }
      issues.push(...(await bookingsTakenElsewhereIssues(db, companyId, form, existing?.id ?? null)));

      // Files: each named file must be the user's upload or already this settlement's.
      const files = fileReferencesOf(form);
      issues.push(...files.issues, ...(await attachments.checkReferences(db, ctx, files.references, existing ? { kind: SETTLEMENT_OWNER_KIND, id: existing.id } : null)));

      if (issues.length > 0 || start === null || end === null) return validationError(issues.length > 0 ? issues : [{ path: ['start_date'], code: 'validation.required' }]);
      // A valid settlement above the order's transport limit is saved only once the user confirmed it (spec §5).
      const limitExceeded = transportLimitConfirmation(calculated, order, body.confirmed ?? []);
      if (limitExceeded) return { status: 'confirm', confirmations: [limitExceeded] };

      const destinationText = form.destinationText ?? (form.destination.map((item) => (typeof item === 'object' ? item.text : String(item))).filter(Boolean).join(', ') || null);
      const columns = {
        delegationOrderId: orderId,
        costCentreId: idOf(form.cost_centre_id),
        taskId: idOf(form.task_id),
        task: form.task ?? null,
        projectId: idOf(form.project_id),
        externalCustomerId: idOf(form.external_customer_id),
        destinationText,
        startDate: new Date(start),
        endDate: new Date(end),
        settlementDate,
        calculated,
        totalPln: calculated.total_pln,
        balancePln: calculated.balance_pln,
        customNumber: settings.numbering_assignment === 'autoOnly' ? (existing?.customNumber ?? null) : (form.custom_number ?? null),
      };
      // The stored form: as entered, with what the server decides stamped in (the id and number are the row's, added when read).
      const stored = { ...form, id: null, number: null, user_id: employeeId, company_id: companyId, delegation_order_id: orderId, delegation_order_number: order?.number ?? null };

      let savedId: number;
      let droppedFiles: string[];
      try {
        const outcome = await db.transaction(async (tx) => {
          // Spec §5: no other settlement of the employee at the same time. Saves for one employee take turns
          // (a lock held to the commit), and the check is made again inside the transaction, so parallel
          // overlapping saves cannot all pass the check made above.
          await settlementsRepo.lockEmployeeTrips(tx, employeeId);
          const concurrent = await settlementsRepo.overlapping(tx, companyId, employeeId, new Date(start), new Date(end), existing?.id ?? null);
          if (concurrent[0]) return { kind: 'overlapping' as const, other: concurrent[0] };
          const now = clock.now();
          let id: number;
          if (existing) {
            id = existing.id;
            const version = await settlementsRepo.update(tx, companyId, id, existing.version, { ...columns, form: stored, updatedAt: now });
            if (version === null) return 'conflict' as const;
          } else {
            id = await settlementsRepo.insert(tx, { companyId, userId: employeeId, createdById: me(ctx), ...columns, form: stored, createdAt: now, updatedAt: now });
            await workflow.numberNewDocument(tx, settings, 'delegation', companyId, id);
          }
          await settlementsRepo.replaceBookings(tx, companyId, id, [...seenBookings]);
          if (orderId !== null) await settlementsRepo.linkAdvances(tx, companyId, orderId, id, advances.advanceIds);
          const dropped = await attachments.placeFiles(tx, companyId, { kind: SETTLEMENT_OWNER_KIND, id }, files.references, ctx.actor.userId);
          const audited = { status: existing?.status ?? 'created', start_date: form.start_date, end_date: form.end_date, delegation_order_id: orderId, total_pln: calculated.total_pln, balance_pln: calculated.balance_pln, files: files.references.length };
          await recordSaveAudit(tx, ctx, {
            companyId,
            entityType: 'delegation',
            entityId: id,
            before: existing ? { start_date: wall(existing.startDate), end_date: wall(existing.endDate), total_pln: existing.totalPln, balance_pln: existing.balancePln } : null,
            after: audited,
          });
          return { kind: 'saved' as const, id, dropped };
        });
        if (outcome === 'conflict') return { status: 'unknownError', code: ErrorCode.conflict, message: SAVE_MESSAGES.conflict };
        if (outcome.kind === 'overlapping') {
          const { other } = outcome;
          return validationError([tripReferenceIssue(['start_date'], OTHER_DELEGATION_CODES, other)]);
        }
        savedId = outcome.id;
        droppedFiles = outcome.dropped;
      } catch (error) {
        // Two saves raced for the same order or booking: the unique indexes decided.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          const path = orderId !== null ? ['delegation_order_id'] : ['booking'];
          return validationError([{ path, code: orderId !== null ? 'delegation.orderAlreadySettled' : 'delegation.bookingAlreadyAttached' }]);
        }
        throw error;
      }
      await attachments.deleteContents(droppedFiles);
      const loaded = await documentOf(ctx, savedId);
      if (!loaded) throw notFoundError();
      return { status: 'OK', delegation: loaded.document };
    },

    /** Spec §4 actions, through the trip workflow (one transaction: lock, status machine, path, numbering, decision, audit, e-mail). */
    async action(ctx: AuthenticatedContext, body: ActionBody) {
      const result = await workflow.transition(ctx, 'delegation', body.id, body.action, { comment: body.comment, expectedVersion: body.version });
      // A deleted settlement no longer holds its bookings.
      if (result.status === 'deleted') await settlementsRepo.releaseBookings(db, ctx.actor.companyId, body.id);
      return { status: 'OK' as const, delegation: await listItem(ctx, body.id, result.allowedActions), messages: result.messages };
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
