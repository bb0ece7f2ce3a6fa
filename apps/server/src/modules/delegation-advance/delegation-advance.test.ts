import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { createTripCompany, insertOrder, outboxOf } from '../../../test/trips.ts';
import { createUser } from '../../../test/factories.ts';
import { advances, auditLog, delegationOrders, users } from '../../db/schema/index.ts';

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

describe('GET delegation-advance/list', () => {
  it("lists my advances and those on orders I filled in for others, newest trip first, page by page with the total, and those waiting for a financial decision to whoever decides", async () => {
    const s = await setup();
    const order = (userId: number, start: string, status = 'created', createdById = s.employee.id) =>
      insertOrder(t.db, s.company.id, userId, { createdById, startDate: new Date(`${start}T06:00:00Z`), endDate: new Date(`${start}T18:00:00Z`), status });
    const insertAdvance = async (userId: number, orderId: number) => {
      const [row] = await t.db
        .insert(advances)
        .values({ companyId: s.company.id, userId, delegationOrderId: orderId, amountInCurrency: '100.00', paymentType: 'cash' })
        .returning({ id: advances.id });
      return row!.id;
    };
    const march = await insertAdvance(s.employee.id, await order(s.employee.id, '2026-03-02'));
    const may = await insertAdvance(s.employee.id, s.orderId);
    // Filled in by the employee for her colleague: hers to see as the order's author, his as its employee.
    const june = await insertAdvance(s.colleague.id, await order(s.colleague.id, '2026-06-01', 'accepted'));
    const july = await insertAdvance(s.colleague.id, await order(s.colleague.id, '2026-07-01', 'submitted', s.colleague.id));
    const listed = async (headers: Record<string, string>, query: string) => {
      const response = await api.get(`/delegation-advance/list?${query}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: { id: number }[]; total: number; total_is_exact: boolean };
      return { ids: body.items.map((item) => item.id), total: body.total, exact: body.total_is_exact };
    };

    expect(await listed(s.employee.headers, 'scope=mine')).toEqual({ ids: [june, may, march], total: 3, exact: true });
    expect(await listed(s.employee.headers, 'scope=mine&page_size=2')).toEqual({ ids: [june, may], total: 3, exact: true });
    expect(await listed(s.employee.headers, 'scope=mine&page_size=2&page=2')).toEqual({ ids: [march], total: 3, exact: true });
    expect(await listed(s.colleagueHeaders, 'scope=mine')).toEqual({ ids: [july, june], total: 2, exact: true });
    // Only advances on orders that go ahead wait for the financial acceptor.
    expect(await listed(s.financeHeaders, 'scope=toDecide')).toEqual({ ids: [july, june], total: 2, exact: true });
    expect(await listed(s.financeHeaders, 'scope=mine')).toEqual({ ids: [], total: 0, exact: true });
  });
});

describe('GET delegation-advance/list, page by page', () => {
  it("gives every advance of mine once, newest trip first and by id within a day, at any page size, with the same exact total on every page", async () => {
    const s = await setup();
    const days = ['2026-05-04', '2026-05-11', '2026-05-18'];
    const visible: { id: number; start: string }[] = [];
    for (let index = 0; index < 12; index += 1) {
      // In turn: her own order, one she filled in for her colleague, his own, and her own that was deleted.
      const kind = index % 4;
      const start = days[index % days.length]!;
      const employee = kind === 0 || kind === 3 ? s.employee.id : s.colleague.id;
      const orderId = await insertOrder(t.db, s.company.id, employee, {
        createdById: kind === 2 ? s.colleague.id : s.employee.id,
        startDate: new Date(`${start}T06:00:00Z`),
        endDate: new Date(`${start}T18:00:00Z`),
        status: kind === 3 ? 'deleted' : 'created',
      });
      for (let advance = 0; advance <= index % 2; advance += 1) {
        const [row] = await t.db.insert(advances).values({ companyId: s.company.id, userId: employee, delegationOrderId: orderId, amountInCurrency: '50.00', paymentType: 'cash' }).returning({ id: advances.id });
        if (kind < 2) visible.push({ id: row!.id, start });
      }
    }
    const expected = visible.sort((a, b) => b.start.localeCompare(a.start) || a.id - b.id).map((advance) => advance.id);
    expect(expected.length).toBeGreaterThan(7);
    for (const pageSize of [1, 3, 7, 25]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / pageSize); page += 1) {
        const body = (await api.get(`/delegation-advance/list?scope=mine&page=${page}&page_size=${pageSize}`, s.employee.headers)).json();
        expect([body.total, body.total_is_exact]).toEqual([expected.length, true]);
        seen.push(...(body.items as { id: number }[]).map((item) => item.id));
      }
      expect(seen, `page size ${pageSize}`).toEqual(expected);
    }
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

describe('e-mails about advances', () => {
  const ADVANCES_TO_DECIDE = 'http://delego.test/delegation-advance?scope=toDecide';
  const MY_ADVANCES = 'http://delego.test/delegation-advance';

  const mailsAbout = async (companyId: number, word: RegExp) => (await outboxOf(t.db, companyId)).filter((mail) => word.test(mail.subject));
  const orderNumber = async (orderId: number) => (await t.db.select({ number: delegationOrders.number }).from(delegationOrders).where(eq(delegationOrders.id, orderId)))[0]!.number;
  const speaksEnglish = (userId: number) => t.db.update(users).set({ language: 'en-US' }).where(eq(users.id, userId));
  const auditActions = async (companyId: number) =>
    (await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityType, 'advance'))).orderBy(asc(auditLog.id))).map((row) => row.action);

  it('extended flow: tells the financial acceptor when the order with the advance is sent, then the employee of the approval and the payment', async () => {
    // Numbered when sent, so the e-mails name the order by its number.
    const s = await setup({ advance_flow: 'extended', numbering_base_date: 'sendDate' });
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    // A draft's advance cannot be decided yet: nobody is asked.
    expect(await mailsAbout(s.company.id, /Zaliczk/)).toEqual([]);

    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const number = await orderNumber(s.orderId);
    expect(number).toMatch(/^PW\//);
    const [request, ...more] = await mailsAbout(s.company.id, /Zaliczk/);
    expect(more).toEqual([]);
    expect(request!.recipient).toBe(s.finance.email);
    expect(request!.subject).toBe(`Delego: Zaliczka do polecenia wyjazdu nr ${number} czeka na Twoją decyzję`);
    expect(request!.textBody).toBe(
      [
        `Zaliczka do polecenia wyjazdu nr ${number} – Jan Testowy (04.05.2026 – 06.05.2026) czeka na Twoją decyzję:`,
        '- 250,00\u00a0EUR, przelew, data wypłaty 02.05.2026',
        `Otwórz zaliczki do decyzji w Delego: ${ADVANCES_TO_DECIDE}`,
      ].join('\n'),
    );
    // The order's own acceptor is asked about the order, as before.
    expect((await outboxOf(t.db, s.company.id)).map((mail) => mail.recipient).sort()).toEqual([s.acceptor.email, s.finance.email].sort());

    await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'approve', comment: 'Zgoda' });
    const approved = (await mailsAbout(s.company.id, /zatwierdzona/)).map((mail) => [mail.recipient, mail.subject, mail.textBody]);
    expect(approved).toEqual([
      [
        s.employee.email,
        `Delego: Zaliczka do polecenia wyjazdu nr ${number} została zatwierdzona`,
        [`Zaliczka 250,00\u00a0EUR do polecenia wyjazdu nr ${number} – Jan Testowy (04.05.2026 – 06.05.2026) została zatwierdzona.`, 'Komentarz: Zgoda', `Otwórz swoje zaliczki w Delego: ${MY_ADVANCES}`].join('\n'),
      ],
    ]);

    await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'markPaid', payment_date: '2026-05-01' });
    const [paid, ...morePaid] = await mailsAbout(s.company.id, /wypłacona/);
    expect(morePaid).toEqual([]);
    expect(paid!.recipient).toBe(s.employee.email);
    expect(paid!.subject).toBe(`Delego: Zaliczka do polecenia wyjazdu nr ${number} została wypłacona`);
    expect(paid!.textBody).toContain('Data wypłaty: 01.05.2026');
    expect(paid!.textBody).toContain(MY_ADVANCES);

    // The mails add nothing to the audit trail: one row per change, as before.
    expect(await auditActions(s.company.id)).toEqual(['advance.create', 'advance.approve', 'advance.markPaid']);
    expect((await lastAuditRow(t.db, s.company.id, 'advance.approve'))!.after).toEqual({
      amount_in_currency: '250.00',
      currency: 'EUR',
      payment_type: 'transfer',
      payment_date: '2026-05-02',
      status: 'approved',
      comment: 'Hotel',
      decision_comment: 'Zgoda',
    });
  });

  it('extended flow: asks at once about an advance requested on a sent order, in the acceptor language, and tells the employee and the order creator of a rejection', async () => {
    const s = await setup({ advance_flow: 'extended' });
    // The administrator filled in the order for the employee.
    await t.db.update(delegationOrders).set({ createdById: s.admin.id }).where(eq(delegationOrders.id, s.orderId));
    await speaksEnglish(s.finance.id);
    await speaksEnglish(s.admin.id);
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    // Numbered only at acceptance: the subjects name the order by its trip's dates, never by an internal id.
    expect(await orderNumber(s.orderId)).toBeNull();
    const dates = { en: '(05/04/2026 – 05/06/2026)', pl: '(04.05.2026 – 06.05.2026)' };
    expect(await mailsAbout(s.company.id, /Advance/)).toEqual([]);

    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { amount_in_currency: '1200.50', payment_type: 'cash', payment_date: null }))).json().advance.id;
    const [request, ...more] = await mailsAbout(s.company.id, /Advance/);
    expect(more).toEqual([]);
    expect(request!.recipient).toBe(s.finance.email);
    expect(request!.subject).toBe(`Delego: Advance on trip order ${dates.en} awaits your decision`);
    expect(request!.textBody).toBe(
      [`Advance on trip order of Jan Testowy (05/04/2026 – 05/06/2026) awaits your decision:`, '- 1,200.50\u00a0EUR, cash', `Open the advances to decide in Delego: ${ADVANCES_TO_DECIDE}`].join('\n'),
    );
    // Changing the request does not ask again.
    await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { id, amount_in_currency: '1100.00' }));
    expect(await mailsAbout(s.company.id, /Advance/)).toHaveLength(1);

    await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'reject' });
    const rejected = (await outboxOf(t.db, s.company.id)).filter((mail) => /odrzucona|rejected/.test(mail.subject));
    expect(rejected.map((mail) => [mail.recipient, mail.subject]).sort()).toEqual(
      [
        [s.admin.email, `Delego: Advance on trip order ${dates.en} was rejected`],
        [s.employee.email, `Delego: Zaliczka do polecenia wyjazdu ${dates.pl} została odrzucona`],
      ].sort(),
    );
    expect(rejected.find((mail) => mail.recipient === s.admin.email)!.textBody).toContain(`The advance of 1,100.00\u00a0EUR on trip order of Jan Testowy`);
    expect(rejected.some((mail) => mail.subject.includes('#') || mail.textBody.includes(`#${s.orderId}`))).toBe(false);
    expect(rejected.every((mail) => mail.textBody.endsWith(MY_ADVANCES))).toBe(true);
  });

  it('extended flow: asks every financial acceptor once per order, listing its advances, but never about their own', async () => {
    const s = await setup({ advance_flow: 'extended', multiple_advances: true });
    const second = await createUser(t.db, s.company, { permissions: ['delegationAcceptFinancial'], language: 'en-US' });
    await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId));
    await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId, { amount_in_currency: '80.00', currency: 'PLN', payment_type: 'cash', payment_date: null }));
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const requests = await outboxOf(t.db, s.company.id).then((mails) => mails.filter((mail) => mail.recipient !== s.acceptor.email));
    expect(requests.map((mail) => [mail.recipient, mail.subject]).sort()).toEqual(
      [
        [s.finance.email, 'Delego: Zaliczki do polecenia wyjazdu (04.05.2026 – 06.05.2026) czekają na Twoją decyzję'],
        [second.email, 'Delego: Advances on trip order (05/04/2026 – 05/06/2026) await your decision'],
      ].sort(),
    );
    expect(requests.find((mail) => mail.recipient === s.finance.email)!.textBody.split('\n').slice(1, 3)).toEqual(['- 250,00\u00a0EUR, przelew, data wypłaty 02.05.2026', '- 80,00\u00a0zł, gotówka']);

    // The financial acceptor's own trip: only the other one is asked.
    await t.db.update(users).set({ superiorId: s.acceptor.id }).where(eq(users.id, s.finance.id));
    const own = await insertOrder(t.db, s.company.id, s.finance.id);
    await api.post('/delegation-advance/save', s.financeHeaders, advance(own));
    const before = (await outboxOf(t.db, s.company.id)).length;
    await api.post('/delegation-order/action', s.financeHeaders, { id: own, action: 'submit' });
    const asked = (await outboxOf(t.db, s.company.id)).slice(before).filter((mail) => /Advance|Zaliczk/.test(mail.subject));
    expect(asked.map((mail) => mail.recipient)).toEqual([second.email]);
  });

  it('basic flow: the order decision speaks for its advances; marking one paid tells the employee', async () => {
    const s = await setup();
    const id = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    await api.post('/delegation-order/action', s.acceptorHeaders, { id: s.orderId, action: 'accept' });
    // The acceptor was asked about the order and the employee told of its acceptance; nothing about the advance on its own.
    expect((await outboxOf(t.db, s.company.id)).map((mail) => mail.recipient)).toEqual([s.acceptor.email, s.employee.email]);
    expect(await mailsAbout(s.company.id, /Zaliczk/)).toEqual([]);

    await api.post('/delegation-advance/decision', s.financeHeaders, { id, decision: 'markPaid' });
    const paid = await mailsAbout(s.company.id, /Zaliczk/);
    expect(paid.map((mail) => [mail.recipient, mail.subject])).toEqual([[s.employee.email, `Delego: Zaliczka do polecenia wyjazdu nr ${await orderNumber(s.orderId)} została wypłacona`]]);
    expect(paid[0]!.textBody).toContain('Data wypłaty: 20.04.2026');
  });

  it('sends nothing when the company turned e-mail notifications off, and audits every decision as before', async () => {
    const s = await setup({ advance_flow: 'extended', email_notification_mode: 'disabled' });
    const first = (await api.post('/delegation-advance/save', s.employee.headers, advance(s.orderId))).json().advance.id;
    await api.post('/delegation-order/action', s.employee.headers, { id: s.orderId, action: 'submit' });
    const several = await setup({ advance_flow: 'extended', email_notification_mode: 'disabled', multiple_advances: true });
    await api.post('/delegation-order/action', several.employee.headers, { id: several.orderId, action: 'submit' });
    const second = (await api.post('/delegation-advance/save', several.employee.headers, advance(several.orderId))).json().advance.id;
    expect((await api.post('/delegation-advance/decision', s.financeHeaders, { id: first, decision: 'approve' })).statusCode).toBe(200);
    expect((await api.post('/delegation-advance/decision', s.financeHeaders, { id: first, decision: 'markPaid' })).statusCode).toBe(200);
    expect((await api.post('/delegation-advance/decision', several.financeHeaders, { id: second, decision: 'reject' })).statusCode).toBe(200);
    expect(await outboxOf(t.db, s.company.id)).toEqual([]);
    expect(await outboxOf(t.db, several.company.id)).toEqual([]);
    expect(await auditActions(s.company.id)).toEqual(['advance.create', 'advance.approve', 'advance.markPaid']);
    expect(await auditActions(several.company.id)).toEqual(['advance.create', 'advance.reject']);
  });
});
