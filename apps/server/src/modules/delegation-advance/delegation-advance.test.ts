import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

async function setup(settings: Parameters<typeof createTripCompany>[1] = {}) {
  const trip = await createTripCompany(t.db, settings);
  const orderId = await insertOrder(t.db, trip.company.id, trip.employee.id);
  return {
    ...trip,
    orderId,
    employee: { ...trip.employee, headers: await authHeaders(t.app, trip.company, trip.employee) },
    acceptorHeaders: await authHeaders(t.app, trip.company, trip.acceptor),
    financeHeaders: await authHeaders(t.app, trip.company, trip.finance),
    colleagueHeaders: await authHeaders(t.app, trip.company, trip.colleague),
  };
}

const advance = (orderId: number, overrides: Record<string, unknown> = {}) => ({
  delegation_order_id: orderId,
  amount_in_currency: '250.00',
  currency: 'EUR',
  payment_type: 'transfer',
  payment_date: '2026-05-02',
  comment: 'Hotel',
  ...overrides,
});

describe('POST delegation-advance/save', () => {
  it('requests an advance on my order and lists it', async () => {
    const s = await setup();
    const saved = await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().advance).toMatchObject({
      amount_in_currency: '250.00',
      currency: 'EUR',
      payment_type: 'transfer',
      payment_date: '2026-05-02',
      status: 'unknown',
      order: { id: s.orderId, status: 'created', destination: 'Berlin (DE)' },
      allowedActions: ['edit'],
    });
    const list = (await api.get('/delegation-advance/list', s.employee.headers)).json();
    expect(list).toMatchObject({ total: 1, advance_flow: 'basic', multiple_advances: false, can_decide: false });
    expect(await lastAuditRow(t.db, s.company.id, 'advance.create')).toBeDefined();
    const changed = await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { id: saved.json().advance.id, amount_in_currency: '260.00' }));
    expect(changed.json().advance.amount_in_currency).toBe('260.00');
  });

  it('validates amount, currency, payment type and a payment date not after the trip end', async () => {
    const s = await setup();
    const response = await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { amount_in_currency: '-1', currency: '', payment_type: '', payment_date: '2026-05-07' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: ['amount_in_currency'], code: 'delegationOrder.advanceAmountPositive' },
      { path: ['currency'], code: 'global.error.required' },
      { path: ['payment_type'], code: 'global.error.required' },
      { path: ['payment_date'], code: 'delegationOrder.advanceAfterEnd' },
    ]);
  });

  it('allows several advances per trip only when the company allows it', async () => {
    const s = await setup();
    await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId));
    const second = await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId));
    expect(second.json().issues).toEqual([{ path: ['delegation_order_id'], code: 'delegationOrder.singleAdvance' }]);
    const several = await setup({ multiple_advances: true });
    await api.post('/delegation-advance/save', several.employee.headers, advance(several.orderId));
    expect((await api.post('/delegation-advance/save', several.employee.headers, advance(several.orderId))).statusCode).toBe(200);
  });

  it("refuses someone else's order (404 when not visible, another company's too)", async () => {
    const s = await setup();
    const other = await setup();
    expect((await api.post('/delegation-advance/save', s.colleagueHeaders, advance(s.orderId))).statusCode).toBe(404);
    expect((await api.post('/delegation-advance/save', other.employee.headers, advance(s.orderId))).statusCode).toBe(404);
  });

  it('locks advances in the basic flow once the order is submitted', async () => {
    const s = await setup();
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const response = await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId));
    expect(response.statusCode).toBe(409);
  });
});

describe('POST delegation-advance/decision', () => {
  it('extended flow: the financial acceptor approves, then marks paid with the payment date', async () => {
    const s = await setup({ advance_flow: 'extended' });
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    // Not decidable while the order is a draft.
    expect((await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'approve' })).statusCode).toBe(409);
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const toDecide = (await api.get('/delegation-advance/list?scope=toDecide', s.financeHeaders)).json();
    expect(toDecide.items.map((item: { id: number; allowedActions: string[] }) => [item.id, item.allowedActions])).toEqual([[id, ['approve', 'reject']]]);
    expect(toDecide.can_decide).toBe(true);
    // The substantive acceptor does not decide advances.
    expect((await api.post('/delegation-advance/decision', s.acceptorHeaders, { id, decision: 'approve' })).statusCode).toBe(403);
    expect((await api.get('/delegation-advance/list?scope=toDecide', s.acceptorHeaders)).statusCode).toBe(403);
    const approved = await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'approve', comment: 'OK' });
    expect(approved.json().advance).toMatchObject({ status: 'approved', allowedActions: ['markPaid'] });
    const tooLate = await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'markPaid', payment_date: '2026-05-08' });
    expect(tooLate.json().issues).toEqual([{ path: ['payment_date'], code: 'delegationOrder.advanceAfterEnd' }]);
    const paid = await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'markPaid', payment_date: '2026-05-01' });
    expect(paid.json().advance).toMatchObject({ status: 'paid', payment_date: '2026-05-01', allowedActions: [] });
    expect(await lastAuditRow(t.db, s.company.id, 'advance.markPaid')).toBeDefined();
    // A decided advance is not edited any more.
    expect((await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { id }))).statusCode).toBe(409);
  });

  it('extended flow: rejects an advance', async () => {
    const s = await setup({ advance_flow: 'extended' });
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    expect((await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'reject' })).json().advance.status).toBe('rejected');
  });

  it('basic flow: the advance follows the order; the financial acceptor only marks it paid', async () => {
    const s = await setup();
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const early = await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().issues[0].code).toBe('advance.decidedWithOrder');
    await api.post('/delegation-order/action', s.acceptorHeaders, { id: s.orderId, action: 'accept' });
    const mine = (await api.get('/delegation-advance/list', s.employee.headers)).json();
    expect(mine.items[0].status).toBe('approved');
    const paid = await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'markPaid' });
    expect(paid.json().advance).toMatchObject({ status: 'paid', payment_date: '2026-04-20' });
  });

  it("answers 404 for another company's advance and 403 without the financial permission", async () => {
    const s = await setup({ advance_flow: 'extended' });
    const other = await setup({ advance_flow: 'extended' });
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    expect((await api.post('/delegation-advance/decision', other.financeHeaders, { id, decision: 'approve' })).statusCode).toBe(404);
    expect((await api.post('/delegation-advance/decision', s.employee.headers, { id, decision: 'approve' })).statusCode).toBe(403);
  });
});
