import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { createTripCompany, outboxOf } from '../../../test/trips.ts';
import { delegationOrders, delegationTasks, exchangeRates, savedTemplates } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = { authorization: string };

async function setup(settings: Parameters<typeof createTripCompany>[1] = {}) {
  const trip = await createTripCompany(t.db, settings);
  const [task] = await t.db.insert(delegationTasks).values({ companyId: trip.company.id, namePl: 'Spotkanie z klientem', nameEn: 'Client meeting' }).returning();
  await t.db.insert(exchangeRates).values({ companyId: trip.company.id, currency: 'EUR', rateDate: '2026-04-17', rate: '4.250000', tableNo: '075/A/NBP/2026', source: 'nbp' });
  const headers = {
    employee: await authHeaders(t.app, trip.company, trip.employee),
    acceptor: await authHeaders(t.app, trip.company, trip.acceptor),
    finance: await authHeaders(t.app, trip.company, trip.finance),
    admin: await authHeaders(t.app, trip.company, trip.admin),
    colleague: await authHeaders(t.app, trip.company, trip.colleague),
  };
  return { ...trip, task: task!, headers };
}

function orderBody(userId: number, taskId: number, overrides: Record<string, unknown> = {}) {
  return {
    user_id: userId,
    cost_centre_id: null,
    task_id: taskId,
    task: null,
    add_description: 'Prezentacja wdrożenia u klienta w Berlinie',
    destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
    destinationText: null,
    start_place_text: 'Warszawa',
    end_place_text: 'Warszawa',
    start_date: '2026-05-04 08:00',
    end_date: '2026-05-06 18:00',
    allowed_transport: ['flight', 'publicTransport'],
    allowed_transport_cost: '1200.00',
    settlement_deadline: '2026-05-20',
    project_id: null,
    external_customer_id: null,
    custom_number: null,
    advances: [{ amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-04-30', comment: 'Na hotel' }],
    ...overrides,
  };
}

async function createOrder(headers: Headers, body: Record<string, unknown>) {
  const response = await api.post('/delegation-order/save-standard', headers, body);
  expect(response.statusCode).toBe(200);
  const json = response.json();
  expect(json.status).toBe('OK');
  return json.delegationOrder as { id: number; version: number; status: string; number: string | null; allowedActions: string[] };
}

const action = (headers: Headers, id: number, name: string, extra: Record<string, unknown> = {}) => api.post('/delegation-order/action', headers, { id, action: name, ...extra });

describe('POST delegation-order/save-standard', () => {
  it('creates an order with every field, its advance and its cost estimate, and audits it', async () => {
    const s = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    const response = await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: order.id });
    expect(response.statusCode).toBe(200);
    const dto = response.json().delegationOrder;
    expect(dto).toMatchObject({
      status: 'created',
      stage: null,
      version: 1,
      number: null,
      user_id: s.employee.id,
      task_id: s.task.id,
      task_name: 'Spotkanie z klientem',
      destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
      start_date: '2026-05-04 08:00',
      end_date: '2026-05-06 18:00',
      allowed_transport: ['flight', 'publicTransport'],
      allowed_transport_cost: '1200.00',
      settlement_deadline: '2026-05-20',
      employee: { id: s.employee.id },
      created_by: { id: s.employee.id },
      allowedActions: ['edit', 'submit', 'cancel', 'delete'],
      decisions: [],
      // Stamped by the app's clock, as its decisions are.
      created_at: t.clock.now().toISOString(),
    });
    expect(dto.advances).toEqual([
      { id: expect.any(Number), amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-04-30', comment: 'Na hotel', status: 'unknown', files: [] },
    ]);
    expect(dto.estimate.lines.map((line: { kind: string }) => line.kind)).toEqual(['perDiem', 'lodging', 'transport']);
    expect(dto.estimate.lines[0]).toMatchObject({ currency: 'EUR', amount: '122.50', amount_pln: '520.63' });
    expect(dto.estimated_total_cost).toBe(dto.estimate.total_pln);
    const audit = await lastAuditRow(t.db, s.company.id, 'delegationOrder.create');
    expect(audit).toMatchObject({ userId: s.employee.id, entityId: String(order.id) });
  });

  it('answers status error with the issues of spec §5 at their fields, and saves nothing', async () => {
    const s = await setup();
    const response = await api.post(
      '/delegation-order/save-standard',
      s.headers.employee,
      orderBody(s.employee.id, s.task.id, {
        user_id: null,
        task_id: 'other',
        task: 'krótko',
        add_description: 'mało',
        start_date: '2026-05-06 18:00',
        end_date: '2026-05-04 08:00',
        destinations: Array.from({ length: 6 }, (_, index) => ({ place_text: `Miasto ${index}`, country_code: 'DE' })),
        start_place_text: '',
        allowed_transport_cost: '-5',
        advances: [{ amount_in_currency: '0', currency: 'EUR', payment_type: 'cash', payment_date: '2026-05-10', comment: '' }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED', message: 'Form not validated' });
    const codes = json.issues.map((issue: { path: (string | number)[]; code: string }) => `${issue.path.join('.')}:${issue.code}`);
    expect(codes).toEqual([
      'user_id:delegationOrder.chooseWorker',
      'start_date:delegationOrder.startAfterEnd',
      'end_date:delegationOrder.endBeforeStart',
      'task:validation.minLength10',
      'add_description:validation.minLength10',
      'destinations:delegationOrder.tooManyDestinations',
      'start_place_text:delegationOrder.estimatePlaces',
      'allowed_transport_cost:validation.amount',
      'advances.0.amount_in_currency:delegationOrder.advanceAmountPositive',
      'advances.0.payment_date:delegationOrder.advanceAfterEnd',
    ]);
    expect(await t.db.select().from(delegationOrders).where(eq(delegationOrders.companyId, s.company.id))).toHaveLength(0);
  });

  it('refuses an order covering all of 2999 and an advance of 99,999,999 in currency XYZ, at their fields, and saves nothing', async () => {
    const s = await setup();
    const response = await api.post(
      '/delegation-order/save-standard',
      s.headers.employee,
      orderBody(s.employee.id, s.task.id, {
        end_date: '2999-12-31 18:00',
        advances: [{ amount_in_currency: '99999999.00', currency: 'XYZ', payment_type: 'transfer', payment_date: '2026-04-30', comment: '' }],
      }),
    );
    const json = response.json();
    expect(json).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED' });
    const codes = json.issues.map((issue: { path: (string | number)[]; code: string }) => `${issue.path.join('.')}:${issue.code}`);
    expect(codes).toEqual(['end_date:validation.dateTooLate', 'advances.0.amount_in_currency:validation.valueOutOfRange', 'advances.0.currency:validation.unknownCurrency']);
    expect(await t.db.select().from(delegationOrders).where(eq(delegationOrders.companyId, s.company.id))).toHaveLength(0);
  });

  it('refuses a transport type outside the list and unknown fields (contract)', async () => {
    const s = await setup();
    const bad = await api.post('/delegation-order/save-standard', s.headers.employee, orderBody(s.employee.id, s.task.id, { allowed_transport: ['rocket'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['allowed_transport', 0]);
    const unknown = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id), hacker: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses another company's trip reason and allows only one advance unless the company allows several", async () => {
    const s = await setup();
    const other = await setup();
    const foreign = await api.post('/delegation-order/save-standard', s.headers.employee, orderBody(s.employee.id, other.task.id));
    expect(foreign.json().issues).toEqual([{ path: ['task_id'], code: 'validation.unknownReference' }]);
    const advance = { amount_in_currency: '100.00', currency: 'EUR', payment_type: 'cash', payment_date: null, comment: '' };
    const two = await api.post('/delegation-order/save-standard', s.headers.employee, orderBody(s.employee.id, s.task.id, { advances: [advance, advance] }));
    expect(two.json().issues).toEqual([{ path: ['advances'], code: 'delegationOrder.singleAdvance' }]);
    const several = await setup({ multiple_advances: true });
    const order = await createOrder(several.headers.employee, orderBody(several.employee.id, several.task.id, { advances: [advance, advance] }));
    expect(order.status).toBe('created');
  });

  it('creates for another worker only with delegationForOthers', async () => {
    const s = await setup();
    const refused = await api.post('/delegation-order/save-standard', s.headers.colleague, orderBody(s.employee.id, s.task.id));
    // Spec §6 "no right to edit a user's order", at the worker chosen; nothing is saved.
    expect(refused.json()).toMatchObject({ status: 'error', issues: [{ path: ['user_id'], code: 'messages.Norighttoeditausersorder' }] });
    expect(await t.db.select().from(delegationOrders).where(eq(delegationOrders.companyId, s.company.id))).toEqual([]);
    const order = await createOrder(s.headers.acceptor, orderBody(s.employee.id, s.task.id));
    const dto = (await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: order.id })).json().delegationOrder;
    expect(dto).toMatchObject({ employee: { id: s.employee.id }, created_by: { id: s.acceptor.id } });
    // The one who typed it in acts for the employee: edits and submits it.
    expect(dto.allowedActions).toContain('submit');
  });

  it('updates the owner\'s draft with optimistic locking, and refuses edits once submitted', async () => {
    const s = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    const updated = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id, { end_date: '2026-05-07 18:00', advances: [] }), id: order.id, version: 1 });
    expect(updated.json()).toMatchObject({ status: 'OK', delegationOrder: { version: 2, end_date: '2026-05-07 18:00', advances: [] } });
    const unversioned = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id, { end_date: '2026-05-08 18:00' }), id: order.id });
    expect(unversioned.json()).toMatchObject({ status: 'error', issues: [{ path: ['version'], code: 'validation.required' }] });
    const stale = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id), id: order.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await action(s.headers.employee, order.id, 'submit', { version: 2 })).statusCode).toBe(200);
    const locked = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id), id: order.id });
    expect(locked.statusCode).toBe(409);
    // The administrator sees a draft but does not edit someone else's order.
    const draft = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    const adminEdit = await api.post('/delegation-order/save-standard', s.headers.admin, { ...orderBody(s.employee.id, s.task.id), id: draft.id });
    expect(adminEdit.statusCode).toBe(403);
    expect(adminEdit.json().messages).toEqual(["No right to edit a user's order"]);
  });

  it("answers 404 for another company's order and for an order the user may not see", async () => {
    const s = await setup();
    const other = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    for (const headers of [other.headers.admin, s.headers.colleague, s.headers.acceptor]) {
      expect((await api.post('/delegation-order/delegation-order-edit', headers, { id: order.id })).statusCode).toBe(404);
      expect((await api.post('/delegation-order/save-standard', headers, { ...orderBody(s.employee.id, s.task.id), id: order.id })).statusCode).toBeGreaterThanOrEqual(403);
      expect((await action(headers, order.id, 'submit')).statusCode).toBe(404);
    }
    // The administrator of the company sees it.
    expect((await api.post('/delegation-order/delegation-order-edit', s.headers.admin, { id: order.id })).statusCode).toBe(200);
    const [row] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, order.id));
    expect(row!.status).toBe('created');
  });
});

describe('POST delegation-order/action', () => {
  it('goes submit → accept with a number, history and e-mails; acceptor and employee see the result', async () => {
    const s = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    const submitted = await action(s.headers.employee, order.id, 'submit', { version: 1 });
    expect(submitted.json()).toEqual({ status: 'OK', result: { id: order.id, status: 'submitted', stage: 'substantive', number: null, version: 2, allowedActions: ['withdraw', 'cancel'] } });
    const forAcceptor = (await api.post('/delegation-order/delegation-order-edit', s.headers.acceptor, { id: order.id })).json().delegationOrder;
    expect(forAcceptor.allowedActions).toEqual(['accept', 'reject', 'returnForCorrection', 'cancel']);
    expect(forAcceptor.current_approvers.map((person: { id: number }) => person.id)).toEqual([s.acceptor.id]);
    // The financial acceptor does not decide orders.
    expect((await action(s.headers.finance, order.id, 'accept')).statusCode).toBe(404);
    const accepted = await action(s.headers.acceptor, order.id, 'accept', { comment: 'OK', version: 2 });
    expect(accepted.json().result).toMatchObject({ status: 'accepted', number: 'PW/1/2026' });
    const dto = (await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: order.id })).json().delegationOrder;
    expect(dto).toMatchObject({ status: 'accepted', number: 'PW/1/2026', is_number_permanent: true });
    expect(dto.advances[0].status).toBe('approved');
    expect(dto.decisions.map((d: { action: string; comment: string }) => [d.action, d.comment])).toEqual([
      ['submit', ''],
      ['accept', 'OK'],
    ]);
    expect((await outboxOf(t.db, s.company.id)).map((mail) => mail.recipient)).toEqual([s.acceptor.email, s.employee.email]);
  });

  it('refuses what the status or the role does not allow', async () => {
    const s = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect((await action(s.headers.employee, order.id, 'accept')).statusCode).toBe(409);
    expect((await action(s.headers.admin, order.id, 'submit')).statusCode).toBe(403);
    await action(s.headers.employee, order.id, 'submit');
    const ownAcceptance = await action(s.headers.employee, order.id, 'accept');
    expect(ownAcceptance.statusCode).toBe(403);
    expect(ownAcceptance.json().messages).toEqual(['No permissions over delegation']);
    expect((await action(s.headers.employee, order.id, 'delete')).statusCode).toBe(409);
    expect((await action(s.headers.acceptor, order.id, 'settle')).statusCode).toBe(409);
    const rejected = await action(s.headers.acceptor, order.id, 'reject', { comment: 'Nie teraz, budżet wyczerpany' });
    expect(rejected.json().result.status).toBe('rejected');
    expect((await action(s.headers.employee, order.id, 'submit')).statusCode).toBe(409);
    expect((await action(s.headers.acceptor, order.id, 'stepBack')).json().result.status).toBe('submitted');
  });

  it('returns for correction and rejects only with a reason of at least 10 characters, said at the comment', async () => {
    const s = await setup();
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    await action(s.headers.employee, order.id, 'submit');
    for (const decision of ['returnForCorrection', 'reject']) {
      const missing = await action(s.headers.acceptor, order.id, decision);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues).toEqual([{ path: ['comment'], code: 'global.error.required' }]);
      const short = await action(s.headers.acceptor, order.id, decision, { comment: '  Popraw  ' });
      expect(short.json().issues).toEqual([{ path: ['comment'], code: 'validation.minLength10' }]);
    }
    const dto = (await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: order.id })).json().delegationOrder;
    expect(dto.status).toBe('submitted');
    const returned = await action(s.headers.acceptor, order.id, 'returnForCorrection', { comment: 'Popraw daty powrotu' });
    expect(returned.json().result.status).toBe('rejectedForCorrect');
  });

  it('accepts once when two acceptors decide at the same moment', async () => {
    const s = await setup();
    const deputy = await createUser(t.db, s.company, { permissions: ['delegationAcceptSubstantive'] });
    const deputyHeaders = await authHeaders(t.app, s.company, deputy);
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    await action(s.headers.employee, order.id, 'submit');
    const [a, b] = await Promise.all([action(s.headers.acceptor, order.id, 'accept'), action(deputyHeaders, order.id, 'accept')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const dto = (await api.post('/delegation-order/delegation-order-edit', s.headers.employee, { id: order.id })).json().delegationOrder;
    expect(dto.decisions.filter((d: { action: string }) => d.action === 'accept')).toHaveLength(1);
    expect(dto.number).toBe('PW/1/2026');
  });
});

describe('GET delegation-order/list', () => {
  it('shows the employee their own, the acceptor those waiting for them, the administrator all, with filters and paging', async () => {
    const s = await setup();
    const mine = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    const colleagues = await createOrder(s.headers.colleague, orderBody(s.colleague.id, s.task.id, { destinations: [{ place_text: 'Gdańsk', country_code: 'PL' }], start_date: '2026-06-01 07:00', end_date: '2026-06-01 20:00' }));
    await action(s.headers.employee, mine.id, 'submit');
    const ids = async (headers: Headers, query = '') => (await api.get(`/delegation-order/list${query}`, headers)).json().items.map((item: { id: number }) => item.id);

    expect(await ids(s.headers.employee)).toEqual([mine.id]);
    expect(await ids(s.headers.colleague)).toEqual([colleagues.id]);
    // The acceptor sees the submitted order, not the colleague's draft.
    expect(await ids(s.headers.acceptor)).toEqual([mine.id]);
    expect((await ids(s.headers.admin, '?sort=start_date&order=asc')).sort()).toEqual([mine.id, colleagues.id].sort());
    expect(await ids(s.headers.finance)).toEqual([]);

    const acceptorList = (await api.get('/delegation-order/list', s.headers.acceptor)).json();
    expect(acceptorList.items[0]).toMatchObject({
      status: 'submitted',
      waiting_for_me: true,
      employee: { id: s.employee.id },
      destination: 'Berlin (DE)',
      task_name: 'Spotkanie z klientem',
      start_date: '2026-05-04 08:00',
      allowedActions: ['accept', 'reject', 'returnForCorrection', 'cancel'],
    });

    expect(await ids(s.headers.admin, '?status=created')).toEqual([colleagues.id]);
    expect(await ids(s.headers.admin, '?date_from=2026-05-30')).toEqual([colleagues.id]);
    expect(await ids(s.headers.admin, '?date_to=2026-05-04')).toEqual([mine.id]);
    expect(await ids(s.headers.admin, `?user_id=${s.colleague.id}`)).toEqual([colleagues.id]);
    expect(await ids(s.headers.admin, '?search=gdańsk')).toEqual([colleagues.id]);
    expect(await ids(s.headers.acceptor, '?waiting_for_me=true')).toEqual([mine.id]);
    const paged = (await api.get('/delegation-order/list?page=2&page_size=1&sort=start_date&order=asc', s.headers.admin)).json();
    expect(paged).toMatchObject({ total: 2, items: [{ id: colleagues.id }] });
    await action(s.headers.acceptor, mine.id, 'accept');
    expect(await ids(s.headers.admin, '?number=PW/1')).toEqual([mine.id]);
    // After deciding, the acceptor still sees it (decided by them).
    expect(await ids(s.headers.acceptor)).toEqual([mine.id]);
    expect((await api.get('/delegation-order/list', s.headers.acceptor)).json().total).toBe(1);
    expect((await api.get('/delegation-order/list?search=berlin', s.headers.employee)).json()).toMatchObject({ total: 1, items: [{ id: mine.id }] });
  });

  it('needs a session', async () => {
    expect((await api.get('/delegation-order/list', {})).statusCode).toBe(401);
  });
});

describe('GET delegation-order/available-users and form-data', () => {
  it('lists the user alone, or the whole company for delegationForOthers', async () => {
    const s = await setup();
    const own = (await api.get('/delegation-order/available-users', s.headers.employee)).json();
    expect(own).toEqual([{ id: s.employee.id, fullName: 'Jan Testowy' }]);
    const all = (await api.get('/delegation-order/available-users', s.headers.acceptor)).json();
    expect(all.map((person: { id: number }) => person.id).sort()).toEqual([s.acceptor.id, s.finance.id, s.admin.id, s.employee.id, s.colleague.id].sort());
  });

  it("answers 'no users assigned' at 403 when a screen asks for the workers besides oneself and there is none", async () => {
    const s = await setup();
    const none = await api.get('/delegation-order/available-users?others=true', s.headers.employee);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'FORBIDDEN', messages: ['No users assigned'] });
    const others = (await api.get('/delegation-order/available-users?others=true', s.headers.acceptor)).json();
    expect(others.map((person: { id: number }) => person.id).sort()).toEqual([s.finance.id, s.admin.id, s.employee.id, s.colleague.id].sort());
  });

  it('answers the form choices and the settings the form follows', async () => {
    const s = await setup({ numbering_assignment: 'autoEditable', multiple_advances: true });
    const data = (await api.get('/delegation-order/form-data', s.headers.employee)).json();
    expect(data.tasks).toEqual([{ id: s.task.id, name_pl: 'Spotkanie z klientem', name_en: 'Client meeting', comment_required: false }]);
    expect(data.settings).toEqual({ numbering_assignment: 'autoEditable', multiple_advances: true, advance_flow: 'basic', trip_order_requirement: 'optional' });
  });
});

describe('POST delegation-order/estimate', () => {
  it('estimates an order being edited without saving it', async () => {
    const s = await setup();
    const response = await api.post('/delegation-order/estimate', s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect(response.json().estimate).toMatchObject({ country_code: 'DE', total_pln: '3165.63' });
    const incomplete = await api.post('/delegation-order/estimate', s.headers.employee, orderBody(s.employee.id, s.task.id, { end_date: null }));
    expect(incomplete.json().estimate).toBeNull();
  });

  it("says the save's issues at their fields while the order is edited, those needing the company's records too, as the save says them", async () => {
    const s = await setup();
    const [described] = await t.db.insert(delegationTasks).values({ companyId: s.company.id, namePl: 'Audyt', nameEn: 'Audit', commentRequirement: 'min10' }).returning();
    const [closed] = await t.db.insert(delegationTasks).values({ companyId: s.company.id, namePl: 'Stary cel', nameEn: 'Old purpose', enabledForNew: false }).returning();
    const codes = (issues: { path: (string | number)[]; code: string }[]) => issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);
    const estimated = async (headers: Record<string, string>, body: Record<string, unknown>) => {
      const response = await api.post('/delegation-order/estimate', headers, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { estimate: unknown; validation: { path: (string | number)[]; code: string }[] };
    };

    // The purpose's record asks for a description of at least 10 characters; the estimate is still made.
    const undescribed = orderBody(s.employee.id, described!.id, { task: 'krótko' });
    const live = await estimated(s.headers.employee, undescribed);
    expect(codes(live.validation)).toEqual(['task:validation.minLength10']);
    expect(live.estimate).toMatchObject({ country_code: 'DE' });
    const saved = (await api.post('/delegation-order/save-standard', s.headers.employee, undescribed)).json();
    expect(saved.issues).toEqual(live.validation);

    // A purpose closed for new orders and a cost centre the company does not have.
    const unknown = orderBody(s.employee.id, closed!.id, { cost_centre_id: 999_999 });
    expect(codes((await estimated(s.headers.employee, unknown)).validation)).toEqual(['task_id:validation.unknownReference', 'cost_centre_id:validation.unknownReference']);
    expect(codes((await api.post('/delegation-order/save-standard', s.headers.employee, unknown)).json().issues)).toEqual(['task_id:validation.unknownReference', 'cost_centre_id:validation.unknownReference']);

    // A valid order has none; someone who may not order for the employee learns nothing of the employee.
    expect((await estimated(s.headers.employee, orderBody(s.employee.id, s.task.id))).validation).toEqual([]);
    expect((await estimated(s.headers.colleague, unknown)).validation).toEqual([]);
  });
});

describe('numbering on the form', () => {
  it('proposes an editable number at creation and tells when the proposal moved', async () => {
    const s = await setup({ numbering_assignment: 'autoEditable', numbering_base_date: 'sendDate' });
    const first = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect(first.number).toBe('PW/1/2026');
    const second = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect(second.number).toBe('PW/1/2026');
    expect((await action(s.headers.employee, first.id, 'submit')).json().result.number).toBe('PW/1/2026');
    const moved = (await action(s.headers.employee, second.id, 'submit')).json();
    expect(moved).toMatchObject({ result: { number: 'PW/2/2026' }, messages: ['Number automatically changed to the next one since the proposed one was taken'] });
  });

  it('refuses to send an order whose typed number breaks the sequence, at custom_number, until the number is changed', async () => {
    const s = await setup({ numbering_assignment: 'autoEditable', numbering_base_date: 'sendDate' });
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id, { custom_number: 'PW/9/2026' }));
    const refused = await action(s.headers.employee, order.id, 'submit');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['Cannot be sent or accepted due to broken numbering integrity, number must be changed'],
      issues: [{ path: ['custom_number'], code: 'messages.Cannotbesentoracceptedduetobrokennumberingintegritynumbermustbechanged' }],
    });
    const fixed = await api.post('/delegation-order/save-standard', s.headers.employee, { ...orderBody(s.employee.id, s.task.id, { custom_number: 'PW/1/2026' }), id: order.id, version: order.version });
    expect(fixed.json().status).toBe('OK');
    expect((await action(s.headers.employee, order.id, 'submit')).json().result).toMatchObject({ status: 'submitted', number: 'PW/1/2026' });
  });

  it('numbers at creation when the company numbers by creation date', async () => {
    const s = await setup({ numbering_base_date: 'creation' });
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect(order.number).toBe('PW/1/2026');
    const deleted = await action(s.headers.employee, order.id, 'delete');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().messages).toEqual(['Document with a number cannot be deleted']);
  });

  it('refuses to step back an order numbered at sending, with the spec message, and to delete it after withdrawing', async () => {
    const s = await setup({ numbering_base_date: 'sendDate' });
    const order = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    expect((await action(s.headers.employee, order.id, 'submit')).json().result.number).toBe('PW/1/2026');
    const rejected = await action(s.headers.acceptor, order.id, 'reject', { comment: 'Nie teraz, budżet wyczerpany' });
    expect(rejected.json().result.allowedActions).not.toContain('stepBack');
    const back = await action(s.headers.acceptor, order.id, 'stepBack');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ messages: ['Cannot step back because of numbering continuity'], params: { refusal: 'document.refused.numberingContinuity' } });

    const second = await createOrder(s.headers.employee, orderBody(s.employee.id, s.task.id));
    await action(s.headers.employee, second.id, 'submit');
    await action(s.headers.employee, second.id, 'withdraw');
    const deleted = await action(s.headers.employee, second.id, 'delete');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().messages).toEqual(['Document with a number cannot be deleted']);
  });
});

describe('saved templates', () => {
  it('saves private and shared templates, lists mine and the shared ones, starts from one, deletes only my own', async () => {
    const s = await setup();
    const body = orderBody(s.employee.id, s.task.id, { id: 5, version: 3, custom_number: 'X/1' });
    const saved = await api.post('/delegation-order/template/save', s.headers.employee, { name: 'Berlin – klient', is_shared: true, order: body });
    expect(saved.json()).toMatchObject({ status: 'OK', template: { name: 'Berlin – klient', is_shared: true, is_mine: true } });
    const privateOne = (await api.post('/delegation-order/template/save', s.headers.employee, { name: 'Prywatny', is_shared: false, order: body })).json().template;
    const sharedId = saved.json().template.id;

    const colleagueList = (await api.get('/delegation-order/template/list', s.headers.colleague)).json().items;
    expect(colleagueList.map((item: { id: number; is_mine: boolean }) => [item.id, item.is_mine])).toEqual([[sharedId, false]]);
    const mine = (await api.get('/delegation-order/template/list', s.headers.employee)).json().items;
    expect(mine.map((item: { name: string }) => item.name)).toEqual(['Berlin – klient', 'Prywatny']);

    const started = (await api.post('/delegation-order/template/get', s.headers.colleague, { id: sharedId })).json();
    expect(started.order).toMatchObject({ destinations: [{ place_text: 'Berlin', country_code: 'DE' }], custom_number: null });
    expect(started.order.id).toBeUndefined();
    expect((await api.post('/delegation-order/template/get', s.headers.colleague, { id: privateOne.id })).statusCode).toBe(404);

    expect((await api.post('/delegation-order/template/delete', s.headers.colleague, { id: sharedId })).statusCode).toBe(403);
    const other = await setup();
    expect((await api.post('/delegation-order/template/delete', other.headers.admin, { id: sharedId })).statusCode).toBe(404);
    expect((await api.post('/delegation-order/template/delete', s.headers.employee, { id: sharedId })).statusCode).toBe(200);
    expect(await t.db.select().from(savedTemplates).where(eq(savedTemplates.companyId, s.company.id))).toHaveLength(1);
    expect(await lastAuditRow(t.db, s.company.id, 'savedTemplate.delete')).toBeDefined();
  });

  it('requires a name', async () => {
    const s = await setup();
    const response = await api.post('/delegation-order/template/save', s.headers.employee, { name: ' ', is_shared: false, order: orderBody(s.employee.id, s.task.id) });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0]).toMatchObject({ path: ['name'], code: 'global.error.required' });
  });
});
