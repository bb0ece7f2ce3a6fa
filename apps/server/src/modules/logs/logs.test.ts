import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let other: CompanyRecord;
let admin: { authorization: string };
let adminId: number;
let clerkId: number;
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  const adminUser = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  adminId = adminUser.id;
  admin = await authHeaders(t.app, company, adminUser);
  const clerk = await createUser(t.db, company);
  clerkId = clerk.id;
  employee = await authHeaders(t.app, company, clerk);
  other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
  // Rows at known Warsaw times; the trail is append-only, so they are inserted as they would be written.
  await t.db.insert(auditLog).values([
    { companyId: company.id, userId: adminId, contextUserId: adminId, action: 'role.create', entityType: 'role', entityId: '7', after: { name: 'Kierowcy' }, createdAt: new Date('2025-01-14T23:30:00Z') },
    { companyId: company.id, userId: adminId, contextUserId: clerkId, action: 'user.update', entityType: 'user', entityId: String(clerkId), before: { position: 'A' }, after: { position: 'B' }, createdAt: new Date('2025-01-15T10:00:00Z') },
    { companyId: company.id, userId: clerkId, contextUserId: clerkId, action: 'user.languageChanged', entityType: 'user', entityId: String(clerkId), after: { language: 'en-US' }, createdAt: new Date('2025-01-16T09:00:00Z') },
    { companyId: other.id, userId: null, contextUserId: null, action: 'role.create', entityType: 'role', entityId: '8', createdAt: new Date('2025-01-15T11:00:00Z') },
  ]);
});
afterAll(async () => t.close());

type Headers = { authorization: string };
type Entry = { action: string; entity_id: string | null; user: { id: number } | null; context_user: { id: number } | null; before: unknown; after: unknown };
const list = async (headers: Headers, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/settings/logs/list${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; items: Entry[] };
};
const inJanuary = '&date_from=2025-01-01&date_to=2025-01-31';

describe('audit log', () => {
  it("lists the company's own rows newest first, with who acted, as whom, and before/after", async () => {
    const page = await list(admin, `?page_size=10${inJanuary}`);
    expect(page.items.map((entry) => entry.action)).toEqual(['user.languageChanged', 'user.update', 'role.create']);
    expect(page.items[1]).toMatchObject({ user: { id: adminId }, context_user: { id: clerkId }, before: { position: 'A' }, after: { position: 'B' } });
  });

  it('filters by Warsaw calendar days', async () => {
    // 2025-01-14T23:30Z is already 15 January in Warsaw (00:30 CET).
    expect((await list(admin, '?date_from=2025-01-15&date_to=2025-01-15')).items.map((entry) => entry.action)).toEqual(['user.update', 'role.create']);
  });

  it('filters by user (acting or acted as), object type, object and action', async () => {
    expect((await list(admin, `?user_id=${clerkId}${inJanuary}`)).items.map((entry) => entry.action)).toEqual(['user.languageChanged', 'user.update']);
    expect((await list(admin, `?entity_type=role${inJanuary}`)).total).toBe(1);
    expect((await list(admin, `?entity_type=user&entity_id=${clerkId}${inJanuary}`)).total).toBe(2);
    expect((await list(admin, `?action=user.update${inJanuary}`)).items.map((entry) => entry.entity_id)).toEqual([String(clerkId)]);
    expect((await list(admin, `?search=language${inJanuary}`)).total).toBe(1);
  });

  it('pages and sorts oldest first on request', async () => {
    const page = await list(admin, `?page=2&page_size=1&order=asc${inJanuary}`);
    expect(page).toMatchObject({ total: 3, items: [{ action: 'user.update' }] });
  });

  it("offers the object types, actions and users of the company's own trail", async () => {
    const options = (await t.app.inject({ method: 'GET', url: '/api/settings/logs/filter-options', headers: admin })).json();
    expect(options.entity_types).toEqual(expect.arrayContaining(['role', 'user', 'session']));
    expect(options.actions).toEqual(expect.arrayContaining(['role.create', 'user.update', 'auth.login']));
    expect(options.users.map((user: { id: number }) => user.id).sort()).toEqual([adminId, clerkId].sort());
  });

  it("never shows another company's rows", async () => {
    expect((await list(otherAdmin, `?page_size=50${inJanuary}`)).items.map((entry) => entry.entity_id)).toEqual(['8']);
    expect((await list(otherAdmin, `?user_id=${clerkId}`)).total).toBe(0);
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/logs/list', headers: employee })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/logs/filter-options', headers: employee })).statusCode).toBe(403);
  });

  it('refuses a malformed date at its field', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/logs/list?date_from=15.01.2025', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0]).toMatchObject({ path: ['querystring', 'date_from'], code: 'validation.date' });
  });
});
