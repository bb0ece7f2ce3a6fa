import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';
import { documentDecisions, substitutes, users } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function people() {
  const company = await createCompany(t.db);
  const absent = await createUser(t.db, company, { permissions: ['delegationAcceptSubstantive'] });
  const substitute = await createUser(t.db, company);
  const admin = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  return {
    company,
    absent,
    substitute,
    admin,
    headers: {
      absent: await authHeaders(t.app, company, absent),
      substitute: await authHeaders(t.app, company, substitute),
      admin: await authHeaders(t.app, company, admin),
    },
  };
}

describe('one’s own substitutes (/substitutes)', () => {
  it('names a substitute for a period, shown to both people, and audits it', async () => {
    const p = await people();
    const saved = await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: '2026-06-01', date_to: '2026-06-14', comment: 'Urlop' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().substitute).toMatchObject({
      absent_user: { id: p.absent.id, login: p.absent.login },
      substitute_user: { id: p.substitute.id },
      date_from: '2026-06-01',
      date_to: '2026-06-14',
      comment: 'Urlop',
      state: 'current',
    });
    const mine = (await api.get('/user-substitute/list', p.headers.absent)).json();
    expect(mine.my_substitutes.map((row: { id: number }) => row.id)).toEqual([saved.json().substitute.id]);
    expect(mine.substituting).toEqual([]);
    const theirs = (await api.get('/user-substitute/list', p.headers.substitute)).json();
    expect(theirs.substituting.map((row: { absent_user: { id: number } }) => row.absent_user.id)).toEqual([p.absent.id]);
    const audit = await lastAuditRow(t.db, p.company.id, 'substitute.create');
    expect(audit).toMatchObject({ userId: p.absent.id, entityId: String(saved.json().substitute.id) });
  });

  it('keeps both ends open when no dates are given, and counts it in the substitute’s badge', async () => {
    const p = await people();
    const saved = await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '' });
    expect(saved.json().substitute).toMatchObject({ date_from: null, date_to: null, state: 'current' });
    const properties = (await api.get('/token-refresh/user-properties', p.headers.substitute)).json();
    expect(properties).toMatchObject({ substitute_user_count: 1, can_login_as: true });
  });

  it('refuses oneself as substitute, an end before the start, an end already over and a person of another company', async () => {
    const p = await people();
    const stranger = await createUser(t.db, await createCompany(t.db));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ substitute_user_id: p.absent.id }, 'substitute_user_id', 'substitute.sameUser'],
      [{ date_from: '2026-06-10', date_to: '2026-06-05' }, 'date_to', 'validation.dateRange'],
      [{ date_from: '2026-05-01', date_to: '2026-05-20' }, 'date_to', 'validation.dateInPast'],
      [{ substitute_user_id: stranger.id }, 'substitute_user_id', 'validation.unknownReference'],
      [{ substitute_user_id: null }, 'substitute_user_id', 'global.error.required'],
    ];
    for (const [fields, path, code] of cases) {
      const response = await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().issues).toContainEqual(expect.objectContaining({ path: [path], code }));
    }
    expect((await api.get('/user-substitute/list', p.headers.absent)).json().my_substitutes).toEqual([]);
  });

  it('refuses an inactive substitute', async () => {
    const p = await people();
    const gone = await createUser(t.db, p.company, { isActive: false });
    const response = await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: gone.id, date_from: null, date_to: null, comment: '' });
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path: ['substitute_user_id'], code: 'substitute.userInactive' }));
  });

  it('lets nobody change or withdraw another person’s substitute through /substitutes', async () => {
    const p = await people();
    const id = (await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '' })).json().substitute.id;
    const changed = await api.post('/user-substitute/save', p.headers.substitute, { id, substitute_user_id: p.admin.id, date_from: null, date_to: null, comment: '' });
    expect(changed.statusCode).toBe(404);
    expect((await api.post('/user-substitute/delete', p.headers.substitute, { id })).statusCode).toBe(404);
    expect((await api.post('/user-substitute/delete', p.headers.absent, { id })).statusCode).toBe(200);
    expect((await api.get('/user-substitute/list', p.headers.absent)).json().my_substitutes).toEqual([]);
  });

  it('offers colleagues of the own company only, without oneself', async () => {
    const p = await people();
    const stranger = await createUser(t.db, await createCompany(t.db));
    const items = (await api.get(`/user-substitute/colleagues?search=${p.substitute.login}`, p.headers.absent)).json().items;
    expect(items.map((item: { id: number }) => item.id)).toEqual([p.substitute.id]);
    expect((await api.get(`/user-substitute/colleagues?search=${p.absent.login}`, p.headers.absent)).json().items).toEqual([]);
    expect((await api.get(`/user-substitute/colleagues?search=${stranger.login}`, p.headers.absent)).json().items).toEqual([]);
  });
});

describe('the administrator’s substitutes (/settings/user-substitute)', () => {
  it('names, lists by state and withdraws substitutes for anyone of the company', async () => {
    const p = await people();
    const saved = await api.post('/settings/user-substitute/save', p.headers.admin, {
      absent_user_id: p.absent.id,
      substitute_user_id: p.substitute.id,
      date_from: '2026-07-01',
      date_to: '2026-07-10',
      comment: 'Planowany urlop',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().substitute.id;
    expect(saved.json().substitute.state).toBe('upcoming');
    const upcoming = (await api.get('/settings/user-substitute/list?status=upcoming', p.headers.admin)).json();
    expect(upcoming.items.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await api.get('/settings/user-substitute/list?status=current', p.headers.admin)).json().total).toBe(0);
    expect((await api.post('/settings/user-substitute/delete', p.headers.admin, { id })).statusCode).toBe(200);
    expect((await api.get('/settings/user-substitute/list', p.headers.admin)).json().total).toBe(0);
    expect(await lastAuditRow(t.db, p.company.id, 'substitute.delete')).toMatchObject({ userId: p.admin.id, entityId: String(id) });
  });

  it('is refused to employees, and another company’s administrator sees none of it', async () => {
    const p = await people();
    const body = { absent_user_id: p.absent.id, substitute_user_id: p.substitute.id, date_from: null, date_to: null, comment: '' };
    expect((await api.post('/settings/user-substitute/save', p.headers.substitute, body)).statusCode).toBe(403);
    expect((await api.get('/settings/user-substitute/list', p.headers.substitute)).statusCode).toBe(403);
    const id = (await api.post('/settings/user-substitute/save', p.headers.admin, body)).json().substitute.id;
    const other = await createCompany(t.db);
    const otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
    expect((await api.get('/settings/user-substitute/list', otherAdmin)).json().items.some((row: { id: number }) => row.id === id)).toBe(false);
    expect((await api.post('/settings/user-substitute/save', otherAdmin, { ...body, id })).statusCode).toBe(404);
    expect((await api.post('/settings/user-substitute/delete', otherAdmin, { id })).statusCode).toBe(404);
    // Naming company A's people from company B is refused at the fields.
    const foreign = await api.post('/settings/user-substitute/save', otherAdmin, body);
    expect(foreign.json().issues).toContainEqual(expect.objectContaining({ path: ['absent_user_id'], code: 'validation.unknownReference' }));
  });
});

describe('login-as and login-back', () => {
  it('answers a token and the user properties with the context user and their permission map, audited with both users', async () => {
    const p = await people();
    await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: '2026-05-25', date_to: '2026-06-07', comment: '' });
    const response = await api.post('/user-substitute/login-as', p.headers.substitute, { absent_user_id: p.absent.id });
    expect(response.statusCode, response.body).toBe(200);
    const { access_token, user_properties } = response.json();
    expect(user_properties).toMatchObject({
      user_id: p.substitute.id,
      login: p.substitute.login,
      context_user_id: p.absent.id,
      context_user_login: p.absent.login,
      context_user_permissions: { delegationAcceptSubstantive: true },
      substitute_user_count: 1,
    });
    expect(user_properties.permissions.delegationAcceptSubstantive).toBe(false);
    // The new token acts as the absent user on every request.
    const properties = (await api.get('/token-refresh/user-properties', bearer(access_token))).json();
    expect(properties).toMatchObject({ user_id: p.substitute.id, context_user_id: p.absent.id });
    const audit = await lastAuditRow(t.db, p.company.id, 'auth.loginAs');
    expect(audit).toMatchObject({ userId: p.substitute.id });
    expect(audit!.after).toMatchObject({ context_user_id: p.absent.id, context_user_login: p.absent.login });

    const back = await api.post('/user-substitute/login-back', bearer(access_token), {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user_properties).toMatchObject({ user_id: p.substitute.id, context_user_id: p.substitute.id, context_user_login: p.substitute.login });
    expect((await api.get('/token-refresh/user-properties', bearer(access_token))).json().context_user_id).toBe(p.substitute.id);
    expect(await lastAuditRow(t.db, p.company.id, 'auth.loginBack')).toMatchObject({ userId: p.substitute.id, contextUserId: p.absent.id });
  });

  it('refuses a switch outside the period with the time-bound message, and one without any substitution as not found', async () => {
    const p = await people();
    await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: '2026-06-20', date_to: '2026-06-30', comment: '' });
    const early = await api.post('/user-substitute/login-as', p.headers.substitute, { absent_user_id: p.absent.id });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'CONTEXT_SWITCH_FAILED', messages: ['Context switch failed'], params: { date_from: '2026-06-20', date_to: '2026-06-30' } });
    expect((await api.post('/user-substitute/login-as', p.headers.admin, { absent_user_id: p.absent.id })).statusCode).toBe(404);
    expect((await api.get('/token-refresh/user-properties', p.headers.substitute)).json().context_user_id).toBe(p.substitute.id);
  });

  it('ends a logged-as session when the substitution no longer covers the day or is withdrawn', async () => {
    for (const end of ['period', 'withdrawn'] as const) {
      const p = await people();
      const id = (await api.post('/user-substitute/save', p.headers.absent, { substitute_user_id: p.substitute.id, date_from: null, date_to: '2026-06-01', comment: '' })).json().substitute.id;
      const token = (await api.post('/user-substitute/login-as', p.headers.substitute, { absent_user_id: p.absent.id })).json().access_token;
      expect((await api.get('/token-refresh/user-properties', bearer(token))).statusCode).toBe(200);
      // The period ran out (as the next day would make it), or the absent user withdrew the substitute.
      if (end === 'period') await t.db.update(substitutes).set({ toDate: '2026-05-31' }).where(eq(substitutes.id, id));
      else expect((await api.post('/user-substitute/delete', p.headers.absent, { id })).statusCode).toBe(200);
      const refused = await api.get('/token-refresh/user-properties', bearer(token));
      expect(refused.statusCode, end).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'SESSION_EXPIRED', params: { reason: 'substitutionEnded' } });
      expect(await lastAuditRow(t.db, p.company.id, 'auth.substitutionEnded')).toMatchObject({ userId: p.substitute.id });
    }
  });

  it('lets the substitute decide on the absent acceptor’s waiting order; the decision names who decided and for whom', async () => {
    const trip = await createTripCompany(t.db, { superior_is_acceptor: true });
    const order = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const employee = await authHeaders(t.app, trip.company, trip.employee);
    expect((await api.post('/delegation-order/action', employee, { id: order, action: 'submit' })).json().status).toBe('OK');
    const acceptor = await authHeaders(t.app, trip.company, trip.acceptor);
    await api.post('/user-substitute/save', acceptor, { substitute_user_id: trip.finance.id, date_from: '2026-05-25', date_to: '2026-06-07', comment: '' });

    const finance = await authHeaders(t.app, trip.company, trip.finance);
    const asAcceptor = bearer((await api.post('/user-substitute/login-as', finance, { absent_user_id: trip.acceptor.id })).json().access_token);
    const waiting = (await api.get('/delegation-order/list', asAcceptor)).json();
    const listed = waiting.items.find((item: { id: number }) => item.id === order);
    expect(listed?.allowedActions).toContain('accept');
    const accepted = await api.post('/delegation-order/action', asAcceptor, { id: order, action: 'accept', comment: 'W zastępstwie' });
    expect(accepted.json().result.status, accepted.body).toBe('accepted');

    const decisions = await t.db
      .select()
      .from(documentDecisions)
      .where(and(eq(documentDecisions.companyId, trip.company.id), eq(documentDecisions.documentId, order)))
      .orderBy(asc(documentDecisions.id));
    expect(decisions.at(-1)).toMatchObject({ action: 'accept', userId: trip.finance.id, contextUserId: trip.acceptor.id });
    expect(await lastAuditRow(t.db, trip.company.id, 'delegationOrder.accept')).toMatchObject({ userId: trip.finance.id, contextUserId: trip.acceptor.id });

    // The history the employee reads names the substitute who decided, in the acceptor's name.
    await t.db.update(users).set({ name: 'Katarzyna', surname: 'Zastępczyni' }).where(eq(users.id, trip.finance.id));
    await t.db.update(users).set({ name: 'Piotr', surname: 'Nieobecny' }).where(eq(users.id, trip.acceptor.id));
    const history = (await api.post('/delegation-order/delegation-order-edit', employee, { id: order })).json().delegationOrder.decisions;
    expect(history.map((entry: { action: string; user_name: string; context_user_name: string | null }) => [entry.action, entry.user_name, entry.context_user_name])).toEqual([
      ['submit', 'Jan Testowy', null],
      ['accept', 'Katarzyna Zastępczyni', 'Piotr Nieobecny'],
    ]);
  });
});
