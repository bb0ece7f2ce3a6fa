import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';
import { substitutes } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Waiting = {
  absent_user: { id: number };
  counts: { orders: number; settlements: number; advances: number; travel_services: number };
  items: { kind: string; id: number; number: string | null; destination: string | null; employee_name: string }[];
};

/**
 * A trip company whose acceptor has two submitted orders waiting, the first with an advance waiting for the
 * financial acceptor, and a substitute with no permissions of their own.
 */
async function acceptorWithWaitingOrders() {
  const trip = await createTripCompany(t.db, { superior_is_acceptor: true, advance_flow: 'extended' });
  const employee = await authHeaders(t.app, trip.company, trip.employee);
  const orders: number[] = [];
  for (const day of ['2026-06-10', '2026-06-20']) {
    const order = await insertOrder(t.db, trip.company.id, trip.employee.id, { startDate: new Date(`${day}T06:00:00Z`), endDate: new Date(`${day}T16:00:00Z`) });
    if (orders.length === 0) {
      const advance = { delegation_order_id: order, amount_in_currency: '250.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-06-08', comment: '' };
      expect((await api.post('/delegation-advance/save', employee, advance)).statusCode).toBe(200);
    }
    expect((await api.post('/delegation-order/action', employee, { id: order, action: 'submit' })).json().status).toBe('OK');
    orders.push(order);
  }
  const substitute = await createUser(t.db, trip.company, { permissions: [] });
  return { ...trip, orders, substitute, headers: { substitute: await authHeaders(t.app, trip.company, substitute), acceptor: await authHeaders(t.app, trip.company, trip.acceptor) } };
}

describe('what waits for the colleagues one substitutes (/user-substitute/waiting)', () => {
  it('answers, for an acceptor substituted today, the counts and first items of what waits for their decision', async () => {
    const p = await acceptorWithWaitingOrders();
    await api.post('/user-substitute/save', p.headers.acceptor, { substitute_user_id: p.substitute.id, date_from: '2026-05-25', date_to: '2026-06-07', comment: '' });

    const response = await api.get('/user-substitute/waiting', p.headers.substitute);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as { items: Waiting[] };
    expect(items.map((entry) => entry.absent_user.id)).toEqual([p.acceptor.id]);
    expect(items[0]!.counts).toEqual({ orders: 2, settlements: 0, advances: 0, travel_services: 0 });
    expect(items[0]!.items.map((item) => [item.kind, item.id])).toEqual(p.orders.map((id) => ['order', id]));
    expect(items[0]!.items[0]).toMatchObject({ destination: 'Berlin (DE)', employee_name: expect.stringContaining(p.employee.surname) });
    // The substitute's own lists stay their own: nothing waits for them.
    expect((await api.get('/delegation-order/list?waiting_for_me=true', p.headers.substitute)).json().total).toBe(0);
  });

  it('counts exactly what the absent users’ own waiting lists show, advances of a financial acceptor included', async () => {
    const p = await acceptorWithWaitingOrders();
    const financeHeaders = await authHeaders(t.app, p.company, p.finance);
    for (const absent of [p.headers.acceptor, financeHeaders]) {
      await api.post('/user-substitute/save', absent, { substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '' });
    }
    const { items } = (await api.get('/user-substitute/waiting', p.headers.substitute)).json() as { items: Waiting[] };
    expect(items.map((entry) => entry.absent_user.id).sort()).toEqual([p.acceptor.id, p.finance.id].sort());
    for (const [user, headers] of [
      [p.acceptor, p.headers.acceptor],
      [p.finance, financeHeaders],
    ] as const) {
      const own = {
        orders: (await api.get('/delegation-order/list?waiting_for_me=true&page=1&page_size=3', headers)).json().total,
        settlements: (await api.get('/delegation/list?scope=toDecide&page=1&page_size=3', headers)).json().total,
        advances: (await api.get('/delegation-advance/list?scope=toDecide&page=1&page_size=3', headers)).json().total ?? 0,
      };
      expect(items.find((entry) => entry.absent_user.id === user.id)!.counts).toMatchObject(own);
    }
    expect(items.find((entry) => entry.absent_user.id === p.finance.id)!.counts.advances).toBe(1);
  });

  it('shows nothing for a substitution that ended or has not started yet', async () => {
    const p = await acceptorWithWaitingOrders();
    await t.db.insert(substitutes).values([
      { companyId: p.company.id, absentUserId: p.acceptor.id, substituteUserId: p.substitute.id, fromDate: '2026-05-01', toDate: '2026-05-31', comment: '' },
      { companyId: p.company.id, absentUserId: p.acceptor.id, substituteUserId: p.substitute.id, fromDate: '2026-06-02', toDate: null, comment: '' },
    ]);
    expect((await api.get('/user-substitute/waiting', p.headers.substitute)).json()).toEqual({ items: [] });
  });

  it('never shows a user of another company, even if a substitution row names one', async () => {
    const p = await acceptorWithWaitingOrders();
    const stranger = await createUser(t.db, await createCompany(t.db), { permissions: ['delegationAcceptSubstantive'] });
    await t.db.insert(substitutes).values({ companyId: p.company.id, absentUserId: stranger.id, substituteUserId: p.substitute.id, fromDate: null, toDate: null, comment: '' });
    expect((await api.get('/user-substitute/waiting', p.headers.substitute)).json()).toEqual({ items: [] });
  });

  it('concerns the signed-in substitute also while logged in as the absent colleague', async () => {
    const p = await acceptorWithWaitingOrders();
    await api.post('/user-substitute/save', p.headers.acceptor, { substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '' });
    const asAcceptor = bearer((await api.post('/user-substitute/login-as', p.headers.substitute, { absent_user_id: p.acceptor.id })).json().access_token);
    const { items } = (await api.get('/user-substitute/waiting', asAcceptor)).json() as { items: Waiting[] };
    expect(items.map((entry) => [entry.absent_user.id, entry.counts.orders])).toEqual([[p.acceptor.id, 2]]);
  });
});
