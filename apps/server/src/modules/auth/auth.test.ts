import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { auditLog, roles, rolePermissions, userRoles, users } from '../../db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
});
afterAll(async () => t.close());

async function login(company: string, username: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password } });
}

async function loggedIn(company: { code: string }, user: { login: string }) {
  const response = await login(company.code, user.login);
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/login', () => {
  it('answers a token and the session user properties for a valid login', async () => {
    const company = await createCompany(t.db, { session_time: 45 });
    const user = await createUser(t.db, company, { permissions: ['companyAdmin'] });
    const response = await login(company.code.toUpperCase(), user.login.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.access_token.split('.')).toHaveLength(3);
    const props = body.user_properties;
    expect(props).toMatchObject({
      user_id: user.id,
      context_user_id: user.id,
      context_user_login: user.login,
      login: user.login,
      company_code: company.code,
      system_settings: { session_time: 45, modules: { delegation: 2, travel_service: 2 } },
      substitute_user_count: 0,
      can_login_as: false,
      is_admin_context: false,
    });
    expect(props.permissions.companyAdmin).toBe(true);
    expect(props.permissions.viewInvoices).toBe(false);
    expect(props.context_user_permissions.companyAdmin).toBe(true);
  });

  it('puts an expiry and the session id into the access token', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(300);
    expect(typeof payload.sid).toBe('string');
  });

  it('refuses a wrong password with the generic login failure', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const response = await login(company.code, user.login, 'Wrong-password1!');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'LOGIN_FAILED', messages: ['Login failed'] });
  });

  it('answers an unknown login and an unknown company exactly like a wrong password', async () => {
    const company = await createCompany(t.db);
    const unknownLogin = await login(company.code, 'nobody-here');
    const unknownCompany = await login('no-such-company', 'nobody');
    for (const response of [unknownLogin, unknownCompany]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'LOGIN_FAILED', messages: ['Login failed'] });
    }
  });

  it('requires company, login and password with the required message at each field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: '', username: ' ', password: '' } });
    expect(response.statusCode).toBe(400);
    const issues = response.json().issues as { path: string[]; code: string }[];
    expect(issues.map((issue) => [issue.path.join('.'), issue.code]).sort()).toEqual([
      ['company', 'global.error.required'],
      ['password', 'global.error.required'],
      ['username', 'global.error.required'],
    ]);
  });

  it('rejects unknown keys in the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { company: 'a', username: 'b', password: 'c', is_admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('locks a login after the company limit of failures and answers 429 until the lock ends', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 3, lock_minutes: 10 });
    const user = await createUser(t.db, company);
    expect((await login(company.code, user.login, 'bad-1')).statusCode).toBe(401);
    expect((await login(company.code, user.login, 'bad-2')).statusCode).toBe(401);
    const third = await login(company.code, user.login, 'bad-3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'LOGIN_LOCKED', messages: ['Too many login attempts'], params: { minutes: 10 } });
    expect(third.headers['retry-after']).toBe('600');
    // Even the right password is refused while locked.
    expect((await login(company.code, user.login)).statusCode).toBe(429);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await login(company.code, user.login)).statusCode).toBe(200);
    t.clock.set('2026-06-01T10:00:00Z');
  });

  it('locks an unknown login the same way, revealing nothing', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 2 });
    expect((await login(company.code, 'ghost')).statusCode).toBe(401);
    expect((await login(company.code, 'ghost')).statusCode).toBe(429);
  });

  it("refuses an address outside the company's IP allow-list", async () => {
    const company = await createCompany(t.db, { ip_allow_list: ['10.20.0.0/16'] });
    const user = await createUser(t.db, company);
    const response = await login(company.code, user.login);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'IP_NOT_ALLOWED', messages: ['Your IP is not allowed'] });
  });

  it('admits an address inside the allow-list', async () => {
    const company = await createCompany(t.db, { ip_allow_list: ['127.0.0.0/8'] });
    const user = await createUser(t.db, company);
    expect((await login(company.code, user.login)).statusCode).toBe(200);
  });

  it('refuses a disabled user like a wrong password', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company, { isActive: false });
    expect((await login(company.code, user.login)).json().code).toBe('LOGIN_FAILED');
  });

  it('answers Password expired when the password is older than the expiry setting', async () => {
    const company = await createCompany(t.db, { password_expiry: 'month' });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-04-01T10:00:00Z') });
    const response = await login(company.code, user.login);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_EXPIRED', messages: ['Password expired'] });
  });

  it("uses the user's own expiry setting over the company's", async () => {
    const company = await createCompany(t.db, { password_expiry: 'never' });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-05-20T10:00:00Z'), passwordExpiry: 'week' });
    expect((await login(company.code, user.login)).json().code).toBe('PASSWORD_EXPIRED');
  });

  it('writes an audit row for a login and for a failed one', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    await login(company.code, user.login, 'bad');
    await login(company.code, user.login);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['auth.login', 'auth.loginFailed']);
    expect(rows.every((row) => row.requestId && row.userId === user.id)).toBe(true);
  });
});

describe('change of an expired password', () => {
  it('sets a new password that meets the policy and logs in', async () => {
    const company = await createCompany(t.db, { password_expiry: 'month' });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-01-01T00:00:00Z') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-expired-password',
      payload: { company: company.code, username: user.login, password: TEST_PASSWORD, new_password: 'Nowe-Haslo-2026!', repeat_password: 'Nowe-Haslo-2026!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_properties.user_id).toBe(user.id);
    expect((await login(company.code, user.login, 'Nowe-Haslo-2026!')).statusCode).toBe(200);
  });

  it('refuses a new password that breaks the policy, naming each broken rule at the field', async () => {
    const company = await createCompany(t.db, { password_expiry: 'month', password_min_length: 12 });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-01-01T00:00:00Z') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-expired-password',
      payload: { company: company.code, username: user.login, password: TEST_PASSWORD, new_password: 'short', repeat_password: 'other' },
    });
    expect(response.statusCode).toBe(400);
    const codes = (response.json().issues as { path: string[]; code: string }[]).map((i) => `${i.path[0]}:${i.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'new_password:validation.password.tooShort',
        'new_password:validation.password.uppercase',
        'new_password:validation.password.digit',
        'new_password:validation.password.special',
        'repeat_password:validation.password.mismatch',
      ]),
    );
  });

  it('refuses a new password from the list of common and breached passwords, whatever its composition', async () => {
    const company = await createCompany(t.db, { password_expiry: 'month' });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-01-01T00:00:00Z') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-expired-password',
      payload: { company: company.code, username: user.login, password: TEST_PASSWORD, new_password: 'P@ssw0rd', repeat_password: 'P@ssw0rd' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['new_password'], code: 'validation.password.common' }]);
  });

  it('refuses a new password equal to the current one', async () => {
    const company = await createCompany(t.db, { password_expiry: 'month' });
    const user = await createUser(t.db, company, { passwordChangedAt: new Date('2026-01-01T00:00:00Z') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-expired-password',
      payload: { company: company.code, username: user.login, password: TEST_PASSWORD, new_password: TEST_PASSWORD, repeat_password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['new_password'], code: 'validation.password.sameAsCurrent' }]);
  });
});

describe('session', () => {
  it('refreshes the token and answers the user properties', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    const properties = await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: bearer(refreshed.json().token) });
    expect(properties.json().user_id).toBe(user.id);
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties' })).statusCode).toBe(401);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: bearer(forged) })).statusCode).toBe(401);
    t.clock.advance(301_000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHENTICATED');
    t.clock.set('2026-06-01T10:00:00Z');
  });

  it('refuses an unexpired token at once after logout', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses the token of a user disabled after login', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('collects permissions from roles, their parent roles and direct grants, skipping blocked roles', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const [parent] = await t.db.insert(roles).values({ companyId: company.id, name: 'parent' }).returning();
    const [child] = await t.db.insert(roles).values({ companyId: company.id, name: 'child', parentRoleId: parent!.id }).returning();
    const [blocked] = await t.db.insert(roles).values({ companyId: company.id, name: 'blocked', isBlocked: true }).returning();
    await t.db.insert(rolePermissions).values([
      { roleId: parent!.id, permissionName: 'viewInvoices' },
      { roleId: child!.id, permissionName: 'reportDelegation' },
      { roleId: blocked!.id, permissionName: 'companyAdmin' },
    ]);
    await t.db.insert(userRoles).values([
      { userId: user.id, roleId: child!.id },
      { userId: user.id, roleId: blocked!.id },
    ]);
    const props = (await login(company.code, user.login)).json().user_properties;
    expect(props.permissions).toMatchObject({ viewInvoices: true, reportDelegation: true, companyAdmin: false });
  });

  it("saves the user's language", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await loggedIn(company, user);
    const response = await t.app.inject({ method: 'POST', url: '/api/settings/my-profile/update-my-language', headers: bearer(token), payload: { language: 'en-US' } });
    expect(response.statusCode).toBe(200);
    expect((await login(company.code, user.login)).json().user_properties.language).toBe('en-US');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/settings/my-profile/update-my-language', headers: bearer(token), payload: { language: 'de-DE' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses the language change without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/settings/my-profile/update-my-language', payload: { language: 'en-US' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers the general settings flags publicly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-general-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_wnt: expect.any(Number), login_password_save: expect.any(Number) });
  });
});
