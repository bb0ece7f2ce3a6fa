import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { insertTripDocuments } from '../../../test/api-helpers.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };
let worker: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t));
  worker = await createUser(t.db, company, { login: `worker${Date.now()}` });
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function createCentre(ordinate: string, headers = admin) {
  const response = await post('/settings/cost-centre/save', headers, { ordinate, name: `Dział ${ordinate}`, enabled_for_new: true });
  expect(response.statusCode).toBe(200);
  return response.json().cost_centre as { id: number; ordinate: string };
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('cost centres', () => {
  it('creates, lists, edits and deletes a cost centre with audit rows', async () => {
    const created = await post('/settings/cost-centre/save', admin, { ordinate: ' MPK-100 ', name: 'Sprzedaż', enabled_for_new: true });
    expect(created.statusCode).toBe(200);
    const centre = created.json().cost_centre;
    expect(centre).toEqual({ id: expect.any(Number), ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true, user_count: 0, budget_count: 0 });
    expect(await lastAudit('costCentre.create')).toMatchObject({ entityType: 'costCentre', entityId: String(centre.id), after: centre });

    const list = await get('/settings/cost-centre/list?search=mpk-100', admin);
    expect(list.json()).toEqual({ items: [centre], total: 1 });

    const edited = await post('/settings/cost-centre/save', admin, { id: centre.id, ordinate: 'MPK-100', name: 'Sprzedaż krajowa', enabled_for_new: false });
    expect(edited.json().cost_centre).toMatchObject({ name: 'Sprzedaż krajowa', enabled_for_new: false });
    expect(await lastAudit('costCentre.update')).toMatchObject({ before: { name: 'Sprzedaż' }, after: { name: 'Sprzedaż krajowa' } });

    expect((await post('/settings/cost-centre/delete', admin, { id: centre.id })).statusCode).toBe(200);
    expect((await get('/settings/cost-centre/list?search=mpk-100', admin)).json().total).toBe(0);
    expect(await lastAudit('costCentre.delete')).toMatchObject({ entityId: String(centre.id), before: { ordinate: 'MPK-100' } });
  });

  it('sorts by ordinate both ways and pages', async () => {
    await createCentre('SORT-B');
    await createCentre('SORT-A');
    await createCentre('SORT-C');
    const ascending = (await get('/settings/cost-centre/list?search=SORT-&sort=ordinate&order=asc&page_size=2', admin)).json();
    expect(ascending.total).toBe(3);
    expect(ascending.items.map((item: { ordinate: string }) => item.ordinate)).toEqual(['SORT-A', 'SORT-B']);
    const descending = (await get('/settings/cost-centre/list?search=SORT-&sort=ordinate&order=desc&page=2&page_size=2', admin)).json();
    expect(descending.items.map((item: { ordinate: string }) => item.ordinate)).toEqual(['SORT-A']);
  });

  it('refuses an ordinate already used in the company, whatever its case', async () => {
    await createCentre('DUP-1');
    const duplicate = await post('/settings/cost-centre/save', admin, { ordinate: 'dup-1', name: '', enabled_for_new: true });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().issues).toEqual([{ path: ['ordinate'], code: 'costCentre.ordinateTaken' }]);
    // Another company may use the same ordinate.
    expect((await post('/settings/cost-centre/save', otherAdmin, { ordinate: 'DUP-1', name: '', enabled_for_new: true })).statusCode).toBe(200);
  });

  it('requires the ordinate and bounds the lengths', async () => {
    const empty = await post('/settings/cost-centre/save', admin, { ordinate: '  ', name: '', enabled_for_new: true });
    expect(empty.json().issues).toEqual([{ path: ['ordinate'], code: 'global.error.required', params: expect.any(Object) }]);
    const long = await post('/settings/cost-centre/save', admin, { ordinate: 'X'.repeat(51), name: 'N'.repeat(201), enabled_for_new: true });
    expect(long.json().issues.map((issue: { path: string[]; code: string }) => [issue.path, issue.code])).toEqual([
      [['ordinate'], 'validation.tooLong'],
      [['name'], 'validation.tooLong'],
    ]);
    const unknown = await post('/settings/cost-centre/save', admin, { ordinate: 'X', name: '', enabled_for_new: true, extra: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses deleting a cost centre with users or budgets', async () => {
    const withUser = await createCentre('USED-U');
    await post('/settings/cost-centre/users/save', admin, { user_id: worker.id, cost_centre_ids: [withUser.id], default_cost_centre_id: withUser.id });
    const refused = await post('/settings/cost-centre/delete', admin, { id: withUser.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['id'], code: 'costCentre.hasUsers', params: { count: 1 } }]);
    await post('/settings/cost-centre/users/save', admin, { user_id: worker.id, cost_centre_ids: [], default_cost_centre_id: null });

    const withBudget = await createCentre('USED-B');
    await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: withBudget.id, date_from: '2026-01-01', date_to: '2026-12-31', amount: '1000.00' });
    expect((await post('/settings/cost-centre/delete', admin, { id: withBudget.id })).json().issues).toEqual([
      { path: ['id'], code: 'costCentre.hasBudgets', params: { count: 1 } },
    ]);

    const inDocuments = await createCentre('USED-D');
    await insertTripDocuments(t.db, company.id, worker.id, { costCentreId: inDocuments.id });
    expect((await post('/settings/cost-centre/delete', admin, { id: inDocuments.id })).json().issues).toEqual([
      { path: ['id'], code: 'costCentre.inDocuments', params: { count: 2 } },
    ]);
  });

  it('refuses every cost-centre endpoint to a user without companyAdmin', async () => {
    const centre = await createCentre('PERM-1');
    const calls = [
      get('/settings/cost-centre/list', employee),
      get('/settings/cost-centre/options', employee),
      post('/settings/cost-centre/save', employee, { ordinate: 'E-1', name: '', enabled_for_new: true }),
      post('/settings/cost-centre/delete', employee, { id: centre.id }),
      get('/settings/cost-centre/users/list', employee),
      post('/settings/cost-centre/users/save', employee, { user_id: worker.id, cost_centre_ids: [], default_cost_centre_id: null }),
      get('/settings/cost-centre/budget/list', employee),
      post('/settings/cost-centre/budget/save', employee, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-01-31', amount: '1' }),
      post('/settings/cost-centre/budget/delete', employee, { id: 1 }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it("answers 404 for another company's cost centre and leaves it unchanged", async () => {
    const centre = await createCentre('MINE-1');
    expect((await post('/settings/cost-centre/save', otherAdmin, { id: centre.id, ordinate: 'HACK', name: '', enabled_for_new: true })).statusCode).toBe(404);
    expect((await post('/settings/cost-centre/delete', otherAdmin, { id: centre.id })).statusCode).toBe(404);
    expect((await post('/settings/cost-centre/budget/save', otherAdmin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-01-31', amount: '5' })).statusCode).toBe(404);
    expect((await get('/settings/cost-centre/list?search=MINE-1', admin)).json().items[0]).toMatchObject({ ordinate: 'MINE-1', budget_count: 0 });
    expect((await get('/settings/cost-centre/list?search=MINE-1', otherAdmin)).json().total).toBe(0);
  });
});

describe('users of cost centres', () => {
  it('assigns cost centres with a default, lists them and moves the user version on', async () => {
    const first = await createCentre('USR-1');
    const second = await createCentre('USR-2');
    const [before] = await t.db.select().from(users).where(eq(users.id, worker.id));
    const saved = await post('/settings/cost-centre/users/save', admin, { user_id: worker.id, cost_centre_ids: [second.id, first.id, first.id], default_cost_centre_id: second.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ user_id: worker.id, cost_centre_ids: [first.id, second.id].sort((a, b) => a - b), default_cost_centre_id: second.id });
    const [after] = await t.db.select().from(users).where(eq(users.id, worker.id));
    expect(after!.version).toBe(before!.version + 1);
    expect(await lastAudit('user.costCentres')).toMatchObject({ entityId: String(worker.id), after: { default_cost_centre_id: second.id } });

    const filtered = (await get(`/settings/cost-centre/users/list?cost_centre_id=${first.id}`, admin)).json();
    expect(filtered.items.map((item: { user_id: number }) => item.user_id)).toEqual([worker.id]);
    expect((await get(`/settings/cost-centre/list?search=USR-2`, admin)).json().items[0].user_count).toBe(1);
  });

  it('refuses a default that is not among the assigned cost centres', async () => {
    const first = await createCentre('DEF-1');
    const second = await createCentre('DEF-2');
    const response = await post('/settings/cost-centre/users/save', admin, { user_id: worker.id, cost_centre_ids: [first.id], default_cost_centre_id: second.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['default_cost_centre_id'], code: 'costCentre.defaultNotAssigned' }]);
  });

  it("answers 404 for another company's user or cost centre", async () => {
    const mine = await createCentre('X-1');
    expect((await post('/settings/cost-centre/users/save', otherAdmin, { user_id: worker.id, cost_centre_ids: [], default_cost_centre_id: null })).statusCode).toBe(404);
    const theirs = (await post('/settings/cost-centre/save', otherAdmin, { ordinate: 'THEIRS', name: '', enabled_for_new: true })).json().cost_centre;
    expect((await post('/settings/cost-centre/users/save', admin, { user_id: worker.id, cost_centre_ids: [mine.id, theirs.id], default_cost_centre_id: null })).statusCode).toBe(404);
    expect((await get('/settings/cost-centre/users/list', otherAdmin)).json().items.some((item: { user_id: number }) => item.user_id === worker.id)).toBe(false);
  });
});

describe('cost centre budgets', () => {
  it('saves budgets as decimal strings, edits and deletes them', async () => {
    const centre = await createCentre('BUD-1');
    const created = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-06-30', amount: '12500.5' });
    expect(created.statusCode).toBe(200);
    const budget = created.json().budget;
    expect(budget).toEqual({
      id: expect.any(Number),
      cost_centre_id: centre.id,
      cost_centre_ordinate: 'BUD-1',
      cost_centre_name: 'Dział BUD-1',
      date_from: '2026-01-01',
      date_to: '2026-06-30',
      amount: '12500.50',
    });
    expect(await lastAudit('costCentreBudget.create')).toMatchObject({ after: { amount: '12500.50' } });
    const edited = await post('/settings/cost-centre/budget/save', admin, { id: budget.id, cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-03-31', amount: '9000' });
    expect(edited.json().budget).toMatchObject({ date_to: '2026-03-31', amount: '9000.00' });
    const list = (await get(`/settings/cost-centre/budget/list?cost_centre_id=${centre.id}`, admin)).json();
    expect(list.total).toBe(1);
    expect((await post('/settings/cost-centre/budget/delete', admin, { id: budget.id })).statusCode).toBe(200);
    expect(await lastAudit('costCentreBudget.delete')).toMatchObject({ entityId: String(budget.id) });
  });

  it('refuses overlapping periods of one cost centre but not of another', async () => {
    const centre = await createCentre('BUD-2');
    const other = await createCentre('BUD-3');
    await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-03-31', amount: '100' });
    const overlapping = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-03-31', date_to: '2026-06-30', amount: '100' });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().issues).toEqual([{ path: ['date_from'], code: 'costCentreBudget.overlap', params: { from: '2026-01-01', to: '2026-03-31' } }]);
    expect((await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-04-01', date_to: '2026-06-30', amount: '100' })).statusCode).toBe(200);
    expect((await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: other.id, date_from: '2026-02-01', date_to: '2026-02-28', amount: '100' })).statusCode).toBe(200);
  });

  it('refuses a period ending before it starts, a malformed amount and a zero amount at their fields', async () => {
    const centre = await createCentre('BUD-4');
    const reversed = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-02-01', date_to: '2026-01-31', amount: '1' });
    expect(reversed.json().issues).toEqual([expect.objectContaining({ path: ['date_to'], code: 'validation.dateRange' })]);
    const malformed = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-01-31', amount: '1,5' });
    expect(malformed.json().issues).toEqual([expect.objectContaining({ path: ['amount'], code: 'validation.amount' })]);
    const number = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-01-31', amount: 15 });
    expect(number.json().issues[0].path).toEqual(['amount']);
    const zero = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-01-01', date_to: '2026-01-31', amount: '0.00' });
    expect(zero.json().issues).toEqual([{ path: ['amount'], code: 'validation.valueOutOfRange' }]);
    const badDate = await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2026-1-1', date_to: '2026-01-31', amount: '1' });
    expect(badDate.json().issues[0]).toMatchObject({ path: ['date_from'], code: 'validation.date' });
  });

  it("answers 404 for another company's budget and leaves it", async () => {
    const centre = await createCentre('BUD-5');
    const budget = (await post('/settings/cost-centre/budget/save', admin, { cost_centre_id: centre.id, date_from: '2027-01-01', date_to: '2027-12-31', amount: '100' })).json().budget;
    expect((await post('/settings/cost-centre/budget/delete', otherAdmin, { id: budget.id })).statusCode).toBe(404);
    const theirCentre = (await post('/settings/cost-centre/save', otherAdmin, { ordinate: 'THEIRS-B', name: '', enabled_for_new: true })).json().cost_centre;
    expect((await post('/settings/cost-centre/budget/save', otherAdmin, { id: budget.id, cost_centre_id: theirCentre.id, date_from: '2027-01-01', date_to: '2027-12-31', amount: '1' })).statusCode).toBe(404);
    expect((await get(`/settings/cost-centre/budget/list?cost_centre_id=${centre.id}`, admin)).json().items[0].amount).toBe('100.00');
  });
});
