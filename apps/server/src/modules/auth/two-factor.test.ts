import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_COMPANY_CODE, defaultSystemSettings } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { authHeaders, authenticatorOf, nextCode } from '../../../test/sessions.ts';
import { companies, recoveryCodes, userTwoFactor, users } from '../../db/schema/index.ts';
import { totpCodeAt } from './two-factor-crypto.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
});
afterAll(async () => t.close());

let nextAddress = 1;
/** An address of the test ranges no other test calls from (the PostgreSQL run shares one database). */
const freshAddress = () => `203.0.113.${nextAddress++}`;

const post = (url: string, payload: object, options: { headers?: Record<string, string>; from?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: options.headers, remoteAddress: options.from });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const login = (company: { code: string }, user: { login: string }, from?: string) => post('/auth/login', { company: company.code, username: user.login, password: TEST_PASSWORD }, { from });
/** Thirty seconds on: the next authenticator code. */
const nextStep = () => t.clock.advance(30_000);

/** A user of a new company who set up an authenticator from their profile; returns its secret. */
async function enrolledUser(settings = {}, permissions: ('companyAdmin' | 'travelOrderSelf')[] = []) {
  const company = await createCompany(t.db, settings);
  const user = await createUser(t.db, company, { permissions });
  const headers = await authHeaders(t.app, company, user);
  const started = await post('/settings/my-profile/two-factor/start', {}, { headers });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const confirmed = await post('/settings/my-profile/two-factor/confirm', { code: totpCodeAt(secret, t.clock.now()) }, { headers });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { company, user, headers, secret: secret as string, recoveryCodes: confirmed.json().recovery_codes as string[] };
}

/** The password step of a user with a second factor: the token for the second step. */
async function passwordStep(company: { code: string }, user: { login: string }, from?: string): Promise<string> {
  const response = await login(company, user, from);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ second_step: 'code', sign_in_token: expect.any(String) });
  return response.json().sign_in_token;
}

async function providerUser(permissions: string[] = []) {
  await t.db.insert(companies).values({ code: ADMIN_COMPANY_CODE, name: 'Administracja', settings: defaultSystemSettings() }).onConflictDoNothing();
  const [admin] = await t.db.select().from(companies).where(sql`lower(${companies.code}) = ${ADMIN_COMPANY_CODE}`);
  const provider = await createUser(t.db, admin!, { login: `provider${Math.random().toString(36).slice(2, 10)}`, permissions: permissions as never[] });
  return { company: admin!, user: provider };
}

describe('enrolment from the profile', () => {
  it('shows a new secret as a QR code and as text, turns two-factor sign-in on with its first code and hands out ten recovery codes once', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const headers = await authHeaders(t.app, company, user);
    expect((await get('/settings/my-profile/two-factor', headers)).json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const started = (await post('/settings/my-profile/two-factor/start', {}, { headers })).json();
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_uri).toBe(`otpauth://totp/Delego:${encodeURIComponent(`${user.login} (${company.code})`)}?issuer=Delego&secret=${started.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(started.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await get('/settings/my-profile/two-factor', headers)).json().enabled).toBe(false);

    const wrong = await post('/settings/my-profile/two-factor/confirm', { code: '000000' }, { headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.wrongCode' }]);

    const confirmed = await post('/settings/my-profile/two-factor/confirm', { code: totpCodeAt(started.secret, t.clock.now()) }, { headers });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await get('/settings/my-profile/two-factor', headers)).json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });

    // The secret is never shown again, and is not stored readable.
    expect((await post('/settings/my-profile/two-factor/start', {}, { headers })).statusCode).toBe(409);
    const [stored] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(stored!.secretCiphertext).not.toContain(started.secret);
    const storedCodes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(storedCodes).toHaveLength(10);
    for (const row of storedCodes) expect(codes.some((code) => row.codeHash.includes(code) || row.codeHash.includes(code.replace('-', '')))).toBe(false);
  });

  it('turns two-factor sign-in off with the current password, and refuses a wrong confirmation at its field', async () => {
    const { company, user, headers } = await enrolledUser();
    const wrong = await post('/settings/my-profile/two-factor/disable', { confirmation: 'not-the-password' }, { headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['confirmation'], code: 'validation.twoFactor.wrongConfirmation' }]);
    expect((await post('/settings/my-profile/two-factor/disable', { confirmation: TEST_PASSWORD }, { headers })).statusCode).toBe(200);
    expect((await get('/settings/my-profile/two-factor', headers)).json().enabled).toBe(false);
    expect((await login(company, user)).json().access_token).toEqual(expect.any(String));
  });

  it('regenerates the recovery codes with an authenticator code: the old ones stop working', async () => {
    const { company, user, headers, secret, recoveryCodes: old } = await enrolledUser();
    const regenerated = await post('/settings/my-profile/two-factor/recovery-codes', { confirmation: totpCodeAt(secret, t.clock.now()) }, { headers });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(old[0]);
    const refused = await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: old[0]! });
    expect(refused.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.wrongCode' }]);
    expect((await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: fresh[0]! })).statusCode).toBe(200);
  });

  it("lets nobody touch another user's authenticator: another company's administrator acts on their own account only", async () => {
    const victim = await enrolledUser();
    const other = await createCompany(t.db);
    const otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
    expect((await get('/settings/my-profile/two-factor', otherAdmin)).json().enabled).toBe(false);
    const disable = await post('/settings/my-profile/two-factor/disable', { confirmation: TEST_PASSWORD }, { headers: otherAdmin });
    expect(disable.statusCode).toBe(409);
    expect((await get('/settings/my-profile/two-factor', victim.headers)).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Nor can a second-step token of one user be finished with another user's code.
    const token = await passwordStep(victim.company, victim.user);
    const stranger = await enrolledUser();
    const crossed = await post('/auth/two-factor/verify', { sign_in_token: token, code: totpCodeAt(stranger.secret, t.clock.now()) });
    expect(crossed.statusCode).toBe(400);
  });
});

describe('signing in with a second factor', () => {
  it('answers a right password with a second step and no session: its token opens nothing', async () => {
    const { company, user } = await enrolledUser();
    const response = await login(company, user);
    const body = response.json();
    expect(body).toEqual({ second_step: 'code', sign_in_token: expect.any(String) });
    expect(body.access_token).toBeUndefined();
    expect((await get('/token-refresh/user-properties', { authorization: `Bearer ${body.sign_in_token}` })).statusCode).toBe(401);
  });

  it('opens the session with the code the authenticator shows', async () => {
    const { company, user, secret } = await enrolledUser();
    const token = await passwordStep(company, user);
    const response = await post('/auth/two-factor/verify', { sign_in_token: token, code: totpCodeAt(secret, t.clock.now()) });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session.user_properties.login).toBe(user.login);
    expect((await get('/token-refresh/user-properties', { authorization: `Bearer ${session.access_token}` })).statusCode).toBe(200);
    // The token of the second step works once.
    nextStep();
    const again = await post('/auth/two-factor/verify', { sign_in_token: token, code: totpCodeAt(secret, t.clock.now()) });
    expect(again.json().code).toBe('TOKEN_USED');
  });

  it('takes the code of the step before (a phone clock a little behind) but refuses a stale code', async () => {
    const { company, user, secret } = await enrolledUser();
    nextStep();
    const thirtySecondsAgo = new Date(t.clock.now().getTime() - 30_000);
    expect((await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: totpCodeAt(secret, thirtySecondsAgo) })).statusCode).toBe(200);
    nextStep();
    const twoMinutesAgo = new Date(t.clock.now().getTime() - 120_000);
    const stale = await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: totpCodeAt(secret, twoMinutesAgo) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.wrongCode' }]);
  });

  it('refuses a wrong code at its field', async () => {
    const { company, user, secret } = await enrolledUser();
    const right = totpCodeAt(secret, t.clock.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const response = await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.wrongCode' }]);
  });

  it('refuses a replayed code: each code signs in once', async () => {
    const { company, user, secret } = await enrolledUser();
    const code = totpCodeAt(secret, t.clock.now());
    expect((await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code })).statusCode).toBe(200);
    const replayed = await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.codeUsed' }]);
  });

  it('takes a recovery code once', async () => {
    const { company, user, recoveryCodes: codes, headers } = await enrolledUser();
    const typed = ` ${codes[3]!.toUpperCase()} `;
    expect((await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: typed })).statusCode).toBe(200);
    const again = await post('/auth/two-factor/verify', { sign_in_token: await passwordStep(company, user), code: codes[3]! });
    expect(again.statusCode).toBe(400);
    expect((await get('/settings/my-profile/two-factor', headers)).json().recovery_codes_left).toBe(9);
  });

  it('counts wrong codes in the login throttle: after a few, the password step is refused too', async () => {
    const { company, user, secret } = await enrolledUser({ failed_login_limit: 3, lock_minutes: 30 });
    const from = freshAddress();
    const token = await passwordStep(company, user, from);
    for (const guess of ['111111', '222222']) expect((await post('/auth/two-factor/verify', { sign_in_token: token, code: guess }, { from })).statusCode).toBe(400);
    // The third failure from an address the login never signed in from locks it, as a third wrong password would.
    const third = await post('/auth/two-factor/verify', { sign_in_token: token, code: '333333' }, { from });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('LOGIN_LOCKED');
    expect((await post('/auth/two-factor/verify', { sign_in_token: token, code: totpCodeAt(secret, t.clock.now()) }, { from })).statusCode).toBe(429);
    expect((await login(company, user, from)).statusCode).toBe(429);
  });

  it('ends the second step ten minutes after the password', async () => {
    const { company, user, secret } = await enrolledUser();
    const token = await passwordStep(company, user);
    t.clock.advance(10 * 60_000 + 1000);
    const late = await post('/auth/two-factor/verify', { sign_in_token: token, code: totpCodeAt(secret, t.clock.now()) });
    expect(late.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('who must sign in with a second factor', () => {
  it("leads a company's administrator without an authenticator to enrolment when the company requires it, and lets its employees in with the password", async () => {
    const company = await createCompany(t.db, { two_factor_for_administrators: true });
    const admin = await createUser(t.db, company, { permissions: ['companyAdmin'] });
    const employee = await createUser(t.db, company);
    expect((await login(company, employee)).json().access_token).toEqual(expect.any(String));

    const answer = (await login(company, admin)).json();
    expect(answer).toEqual({ second_step: 'enrolment', sign_in_token: expect.any(String) });
    // The enrolment token is no code step, and opens no session by itself.
    expect((await post('/auth/two-factor/verify', { sign_in_token: answer.sign_in_token, code: '123456' })).statusCode).toBe(404);
    expect((await get('/token-refresh/user-properties', { authorization: `Bearer ${answer.sign_in_token}` })).statusCode).toBe(401);

    const started = (await post('/auth/two-factor/enrolment/start', { sign_in_token: answer.sign_in_token })).json();
    const wrong = await post('/auth/two-factor/enrolment/confirm', { sign_in_token: answer.sign_in_token, code: '000000' });
    expect(wrong.json().issues).toEqual([{ path: ['code'], code: 'validation.twoFactor.wrongCode' }]);
    const confirmed = await post('/auth/two-factor/enrolment/confirm', { sign_in_token: answer.sign_in_token, code: totpCodeAt(started.secret, t.clock.now()) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    const headers = { authorization: `Bearer ${confirmed.json().access_token}` };
    expect((await get('/settings/my-profile/two-factor', headers)).json()).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });

    nextStep();
    expect((await login(company, admin)).json().second_step).toBe('code');
  });

  it('always requires it of the provider administrator, and ends their sessions when they turn it off', async () => {
    const { company, user } = await providerUser(['companyAdmin']);
    expect((await login(company, user)).json()).toEqual({ second_step: 'enrolment', sign_in_token: expect.any(String) });
    const headers = await authHeaders(t.app, company, user);
    expect((await get('/settings/my-profile/two-factor', headers)).json()).toMatchObject({ enabled: true, required: true });
    const authenticator = authenticatorOf(t.app, company, user)!;
    nextStep();
    expect((await post('/settings/my-profile/two-factor/disable', { confirmation: nextCode(t.app, authenticator) }, { headers })).statusCode).toBe(200);
    expect((await get('/settings/my-profile/two-factor', headers)).statusCode).toBe(401);
    expect((await login(company, user)).json().second_step).toBe('enrolment');
  });

  it("shows a provider administrator acting inside a company's context their own factor, not the company administrator's", async () => {
    const { company: adminCompany, user } = await providerUser(['manageCompanies', 'companyAdmin']);
    const headers = await authHeaders(t.app, adminCompany, user);
    const company = await createCompany(t.db);
    await createUser(t.db, company, { permissions: ['companyAdmin'] });
    const entered = await post('/admin/company-admin/log-in-company-context', { company_id: company.id }, { headers });
    expect(entered.statusCode, entered.body).toBe(200);
    const inCompany = { authorization: `Bearer ${entered.json().access_token}` };
    expect((await get('/settings/my-profile/two-factor', inCompany)).json()).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });
  });

  it('requires it of every user of the provider company, whatever their permissions', async () => {
    const { company, user } = await providerUser([]);
    expect((await login(company, user)).json().second_step).toBe('enrolment');
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    expect(row).toBeDefined();
  });
});
