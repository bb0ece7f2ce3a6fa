import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { defaultSystemSettings } from '@delego/domain';
import { createSiblingProcess, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { permissionTransfers, sessions, userPermissions } from '../../db/schema/index.ts';
import type { Actor } from '../../http/request-context.ts';
import { createActorCache, type SessionValidity } from './actor-cache.ts';
import { authRepo } from './auth.repo.ts';

let t: TestApp;
const START = '2026-06-01T08:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  // Tokens live five minutes.
  t.clock.set(START);
});

type Headers = { authorization: string };
const properties = (headers: Headers, app = t.app) => app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers });
const roleList = (headers: Headers, app = t.app) => app.inject({ method: 'GET', url: '/api/settings/role/list', headers });
const post = (url: string, headers: Headers, payload: object, app = t.app) => app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });

/** A company with an administrator and an employee, both signed in, each having made a request (so their actors are cached). */
async function signedIn() {
  const company = await createCompany(t.db, { session_time: 30 });
  const adminUser = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  const employeeUser = await createUser(t.db, company, { permissions: ['travelOrderSelf'] });
  const admin = await authHeaders(t.app, company, adminUser);
  const employee = await authHeaders(t.app, company, employeeUser);
  expect((await properties(admin)).statusCode).toBe(200);
  expect((await properties(employee)).statusCode).toBe(200);
  return { company, adminUser, employeeUser, admin, employee };
}

async function roleSaved(headers: Headers, permissions: string[], id?: number) {
  const response = await post('settings/role/save', headers, { ...(id ? { id } : {}), name: `Rola ${Math.random()}`, description: '', parent_role_id: null, is_default: false, permissions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().role as { id: number; name: string };
}

describe('the actor of a request', () => {
  it('is served from the cache with one look-up of the session per request once built (none on the embedded database), user properties included', async () => {
    const { employee } = await signedIn();
    const validity = vi.spyOn(authRepo, 'findOpenSessionValidity');
    const account = vi.spyOn(authRepo, 'findOpenSessionWithAccount');
    const permissionMap = vi.spyOn(authRepo, 'permissionMapOf');
    const substitutions = vi.spyOn(authRepo, 'activeSubstitutionCount');
    for (let request = 0; request < 5; request += 1) expect((await properties(employee)).statusCode).toBe(200);
    // The embedded database reports every change as it commits: a session nothing changed is not read again.
    expect(validity).toHaveBeenCalledTimes(t.databaseChanges?.immediate ? 0 : 5);
    expect(account).not.toHaveBeenCalled();
    expect(permissionMap).not.toHaveBeenCalled();
    expect(substitutions).not.toHaveBeenCalled();
  });

  it('is refused on the next request after logout', async () => {
    const { employee } = await signedIn();
    expect((await post('auth/logout', employee, {})).statusCode).toBe(200);
    expect((await properties(employee)).statusCode).toBe(401);
  });

  it('is refused on the next request after the administrator disables the user, and after they set a new password', async () => {
    const { admin, employee, employeeUser, company } = await signedIn();
    expect((await post('settings/users/set-active', admin, { id: employeeUser.id, is_active: false })).statusCode).toBe(200);
    expect((await properties(employee)).statusCode).toBe(401);

    const other = await createUser(t.db, company);
    const otherHeaders = await authHeaders(t.app, company, other);
    expect((await properties(otherHeaders)).statusCode).toBe(200);
    // A password written straight to the row ends no session by itself: the service ends them, as here.
    await authRepo.endUserSessions(t.db, company.id, other.id, t.clock.now(), 'passwordSetByAdmin');
    expect((await properties(otherHeaders)).statusCode).toBe(401);
  });

  it('is refused on the next request when the user is disabled straight in the database', async () => {
    const { employee, employeeUser } = await signedIn();
    await t.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${employeeUser.id}`);
    expect((await properties(employee)).statusCode).toBe(401);
  });

  it('loses and gains permissions on the next request when a role, a membership or a direct grant changes', async () => {
    const { admin, employee, employeeUser } = await signedIn();
    expect((await roleList(employee)).statusCode).toBe(403);

    const role = await roleSaved(admin, ['companyAdmin']);
    expect((await post('settings/role/add-member', admin, { id: role.id, user_id: employeeUser.id })).statusCode).toBe(200);
    expect((await roleList(employee)).statusCode).toBe(200);

    await roleSaved(admin, ['reportDelegation'], role.id);
    expect((await roleList(employee)).statusCode).toBe(403);
    expect((await properties(employee)).json().permissions.reportDelegation).toBe(true);

    expect((await post('settings/role/remove-member', admin, { id: role.id, user_id: employeeUser.id })).statusCode).toBe(200);
    expect((await properties(employee)).json().permissions.reportDelegation).toBeFalsy();

    await t.db.insert(userPermissions).values({ userId: employeeUser.id, permissionName: 'viewInvoices' });
    expect((await properties(employee)).json().permissions.viewInvoices).toBe(true);
    await t.db.delete(userPermissions).where(and(eq(userPermissions.userId, employeeUser.id), eq(userPermissions.permissionName, 'viewInvoices')));
    expect((await properties(employee)).json().permissions.viewInvoices).toBeFalsy();
  });

  it("follows the company's settings on the next request", async () => {
    const { admin, employee } = await signedIn();
    const saved = await post('settings/system-settings/save', admin, { ...defaultSystemSettings(), session_time: 45 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await properties(employee)).json().system_settings.session_time).toBe(45);
  });

  it('ends an idle session, and one past its absolute end, exactly as without the cache', async () => {
    const { employee, employeeUser, admin, adminUser } = await signedIn();
    // 30 minutes of inactivity and the minute of slack: open at 31 minutes, over past them.
    await t.db.update(sessions).set({ lastActiveAt: new Date(t.clock.now().getTime() - 31 * 60_000) }).where(eq(sessions.userId, employeeUser.id));
    expect((await properties(employee)).statusCode).toBe(200);
    await t.db.update(sessions).set({ lastActiveAt: new Date(t.clock.now().getTime() - 31 * 60_000 - 1) }).where(eq(sessions.userId, employeeUser.id));
    const idle = await properties(employee);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ code: 'SESSION_EXPIRED', params: { reason: 'idleTimeout' } });

    await t.db.update(sessions).set({ expiresAt: t.clock.now() }).where(eq(sessions.userId, adminUser.id));
    const absolute = await properties(admin);
    expect(absolute.json()).toMatchObject({ code: 'SESSION_EXPIRED', params: { reason: 'absoluteTimeout' } });
  });

  it('drops a transferred permission on the first request of the day after the transfer ends', async () => {
    // 23:57 in Warsaw (UTC+2) on 1 June.
    t.clock.set('2026-06-01T21:57:00Z');
    const { company, employee, employeeUser, adminUser } = await signedIn();
    await t.db.insert(permissionTransfers).values({ companyId: company.id, fromUserId: adminUser.id, toUserId: employeeUser.id, permissionName: 'viewInvoices', dateFrom: '2026-06-01', dateTo: '2026-06-01' });
    expect((await properties(employee)).json().permissions.viewInvoices).toBe(true);
    expect((await properties(employee)).json().permissions.viewInvoices).toBe(true);
    // 00:01 in Warsaw (UTC+2) on 2 June.
    t.clock.set('2026-06-01T22:01:00Z');
    expect((await properties(employee)).json().permissions.viewInvoices).toBeFalsy();
  });

  it('is rebuilt by another server process on its next request after a change made through this one', async () => {
    const { admin, employee, employeeUser } = await signedIn();
    const sibling = await createSiblingProcess(t, { now: START });
    try {
      expect((await roleList(employee, sibling.app)).statusCode).toBe(403);
      const role = await roleSaved(admin, ['companyAdmin']);
      expect((await post('settings/role/add-member', admin, { id: role.id, user_id: employeeUser.id })).statusCode).toBe(200);
      expect((await roleList(employee, sibling.app)).statusCode).toBe(200);

      expect((await post('settings/system-settings/save', admin, { ...defaultSystemSettings(), session_time: 50 })).statusCode).toBe(200);
      expect((await properties(employee, sibling.app)).json().system_settings.session_time).toBe(50);

      expect((await post('settings/users/set-active', admin, { id: employeeUser.id, is_active: false })).statusCode).toBe(200);
      expect((await properties(employee, sibling.app)).statusCode).toBe(401);

      expect((await properties(admin, sibling.app)).statusCode).toBe(200);
      expect((await post('auth/logout', admin, {})).statusCode).toBe(200);
      expect((await properties(admin, sibling.app)).statusCode).toBe(401);
    } finally {
      await sibling.close();
    }
  });
});

describe('actor cache', () => {
  const actor = { sessionId: 's', companyId: 1, userId: 2, contextUserId: 2, ratesVersion: 3, settings: defaultSystemSettings(), permissions: {} } as unknown as Actor;
  const validity: SessionValidity = {
    sessionId: 's',
    companyId: 1,
    userId: 2,
    contextUserId: 2,
    lastActiveAt: new Date(),
    expiresAt: new Date(),
    ipAddress: null,
    actorVersion: 7,
    actingCompanyId: 1,
    actingActorVersion: 7,
    ratesVersion: 3,
  };

  it('serves an actor only at the version, context user and day it was built for', () => {
    const cache = createActorCache();
    cache.store(validity, '2026-06-01', { ...actor });
    expect(cache.current(validity, '2026-06-01')).toMatchObject({ userId: 2 });
    expect(cache.current({ ...validity, actorVersion: 8 }, '2026-06-01')).toBeNull();
    cache.store(validity, '2026-06-01', { ...actor });
    expect(cache.current(validity, '2026-06-02')).toBeNull();
    cache.store(validity, '2026-06-01', { ...actor });
    expect(cache.current({ ...validity, contextUserId: 5 }, '2026-06-01')).toBeNull();
  });

  it("serves a provider administrator's actor in a company's context only while neither company's version moved", () => {
    const cache = createActorCache();
    const inCompany: SessionValidity = { ...validity, actingCompanyId: 9, actingActorVersion: 40 };
    cache.store(inCompany, '2026-06-01', { ...actor, companyId: 9 });
    expect(cache.current(inCompany, '2026-06-01')).toMatchObject({ companyId: 9, actorVersion: 40 });
    expect(cache.current({ ...inCompany, actingActorVersion: 41 }, '2026-06-01')).toBeNull();
    cache.store(inCompany, '2026-06-01', { ...actor, companyId: 9 });
    expect(cache.current({ ...inCompany, actorVersion: 8 }, '2026-06-01')).toBeNull();
    cache.store(inCompany, '2026-06-01', { ...actor, companyId: 9 });
    // Back in the admin context the same session acts in its own company again: the entry is not that actor.
    expect(cache.current(validity, '2026-06-01')).toBeNull();
  });

  it('carries a new rates version without building the actor again, and nobody can change a cached actor', () => {
    const cache = createActorCache();
    const stored = cache.store(validity, '2026-06-01', { ...actor, permissions: { companyAdmin: false } as Actor['permissions'] });
    expect(cache.current({ ...validity, ratesVersion: 4 }, '2026-06-01')?.ratesVersion).toBe(4);
    expect(() => {
      (stored.permissions as Record<string, boolean>).companyAdmin = true;
    }).toThrow(TypeError);
  });

  it('keeps at most the given number of sessions, dropping the least recently used', () => {
    const cache = createActorCache(2);
    for (const id of ['a', 'b']) cache.store({ ...validity, sessionId: id }, '2026-06-01', { ...actor, sessionId: id });
    cache.current({ ...validity, sessionId: 'a' }, '2026-06-01');
    cache.store({ ...validity, sessionId: 'c' }, '2026-06-01', { ...actor, sessionId: 'c' });
    expect(cache.current({ ...validity, sessionId: 'a' }, '2026-06-01')).not.toBeNull();
    expect(cache.current({ ...validity, sessionId: 'b' }, '2026-06-01')).toBeNull();
  });
});
