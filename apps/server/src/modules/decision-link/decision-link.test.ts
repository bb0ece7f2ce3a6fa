import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { createTripCompany, insertOrder, outboxOf, saveTwoStepOrderPath, tokenFromMail } from '../../../test/trips.ts';
import { advances, delegationOrders } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

async function submittedOrder(options: { twoSteps?: boolean } = {}) {
  const trip = await createTripCompany(t.db, { email_notification_mode: 'notifyWithActionLinks', superior_is_acceptor: true });
  const second = await createUser(t.db, trip.company);
  if (options.twoSteps) await saveTwoStepOrderPath(t.db, trip.company.id, trip.acceptor.id, second.id);
  const id = await insertOrder(t.db, trip.company.id, trip.employee.id, { estimatedTotalCost: '2765.63', addDescription: 'Prezentacja u klienta' });
  await t.db.insert(advances).values({ companyId: trip.company.id, userId: trip.employee.id, delegationOrderId: id, amountInCurrency: '300.00', currency: 'EUR', paymentType: 'transfer', paymentDate: '2026-04-30' });
  const employee = await authHeaders(t.app, trip.company, trip.employee);
  expect((await api.post('/delegation-order/action', employee, { id, action: 'submit' })).statusCode).toBe(200);
  const mail = (await outboxOf(t.db, trip.company.id)).at(-1)!;
  return { trip, id, employee, second, token: tokenFromMail(mail.textBody) };
}

const status = async (id: number) => (await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, id)))[0]!.status;

describe('GET action-by-link/decision/:token', () => {
  it('shows the document and the decisions without changing anything, with no-store and no-referrer', async () => {
    const { id, token } = await submittedOrder();
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/action-by-link/decision/${token}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.json()).toMatchObject({
        state: 'valid',
        approver_name: 'Jan Testowy',
        decisions: ['accept', 'reject', 'returnForCorrection'],
        document: {
          kind: 'delegationOrder',
          id,
          status: 'submitted',
          employee_name: 'Jan Testowy',
          start_date: '2026-05-04 08:00',
          end_date: '2026-05-06 18:00',
          destination: 'Berlin (DE)',
          purpose: 'Spotkanie z klientem w sprawie wdrożenia',
          estimated_total_cost: '2765.63',
          advances: [{ amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-04-30' }],
        },
      });
    }
    expect(await status(id)).toBe('submitted');
  });

  it('answers notFound for an unknown token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/action-by-link/decision/unknown-token' });
    expect(response.json()).toEqual({ state: 'notFound' });
  });
});

describe('POST action-by-link/decision', () => {
  it('accepts once through the link as the approver; the link is then used', async () => {
    const { trip, id, token } = await submittedOrder();
    const response = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept', comment: 'Akceptuję' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', document_status: 'accepted', number: 'PW/1/2026' });
    const again = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept' } });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', messages: ['Action already executed'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/action-by-link/decision/${token}` })).json()).toEqual({ state: 'used' });
    const acceptor = await authHeaders(t.app, trip.company, trip.acceptor);
    const dto = (await api.post('/delegation-order/delegation-order-edit', acceptor, { id })).json().delegationOrder;
    expect(dto.decisions.at(-1)).toMatchObject({ action: 'accept', channel: 'emailLink', comment: 'Akceptuję', user_name: 'Jan Testowy' });
  });

  it('returns for correction and rejects through links', async () => {
    const first = await submittedOrder();
    const returned = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token: first.token, decision: 'returnForCorrection', comment: 'Popraw daty powrotu' } });
    expect(returned.json().document_status).toBe('rejectedForCorrect');
    const second = await submittedOrder();
    const withoutReason = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token: second.token, decision: 'reject', comment: 'Nie' } });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().issues).toEqual([{ path: ['comment'], code: 'validation.minLength10' }]);
    const rejected = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token: second.token, decision: 'reject', comment: 'Wyjazd odwołany przez klienta' } });
    expect(rejected.json().document_status).toBe('rejected');
  });

  it('answers expired after 7 days and when the document changed state since the link was sent', async () => {
    const { id, token, employee } = await submittedOrder();
    const saved = t.clock.now();
    t.clock.advance(8 * 24 * 3600_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/action-by-link/decision/${token}` })).json()).toEqual({ state: 'expired' });
      expect((await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept' } })).json().code).toBe('TOKEN_EXPIRED');
    } finally {
      t.clock.set(saved);
    }
    await api.post('/delegation-order/action', employee, { id, action: 'withdraw' });
    expect((await t.app.inject({ method: 'GET', url: `/api/action-by-link/decision/${token}` })).json()).toEqual({ state: 'expired' });
    const response = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept' } });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
    expect(await status(id)).toBe('created');
  });

  it("refuses another approver's link for a step that is not theirs any more, and a wrong token", async () => {
    const { trip, id, token, second } = await submittedOrder({ twoSteps: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept' } })).json().document_status).toBe('submitted');
    const secondMail = (await outboxOf(t.db, trip.company.id)).at(-1)!;
    expect(secondMail.recipient).toBe(second.email);
    // The first approver's link is spent; their second try does not decide the second step.
    expect((await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'accept' } })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token: 'x'.repeat(43), decision: 'accept' } })).statusCode).toBe(404);
    const decided = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token: tokenFromMail(secondMail.textBody), decision: 'accept' } });
    expect(decided.json().document_status).toBe('accepted');
    expect(await status(id)).toBe('accepted');
  });

  it('refuses decisions other than accept, reject and return (contract)', async () => {
    const { token } = await submittedOrder();
    const response = await t.app.inject({ method: 'POST', url: '/api/action-by-link/decision', payload: { token, decision: 'cancel' } });
    expect(response.statusCode).toBe(400);
  });
});
