import { describe, expect, it } from 'vitest';
import { allowedActions, decide, latestReturnDecision, validateDecisionReason, type DocumentActor, type DocumentState } from './document-status.ts';

const order = (overrides: Partial<DocumentState> = {}): DocumentState => ({
  kind: 'delegationOrder',
  status: 'created',
  stage: null,
  hasPermanentNumber: false,
  hasSettlement: false,
  ...overrides,
});
const settlement = (overrides: Partial<DocumentState> = {}): DocumentState => ({ ...order(overrides), kind: 'delegation', ...overrides });

const owner: DocumentActor = { isOwner: true, isCurrentApprover: false, isLastDecider: false, canOverrideDecisions: false };
const approver: DocumentActor = { isOwner: false, isCurrentApprover: true, isLastDecider: false, canOverrideDecisions: false };
const decider: DocumentActor = { isOwner: false, isCurrentApprover: false, isLastDecider: true, canOverrideDecisions: false };
const stranger: DocumentActor = { isOwner: false, isCurrentApprover: false, isLastDecider: false, canOverrideDecisions: false };

describe('separation of duties', () => {
  // Someone who filled in the document for a colleague, and who is also on its path and holds every acceptance permission.
  const fillerAndAcceptor: DocumentActor = { isOwner: true, isCurrentApprover: true, isLastDecider: false, canOverrideDecisions: true };

  it('refuses every decision on a document that is theirs or that they filled in, whatever their step or permissions', () => {
    const waiting = settlement({ status: 'submitted', stage: 'substantive' });
    for (const action of ['accept', 'reject', 'returnForCorrection'] as const) {
      expect(decide(waiting, action, fillerAndAcceptor)).toEqual({ allowed: false, refusal: 'document.refused.notEntitled' });
    }
    expect(decide(settlement({ status: 'accepted', stage: 'financial' }), 'settle', fillerAndAcceptor)).toEqual({ allowed: false, refusal: 'document.refused.notEntitled' });
    expect(decide(order({ status: 'submitted', stage: 'substantive' }), 'accept', fillerAndAcceptor)).toEqual({ allowed: false, refusal: 'document.refused.notEntitled' });
    expect(allowedActions(waiting, fillerAndAcceptor)).toEqual(['withdraw', 'cancel']);
  });
});

describe('trip order status machine', () => {
  it('lets the owner edit, submit and delete a new order, and nobody else', () => {
    expect(allowedActions(order(), owner)).toEqual(['edit', 'submit', 'cancel', 'delete']);
    expect(allowedActions(order(), stranger)).toEqual([]);
  });

  it('locks a submitted order: the owner may only withdraw or cancel it', () => {
    const submitted = order({ status: 'submitted', stage: 'substantive' });
    expect(allowedActions(submitted, owner)).toEqual(['withdraw', 'cancel']);
    expect(decide(submitted, 'edit', owner)).toEqual({ allowed: false, refusal: 'document.refused.status' });
  });

  it('lets the current acceptor accept, reject or return a submitted order', () => {
    const submitted = order({ status: 'submitted', stage: 'substantive' });
    expect(allowedActions(submitted, approver)).toEqual(['accept', 'reject', 'returnForCorrection', 'cancel']);
    expect(decide(submitted, 'accept', approver)).toEqual({ allowed: true, to: 'accepted', stage: null });
    expect(decide(submitted, 'returnForCorrection', approver)).toEqual({ allowed: true, to: 'rejectedForCorrect', stage: 'substantive' });
  });

  it('keeps an order submitted while further acceptors of the path remain', () => {
    const submitted = order({ status: 'submitted', stage: 'substantive' });
    expect(decide(submitted, 'accept', approver, { isLastStepOfStage: false })).toEqual({ allowed: true, to: 'submitted', stage: 'substantive' });
  });

  it('refuses a decision by someone who is not the acceptor of the step', () => {
    expect(decide(order({ status: 'submitted', stage: 'substantive' }), 'accept', stranger)).toEqual({ allowed: false, refusal: 'document.refused.notEntitled' });
  });

  it('lets an approver who may overwrite earlier acceptors decide in their place', () => {
    const overrider: DocumentActor = { ...stranger, canOverrideDecisions: true };
    expect(decide(order({ status: 'submitted', stage: 'substantive' }), 'accept', overrider).allowed).toBe(true);
  });

  it('refuses to step an order back once a settlement was created from it', () => {
    expect(decide(order({ status: 'accepted', hasSettlement: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.settlementExists' });
    expect(decide(order({ status: 'accepted' }), 'stepBack', decider)).toEqual({ allowed: true, to: 'submitted', stage: 'substantive' });
  });

  it('refuses a step back once the order has a permanent number, whichever event gave it', () => {
    expect(decide(order({ status: 'accepted', hasPermanentNumber: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.numberingContinuity' });
    expect(decide(order({ status: 'rejected', stage: 'substantive', hasPermanentNumber: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.numberingContinuity' });
    expect(allowedActions(order({ status: 'rejected', stage: 'substantive', hasPermanentNumber: true }), decider)).toEqual([]);
  });

  it('names the settlement before the numbering when an order with both is stepped back', () => {
    expect(decide(order({ status: 'accepted', hasPermanentNumber: true, hasSettlement: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.settlementExists' });
  });

  it('refuses to delete a document with a permanent number', () => {
    expect(decide(order({ hasPermanentNumber: true }), 'delete', owner)).toEqual({ allowed: false, refusal: 'document.refused.permanentNumber' });
  });

  it('lets the owner correct and resubmit a returned order', () => {
    const returned = order({ status: 'rejectedForCorrect', stage: 'substantive' });
    expect(decide(returned, 'edit', owner).allowed).toBe(true);
    expect(decide(returned, 'submit', owner)).toEqual({ allowed: true, to: 'submitted', stage: 'substantive' });
  });

  it('ends nowhere after a final rejection but a step back', () => {
    const rejected = order({ status: 'rejected', stage: 'substantive' });
    expect(allowedActions(rejected, owner)).toEqual([]);
    expect(allowedActions(rejected, decider)).toEqual(['stepBack']);
  });
});

describe('settlement status machine', () => {
  it('goes from the substantive acceptance to the financial check and then to settled', () => {
    const submitted = settlement({ status: 'submitted', stage: 'substantive' });
    expect(decide(submitted, 'accept', approver)).toEqual({ allowed: true, to: 'accepted', stage: 'financial' });
    const accepted = settlement({ status: 'accepted', stage: 'financial' });
    expect(allowedActions(accepted, approver)).toEqual(['settle', 'reject', 'returnForCorrection', 'cancel']);
    expect(decide(accepted, 'settle', approver)).toEqual({ allowed: true, to: 'settled', stage: null });
  });

  it('does not settle a settlement that waits for the substantive acceptance', () => {
    expect(decide(settlement({ status: 'submitted', stage: 'substantive' }), 'settle', approver)).toEqual({ allowed: false, refusal: 'document.refused.status' });
  });

  it('does not offer settle on an order', () => {
    expect(decide(order({ status: 'accepted' }), 'settle', approver).allowed).toBe(false);
  });

  it('steps a settled settlement back to the financial check, and a financial rejection back to it too', () => {
    expect(decide(settlement({ status: 'settled' }), 'stepBack', decider)).toEqual({ allowed: true, to: 'accepted', stage: 'financial' });
    expect(decide(settlement({ status: 'rejectedForCorrect', stage: 'financial' }), 'stepBack', decider)).toEqual({ allowed: true, to: 'accepted', stage: 'financial' });
  });

  it('refuses to step back or delete a settlement with a permanent number', () => {
    expect(decide(settlement({ status: 'settled', hasPermanentNumber: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.numberingContinuity' });
    expect(decide(settlement({ status: 'rejectedForCorrect', stage: 'financial', hasPermanentNumber: true }), 'stepBack', decider)).toEqual({ allowed: false, refusal: 'document.refused.numberingContinuity' });
    expect(decide(settlement({ status: 'cancelled', hasPermanentNumber: true }), 'delete', owner)).toEqual({ allowed: false, refusal: 'document.refused.permanentNumber' });
  });

  it('cannot cancel or delete a settled settlement', () => {
    expect(decide(settlement({ status: 'settled' }), 'cancel', owner).allowed).toBe(false);
    expect(decide(settlement({ status: 'settled' }), 'delete', owner).allowed).toBe(false);
  });
});

describe('reasons of decisions', () => {
  it('requires a reason of at least ten characters to return for correction or reject', () => {
    expect(validateDecisionReason('returnForCorrection', undefined)).toEqual([{ path: ['comment'], code: 'global.error.required' }]);
    expect(validateDecisionReason('reject', '   ')).toEqual([{ path: ['comment'], code: 'global.error.required' }]);
    expect(validateDecisionReason('returnForCorrection', ' za krótki ')).toEqual([{ path: ['comment'], code: 'validation.minLength10' }]);
    expect(validateDecisionReason('reject', 'Brak biletów')).toEqual([]);
  });

  it('takes other decisions without a reason', () => {
    expect(validateDecisionReason('accept', '')).toEqual([]);
    expect(validateDecisionReason('stepBack', undefined)).toEqual([]);
  });

  it('shows the employee the reason of the latest return while the document is back with them', () => {
    const decisions = [
      { action: 'submit', comment: '' },
      { action: 'returnForCorrection', comment: 'Pierwszy powód zwrotu' },
      { action: 'submit', comment: '' },
      { action: 'returnForCorrection', comment: 'Brak skanów biletów' },
    ];
    expect(latestReturnDecision('rejectedForCorrect', decisions)).toBe(decisions[3]);
    expect(latestReturnDecision('submitted', decisions)).toBeNull();
    expect(latestReturnDecision('rejectedForCorrect', [{ action: 'submit', comment: '' }])).toBeNull();
  });
});
