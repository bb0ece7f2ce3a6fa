import {
  AppError,
  BUDGET_STEP_LABEL,
  CATALOGUE_MESSAGES,
  DECISION_ACTIONS,
  ErrorCode,
  allowedActions,
  catalogueIssueCode,
  decide,
  hasPermission,
  toLocalDate,
  validateDecisionReason,
  type DecisionStage,
  type DocumentAction,
  type CatalogueMessage,
  type DocumentActor,
  type DocumentKind,
  type DocumentState,
  type DocumentStatus,
  type PermissionMap,
  type RefusalCode,
  type SystemSettings,
} from '@delego/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { ResolvedWorkflowStep } from '../../db/schema/index.ts';
import type { AuthenticatedContext, RequestContext } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import { generateOneTimeToken, hashToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { companyRepo } from '../company/company.repo.ts';
import { queueAdvanceDecisionRequests } from '../delegation-advance/delegation-advance.service.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { assignNumber, placeInSequence } from '../numbering/numbering.service.ts';
import { resolveTripApprovers } from '../workflow/workflow.service.ts';
import { documentExceedsBudget } from '../budgets/budgets.service.ts';
import { decisionRequestMail, finalDecisionMail, type FinalOutcome, type MailDocument } from './trip-workflow.mails.ts';
import { tripWorkflowRepo, type TripDocumentPatch, type TripDocumentRow } from './trip-workflow.repo.ts';


/** A decision made by opening a one-time e-mail link: the token names the approver, there is no session. */
export interface LinkDecisionContext extends RequestContext {
  link: { token: string };
}

export type WorkflowContext = AuthenticatedContext | LinkDecisionContext;

export interface TransitionInput {
  comment?: string;
  /** The version the user saw; a newer one answers 409 `CONFLICT`. */
  expectedVersion?: number;
  channel?: 'app' | 'emailLink';
}

export interface TransitionResult {
  id: number;
  status: DocumentStatus;
  stage: DecisionStage | null;
  number: string | null;
  version: number;
  allowedActions: DocumentAction[];
  /** Catalogue texts to show after the transition (e.g. the number was changed to the next free one). */
  messages: string[];
}

/** `action_tokens.purpose` of the decision links. */
export const DECISION_LINK_PURPOSE: Record<DocumentKind, string> = { delegationOrder: 'delegationOrder.decision', delegation: 'delegation.decision' };
export const DECISION_LINK_TTL_DAYS = 7;
/** The decisions an e-mail link may make. */
export const LINK_ACTIONS = ['accept', 'reject', 'returnForCorrection'] as const satisfies readonly DocumentAction[];

/** The catalogue texts of spec §8 (translated in the web's `errors.json`). */
export const WORKFLOW_MESSAGES = {
  numberChanged: 'Number automatically changed to the next one since the proposed one was taken',
  numberingContinuity: 'Cannot step back because of numbering continuity',
  settlementExists: 'Order cannot go back because a settlement exists',
  permanentNumber: 'Document with a number cannot be deleted',
  status: 'Action not allowed in the current status of the document',
  conflict: 'The record was changed by someone else',
  invoicesMissing: 'Delegation cannot be accepted because invoices for attached bookings are missing',
} as const;

/** The state a decision link was issued for; any later transition makes the link expire. */
export function subjectStateOf(row: Pick<TripDocumentRow, 'status' | 'stage' | 'currentStep' | 'version'>): string {
  return `${row.status}:${row.stage}:${row.currentStep}:${row.version}`;
}

const APP_PATH: Record<DocumentKind, string> = { delegationOrder: '/delegation-order', delegation: '/delegation' };
const DECISIONS = new Set<string>(DECISION_ACTIONS);

/** Who acts, whether signed in or through a link. */
interface WorkflowActor {
  companyId: number;
  settings: SystemSettings;
  userId: number;
  /** The user acted as (substitutes act for the absent colleague). */
  contextUserId: number;
  permissions: PermissionMap;
  channel: 'app' | 'emailLink';
  /** The link's token row, spent when the decision is made. */
  tokenId: number | null;
  tokenSubjectState: string | null;
}

/** What the status machine needs besides the row, loaded per document or in bulk for lists. */
export interface DocumentFacts {
  lastDeciderId: number | null;
  hasSettlement: boolean;
  /** A settlement names a booking that has no invoice yet. */
  missingBookingInvoices: boolean;
}

/**
 * `is_synchro_numbers` (spec §6, ADR 0035): a settlement made from a trip order takes the order's
 * permanent number as its own, whatever the settlement template or a number typed by hand. Null for
 * an order, a settlement without an order, or when the setting is off.
 */
function synchronisedNumber(row: Pick<TripDocumentRow, 'kind' | 'delegationOrderId'>, settings: Pick<SystemSettings, 'is_synchro_numbers'>, orderNumber: string | null): string | null {
  return row.kind === 'delegation' && settings.is_synchro_numbers === 1 && row.delegationOrderId !== null ? orderNumber : null;
}

/** Spec §8: a number typed by hand collides with another document's or breaks the sequence; the user changes it. */
function brokenNumberingIntegrity(): AppError {
  return new AppError(ErrorCode.validationFailed, {
    messages: [CATALOGUE_MESSAGES.brokenNumberingIntegrity],
    issues: [{ path: ['custom_number'], code: catalogueIssueCode(CATALOGUE_MESSAGES.brokenNumberingIntegrity) }],
  });
}

const isLinkContext = (ctx: WorkflowContext): ctx is LinkDecisionContext => 'link' in ctx;

/**
 * Spec §6's reason for a refusal of someone who may see the document but not act on it: editing
 * another worker's order is "no right to edit a user's order", any other action "no permissions over delegation".
 */
function notEntitledMessage(kind: DocumentKind, action: DocumentAction): CatalogueMessage {
  return kind === 'delegationOrder' && action === 'edit' ? CATALOGUE_MESSAGES.noRightToEditUsersOrder : CATALOGUE_MESSAGES.noPermissionsOverDelegation;
}

function refusalError(refusal: RefusalCode, kind: DocumentKind, action: DocumentAction): AppError {
  switch (refusal) {
    case 'document.refused.notEntitled':
      return new AppError(ErrorCode.forbidden, { messages: [notEntitledMessage(kind, action)], params: { refusal } });
    case 'document.refused.numberingContinuity':
      return new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.numberingContinuity], params: { refusal } });
    case 'document.refused.settlementExists':
      return new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.settlementExists], params: { refusal } });
    case 'document.refused.permanentNumber':
      return new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.permanentNumber], params: { refusal } });
    case 'document.refused.status':
      return new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.status], params: { refusal } });
    case 'document.refused.invoicesMissing':
      return new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.invoicesMissing], params: { refusal } });
  }
}

/** The stage whose acceptance permission lets a holder overwrite decisions on the document. */
function overrideStage(row: Pick<TripDocumentRow, 'status' | 'stage'>): DecisionStage {
  if (row.stage === 'substantive' || row.stage === 'financial') return row.stage;
  return row.status === 'settled' ? 'financial' : 'substantive';
}

const STAGE_PERMISSION = { substantive: 'delegationAcceptSubstantive', financial: 'delegationAcceptFinancial' } as const;

function isOwner(row: Pick<TripDocumentRow, 'userId' | 'createdById'>, actorId: number): boolean {
  return row.userId === actorId || row.createdById === actorId;
}

function isStepApprover(row: Pick<TripDocumentRow, 'workflowSteps' | 'currentStep' | 'status'>, actorId: number): boolean {
  if (row.status !== 'submitted' && row.status !== 'accepted') return false;
  return row.workflowSteps[row.currentStep]?.approverIds.includes(actorId) ?? false;
}

/** Waits for a decision at the given stage. */
function waitsAt(row: Pick<TripDocumentRow, 'status' | 'stage' | 'kind'>): DecisionStage | null {
  if (row.status === 'submitted' && row.stage === 'substantive') return 'substantive';
  if (row.kind === 'delegation' && row.status === 'accepted' && row.stage === 'financial') return 'financial';
  return null;
}

/**
 * Who may see a document (404 for everyone else): its employee and whoever filled it in, the
 * acceptors of its path, whoever decided it, holders of the acceptance permission of the stage it
 * waits for, and the company administrator.
 */
export function canSeeDocument(
  actor: { contextUserId: number; permissions: PermissionMap },
  row: Pick<TripDocumentRow, 'userId' | 'createdById' | 'workflowSteps' | 'status' | 'stage' | 'kind'>,
  deciderIds: readonly number[] = [],
): boolean {
  if (row.status === 'deleted') return false;
  if (isOwner(row, actor.contextUserId)) return true;
  if (hasPermission(actor.permissions, 'companyAdmin')) return true;
  if (row.status !== 'created' && row.workflowSteps.some((step) => step.approverIds.includes(actor.contextUserId))) return true;
  if (deciderIds.includes(actor.contextUserId)) return true;
  const stage = waitsAt(row);
  return stage !== null && hasPermission(actor.permissions, STAGE_PERMISSION[stage]);
}

function documentStateOf(row: TripDocumentRow, facts: DocumentFacts): DocumentState {
  return {
    kind: row.kind,
    status: row.status as DocumentStatus,
    stage: (row.stage as DecisionStage | null) ?? null,
    hasPermanentNumber: row.isNumberPermanent,
    hasSettlement: facts.hasSettlement,
    missingBookingInvoices: facts.missingBookingInvoices,
  };
}

function documentActorOf(actor: Pick<WorkflowActor, 'contextUserId' | 'permissions'>, row: TripDocumentRow, facts: DocumentFacts): DocumentActor {
  const owner = isOwner(row, actor.contextUserId);
  return {
    isOwner: owner,
    isCurrentApprover: isStepApprover(row, actor.contextUserId),
    isLastDecider: facts.lastDeciderId === actor.contextUserId,
    // Nobody decides a trip that is theirs or that they filled in, whatever permissions they hold.
    canOverrideDecisions: !owner && hasPermission(actor.permissions, STAGE_PERMISSION[overrideStage(row)]),
  };
}

/** The step of the document's path that decides `stage` last (steps run in order). */
function lastStepOf(steps: ResolvedWorkflowStep[], stage: DecisionStage, fallback: number): number {
  for (let index = steps.length - 1; index >= 0; index--) if (steps[index]!.stage === stage) return index;
  return fallback;
}

function isLastStepOfStage(row: TripDocumentRow): boolean {
  const stage = row.stage;
  return !row.workflowSteps.slice(row.currentStep + 1).some((step) => step.stage === stage);
}

type NumberingEvent = 'creation' | 'submit' | 'accept';

/** When the permanent number is given: at creation, at sending (also for the trip's start or end date, known by then), or at acceptance. */
export function numberingEventOf(settings: Pick<SystemSettings, 'numbering_base_date'>): NumberingEvent {
  switch (settings.numbering_base_date) {
    case 'creation':
      return 'creation';
    case 'acceptDate':
      return 'accept';
    default:
      return 'submit';
  }
}

function baseDateOf(row: TripDocumentRow, settings: SystemSettings, now: Date): string {
  switch (settings.numbering_base_date) {
    case 'startDate':
      return toLocalDate(row.startDate);
    case 'endDate':
      return toLocalDate(row.endDate);
    default:
      return toLocalDate(now);
  }
}

class NumberPeek extends Error {
  constructor(readonly number: string) {
    super('peek');
  }
}

const NUMBER_SEARCH_LIMIT = 1000;

/**
 * The trip-document workflow shared by orders and settlements (spec §4): status transitions with
 * their refusals, the approval path, numbering, the decision history, audit and e-mails.
 */
export function createTripWorkflow(deps: { db: Database; clock: Clock; onMailQueued: () => void; publicUrl: string }) {
  const { db, clock } = deps;

  async function numberContext(tx: Executor, row: TripDocumentRow, settings: SystemSettings, now: Date) {
    const orderNumber = row.kind === 'delegation' && row.delegationOrderId !== null ? await tripWorkflowRepo.orderNumber(tx, row.companyId, row.delegationOrderId) : null;
    return { date: baseDateOf(row, settings, now), isForeign: row.isForeign, orderNumber };
  }

  /** The number the counter would give now, without taking it (a savepoint that is rolled back); null without a template. */
  async function peekNumber(tx: Executor, row: TripDocumentRow, settings: SystemSettings, now: Date): Promise<string | null> {
    const input = await numberContext(tx, row, settings, now);
    const synchronised = synchronisedNumber(row, settings, input.orderNumber);
    if (synchronised) return synchronised;
    try {
      await tx.transaction(async (savepoint) => {
        const assigned = await assignNumber(savepoint, row.companyId, row.kind, input);
        throw new NumberPeek(assigned.number);
      });
    } catch (error) {
      if (error instanceof NumberPeek) return error.number;
      if (error instanceof AppError && error.code === ErrorCode.validationFailed) return null;
      throw error;
    }
    return null;
  }

  /**
   * Gives the permanent number (spec §4, §8). A number typed by hand is the user's choice: it is kept
   * when it is free and does not break the sequence, else refused at `custom_number` with "broken
   * numbering integrity, number must be changed" — it never moves silently. Otherwise the counter's
   * next free number, with "number automatically changed" when the proposal shown on the form was
   * taken meanwhile.
   */
  async function givePermanentNumber(tx: Executor, row: TripDocumentRow, settings: SystemSettings, now: Date): Promise<{ number: string; messages: string[] }> {
    const input = await numberContext(tx, row, settings, now);
    const synchronised = synchronisedNumber(row, settings, input.orderNumber);
    if (synchronised) {
      // One settlement per order keeps the order's number free among settlements, unless a settlement typed it by hand.
      if (await tripWorkflowRepo.isNumberTaken(tx, row.kind, row.companyId, synchronised, row.id)) throw brokenNumberingIntegrity();
      return { number: synchronised, messages: [] };
    }
    const typed = settings.numbering_assignment === 'autoOnly' ? null : row.customNumber?.trim() || null;
    if (typed) {
      if (await tripWorkflowRepo.isNumberTaken(tx, row.kind, row.companyId, typed, row.id)) throw brokenNumberingIntegrity();
      const place = await placeInSequence(tx, row.companyId, row.kind, input, typed);
      // A free-form number stands outside the template's sequence.
      if (place === null) return { number: typed, messages: [] };
      // Ahead of the counter leaves a gap, behind it repeats a place the counter already gave.
      if (place.sequence !== place.next) throw brokenNumberingIntegrity();
      // The counter's own next number: taken from the counter, so that it is never given twice. A
      // concurrent assignment may have taken it since (the counter row is locked only now).
      const assigned = (await assignNumber(tx, row.companyId, row.kind, input)).number;
      if (assigned !== typed) throw brokenNumberingIntegrity();
      return { number: typed, messages: [] };
    }
    let number = (await assignNumber(tx, row.companyId, row.kind, input)).number;
    for (let tries = 0; (await tripWorkflowRepo.isNumberTaken(tx, row.kind, row.companyId, number, row.id)) && tries < NUMBER_SEARCH_LIMIT; tries++) {
      // A number typed by hand elsewhere (free-form, or before this template) may sit on the counter's path: take the next one.
      number = (await assignNumber(tx, row.companyId, row.kind, input)).number;
    }
    // The counter's proposal shown on the form was taken meanwhile.
    const shown = settings.numbering_assignment === 'autoEditable' ? row.number : null;
    return { number, messages: shown && shown !== number ? [WORKFLOW_MESSAGES.numberChanged] : [] };
  }

  async function resolveActor(tx: Executor, ctx: WorkflowContext, kind: DocumentKind, id: number, now: Date): Promise<WorkflowActor> {
    if (!isLinkContext(ctx)) {
      return {
        companyId: ctx.actor.companyId,
        settings: ctx.actor.settings,
        userId: ctx.actor.userId,
        contextUserId: ctx.actor.contextUserId,
        permissions: ctx.actor.contextPermissions,
        channel: 'app',
        tokenId: null,
        tokenSubjectState: null,
      };
    }
    const token = await authRepo.findActionToken(tx, hashToken(ctx.link.token), DECISION_LINK_PURPOSE[kind], { forUpdate: true });
    if (!token || token.subjectId !== id) throw new AppError(ErrorCode.tokenNotFound, { messages: ['Link invalid'] });
    if (token.usedAt) throw new AppError(ErrorCode.tokenUsed, { messages: ['Action already executed'] });
    if (token.expiresAt <= now) throw new AppError(ErrorCode.tokenExpired, { messages: ['URL expired'] });
    // One after another: a transaction is one pg client, which runs one query at a time.
    const company = await companyRepo.findById(tx, token.companyId);
    const user = await authRepo.findUserById(tx, token.companyId, token.userId);
    if (!company?.isActive || !user?.isActive) throw new AppError(ErrorCode.tokenNotFound, { messages: ['Link invalid'] });
    return {
      companyId: company.id,
      settings: company.settings,
      userId: user.id,
      contextUserId: user.id,
      permissions: await authRepo.permissionMapOf(tx, company.id, user.id, toLocalDate(now)),
      channel: 'emailLink',
      tokenId: token.id,
      tokenSubjectState: token.subjectState,
    };
  }

  async function factsOf(executor: Executor, row: TripDocumentRow): Promise<DocumentFacts> {
    const [lastDeciderId, hasSettlement, missingBookingInvoices] = await Promise.all([
      tripWorkflowRepo.lastDeciderId(executor, row.kind, row.companyId, row.id),
      row.kind === 'delegationOrder' ? tripWorkflowRepo.orderHasSettlement(executor, row.companyId, row.id) : Promise.resolve(false),
      row.kind === 'delegation' ? tripWorkflowRepo.settlementsMissingInvoices(executor, row.companyId, [row.id]).then((ids) => ids.has(row.id)) : Promise.resolve(false),
    ]);
    return { lastDeciderId, hasSettlement, missingBookingInvoices };
  }

  async function mailDocument(tx: Executor, row: TripDocumentRow): Promise<MailDocument> {
    const [employee] = await tripWorkflowRepo.people(tx, row.companyId, [row.userId]);
    return {
      kind: row.kind,
      id: row.id,
      number: row.number,
      employeeName: employee ? `${employee.name} ${employee.surname}` : '',
      startDate: toLocalDate(row.startDate),
      endDate: toLocalDate(row.endDate),
    };
  }

  /** E-mails to the acceptors of the step the document now waits for; with action links when the company wants them. */
  async function mailApprovers(tx: Executor, row: TripDocumentRow, settings: SystemSettings, now: Date): Promise<boolean> {
    const approverIds = row.workflowSteps[row.currentStep]?.approverIds ?? [];
    const approvers = (await tripWorkflowRepo.people(tx, row.companyId, approverIds)).filter((person) => person.isActive && person.email);
    if (approvers.length === 0) return false;
    const document = await mailDocument(tx, row);
    const appLink = `${deps.publicUrl}${APP_PATH[row.kind]}/decision/${row.id}`;
    for (const approver of approvers) {
      let actionLink: string | null = null;
      if (settings.email_notification_mode === 'notifyWithActionLinks') {
        const token = generateOneTimeToken();
        await authRepo.createActionToken(tx, {
          companyId: row.companyId,
          userId: approver.id,
          purpose: DECISION_LINK_PURPOSE[row.kind],
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + DECISION_LINK_TTL_DAYS * 24 * 60 * 60_000),
          now,
          subjectId: row.id,
          subjectState: subjectStateOf(row),
        });
        actionLink = `${deps.publicUrl}/action-by-link/${row.kind}/decision/${token}`;
      }
      await outboxRepo.enqueue(tx, row.companyId, decisionRequestMail({ to: approver.email, language: approver.language, document, appLink, actionLink, expiresDays: DECISION_LINK_TTL_DAYS }));
    }
    return true;
  }

  async function mailEmployee(tx: Executor, row: TripDocumentRow, outcome: FinalOutcome, comment: string): Promise<boolean> {
    const [employee] = await tripWorkflowRepo.people(tx, row.companyId, [row.userId]);
    if (!employee?.isActive || !employee.email) return false;
    const appLink = `${deps.publicUrl}${APP_PATH[row.kind]}/readonly/${row.id}`;
    await outboxRepo.enqueue(tx, row.companyId, finalDecisionMail({ to: employee.email, language: employee.language, document: await mailDocument(tx, row), outcome, comment, appLink }));
    return true;
  }

  function resultOf(row: TripDocumentRow, actor: Pick<WorkflowActor, 'contextUserId' | 'permissions' | 'settings'>, facts: DocumentFacts, messages: string[]): TransitionResult {
    return {
      id: row.id,
      status: row.status as DocumentStatus,
      stage: (row.stage as DecisionStage | null) ?? null,
      number: row.number,
      version: row.version,
      allowedActions: allowedActions(documentStateOf(row, facts), documentActorOf(actor, row, facts)),
      messages,
    };
  }

  /** Computes the transition's new columns (status machine already agreed). */
  async function plan(
    tx: Executor,
    row: TripDocumentRow,
    action: DocumentAction,
    to: { status: DocumentStatus; stage: DecisionStage | null },
    actor: WorkflowActor,
    now: Date,
  ): Promise<{ patch: TripDocumentPatch; messages: string[] }> {
    const settings = actor.settings;
    const patch: TripDocumentPatch = { status: to.status, stage: to.stage, currentStep: row.currentStep, now };
    const messages: string[] = [];
    const numberAt = async (event: NumberingEvent) => {
      if (row.isNumberPermanent || numberingEventOf(settings) !== event) return;
      const given = await givePermanentNumber(tx, row, settings, now);
      patch.number = given.number;
      patch.isNumberPermanent = true;
      messages.push(...given.messages);
    };

    switch (action) {
      case 'submit': {
        const path = await resolveTripApprovers(
          tx,
          { id: row.companyId, settings },
          row.kind,
          { employee_id: row.userId, task_id: row.taskId, cost_centre_id: row.costCentreId, total_cost: row.totalCost },
          toLocalDate(now),
        );
        if (path.issues.length > 0 || path.steps.length === 0) {
          throw new AppError(ErrorCode.validationFailed, {
            // The form has no workflow nodes to point at: the problem is the document's path as a whole.
            issues: path.issues.length > 0 ? path.issues.map((issue) => ({ ...issue, path: ['workflow'] })) : [{ path: ['workflow'], code: 'workflow.noAcceptor' }],
          });
        }
        patch.workflowSteps = path.steps.map((step) => ({ stage: step.kind, approverIds: step.acceptors.map((acceptor) => acceptor.user_id), label: step.node_id }));
        if (settings.budget_exceeded_rule === 'accept' && (await documentExceedsBudget(tx, row))) {
          // The company asks the budget keepers to accept a document above its budget: one more substantive step, after the path's own.
          const keepers = path.budgetKeeperIds.filter((id) => id !== row.userId && id !== row.createdById);
          if (keepers.length === 0) throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['workflow'], code: 'workflow.noBudgetAcceptor' }] });
          const firstFinancial = patch.workflowSteps.findIndex((step) => step.stage === 'financial');
          const at = firstFinancial === -1 ? patch.workflowSteps.length : firstFinancial;
          patch.workflowSteps.splice(at, 0, { stage: 'substantive', approverIds: keepers, label: BUDGET_STEP_LABEL });
        }
        patch.currentStep = 0;
        patch.stage = patch.workflowSteps[0]!.stage;
        patch.sentAt = now;
        await numberAt('submit');
        break;
      }
      case 'accept':
        if (to.status === 'submitted') {
          patch.currentStep = row.currentStep + 1;
        } else {
          patch.acceptedAt = now;
          // A settlement goes on to the first financial step.
          if (to.stage === 'financial') patch.currentStep = Math.min(row.currentStep + 1, Math.max(row.workflowSteps.length - 1, 0));
          await numberAt('accept');
        }
        break;
      case 'settle':
        if (to.status === 'accepted') patch.currentStep = row.currentStep + 1;
        else patch.settledAt = now;
        break;
      case 'withdraw':
        patch.currentStep = 0;
        patch.sentAt = null;
        break;
      case 'stepBack':
        if (row.status === 'accepted') {
          patch.currentStep = lastStepOf(row.workflowSteps, 'substantive', row.currentStep);
          patch.acceptedAt = null;
        } else if (row.status === 'settled') {
          patch.currentStep = lastStepOf(row.workflowSteps, 'financial', row.currentStep);
          patch.settledAt = null;
        }
        break;
      default:
        break;
    }
    return { patch, messages };
  }

  /** Basic advance flow: the document's advances follow its decision. */
  async function syncAdvances(tx: Executor, row: TripDocumentRow, settings: SystemSettings, action: DocumentAction, to: DocumentStatus, now: Date) {
    if (settings.advance_flow !== 'basic') return;
    const finalAcceptance = row.kind === 'delegationOrder' ? to === 'accepted' : to === 'settled';
    if (finalAcceptance) await tripWorkflowRepo.setAdvanceStatuses(tx, row.kind, row.companyId, row.id, 'approved', now);
    else if (to === 'rejected' || to === 'cancelled') await tripWorkflowRepo.setAdvanceStatuses(tx, row.kind, row.companyId, row.id, 'rejected', now);
    else if (action === 'stepBack' || action === 'withdraw' || to === 'rejectedForCorrect') await tripWorkflowRepo.setAdvanceStatuses(tx, row.kind, row.companyId, row.id, 'unknown', now);
  }

  return {
    /**
     * One transition in one transaction: the row is locked (`FOR UPDATE`), so two acceptances of the
     * same document run one after the other and the second sees the first one's result.
     */
    async transition(ctx: WorkflowContext, kind: DocumentKind, id: number, action: DocumentAction, input: TransitionInput = {}): Promise<TransitionResult> {
      let mailed = false;
      const result = await db.transaction(async (tx) => {
        const now = clock.now();
        const actor = await resolveActor(tx, ctx, kind, id, now);
        const row = await tripWorkflowRepo.lock(tx, kind, actor.companyId, id);
        if (!row) throw notFoundError();
        const history = await tripWorkflowRepo.decisions(tx, kind, actor.companyId, id);
        if (!canSeeDocument(actor, row, history.map((decision) => decision.contextUserId))) throw notFoundError();
        if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) {
          throw new AppError(ErrorCode.conflict, { messages: [WORKFLOW_MESSAGES.conflict], params: { version: row.version } });
        }
        if (actor.tokenSubjectState !== null && actor.tokenSubjectState !== subjectStateOf(row)) {
          // The document moved on since the link was sent (Frappe's stale-link check).
          throw new AppError(ErrorCode.tokenExpired, { messages: ['URL expired'] });
        }
        if (actor.channel === 'emailLink' && !(LINK_ACTIONS as readonly string[]).includes(action)) {
          throw refusalError('document.refused.notEntitled', kind, action);
        }
        const facts = await factsOf(tx, row);
        const verdict = decide(documentStateOf(row, facts), action, documentActorOf(actor, row, facts), { isLastStepOfStage: isLastStepOfStage(row) });
        if (!verdict.allowed) throw refusalError(verdict.refusal, kind, action);
        if (action === 'edit') return resultOf(row, actor, facts, []);
        const reasonIssues = validateDecisionReason(action, input.comment);
        if (reasonIssues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues: reasonIssues });

        const { patch, messages } = await plan(tx, row, action, { status: verdict.to, stage: verdict.stage }, actor, now);
        const version = await tripWorkflowRepo.update(tx, kind, actor.companyId, id, patch);
        const after: TripDocumentRow = {
          ...row,
          status: patch.status,
          stage: patch.stage,
          currentStep: patch.currentStep,
          workflowSteps: patch.workflowSteps ?? row.workflowSteps,
          number: patch.number !== undefined ? patch.number : row.number,
          isNumberPermanent: patch.isNumberPermanent ?? row.isNumberPermanent,
          version,
        };
        const comment = input.comment?.trim() ?? '';
        await tripWorkflowRepo.insertDecision(tx, {
          companyId: actor.companyId,
          kind,
          documentId: id,
          action,
          fromStatus: row.status,
          toStatus: after.status,
          stage: row.stage ?? after.stage,
          step: action === 'submit' ? null : row.currentStep,
          userId: actor.userId,
          contextUserId: actor.contextUserId,
          channel: input.channel ?? actor.channel,
          comment,
          now,
        });
        await syncAdvances(tx, row, actor.settings, action, after.status as DocumentStatus, now);
        if (actor.tokenId !== null) await authRepo.markActionTokenUsed(tx, actor.tokenId, now);
        const audited = (doc: TripDocumentRow) => ({ status: doc.status, stage: doc.stage, current_step: doc.currentStep, number: doc.number, version: doc.version });
        await recordAudit(tx, ctx, {
          companyId: actor.companyId,
          userId: actor.userId,
          action: `${kind}.${action}`,
          entityType: kind,
          entityId: id,
          before: audited(row),
          after: { ...audited(after), comment, channel: input.channel ?? actor.channel },
        });

        if (actor.settings.email_notification_mode !== 'disabled') {
          const waitsForApprover = after.status === 'submitted' || (kind === 'delegation' && after.status === 'accepted' && after.stage === 'financial');
          const movedOn = action === 'submit' || action === 'accept' || action === 'settle';
          if (waitsForApprover && movedOn) mailed = (await mailApprovers(tx, after, actor.settings, now)) || mailed;
          const finalOutcome: FinalOutcome | null =
            (kind === 'delegationOrder' && after.status === 'accepted') || after.status === 'settled' || after.status === 'rejected' || after.status === 'rejectedForCorrect'
              ? (after.status as FinalOutcome)
              : null;
          if (finalOutcome && DECISIONS.has(action)) mailed = (await mailEmployee(tx, after, finalOutcome, comment)) || mailed;
          // Extended advance flow: the order's advances can be decided from now on.
          if (kind === 'delegationOrder' && action === 'submit') {
            const advancesMailed = await queueAdvanceDecisionRequests(tx, {
              companyId: actor.companyId,
              settings: actor.settings,
              orderId: id,
              exceptUserIds: [actor.userId, actor.contextUserId],
              now,
              publicUrl: deps.publicUrl,
            });
            mailed = advancesMailed || mailed;
          }
        }
        return resultOf(after, actor, await factsOf(tx, after), messages);
      });
      if (mailed) deps.onMailQueued();
      return result;
    },

    /**
     * Refuses (403 / 409, as a transition would) when the user may not take `action` on the document
     * now; for use cases that change the document themselves, e.g. saving an edit inside their transaction.
     */
    async assertAction(executor: Executor, ctx: AuthenticatedContext, row: TripDocumentRow, action: DocumentAction): Promise<void> {
      const facts = await factsOf(executor, row);
      const actor = { contextUserId: ctx.actor.contextUserId, permissions: ctx.actor.contextPermissions };
      const verdict = decide(documentStateOf(row, facts), action, documentActorOf(actor, row, facts), { isLastStepOfStage: isLastStepOfStage(row) });
      if (!verdict.allowed) throw refusalError(verdict.refusal, row.kind, action);
    },

    /** The actions the signed-in user may take on the document now (sent with every document). */
    async allowedActionsFor(ctx: AuthenticatedContext, kind: DocumentKind, row: TripDocumentRow, facts?: DocumentFacts): Promise<DocumentAction[]> {
      const known = facts ?? (await factsOf(db, { ...row, kind }));
      const actor = { contextUserId: ctx.actor.contextUserId, permissions: ctx.actor.contextPermissions };
      return allowedActions(documentStateOf({ ...row, kind }, known), documentActorOf(actor, { ...row, kind }, known));
    },

    /** The same for many documents of a list, with their facts loaded in two queries. */
    async allowedActionsForMany(ctx: AuthenticatedContext, kind: DocumentKind, rows: TripDocumentRow[]): Promise<Map<number, DocumentAction[]>> {
      const known = await tripWorkflowRepo.listFacts(db, kind, ctx.actor.companyId, rows.map((row) => row.id));
      const actor = { contextUserId: ctx.actor.contextUserId, permissions: ctx.actor.contextPermissions };
      return new Map(
        rows.map((row) => {
          const facts = known.get(row.id) ?? { lastDeciderId: null, hasSettlement: false, missingBookingInvoices: false };
          return [row.id, allowedActions(documentStateOf(row, facts), documentActorOf(actor, row, facts))];
        }),
      );
    },

    /**
     * Numbering when a document is created, inside the transaction that inserts it: the permanent
     * number when the company numbers at creation, else a proposal the user may edit (`autoEditable`).
     */
    async numberNewDocument(tx: Executor, settings: SystemSettings, kind: DocumentKind, companyId: number, id: number): Promise<{ number: string | null; messages: string[] }> {
      const row = await tripWorkflowRepo.find(tx, kind, companyId, id);
      if (!row || row.isNumberPermanent) return { number: row?.number ?? null, messages: [] };
      const now = clock.now();
      if (numberingEventOf(settings) === 'creation') {
        const given = await givePermanentNumber(tx, row, settings, now);
        await tripWorkflowRepo.update(tx, kind, companyId, id, { status: row.status, stage: row.stage, currentStep: row.currentStep, number: given.number, isNumberPermanent: true, now });
        return { number: given.number, messages: given.messages };
      }
      if (settings.numbering_assignment === 'autoEditable') {
        const proposal = await peekNumber(tx, row, settings, now);
        await tripWorkflowRepo.setProposedNumber(tx, kind, companyId, id, proposal);
        return { number: proposal, messages: [] };
      }
      return { number: null, messages: [] };
    },

    /** Whether the actor may see the document (404 otherwise), with its decision history. */
    async visibleDocument(ctx: AuthenticatedContext, kind: DocumentKind, id: number) {
      const row = await tripWorkflowRepo.find(db, kind, ctx.actor.companyId, id);
      if (!row) return null;
      const history = await tripWorkflowRepo.decisions(db, kind, ctx.actor.companyId, id);
      const actor = { contextUserId: ctx.actor.contextUserId, permissions: ctx.actor.contextPermissions };
      if (!canSeeDocument(actor, row, history.map((decision) => decision.contextUserId))) return null;
      const facts = await factsOf(db, row);
      return { row, history, facts, allowedActions: allowedActions(documentStateOf(row, facts), documentActorOf(actor, row, facts)) };
    },

    /**
     * What a decision link may do, without changing anything (mail scanners open links): the token
     * must exist, be unused, unexpired, and the document must still be in the state it was sent for.
     */
    async peekLink(kind: DocumentKind, token: string) {
      const tokenRow = await authRepo.findActionToken(db, hashToken(token), DECISION_LINK_PURPOSE[kind]);
      if (!tokenRow || tokenRow.subjectId === null) return { state: 'notFound' as const };
      if (tokenRow.usedAt) return { state: 'used' as const };
      if (tokenRow.expiresAt <= clock.now()) return { state: 'expired' as const };
      const row = await tripWorkflowRepo.find(db, kind, tokenRow.companyId, tokenRow.subjectId);
      if (!row) return { state: 'notFound' as const };
      if (subjectStateOf(row) !== tokenRow.subjectState) return { state: 'expired' as const };
      const [approver] = await tripWorkflowRepo.people(db, tokenRow.companyId, [tokenRow.userId]);
      if (!approver?.isActive) return { state: 'notFound' as const };
      return { state: 'valid' as const, row, approver };
    },
  };
}

export type TripWorkflow = ReturnType<typeof createTripWorkflow>;
