import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, externalRoleMappings, roles, userRoles } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let other: CompanyRecord;
let admin: { authorization: string };
let adminId: number;
let employee: { authorization: string };
let otherAdmin: { authorization: string };

const START = '2026-03-10T10:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  company = await createCompany(t.db);
  const adminUser = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  adminId = adminUser.id;
  admin = await authHeaders(t.app, company, adminUser);
  employee = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['travelOrderSelf'] }));
  other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
});
afterAll(async () => t.close());
// Tokens live five minutes, so every test starts back at the start time.
afterEach(() => t.clock.set(START));

type Headers = { authorization: string };
const post = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: `/api/settings/role/${url}`, headers, payload });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/settings/role/${url}`, headers });

let sequence = 0;
async function createRole(overrides: Record<string, unknown> = {}, headers = admin) {
  sequence += 1;
  const response = await post('save', headers, { name: `Rola ${sequence}`, description: 'Opis', parent_role_id: null, is_default: false, permissions: [], ...overrides });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().role as { id: number; name: string; permissions: string[]; inherited_permissions: string[] };
}

const auditActions = async (entityType: string, entityId: string | number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
      .orderBy(asc(auditLog.id))
  ).map((row) => row.action);

async function permissionsOf(headers: Headers) {
  return (await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers })).json().permissions as Record<string, boolean>;
}

describe('roles', () => {
  it('creates, reads and updates a role with its permissions and an audit row', async () => {
    const role = await createRole({ name: 'Księgowość', description: 'Rozliczenia', permissions: ['viewInvoices', 'reportDelegation'] });
    expect(role).toMatchObject({ name: 'Księgowość', permissions: ['reportDelegation', 'viewInvoices'], inherited_permissions: [] });
    const updated = await post('save', admin, { id: role.id, name: 'Księgowość', description: 'Zmieniony', parent_role_id: null, is_default: true, permissions: ['viewInvoices'] });
    expect(updated.json().role).toMatchObject({ description: 'Zmieniony', is_default: true, permissions: ['viewInvoices'] });
    expect((await post('edit', admin, { id: role.id })).json()).toEqual(updated.json().role);
    expect(await auditActions('role', role.id)).toEqual(['role.create', 'role.update']);
  });

  it('shows what a role inherits from its parent chain', async () => {
    const grand = await createRole({ permissions: ['viewBookings'] });
    const parent = await createRole({ parent_role_id: grand.id, permissions: ['viewInvoices'] });
    const child = await createRole({ parent_role_id: parent.id, permissions: ['viewInvoices', 'modifyDates'] });
    expect(child.inherited_permissions).toEqual(['viewBookings']);
  });

  it('refuses a duplicate name, a missing name and an inheritance loop at the field', async () => {
    const first = await createRole();
    const duplicate = await post('save', admin, { name: first.name.toUpperCase(), description: '', parent_role_id: null, is_default: false, permissions: [] });
    expect(duplicate.json().issues).toEqual([{ path: ['name'], code: 'role.nameTaken' }]);
    const empty = await post('save', admin, { name: '  ', description: '', parent_role_id: null, is_default: false, permissions: [] });
    expect(empty.json().issues[0]).toMatchObject({ path: ['name'], code: 'global.error.required' });

    const child = await createRole({ parent_role_id: first.id });
    const loop = await post('save', admin, { id: first.id, name: first.name, description: '', parent_role_id: child.id, is_default: false, permissions: [] });
    expect(loop.json().issues).toEqual([{ path: ['parent_role_id'], code: 'role.parentLoop' }]);
    const itself = await post('save', admin, { id: first.id, name: first.name, description: '', parent_role_id: first.id, is_default: false, permissions: [] });
    expect(itself.json().issues).toEqual([{ path: ['parent_role_id'], code: 'role.parentLoop' }]);
  });

  it("refuses another company's role as the parent", async () => {
    const foreign = await createRole({}, otherAdmin);
    const response = await post('save', admin, { name: 'Z obcym rodzicem', description: '', parent_role_id: foreign.id, is_default: false, permissions: [] });
    expect(response.json().issues).toEqual([{ path: ['parent_role_id'], code: 'validation.unknownReference' }]);
  });

  it('keeps provider permissions to the provider', async () => {
    const response = await post('save', admin, { name: 'Nadużycie', description: '', parent_role_id: null, is_default: false, permissions: ['SuperAdmin'] });
    expect(response.json().issues).toEqual([{ path: ['permissions'], code: 'permission.providerOnly' }]);
  });

  it('does not let an administrator take companyAdmin from the role they hold it through', async () => {
    const [held] = await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, adminId));
    const detail = (await post('edit', admin, { id: held!.roleId })).json();
    const response = await post('save', admin, { id: detail.id, name: detail.name, description: '', parent_role_id: null, is_default: false, permissions: [] });
    expect(response.json().issues).toEqual([{ path: ['permissions'], code: 'role.cannotRemoveOwnAdmin' }]);
    expect((await permissionsOf(admin)).companyAdmin).toBe(true);
  });

  it('lists roles with member counts, search, filter and sort', async () => {
    const marker = `Lista${Date.now()}`;
    const busy = await createRole({ name: `${marker} B` });
    const idle = await createRole({ name: `${marker} A` });
    const member = await createUser(t.db, company);
    await post('add-member', admin, { id: busy.id, user_id: member.id });
    await post('set-blocked', admin, { id: idle.id, is_blocked: true });
    const page = (await get(`list?search=${marker}&sort=member_count&order=desc`, admin)).json();
    expect(page.items.map((item: { name: string; member_count: number }) => [item.name, item.member_count])).toEqual([
      [`${marker} B`, 1],
      [`${marker} A`, 0],
    ]);
    expect((await get(`list?search=${marker}&status=blocked`, admin)).json().items.map((item: { id: number }) => item.id)).toEqual([idle.id]);
  });
});

describe('blocking and deleting roles', () => {
  it('refuses to block a role with members until they are detached', async () => {
    const role = await createRole({ permissions: ['viewInvoices'] });
    const member = await createUser(t.db, company);
    expect((await post('add-member', admin, { id: role.id, user_id: member.id })).statusCode).toBe(200);

    const refused = await post('set-blocked', admin, { id: role.id, is_blocked: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['id'], code: 'role.hasMembers', params: { count: 1 } }]);
    expect((await post('edit', admin, { id: role.id })).json().is_blocked).toBe(false);

    expect((await post('remove-member', admin, { id: role.id, user_id: member.id })).statusCode).toBe(200);
    expect((await post('set-blocked', admin, { id: role.id, is_blocked: true })).statusCode).toBe(200);
    expect((await post('edit', admin, { id: role.id })).json().is_blocked).toBe(true);
    const defaultBlocked = await post('save', admin, { id: role.id, name: role.name, description: '', parent_role_id: null, is_default: true, permissions: ['viewInvoices'] });
    expect(defaultBlocked.json().issues).toEqual([{ path: ['is_default'], code: 'role.blockedCannotBeDefault' }]);
    const joinBlocked = await post('add-member', admin, { id: role.id, user_id: member.id });
    expect(joinBlocked.json().issues).toEqual([{ path: ['user_id'], code: 'role.blockedNoMembers' }]);
    expect(await auditActions('role', role.id)).toEqual(['role.create', 'role.addMember', 'role.removeMember', 'role.block']);
  });

  it('deletes an unused role and refuses one with members or references', async () => {
    const unused = await createRole();
    expect((await post('delete', admin, { id: unused.id })).statusCode).toBe(200);
    expect((await post('edit', admin, { id: unused.id })).statusCode).toBe(404);

    const parent = await createRole();
    await createRole({ parent_role_id: parent.id });
    expect((await post('delete', admin, { id: parent.id })).json().issues).toEqual([{ path: ['id'], code: 'role.inUse' }]);

    const withMember = await createRole();
    await post('add-member', admin, { id: withMember.id, user_id: (await createUser(t.db, company)).id });
    expect((await post('delete', admin, { id: withMember.id })).json().issues[0]).toMatchObject({ code: 'role.hasMembers' });
  });
});

describe('role members', () => {
  it('assigns and detaches users; the member gains and loses the permissions at once', async () => {
    const role = await createRole({ permissions: ['viewInvoices'] });
    const user = await createUser(t.db, company);
    const headers = await authHeaders(t.app, company, user);
    expect((await permissionsOf(headers)).viewInvoices).toBe(false);
    await post('add-member', admin, { id: role.id, user_id: user.id });
    expect((await post('members', admin, { id: role.id })).json().members.map((m: { id: number }) => m.id)).toEqual([user.id]);
    expect((await permissionsOf(headers)).viewInvoices).toBe(true);
    await post('remove-member', admin, { id: role.id, user_id: user.id });
    expect((await permissionsOf(headers)).viewInvoices).toBe(false);
  });

  it("answers 404 for another company's user or role", async () => {
    const role = await createRole();
    const foreign = await createUser(t.db, other);
    expect((await post('add-member', admin, { id: role.id, user_id: foreign.id })).statusCode).toBe(404);
    expect((await post('members', otherAdmin, { id: role.id })).statusCode).toBe(404);
    expect((await post('add-member', otherAdmin, { id: role.id, user_id: foreign.id })).statusCode).toBe(404);
    expect((await post('members', admin, { id: role.id })).json().members).toEqual([]);
  });
});

describe('default roles', () => {
  it('sets exactly the chosen roles as default for new users', async () => {
    const first = await createRole({ is_default: true });
    const second = await createRole();
    expect((await post('default/save', admin, { role_ids: [second.id] })).statusCode).toBe(200);
    const options = (await get('options', admin)).json();
    const flags = new Map(options.roles.map((role: { id: number; is_default: boolean }) => [role.id, role.is_default]));
    expect(flags.get(first.id)).toBe(false);
    expect(flags.get(second.id)).toBe(true);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'role.defaultsChanged')));
    expect(row!.after).toEqual({ default_role_ids: [second.id] });
  });

  it("refuses blocked roles and another company's roles", async () => {
    const blocked = await createRole();
    await post('set-blocked', admin, { id: blocked.id, is_blocked: true });
    expect((await post('default/save', admin, { role_ids: [blocked.id] })).json().issues).toEqual([{ path: ['role_ids'], code: 'role.blockedCannotBeDefault' }]);
    const foreign = await createRole({}, otherAdmin);
    expect((await post('default/save', admin, { role_ids: [foreign.id] })).json().issues).toEqual([{ path: ['role_ids'], code: 'validation.unknownReference' }]);
    expect((await post('edit', otherAdmin, { id: foreign.id })).json().is_default).toBe(false);
  });
});

describe('external role mappings', () => {
  it('creates, renames, lists and deletes a mapping', async () => {
    const role = await createRole();
    const created = await post('mapping/save', admin, { original_name: null, external_name: 'AD_Finance', role_id: role.id });
    expect(created.json().mapping).toEqual({ external_name: 'AD_Finance', role_id: role.id, role_name: role.name });
    expect((await post('mapping/edit', admin, { external_name: 'ad_finance' })).json().external_name).toBe('AD_Finance');
    const renamed = await post('mapping/save', admin, { original_name: 'AD_Finance', external_name: 'AD_Finanse', role_id: role.id });
    expect(renamed.statusCode).toBe(200);
    expect((await get('mapping/list?search=AD_Fin', admin)).json()).toEqual({ total: 1, items: [{ external_name: 'AD_Finanse', role_id: role.id, role_name: role.name }] });
    expect((await post('mapping/delete', admin, { external_name: 'AD_Finanse' })).statusCode).toBe(200);
    expect((await get('mapping/list?search=AD_Fin', admin)).json().total).toBe(0);
    expect(await auditActions('roleMapping', 'AD_Finanse')).toEqual(['roleMapping.update', 'roleMapping.delete']);
  });

  it('refuses a duplicate name, a missing role and a foreign role at the field', async () => {
    const role = await createRole();
    await post('mapping/save', admin, { original_name: null, external_name: 'AD_Users', role_id: role.id });
    expect((await post('mapping/save', admin, { original_name: null, external_name: 'ad_users', role_id: role.id })).json().issues).toEqual([
      { path: ['external_name'], code: 'roleMapping.nameTaken' },
    ]);
    expect((await post('mapping/save', admin, { original_name: null, external_name: 'AD_Nowa', role_id: null })).json().issues).toEqual([
      { path: ['role_id'], code: 'global.error.required' },
    ]);
    const foreign = await createRole({}, otherAdmin);
    expect((await post('mapping/save', admin, { original_name: null, external_name: 'AD_Obca', role_id: foreign.id })).json().issues).toEqual([
      { path: ['role_id'], code: 'validation.unknownReference' },
    ]);
  });

  it("answers 404 for another company's mapping", async () => {
    const role = await createRole();
    await post('mapping/save', admin, { original_name: null, external_name: 'AD_Tylko_U_Nas', role_id: role.id });
    expect((await post('mapping/edit', otherAdmin, { external_name: 'AD_Tylko_U_Nas' })).statusCode).toBe(404);
    expect((await post('mapping/delete', otherAdmin, { external_name: 'AD_Tylko_U_Nas' })).statusCode).toBe(404);
    const rows = await t.db.select().from(externalRoleMappings).where(eq(externalRoleMappings.externalName, 'AD_Tylko_U_Nas'));
    expect(rows.map((row) => row.companyId)).toEqual([company.id]);
  });
});

describe('transferred permissions (deputy-auth)', () => {
  it('grants a permission for its period only: the permission map honours it', async () => {
    const deputy = await createUser(t.db, company);
    const saved = await post('deputy-auth/save', admin, {
      to_user_id: deputy.id,
      permission_name: 'viewInvoices',
      role_id: null,
      date_from: '2026-03-12',
      date_to: '2026-03-20',
      comment: 'Urlop księgowej',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().transfer).toMatchObject({ from_user: { id: adminId }, to_user: { id: deputy.id }, permission_name: 'viewInvoices', state: 'upcoming' });

    expect((await permissionsOf(await authHeaders(t.app, company, deputy))).viewInvoices).toBe(false);
    t.clock.set('2026-03-12T08:00:00Z');
    expect((await permissionsOf(await authHeaders(t.app, company, deputy))).viewInvoices).toBe(true);
    t.clock.set('2026-03-20T23:30:00Z'); // 00:30 on 21 March in Warsaw (CET)
    expect((await permissionsOf(await authHeaders(t.app, company, deputy))).viewInvoices).toBe(false);
  });

  it('grants a role with its parent chain, but not a blocked role', async () => {
    const parent = await createRole({ permissions: ['viewBookings'] });
    const role = await createRole({ parent_role_id: parent.id, permissions: ['travelOrderPreview'] });
    const deputy = await createUser(t.db, company);
    await post('deputy-auth/save', admin, { to_user_id: deputy.id, permission_name: null, role_id: role.id, date_from: '2026-03-10', date_to: '2026-03-11', comment: '' });
    const headers = await authHeaders(t.app, company, deputy);
    expect(await permissionsOf(headers)).toMatchObject({ travelOrderPreview: true, viewBookings: true });
    await t.db.update(roles).set({ isBlocked: true }).where(eq(roles.id, role.id));
    expect(await permissionsOf(headers)).toMatchObject({ travelOrderPreview: false, viewBookings: false });
  });

  it('validates the permitted user, the permission or role, and the dates at their fields', async () => {
    const deputy = await createUser(t.db, company);
    const base = { to_user_id: deputy.id, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-10', date_to: '2026-03-11', comment: '' };
    const issuesOf = async (overrides: Record<string, unknown>) => (await post('deputy-auth/save', admin, { ...base, ...overrides })).json().issues;
    expect(await issuesOf({ to_user_id: null })).toEqual([{ path: ['to_user_id'], code: 'global.error.required' }]);
    expect(await issuesOf({ permission_name: null })).toEqual([{ path: ['permission_name'], code: 'deputyAuth.permissionOrRoleRequired' }]);
    const role = await createRole();
    expect(await issuesOf({ role_id: role.id })).toEqual([{ path: ['role_id'], code: 'deputyAuth.permissionOrRoleOnlyOne' }]);
    expect(await issuesOf({ date_to: '2026-03-01' })).toEqual([expect.objectContaining({ path: ['date_to'], code: 'validation.dateRange' })]);
    expect(await issuesOf({ date_from: '2026-03-01', date_to: '2026-03-05' })).toEqual([{ path: ['date_to'], code: 'validation.dateInPast' }]);
    expect(await issuesOf({ permission_name: 'manageCompanies' })).toEqual([{ path: ['permission_name'], code: 'permission.providerOnly' }]);
    const inactive = await createUser(t.db, company, { isActive: false });
    expect(await issuesOf({ to_user_id: inactive.id })).toEqual([{ path: ['to_user_id'], code: 'deputyAuth.userInactive' }]);
    const foreign = await createUser(t.db, other);
    expect(await issuesOf({ to_user_id: foreign.id })).toEqual([{ path: ['to_user_id'], code: 'validation.unknownReference' }]);
  });

  it('lists by state, edits and withdraws a transfer with audit rows', async () => {
    const deputy = await createUser(t.db, company, { login: `zastepca${Date.now()}` });
    const saved = (
      await post('deputy-auth/save', admin, { to_user_id: deputy.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-01', date_to: '2026-03-15', comment: '' })
    ).json().transfer;
    expect(saved.state).toBe('current');
    expect((await get(`deputy-auth/list?search=${deputy.login}&status=current`, admin)).json().items.map((item: { id: number }) => item.id)).toEqual([saved.id]);
    expect((await get(`deputy-auth/list?search=${deputy.login}&status=past`, admin)).json().total).toBe(0);
    const edited = await post('deputy-auth/save', admin, { id: saved.id, to_user_id: deputy.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-01', date_to: '2026-03-16', comment: 'Dłużej' });
    expect(edited.json().transfer).toMatchObject({ date_to: '2026-03-16', comment: 'Dłużej' });
    expect((await post('deputy-auth/delete', admin, { id: saved.id })).statusCode).toBe(200);
    expect((await get(`deputy-auth/list?search=${deputy.login}`, admin)).json().total).toBe(0);
    expect(await auditActions('permissionTransfer', saved.id)).toEqual(['permissionTransfer.create', 'permissionTransfer.update', 'permissionTransfer.delete']);
  });

  it("answers 404 for another company's transfer and leaves it", async () => {
    const deputy = await createUser(t.db, company);
    const saved = (
      await post('deputy-auth/save', admin, { to_user_id: deputy.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-10', date_to: '2026-03-15', comment: '' })
    ).json().transfer;
    expect((await post('deputy-auth/delete', otherAdmin, { id: saved.id })).statusCode).toBe(404);
    const foreignUser = await createUser(t.db, other);
    const hijack = await post('deputy-auth/save', otherAdmin, { id: saved.id, to_user_id: foreignUser.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-10', date_to: '2026-03-15', comment: '' });
    expect(hijack.statusCode).toBe(404);
    expect((await get('deputy-auth/list', otherAdmin)).json().total).toBe(0);
    expect((await permissionsOf(await authHeaders(t.app, company, deputy))).modifyDates).toBe(true);
  });
});

describe('own transferred permissions (/substitutes/deputyAuth)', () => {
  const own = (url: string, headers: Headers, payload?: object) =>
    payload === undefined
      ? t.app.inject({ method: 'GET', url: `/api/user-substitute/deputy-auth/${url}`, headers })
      : t.app.inject({ method: 'POST', url: `/api/user-substitute/deputy-auth/${url}`, headers, payload });

  async function acceptor() {
    const role = await createRole({ permissions: ['travelOrderPreview'] });
    const user = await createUser(t.db, company, { permissions: ['viewInvoices'] });
    await post('add-member', admin, { id: role.id, user_id: user.id });
    return { user, role, headers: await authHeaders(t.app, company, user) };
  }

  it('offers only what the user holds themselves, and colleagues other than themselves', async () => {
    const { user, role, headers } = await acceptor();
    // A permission handed to the user by the administrator is theirs to use, not to hand on.
    await post('deputy-auth/save', admin, { to_user_id: user.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-10', date_to: '2026-03-20', comment: '' });
    const notHeld = await createRole({ permissions: ['viewBookings'] });
    const options = (await own('options', headers)).json();
    expect([...options.permissions].sort()).toEqual(['travelOrderPreview', 'viewInvoices']);
    expect(options.roles.map((item: { id: number }) => item.id)).toContain(role.id);
    expect(options.roles.map((item: { id: number }) => item.id)).not.toContain(notHeld.id);
    expect(options.users.map((item: { id: number }) => item.id)).not.toContain(user.id);
    expect(options.users.map((item: { id: number }) => item.id)).toContain(adminId);
  });

  it('hands an own permission over for its period: the colleague holds it then, and sees who handed it over', async () => {
    const { user, headers } = await acceptor();
    const deputy = await createUser(t.db, company);
    const saved = await own('save', headers, { to_user_id: deputy.id, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-12', date_to: '2026-03-14', comment: 'Urlop' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().transfer).toMatchObject({ from_user: { id: user.id }, to_user: { id: deputy.id }, permission_name: 'viewInvoices', state: 'upcoming' });
    const deputyHeaders = await authHeaders(t.app, company, deputy);
    expect((await permissionsOf(deputyHeaders)).viewInvoices).toBe(false);
    t.clock.set('2026-03-13T08:00:00Z');
    const refreshed = await authHeaders(t.app, company, deputy);
    expect((await permissionsOf(refreshed)).viewInvoices).toBe(true);
    const received = (await own('list?direction=received', refreshed)).json();
    expect(received.items).toEqual([expect.objectContaining({ id: saved.json().transfer.id, from_user: expect.objectContaining({ id: user.id }), state: 'current' })]);
    expect((await own('list?direction=given', refreshed)).json().total).toBe(0);
    expect(await auditActions('permissionTransfer', saved.json().transfer.id)).toEqual(['permissionTransfer.create']);
  });

  it('hands an own role over with its permissions', async () => {
    const { role, headers } = await acceptor();
    const deputy = await createUser(t.db, company);
    expect((await own('save', headers, { to_user_id: deputy.id, permission_name: null, role_id: role.id, date_from: '2026-03-10', date_to: '2026-03-11', comment: '' })).statusCode).toBe(200);
    expect((await permissionsOf(await authHeaders(t.app, company, deputy))).travelOrderPreview).toBe(true);
  });

  it('refuses a permission or role not held, one only received, and handing over to oneself, at the fields', async () => {
    const { user, headers } = await acceptor();
    const deputy = await createUser(t.db, company);
    await post('deputy-auth/save', admin, { to_user_id: user.id, permission_name: 'modifyDates', role_id: null, date_from: '2026-03-10', date_to: '2026-03-20', comment: '' });
    const otherRole = await createRole({ permissions: ['viewBookings'] });
    const base = { to_user_id: deputy.id, permission_name: null, role_id: null, date_from: '2026-03-10', date_to: '2026-03-11', comment: '' };
    const issuesOf = async (overrides: Record<string, unknown>) => (await own('save', headers, { ...base, ...overrides })).json().issues;
    expect(await issuesOf({ permission_name: 'companyAdmin' })).toEqual([{ path: ['permission_name'], code: 'deputyAuth.permissionNotHeld' }]);
    expect(await issuesOf({ permission_name: 'modifyDates' })).toEqual([{ path: ['permission_name'], code: 'deputyAuth.permissionNotHeld' }]);
    expect(await issuesOf({ role_id: otherRole.id })).toEqual([{ path: ['role_id'], code: 'deputyAuth.roleNotHeld' }]);
    expect(await issuesOf({ to_user_id: user.id, permission_name: 'viewInvoices' })).toEqual([{ path: ['to_user_id'], code: 'deputyAuth.notToYourself' }]);
  });

  it("lists, edits and withdraws only one's own transfers: another's answers 404 and stays", async () => {
    const { headers } = await acceptor();
    const deputy = await createUser(t.db, company);
    const mine = (await own('save', headers, { to_user_id: deputy.id, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-10', date_to: '2026-03-15', comment: '' })).json().transfer;
    const byAdmin = (await post('deputy-auth/save', admin, { to_user_id: deputy.id, permission_name: 'viewBookings', role_id: null, date_from: '2026-03-10', date_to: '2026-03-15', comment: '' })).json().transfer;
    expect((await own('list', headers)).json().items.map((item: { id: number }) => item.id)).toEqual([mine.id]);
    const edited = await own('save', headers, { id: mine.id, to_user_id: deputy.id, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-10', date_to: '2026-03-16', comment: 'Dłużej' });
    expect(edited.json().transfer).toMatchObject({ date_to: '2026-03-16', comment: 'Dłużej' });
    expect((await own('delete', headers, { id: byAdmin.id })).statusCode).toBe(404);
    expect((await own('save', headers, { id: byAdmin.id, to_user_id: deputy.id, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-10', date_to: '2026-03-15', comment: '' })).statusCode).toBe(404);
    expect((await own('delete', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await own('delete', headers, { id: mine.id })).statusCode).toBe(200);
    expect((await get(`deputy-auth/list?search=${deputy.login}`, admin)).json().items.map((item: { id: number }) => item.id)).toEqual([byAdmin.id]);
  });
});

describe('access', () => {
  it('refuses every role endpoint to a user without companyAdmin', async () => {
    const role = await createRole();
    const calls = [
      get('list', employee),
      get('options', employee),
      post('edit', employee, { id: role.id }),
      post('save', employee, { name: 'X', description: '', parent_role_id: null, is_default: false, permissions: [] }),
      post('set-blocked', employee, { id: role.id, is_blocked: true }),
      post('delete', employee, { id: role.id }),
      post('members', employee, { id: role.id }),
      post('add-member', employee, { id: role.id, user_id: adminId }),
      post('remove-member', employee, { id: role.id, user_id: adminId }),
      post('default/save', employee, { role_ids: [] }),
      get('mapping/list', employee),
      post('mapping/edit', employee, { external_name: 'x' }),
      post('mapping/save', employee, { original_name: null, external_name: 'x', role_id: role.id }),
      post('mapping/delete', employee, { external_name: 'x' }),
      get('deputy-auth/list', employee),
      post('deputy-auth/save', employee, { to_user_id: adminId, permission_name: 'viewInvoices', role_id: null, date_from: '2026-03-10', date_to: '2026-03-11', comment: '' }),
      post('deputy-auth/delete', employee, { id: 1 }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });

  it("answers 404 for another company's role and changes nothing", async () => {
    const role = await createRole({ permissions: ['viewInvoices'] });
    expect((await post('edit', otherAdmin, { id: role.id })).statusCode).toBe(404);
    expect((await post('save', otherAdmin, { id: role.id, name: 'Przejęta', description: '', parent_role_id: null, is_default: false, permissions: [] })).statusCode).toBe(404);
    expect((await post('set-blocked', otherAdmin, { id: role.id, is_blocked: true })).statusCode).toBe(404);
    expect((await post('delete', otherAdmin, { id: role.id })).statusCode).toBe(404);
    expect((await post('edit', admin, { id: role.id })).json()).toMatchObject({ name: role.name, is_blocked: false, permissions: ['viewInvoices'] });
  });
});
