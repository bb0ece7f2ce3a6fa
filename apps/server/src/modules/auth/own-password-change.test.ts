import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { auditLog } from '../../db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Zupełnie-Nowe-1';

async function login(company: string, username: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password } });
}

async function sessionOf(company: { code: string }, user: { login: string }): Promise<string> {
  const response = await login(company.code, user.login);
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

const changeOwn = (token: string, password: string, newPassword: string, repeat = newPassword) =>
  t.app.inject({
    method: 'POST',
    url: '/api/settings/my-profile/change-password',
    headers: { authorization: `Bearer ${token}` },
    payload: { password, new_password: newPassword, repeat_password: repeat },
  });

const stillOpen = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: { authorization: `Bearer ${token}` } })).statusCode;

describe('changing one\'s own password from the profile', () => {
  it('replaces the password, ends the other sessions of the user, keeps this one and writes an audit row', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const current = await sessionOf(company, user);
    const other = await sessionOf(company, user);
    // Both actors are cached before the change, so the other session must be refused although its actor was cached.
    expect(await stillOpen(current)).toBe(200);
    expect(await stillOpen(other)).toBe(200);

    const response = await changeOwn(current, TEST_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    expect(await stillOpen(current)).toBe(200);
    expect(await stillOpen(other)).toBe(401);
    expect((await login(company.code, user.login, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(company.code, user.login, TEST_PASSWORD)).statusCode).toBe(401);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'auth.passwordChangedByUser')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entityId).toBe(String(user.id));
  });

  it('refuses a wrong current password at its field, counts it towards the login throttle and changes nothing', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const current = await sessionOf(company, user);
    const other = await sessionOf(company, user);

    const wrong = await changeOwn(current, 'Not-The-Password-9', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['password'], code: 'validation.password.currentWrong' }]);
    expect(await stillOpen(other)).toBe(200);

    // Further wrong guesses run into the same delay as failed logins of this login from this address.
    let refusal = wrong;
    for (let attempt = 0; attempt < 10 && refusal.statusCode === 400; attempt++) refusal = await changeOwn(current, 'Not-The-Password-9', NEW_PASSWORD);
    expect(refusal.json().code).toBe('LOGIN_LOCKED');
    expect((await login(company.code, user.login)).json().code).toBe('LOGIN_LOCKED');
    expect((await changeOwn(current, TEST_PASSWORD, NEW_PASSWORD)).json().code).toBe('LOGIN_LOCKED');
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'auth.passwordChangeRefused')));
    expect(refused.length).toBeGreaterThan(0);
  });

  it('refuses a new password equal to the current one at the new-password field', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const current = await sessionOf(company, user);
    const other = await sessionOf(company, user);
    const same = await changeOwn(current, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([{ path: ['new_password'], code: 'validation.password.sameAsCurrent' }]);
    expect(await stillOpen(other)).toBe(200);
  });

  it("refuses a password that breaks the company's policy with the policy's messages", async () => {
    const company = await createCompany(t.db, { password_min_length: 12 });
    const user = await createUser(t.db, company);
    const current = await sessionOf(company, user);
    const short = await changeOwn(current, TEST_PASSWORD, 'Krótkie-1');
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([{ path: ['new_password'], code: 'validation.password.tooShort', params: { min: 12 } }]);
    const mismatch = await changeOwn(current, TEST_PASSWORD, 'Zupełnie-Nowe-Długie-1', 'Zupełnie-Nowe-Długie-2');
    expect(mismatch.json().issues).toEqual([{ path: ['repeat_password'], code: 'validation.password.mismatch' }]);
    expect((await login(company.code, user.login)).statusCode).toBe(200);
  });

  it("leaves another company's user with the same login and their sessions alone", async () => {
    const company = await createCompany(t.db);
    const otherCompany = await createCompany(t.db);
    const user = await createUser(t.db, company, { login: 'same-login' });
    const namesake = await createUser(t.db, otherCompany, { login: 'same-login' });
    const current = await sessionOf(company, user);
    const namesakeSession = await sessionOf(otherCompany, namesake);
    expect((await changeOwn(current, TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await stillOpen(namesakeSession)).toBe(200);
    expect((await login(otherCompany.code, namesake.login)).statusCode).toBe(200);
    expect((await login(otherCompany.code, namesake.login, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/settings/my-profile/change-password',
      payload: { password: TEST_PASSWORD, new_password: NEW_PASSWORD, repeat_password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
