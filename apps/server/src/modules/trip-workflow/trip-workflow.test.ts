import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { lastAuditRow } from '../../../test/api-helpers.ts';
import {
  actionTokensOf,
  contextOf,
  createTripCompany,
  insertOrder,
  outboxOf,
  saveTwoStepOrderPath,
  tokenFromMail,
} from '../../../test/trips.ts';
import { actionTokens, advances, delegationOrders, delegations, documentDecisions, documentNumberTemplates, userRoles, users } from '../../db/schema/index.ts';
import { subjectStateOf, type TripWorkflow } from './trip-workflow.service.ts';

let t: TestApp;
let workflow: TripWorkflow;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  workflow = t.app.services.tripWorkflow;
});
afterAll(async () => t.close());

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, id));
  return row!;
}

async function decisionsOf(id: number) {
  return t.db
    .select()
    .from(documentDecisions)
    .where(and(eq(documentDecisions.documentKind, 'delegationOrder'), eq(documentDecisions.documentId, id)))
    .orderBy(documentDecisions.id);
}

describe('submit and accept', () => {
  it('resolves the approval path at submission, mails the acceptor, and numbers the order at acceptance', async () => {
    const trip = await createTripCompany(t.db, { superior_is_acceptor: true });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await contextOf(t.app, trip.company, trip.employee);

    const submitted = await workflow.transition(employee, 'delegationOrder', id, 'submit', { expectedVersion: 1 });
    expect(submitted).toMatchObject({ id, status: 'submitted', stage: 'substantive', number: null, version: 2 });
    expect(submitted.allowedActions).toEqual(['withdraw', 'cancel']);
    const row = await orderRow(id);
    expect(row.workflowSteps).toEqual([{ stage: 'substantive', approverIds: [trip.acceptor.id], label: 'substantive' }]);
    expect(row.currentStep).toBe(0);
    expect(row.sentAt?.toISOString()).toBe('2026-04-20T10:00:00.000Z');
    const mails = await outboxOf(t.db, trip.company.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(trip.acceptor.email);
    expect(mails[0]!.subject).toContain('czeka na Twoją decyzję');
    // "notify" mode: no action link.
    expect(mails[0]!.textBody).not.toContain('/action-by-link/');
    expect(await actionTokensOf(t.db, trip.company.id)).toHaveLength(0);

    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    const accepted = await workflow.transition(acceptor, 'delegationOrder', id, 'accept', { comment: 'Zgoda', expectedVersion: 2 });
    expect(accepted).toMatchObject({ status: 'accepted', stage: null, number: 'PW/1/2026', version: 3, messages: [] });
    // Numbered at acceptance: stepping back would break the numbering.
    expect(accepted.allowedActions).toEqual(['cancel']);
    expect((await orderRow(id)).isNumberPermanent).toBe(true);

    const decisions = await decisionsOf(id);
    expect(decisions.map((d) => [d.action, d.fromStatus, d.toStatus, d.userId, d.channel])).toEqual([
      ['submit', 'created', 'submitted', trip.employee.id, 'app'],
      ['accept', 'submitted', 'accepted', trip.acceptor.id, 'app'],
    ]);
    expect(decisions[1]!.comment).toBe('Zgoda');
    const audit = await lastAuditRow(t.db, trip.company.id, 'delegationOrder.accept');
    expect(audit).toMatchObject({ userId: trip.acceptor.id, entityId: String(id) });
    expect(audit!.after).toMatchObject({ status: 'accepted', number: 'PW/1/2026', comment: 'Zgoda' });

    const final = (await outboxOf(t.db, trip.company.id)).at(-1)!;
    expect(final.recipient).toBe(trip.employee.email);
    expect(final.subject).toBe('Delego: Polecenie wyjazdu nr PW/1/2026 zostało zaakceptowane');
    expect(final.textBody).toContain('Komentarz: Zgoda');
  });

  it('moves through the steps of a stage before the order is accepted', async () => {
    const trip = await createTripCompany(t.db);
    const second = await createUser(t.db, trip.company);
    await saveTwoStepOrderPath(t.db, trip.company.id, trip.acceptor.id, second.id);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const secondCtx = await contextOf(t.app, trip.company, second);
    // The second acceptor is not asked yet and holds no acceptance permission.
    expect((await refusal(workflow.transition(secondCtx, 'delegationOrder', id, 'accept'))).code).toBe('FORBIDDEN');

    const first = await workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'accept');
    expect(first).toMatchObject({ status: 'submitted', stage: 'substantive', number: null });
    expect((await orderRow(id)).currentStep).toBe(1);
    const mails = await outboxOf(t.db, trip.company.id);
    expect(mails.at(-1)!.recipient).toBe(second.email);

    const done = await workflow.transition(secondCtx, 'delegationOrder', id, 'accept');
    expect(done).toMatchObject({ status: 'accepted', number: 'PW/1/2026' });
  });

  it('lets a holder of the acceptance permission overwrite the acceptor chosen by the path', async () => {
    const trip = await createTripCompany(t.db, { superior_is_acceptor: true });
    const deputy = await createUser(t.db, trip.company, { permissions: ['delegationAcceptSubstantive'] });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    expect((await orderRow(id)).workflowSteps[0]!.approverIds).toEqual([trip.acceptor.id]);
    const accepted = await workflow.transition(await contextOf(t.app, trip.company, deputy), 'delegationOrder', id, 'accept');
    expect(accepted.status).toBe('accepted');
  });

  it('refuses a submission nobody can accept', async () => {
    const trip = await createTripCompany(t.db, { superior_is_acceptor: true });
    // Nobody holds the permission the fallback asks for except the employee's superior, who is the traveller here.
    const id = await insertOrder(t.db, trip.company.id, trip.acceptor.id);
    const own = await contextOf(t.app, trip.company, trip.acceptor);
    const error = await refusal(workflow.transition(own, 'delegationOrder', id, 'submit'));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues[0]).toMatchObject({ path: ['workflow'], code: 'workflow.noAcceptor' });
    expect((await orderRow(id)).status).toBe('created');
  });
});

describe('refusals', () => {
  it('answers 404 for another company, for a document the user may not see, and for a deleted one', async () => {
    const trip = await createTripCompany(t.db);
    const other = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const outsider = await contextOf(t.app, other.company, other.admin);
    expect((await refusal(workflow.transition(outsider, 'delegationOrder', id, 'submit'))).code).toBe('NOT_FOUND');
    const colleague = await contextOf(t.app, trip.company, trip.colleague);
    expect((await refusal(workflow.transition(colleague, 'delegationOrder', id, 'submit'))).code).toBe('NOT_FOUND');
    // A draft is not shown to acceptors.
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    expect((await refusal(workflow.transition(acceptor, 'delegationOrder', id, 'accept'))).code).toBe('NOT_FOUND');
    const employee = await contextOf(t.app, trip.company, trip.employee);
    await workflow.transition(employee, 'delegationOrder', id, 'delete');
    expect((await refusal(workflow.transition(employee, 'delegationOrder', id, 'submit'))).code).toBe('NOT_FOUND');
    expect((await orderRow(id)).status).toBe('deleted');
  });

  it('refuses with 403 who is not entitled, 409 an action the status does not allow, and 409 a stale version', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await contextOf(t.app, trip.company, trip.employee);
    const admin = await contextOf(t.app, trip.company, trip.admin);
    // The administrator sees everything but submits nobody's order.
    expect((await refusal(workflow.transition(admin, 'delegationOrder', id, 'submit'))).code).toBe('FORBIDDEN');
    const status = await refusal(workflow.transition(employee, 'delegationOrder', id, 'accept'));
    expect(status.code).toBe('CONFLICT');
    expect(status.messages).toEqual(['Action not allowed in the current status of the document']);
    await workflow.transition(employee, 'delegationOrder', id, 'submit');
    // Nobody accepts their own trip.
    expect((await refusal(workflow.transition(employee, 'delegationOrder', id, 'accept'))).code).toBe('FORBIDDEN');
    const stale = await refusal(workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'accept', { expectedVersion: 1 }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.messages).toEqual(['The record was changed by someone else']);
    expect((await orderRow(id)).status).toBe('submitted');
  });

  it('refuses the acceptance to whoever filled the document in, even the employee\'s own acceptor holding every acceptance permission', async () => {
    const trip = await createTripCompany(t.db);
    const boss = await createUser(t.db, trip.company, { permissions: ['delegationAcceptSubstantive', 'delegationAcceptFinancial', 'delegationForOthers', 'companyAdmin'] });
    await t.db.update(users).set({ superiorId: boss.id }).where(eq(users.id, trip.employee.id));
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id, { createdById: boss.id });
    const filler = await contextOf(t.app, trip.company, boss);
    const submitted = await workflow.transition(filler, 'delegationOrder', id, 'submit');
    expect(submitted.allowedActions).not.toContain('accept');
    expect((await refusal(workflow.transition(filler, 'delegationOrder', id, 'accept'))).code).toBe('FORBIDDEN');
    expect((await orderRow(id)).status).toBe('submitted');
    // Another holder of the permission decides it.
    expect((await workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'accept')).status).toBe('accepted');
  });

  it('refuses to step back across the acceptance that gave the number (numbering continuity)', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    const accepted = await workflow.transition(acceptor, 'delegationOrder', id, 'accept');
    expect(accepted.allowedActions).not.toContain('stepBack');
    const error = await refusal(workflow.transition(acceptor, 'delegationOrder', id, 'stepBack'));
    expect(error.code).toBe('CONFLICT');
    expect(error.messages).toEqual(['Cannot step back because of numbering continuity']);
    expect(error.params.refusal).toBe('document.refused.numberingContinuity');
  });

  it('steps back a decision taken before any number, by the last decider only', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    await workflow.transition(acceptor, 'delegationOrder', id, 'reject', { comment: 'Za drogo jak na targi' });
    const colleague = await contextOf(t.app, trip.company, trip.colleague);
    expect((await refusal(workflow.transition(colleague, 'delegationOrder', id, 'stepBack'))).code).toBe('NOT_FOUND');
    const back = await workflow.transition(acceptor, 'delegationOrder', id, 'stepBack');
    expect(back).toMatchObject({ status: 'submitted', stage: 'substantive', number: null });
    expect(back.allowedActions).toContain('accept');
  });

  it('refuses to step back once the number was given at sending, not only at acceptance (spec §4)', async () => {
    const trip = await createTripCompany(t.db, { numbering_base_date: 'sendDate' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const submitted = await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    expect(submitted.number).toBe('PW/1/2026');
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    const rejected = await workflow.transition(acceptor, 'delegationOrder', id, 'reject', { comment: 'Za drogo jak na targi' });
    expect(rejected.allowedActions).not.toContain('stepBack');
    const error = await refusal(workflow.transition(acceptor, 'delegationOrder', id, 'stepBack'));
    expect(error.code).toBe('CONFLICT');
    expect(error.messages).toEqual(['Cannot step back because of numbering continuity']);
    expect((await orderRow(id)).status).toBe('rejected');
  });

  it('refuses to step back or cancel an order that has a settlement', async () => {
    const trip = await createTripCompany(t.db, { numbering_base_date: 'sendDate' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    await workflow.transition(acceptor, 'delegationOrder', id, 'accept');
    await t.db.insert(delegations).values({
      companyId: trip.company.id,
      userId: trip.employee.id,
      createdById: trip.employee.id,
      delegationOrderId: id,
      startDate: new Date('2026-05-04T06:00:00Z'),
      endDate: new Date('2026-05-06T16:00:00Z'),
      form: {},
    });
    const back = await refusal(workflow.transition(acceptor, 'delegationOrder', id, 'stepBack'));
    expect(back.messages).toEqual(['Order cannot go back because a settlement exists']);
    const employee = await contextOf(t.app, trip.company, trip.employee);
    expect((await refusal(workflow.transition(employee, 'delegationOrder', id, 'cancel'))).messages).toEqual(['Order cannot go back because a settlement exists']);
  });

  it('refuses to delete a document with a permanent number', async () => {
    const trip = await createTripCompany(t.db, { numbering_base_date: 'creation' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await t.db.transaction((tx) => workflow.numberNewDocument(tx, trip.company.settings, 'delegationOrder', trip.company.id, id));
    expect((await orderRow(id)).number).toBe('PW/1/2026');
    const employee = await contextOf(t.app, trip.company, trip.employee);
    const error = await refusal(workflow.transition(employee, 'delegationOrder', id, 'delete'));
    expect(error.messages).toEqual(['Document with a number cannot be deleted']);
    const cancelled = await workflow.transition(employee, 'delegationOrder', id, 'cancel');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.allowedActions).not.toContain('delete');
  });

  it('lets the owner withdraw a submitted order and submit it again', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await contextOf(t.app, trip.company, trip.employee);
    await workflow.transition(employee, 'delegationOrder', id, 'submit');
    const withdrawn = await workflow.transition(employee, 'delegationOrder', id, 'withdraw');
    expect(withdrawn).toMatchObject({ status: 'created', stage: null });
    expect(withdrawn.allowedActions).toEqual(['edit', 'submit', 'cancel', 'delete']);
    expect((await workflow.transition(employee, 'delegationOrder', id, 'submit')).status).toBe('submitted');
  });

  it('returns an order for correction, which the owner edits and submits again', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await contextOf(t.app, trip.company, trip.employee);
    await workflow.transition(employee, 'delegationOrder', id, 'submit');
    const returned = await workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'returnForCorrection', { comment: 'Popraw daty powrotu' });
    expect(returned).toMatchObject({ status: 'rejectedForCorrect', stage: 'substantive' });
    const mail = (await outboxOf(t.db, trip.company.id)).at(-1)!;
    expect(mail.recipient).toBe(trip.employee.email);
    expect(mail.subject).toContain('zwrócone do poprawy');
    expect((await workflow.transition(employee, 'delegationOrder', id, 'submit')).status).toBe('submitted');
  });
});

describe('numbering', () => {
  it('proposes an editable number at creation and keeps an edited one that is free and outside the sequence', async () => {
    const trip = await createTripCompany(t.db, { numbering_assignment: 'autoEditable', numbering_base_date: 'sendDate' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const proposal = await t.db.transaction((tx) => workflow.numberNewDocument(tx, trip.company.settings, 'delegationOrder', trip.company.id, id));
    expect(proposal).toEqual({ number: 'PW/1/2026', messages: [] });
    // The proposal takes no number from the counter.
    const again = await t.db.transaction((tx) => workflow.numberNewDocument(tx, trip.company.settings, 'delegationOrder', trip.company.id, id));
    expect(again.number).toBe('PW/1/2026');
    await t.db.update(delegationOrders).set({ customNumber: 'PW/50/2026-WAW' }).where(eq(delegationOrders.id, id));
    const submitted = await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    expect(submitted).toMatchObject({ number: 'PW/50/2026-WAW', messages: [] });
  });

  it("refuses to send a typed number that would leave a gap in the template's sequence, at custom_number", async () => {
    const trip = await createTripCompany(t.db, { numbering_assignment: 'manual', numbering_base_date: 'sendDate' });
    const employee = await contextOf(t.app, trip.company, trip.employee);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id, { customNumber: 'PW/50/2026' });
    const error = await refusal(workflow.transition(employee, 'delegationOrder', id, 'submit'));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.messages).toEqual(['Cannot be sent or accepted due to broken numbering integrity, number must be changed']);
    expect(error.issues).toEqual([{ path: ['custom_number'], code: 'messages.Cannotbesentoracceptedduetobrokennumberingintegritynumbermustbechanged' }]);
    expect(await orderRow(id)).toMatchObject({ status: 'created', number: null, isNumberPermanent: false });
  });

  it("takes a typed number that is the counter's next from the counter, and refuses the same number typed again", async () => {
    const trip = await createTripCompany(t.db, { numbering_assignment: 'manual', numbering_base_date: 'sendDate' });
    const employee = await contextOf(t.app, trip.company, trip.employee);
    const first = await insertOrder(t.db, trip.company.id, trip.employee.id, { customNumber: 'PW/1/2026' });
    expect((await workflow.transition(employee, 'delegationOrder', first, 'submit')).number).toBe('PW/1/2026');
    const second = await insertOrder(t.db, trip.company.id, trip.employee.id, { customNumber: 'PW/1/2026' });
    const error = await refusal(workflow.transition(employee, 'delegationOrder', second, 'submit'));
    expect(error.messages).toEqual(['Cannot be sent or accepted due to broken numbering integrity, number must be changed']);
    expect((await orderRow(second)).status).toBe('created');
    // The counter gave 1 to the typed number: the next order numbered by the counter gets 2.
    const third = await insertOrder(t.db, trip.company.id, trip.employee.id);
    expect((await workflow.transition(employee, 'delegationOrder', third, 'submit')).number).toBe('PW/2/2026');
  });

  it('refuses a typed free-form number that another document has, and keeps one that is free', async () => {
    const trip = await createTripCompany(t.db, { numbering_assignment: 'manual', numbering_base_date: 'sendDate' });
    const employee = await contextOf(t.app, trip.company, trip.employee);
    const first = await insertOrder(t.db, trip.company.id, trip.employee.id, { customNumber: 'WYJ-7' });
    expect((await workflow.transition(employee, 'delegationOrder', first, 'submit')).number).toBe('WYJ-7');
    const second = await insertOrder(t.db, trip.company.id, trip.employee.id, { customNumber: 'WYJ-7' });
    const error = await refusal(workflow.transition(employee, 'delegationOrder', second, 'submit'));
    expect(error.issues[0]).toMatchObject({ path: ['custom_number'] });
  });

  it('refuses an acceptance without a numbering template', async () => {
    const plain = await createTripCompany(t.db);
    const id = await insertOrder(t.db, plain.company.id, plain.employee.id);
    await t.db.delete(documentNumberTemplates).where(eq(documentNumberTemplates.companyId, plain.company.id));
    await workflow.transition(await contextOf(t.app, plain.company, plain.employee), 'delegationOrder', id, 'submit');
    const error = await refusal(workflow.transition(await contextOf(t.app, plain.company, plain.acceptor), 'delegationOrder', id, 'accept'));
    expect(error.issues[0]).toMatchObject({ path: ['number'], code: 'numbering.templateMissing' });
    expect((await orderRow(id)).status).toBe('submitted');
  });
});

describe('concurrency', () => {
  it('turns two simultaneous acceptances into exactly one transition', async () => {
    const trip = await createTripCompany(t.db);
    const deputy = await createUser(t.db, trip.company, { permissions: ['delegationAcceptSubstantive'] });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const [a, b] = [await contextOf(t.app, trip.company, trip.acceptor), await contextOf(t.app, trip.company, deputy)];
    const results = await Promise.allSettled([workflow.transition(a, 'delegationOrder', id, 'accept'), workflow.transition(b, 'delegationOrder', id, 'accept')]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as AppError).code).toBe('CONFLICT');
    const accepts = (await decisionsOf(id)).filter((d) => d.action === 'accept');
    expect(accepts).toHaveLength(1);
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: 'accepted', number: 'PW/1/2026', version: 3 });
  });
});

describe('advances in the basic flow', () => {
  it('approves the advances with the order, rejects them with it and resets them when the decision is stepped back', async () => {
    const trip = await createTripCompany(t.db);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await t.db.insert(advances).values({ companyId: trip.company.id, userId: trip.employee.id, delegationOrderId: id, amountInCurrency: '300.00', currency: 'EUR', paymentType: 'transfer' });
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const acceptor = await contextOf(t.app, trip.company, trip.acceptor);
    const status = async () => (await t.db.select().from(advances).where(eq(advances.delegationOrderId, id)))[0]!.status;
    await workflow.transition(acceptor, 'delegationOrder', id, 'reject', { comment: 'Wyjazd odwołany przez klienta' });
    expect(await status()).toBe('rejected');
    // The rejection gave no number (numbered at acceptance), so its decider may take it back.
    await workflow.transition(acceptor, 'delegationOrder', id, 'stepBack');
    expect(await status()).toBe('unknown');
    await workflow.transition(acceptor, 'delegationOrder', id, 'accept');
    expect(await status()).toBe('approved');
  });

  it('leaves advances alone in the extended flow', async () => {
    const trip = await createTripCompany(t.db, { advance_flow: 'extended' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await t.db.insert(advances).values({ companyId: trip.company.id, userId: trip.employee.id, delegationOrderId: id, amountInCurrency: '300.00', currency: 'EUR', paymentType: 'cash' });
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    await workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'accept');
    expect((await t.db.select().from(advances).where(eq(advances.delegationOrderId, id)))[0]!.status).toBe('unknown');
  });
});

describe('e-mail notifications and decision links', () => {
  it('sends nothing when notifications are disabled', async () => {
    const trip = await createTripCompany(t.db, { email_notification_mode: 'disabled' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    await workflow.transition(await contextOf(t.app, trip.company, trip.acceptor), 'delegationOrder', id, 'accept');
    expect(await outboxOf(t.db, trip.company.id)).toHaveLength(0);
  });

  async function submittedWithLink() {
    const trip = await createTripCompany(t.db, { email_notification_mode: 'notifyWithActionLinks', superior_is_acceptor: true });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await contextOf(t.app, trip.company, trip.employee);
    await workflow.transition(employee, 'delegationOrder', id, 'submit');
    const mail = (await outboxOf(t.db, trip.company.id)).at(-1)!;
    return { trip, id, employee, mail, token: tokenFromMail(mail.textBody) };
  }
  const linkCtx = (token: string) => ({ requestId: 'link', ip: '127.0.0.1', userAgent: 'vitest', link: { token } });

  it('puts a one-time link bound to the approver, the document and its state into the approver e-mail', async () => {
    const { trip, id, mail } = await submittedWithLink();
    expect(mail.recipient).toBe(trip.acceptor.email);
    expect(mail.textBody).toContain(`http://delego.test/action-by-link/delegationOrder/decision/`);
    expect(mail.textBody).toContain(`http://delego.test/delegation-order/decision/${id}`);
    const [token] = await actionTokensOf(t.db, trip.company.id);
    const row = await orderRow(id);
    expect(token).toMatchObject({ userId: trip.acceptor.id, purpose: 'delegationOrder.decision', subjectId: id, subjectState: subjectStateOf(row), usedAt: null });
    expect(token!.subjectState).toBe('submitted:substantive:0:2');
    expect(token!.tokenHash).not.toContain(tokenFromMail(mail.textBody));
    expect(token!.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600_000);
  });

  it('decides once through the link, as the approver, and refuses the second use', async () => {
    const { trip, id, token } = await submittedWithLink();
    const accepted = await workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept', { comment: 'Z linku' });
    expect(accepted).toMatchObject({ status: 'accepted', number: 'PW/1/2026' });
    const decision = (await decisionsOf(id)).at(-1)!;
    expect(decision).toMatchObject({ action: 'accept', userId: trip.acceptor.id, contextUserId: trip.acceptor.id, channel: 'emailLink', comment: 'Z linku' });
    const audit = await lastAuditRow(t.db, trip.company.id, 'delegationOrder.accept');
    expect(audit!.userId).toBe(trip.acceptor.id);
    const again = await refusal(workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept'));
    expect(again.code).toBe('TOKEN_USED');
  });

  it('expires a link after 7 days', async () => {
    const { id, token } = await submittedWithLink();
    const saved = t.clock.now();
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    try {
      expect((await refusal(workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept'))).code).toBe('TOKEN_EXPIRED');
    } finally {
      t.clock.set(saved);
    }
  });

  it('expires a link whose document changed state since it was sent', async () => {
    const { id, token, employee } = await submittedWithLink();
    await workflow.transition(employee, 'delegationOrder', id, 'withdraw');
    await workflow.transition(employee, 'delegationOrder', id, 'submit');
    const error = await refusal(workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept'));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(error.messages).toEqual(['URL expired']);
    expect((await orderRow(id)).status).toBe('submitted');
  });

  it('refuses a token for another document, of another kind, an unknown one, and actions other than decisions', async () => {
    const { trip, id, token } = await submittedWithLink();
    const otherId = await insertOrder(t.db, trip.company.id, trip.employee.id);
    expect((await refusal(workflow.transition(linkCtx(token), 'delegationOrder', otherId, 'accept'))).code).toBe('TOKEN_NOT_FOUND');
    expect((await refusal(workflow.transition(linkCtx(token), 'delegation', id, 'accept'))).code).toBe('TOKEN_NOT_FOUND');
    expect((await refusal(workflow.transition(linkCtx('nonsense'), 'delegationOrder', id, 'accept'))).code).toBe('TOKEN_NOT_FOUND');
    expect((await refusal(workflow.transition(linkCtx(token), 'delegationOrder', id, 'cancel'))).code).toBe('FORBIDDEN');
    // The refusals spent nothing: the approver can still decide.
    expect((await workflow.transition(linkCtx(token), 'delegationOrder', id, 'reject', { comment: 'Wyjazd odwołany przez klienta' })).status).toBe('rejected');
  });

  it("refuses another approver's link once that approver is no longer asked", async () => {
    const trip = await createTripCompany(t.db, { email_notification_mode: 'notifyWithActionLinks' });
    const second = await createUser(t.db, trip.company);
    await saveTwoStepOrderPath(t.db, trip.company.id, trip.acceptor.id, second.id);
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const firstToken = tokenFromMail((await outboxOf(t.db, trip.company.id)).at(-1)!.textBody);
    await workflow.transition(linkCtx(firstToken), 'delegationOrder', id, 'accept');
    const secondMail = (await outboxOf(t.db, trip.company.id)).at(-1)!;
    expect(secondMail.recipient).toBe(second.email);
    const secondToken = tokenFromMail(secondMail.textBody);
    // The second step's token, bound to its approver; the first approver's spent token cannot decide it.
    expect((await refusal(workflow.transition(linkCtx(firstToken), 'delegationOrder', id, 'accept'))).code).toBe('TOKEN_USED');
    expect((await workflow.transition(linkCtx(secondToken), 'delegationOrder', id, 'accept')).status).toBe('accepted');
    const tokens = await actionTokensOf(t.db, trip.company.id);
    expect(tokens.map((token) => token.userId)).toEqual([trip.acceptor.id, second.id]);
  });

  it('refuses a link whose approver lost the right to decide', async () => {
    const trip = await createTripCompany(t.db, { email_notification_mode: 'notifyWithActionLinks' });
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    await workflow.transition(await contextOf(t.app, trip.company, trip.employee), 'delegationOrder', id, 'submit');
    const token = tokenFromMail((await outboxOf(t.db, trip.company.id)).at(-1)!.textBody);
    // The path asked every holder of the permission; the colleague was never one of them.
    const issued = await t.db.select().from(actionTokens).where(eq(actionTokens.companyId, trip.company.id));
    expect(issued[0]!.userId).toBe(trip.acceptor.id);
    await t.db.update(delegationOrders).set({ workflowSteps: [{ stage: 'substantive', approverIds: [trip.colleague.id] }] }).where(eq(delegationOrders.id, id));
    await t.db.delete(userRoles).where(eq(userRoles.userId, trip.acceptor.id));
    const error = await refusal(workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept'));
    // The acceptor no longer sees the document: neither asked by its path nor holding the permission.
    expect(error.code).toBe('NOT_FOUND');
    expect((await orderRow(id)).status).toBe('submitted');
  });

  it('peeks at a link without changing anything', async () => {
    const { id, token } = await submittedWithLink();
    const peek = await workflow.peekLink('delegationOrder', token);
    expect(peek.state).toBe('valid');
    expect((await workflow.peekLink('delegationOrder', 'nonsense')).state).toBe('notFound');
    expect((await orderRow(id)).status).toBe('submitted');
    await workflow.transition(linkCtx(token), 'delegationOrder', id, 'accept');
    expect((await workflow.peekLink('delegationOrder', token)).state).toBe('used');
  });
});
