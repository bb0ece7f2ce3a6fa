import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { apiCalls, insertTripDocuments, lastAuditRow } from '../../../test/api-helpers.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t));
});
afterAll(async () => t.close());

const task = (overrides: Record<string, unknown> = {}) => ({ name_pl: 'Szkolenie', name_en: 'Training', comment_requirement: 'none', enabled_for_new: true, ...overrides });

async function createTask(overrides: Record<string, unknown> = {}, headers = admin) {
  const response = await api.post('/settings/delegation-task/save', headers, task(overrides));
  expect(response.statusCode).toBe(200);
  return response.json().task as { id: number; name_pl: string };
}

describe('trip reasons', () => {
  it('creates, lists, edits and deletes a trip reason with audit rows', async () => {
    const created = await createTask({ name_pl: 'Spotkanie z klientem', name_en: 'Client meeting', comment_requirement: 'min10' });
    expect(created).toEqual({ id: expect.any(Number), name_pl: 'Spotkanie z klientem', name_en: 'Client meeting', comment_requirement: 'min10', enabled_for_new: true });
    expect(await lastAuditRow(t.db, company.id, 'delegationTask.create')).toMatchObject({ entityId: String(created.id), after: created });

    expect((await api.get('/settings/delegation-task/list?search=klient', admin)).json()).toEqual({ items: [created], total: 1 });
    expect((await api.get('/settings/delegation-task/list?search=client', admin)).json().total).toBe(1);

    const edited = await api.post('/settings/delegation-task/save', admin, task({ id: created.id, name_pl: 'Spotkanie handlowe', name_en: 'Sales meeting', comment_requirement: 'none', enabled_for_new: false }));
    expect(edited.json().task).toMatchObject({ name_pl: 'Spotkanie handlowe', comment_requirement: 'none', enabled_for_new: false });
    expect(await lastAuditRow(t.db, company.id, 'delegationTask.update')).toMatchObject({ before: { name_pl: 'Spotkanie z klientem' } });

    expect((await api.post('/settings/delegation-task/delete', admin, { id: created.id })).statusCode).toBe(200);
    expect(await lastAuditRow(t.db, company.id, 'delegationTask.delete')).toMatchObject({ entityId: String(created.id) });
    expect((await api.get('/settings/delegation-task/list?search=handlowe', admin)).json().total).toBe(0);
  });

  it('requires both names and a known comment rule, each at its field', async () => {
    const response = await api.post('/settings/delegation-task/save', admin, task({ name_pl: ' ', name_en: '', comment_requirement: 'min5' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string[]; code: string }) => [issue.path, issue.code])).toEqual([
      [['name_pl'], 'global.error.required'],
      [['name_en'], 'global.error.required'],
      [['comment_requirement'], 'validation.invalid_value'],
    ]);
    const long = await api.post('/settings/delegation-task/save', admin, task({ name_pl: 'x'.repeat(201) }));
    expect(long.json().issues[0]).toMatchObject({ path: ['name_pl'], code: 'validation.tooLong' });
  });

  it('refuses a name another trip reason of the company has, in either language', async () => {
    await createTask({ name_pl: 'Targi', name_en: 'Trade fair' });
    const duplicate = await api.post('/settings/delegation-task/save', admin, task({ name_pl: 'TARGI', name_en: 'trade fair' }));
    expect(duplicate.json().issues).toEqual([
      { path: ['name_pl'], code: 'delegationTask.nameTaken' },
      { path: ['name_en'], code: 'delegationTask.nameTaken' },
    ]);
    expect((await api.post('/settings/delegation-task/save', otherAdmin, task({ name_pl: 'Targi', name_en: 'Trade fair' }))).statusCode).toBe(200);
  });

  it('refuses deleting a reason that orders or settlements name', async () => {
    const used = await createTask({ name_pl: 'Używany', name_en: 'Used' });
    const user = await createUser(t.db, company);
    await insertTripDocuments(t.db, company.id, user.id, { taskId: used.id });
    const response = await api.post('/settings/delegation-task/delete', admin, { id: used.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['id'], code: 'delegationTask.inUse', params: { count: 2 } }]);
  });

  it('shows every employee the enabled reasons only', async () => {
    const enabled = await createTask({ name_pl: 'Audyt', name_en: 'Audit', comment_requirement: 'min10' });
    const disabled = await createTask({ name_pl: 'Wyłączony', name_en: 'Disabled', enabled_for_new: false });
    const response = await api.get('/delegation-info/delegation-task', employee);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { id: number }[];
    expect(items).toContainEqual({ id: enabled.id, name_pl: 'Audyt', name_en: 'Audit', comment_requirement: 'min10' });
    expect(items.map((item) => item.id)).not.toContain(disabled.id);
    expect((await api.get('/delegation-info/delegation-task', otherAdmin)).json().items.map((item: { id: number }) => item.id)).not.toContain(enabled.id);
  });

  it('refuses the administration to a user without companyAdmin', async () => {
    const existing = await createTask({ name_pl: 'Uprawnienia', name_en: 'Permissions' });
    for (const response of await Promise.all([
      api.get('/settings/delegation-task/list', employee),
      api.post('/settings/delegation-task/save', employee, task({ name_pl: 'Nowy', name_en: 'New' })),
      api.post('/settings/delegation-task/delete', employee, { id: existing.id }),
    ])) {
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's trip reason and leaves it", async () => {
    const mine = await createTask({ name_pl: 'Mój cel', name_en: 'My reason' });
    expect((await api.post('/settings/delegation-task/save', otherAdmin, task({ id: mine.id, name_pl: 'Cudzy', name_en: 'Foreign' }))).statusCode).toBe(404);
    expect((await api.post('/settings/delegation-task/delete', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.get('/settings/delegation-task/list?search=Mój cel', admin)).json().items[0].name_pl).toBe('Mój cel');
  });
});
