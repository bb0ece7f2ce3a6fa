import type { Issue } from '../common/errors.ts';

/**
 * Status machines of trip orders and settlements (spec §4). Pure: the server applies a
 * transition inside one transaction, and both server and web list the allowed actions from
 * the same rules, so the buttons shown are exactly the ones the server accepts.
 */

export const ORDER_STATUSES = ['created', 'submitted', 'accepted', 'rejected', 'rejectedForCorrect', 'cancelled', 'deleted'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SETTLEMENT_STATUSES = ['created', 'submitted', 'accepted', 'rejected', 'rejectedForCorrect', 'settled', 'cancelled', 'deleted'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export type DocumentKind = 'delegationOrder' | 'delegation';
export type DocumentStatus = OrderStatus | SettlementStatus;

/** The label of the extra step a document above its cost centre's budget takes (company setting `budget_exceeded_rule`). */
export const BUDGET_STEP_LABEL = 'budget';

/** A sent document waiting for the budget keepers' acceptance: the step it waits for is the budget step. */
export function waitsForBudgetAcceptance(document: { status: string; workflowSteps: readonly { label?: string | null }[]; currentStep: number }): boolean {
  return document.status === 'submitted' && document.workflowSteps[document.currentStep]?.label === BUDGET_STEP_LABEL;
}

/** The statuses as documents printed or exported for people name them: Polish, English. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, readonly [string, string]> = {
  created: ['Utworzone', 'Created'],
  submitted: ['Wysłane do akceptacji', 'Submitted'],
  accepted: ['Zaakceptowane', 'Accepted'],
  rejected: ['Odrzucone', 'Rejected'],
  rejectedForCorrect: ['Zwrócone do poprawy', 'Returned for correction'],
  settled: ['Rozliczone', 'Settled'],
  cancelled: ['Anulowane', 'Cancelled'],
  deleted: ['Usunięte', 'Deleted'],
};

/** A status's label in the language; a status without one (none today) is shown as it is stored. */
export function documentStatusLabel(status: string, language: 'pl' | 'en'): string {
  const labels = (DOCUMENT_STATUS_LABELS as Record<string, readonly [string, string]>)[status];
  return labels ? labels[language === 'pl' ? 0 : 1] : status;
}

/**
 * The actions of spec §4. `accept` is the substantive decision, `settle` the financial one
 * (settlements only); `withdraw` takes a submitted document back to its owner; `cancel` calls
 * the trip off; `stepBack` undoes the last decision.
 */
export const DOCUMENT_ACTIONS = ['edit', 'submit', 'accept', 'settle', 'reject', 'returnForCorrection', 'stepBack', 'withdraw', 'cancel', 'delete'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/** The decision step a submitted document waits for. */
export type DecisionStage = 'substantive' | 'financial';

/** What the rules need to know about the document. */
export interface DocumentState {
  kind: DocumentKind;
  status: DocumentStatus;
  /** The stage waited for while submitted or accepted (settlements go substantive → financial); after a rejection, the stage it happened at. */
  stage: DecisionStage | null;
  /**
   * A permanent number was assigned, whichever event gave it (creation, sending or acceptance): spec §4
   * refuses both deleting and stepping back then, because later documents are numbered after it.
   */
  hasPermanentNumber: boolean;
  /** For orders: a settlement was created from it (spec §4: it cannot go back). */
  hasSettlement: boolean;
  /** For settlements: a booking it names still has no invoice (spec §8: it cannot be accepted until the invoice arrives). */
  missingBookingInvoices?: boolean;
}

/** Who is asking. */
export interface DocumentActor {
  /** The employee of the document, or someone acting for them. */
  isOwner: boolean;
  /** Among the acceptors of the step the document waits for. */
  isCurrentApprover: boolean;
  /** Decided the last step (may step it back). */
  isLastDecider: boolean;
  /** May overwrite an earlier acceptor's decision (spec §4: "An approver may overwrite an earlier acceptor"). */
  canOverrideDecisions: boolean;
}

/** Why an action is refused, as a translation key with the spec's message. */
export type RefusalCode =
  | 'document.refused.status'
  | 'document.refused.notEntitled'
  | 'document.refused.permanentNumber'
  | 'document.refused.numberingContinuity'
  | 'document.refused.settlementExists'
  | 'document.refused.invoicesMissing';

export type TransitionResult =
  | { allowed: true; to: DocumentStatus; stage: DecisionStage | null }
  | { allowed: false; refusal: RefusalCode };

const refuse = (refusal: RefusalCode): TransitionResult => ({ allowed: false, refusal });
const go = (to: DocumentStatus, stage: DecisionStage | null = null): TransitionResult => ({ allowed: true, to, stage });

/** The status a submission or a decision leads to; `isLastStep` says whether the stage has no further acceptors. */
export function decide(
  document: DocumentState,
  action: DocumentAction,
  actor: DocumentActor,
  options: { isLastStepOfStage?: boolean } = {},
): TransitionResult {
  const { status, kind } = document;
  const owner = actor.isOwner;
  // Separation of duties: nobody decides a document that is theirs or that they filled in, whatever
  // their path step or permissions.
  const approver = !owner && (actor.isCurrentApprover || actor.canOverrideDecisions);
  const isLastStep = options.isLastStepOfStage ?? true;

  switch (action) {
    case 'edit':
      if (status !== 'created' && status !== 'rejectedForCorrect') return refuse('document.refused.status');
      return owner ? go(status, null) : refuse('document.refused.notEntitled');

    case 'submit':
      if (status !== 'created' && status !== 'rejectedForCorrect') return refuse('document.refused.status');
      return owner ? go('submitted', 'substantive') : refuse('document.refused.notEntitled');

    case 'accept':
      if (status !== 'submitted' || document.stage !== 'substantive') return refuse('document.refused.status');
      if (!approver) return refuse('document.refused.notEntitled');
      if (document.missingBookingInvoices) return refuse('document.refused.invoicesMissing');
      if (!isLastStep) return go('submitted', 'substantive');
      // A settlement then waits for the financial check; an order is accepted.
      return kind === 'delegation' ? go('accepted', 'financial') : go('accepted', null);

    case 'settle':
      if (kind !== 'delegation' || status !== 'accepted' || document.stage !== 'financial') return refuse('document.refused.status');
      if (!approver) return refuse('document.refused.notEntitled');
      if (document.missingBookingInvoices) return refuse('document.refused.invoicesMissing');
      return isLastStep ? go('settled', null) : go('accepted', 'financial');

    case 'reject':
    case 'returnForCorrection': {
      const waiting = (status === 'submitted' && document.stage === 'substantive') || (kind === 'delegation' && status === 'accepted' && document.stage === 'financial');
      if (!waiting) return refuse('document.refused.status');
      if (!approver) return refuse('document.refused.notEntitled');
      // The stage is kept, so a step back knows which decision it undoes.
      return go(action === 'reject' ? 'rejected' : 'rejectedForCorrect', document.stage);
    }

    case 'withdraw':
      if (status !== 'submitted') return refuse('document.refused.status');
      return owner ? go('created', null) : refuse('document.refused.notEntitled');

    case 'stepBack': {
      const previous = previousStatus(document);
      if (!previous) return refuse('document.refused.status');
      if (!(actor.isLastDecider || actor.canOverrideDecisions)) return refuse('document.refused.notEntitled');
      if (kind === 'delegationOrder' && document.hasSettlement) return refuse('document.refused.settlementExists');
      // Spec §4 'Nie można cofnąć ze względu na ciągłość numeracji.': a numbered document stays where it is.
      if (document.hasPermanentNumber) return refuse('document.refused.numberingContinuity');
      return go(previous.status, previous.stage);
    }

    case 'cancel':
      if (status === 'cancelled' || status === 'deleted' || status === 'rejected' || status === 'settled') return refuse('document.refused.status');
      if (kind === 'delegationOrder' && document.hasSettlement) return refuse('document.refused.settlementExists');
      return owner || approver ? go('cancelled', null) : refuse('document.refused.notEntitled');

    case 'delete':
      if (status !== 'created' && status !== 'rejectedForCorrect' && status !== 'cancelled') return refuse('document.refused.status');
      if (!owner) return refuse('document.refused.notEntitled');
      if (document.hasPermanentNumber) return refuse('document.refused.permanentNumber');
      if (kind === 'delegationOrder' && document.hasSettlement) return refuse('document.refused.settlementExists');
      return go('deleted', null);
  }
}

/** The status a step back returns to: the decision before the current one. */
function previousStatus(document: DocumentState): { status: DocumentStatus; stage: DecisionStage | null } | null {
  switch (document.status) {
    case 'accepted':
      return { status: 'submitted', stage: 'substantive' };
    case 'settled':
      return { status: 'accepted', stage: 'financial' };
    case 'rejected':
    case 'rejectedForCorrect':
      return document.kind === 'delegation' && document.stage === 'financial'
        ? { status: 'accepted', stage: 'financial' }
        : { status: 'submitted', stage: 'substantive' };
    default:
      return null;
  }
}

/** Every action the actor may take now: the server sends these with the document (architecture "Workflows"). */
export function allowedActions(document: DocumentState, actor: DocumentActor): DocumentAction[] {
  return DOCUMENT_ACTIONS.filter((action) => decide(document, action, actor).allowed);
}

/** The acceptors' decisions (the owner's actions and step-backs are not decisions on the document). */
export const DECISION_ACTIONS: readonly DocumentAction[] = ['accept', 'settle', 'reject', 'returnForCorrection'];

/** Decisions against the employee must say why: the employee corrects, or learns why the trip was refused. */
export const REASON_REQUIRED_ACTIONS: readonly DocumentAction[] = ['reject', 'returnForCorrection'];
/** Spec §5 'Minimum 10 znaków': a reason is at least ten characters, like the form's comments. */
export const DECISION_REASON_MIN_LENGTH = 10;

/**
 * The reason a decision needs: returning for correction and rejecting require at least ten
 * characters (issue codes `global.error.required`, `validation.minLength10` at `comment`);
 * other actions take an optional comment.
 */
export function validateDecisionReason(action: DocumentAction, comment: string | null | undefined): Issue[] {
  if (!REASON_REQUIRED_ACTIONS.includes(action)) return [];
  const length = (comment ?? '').trim().length;
  if (length === 0) return [{ path: ['comment'], code: 'global.error.required' }];
  if (length < DECISION_REASON_MIN_LENGTH) return [{ path: ['comment'], code: 'validation.minLength10' }];
  return [];
}

/** The decision whose reason the employee reads while correcting: the latest return or rejection, while the document is back with them. */
export function latestReturnDecision<T extends { action: string; comment: string }>(status: DocumentStatus, decisions: readonly T[]): T | null {
  if (status !== 'rejectedForCorrect') return null;
  for (let index = decisions.length - 1; index >= 0; index--) {
    const decision = decisions[index]!;
    if ((REASON_REQUIRED_ACTIONS as readonly string[]).includes(decision.action)) return decision.comment.trim() ? decision : null;
  }
  return null;
}
