import type { FastifyInstance } from 'fastify';
import { TOTP_PERIOD_SECONDS, type SystemSettingsInput } from '@delego/domain';
import type { UserProperties } from '@delego/contract';
import type { Database } from '../src/db/client.ts';
import { totpCodeAt } from '../src/modules/auth/two-factor-crypto.ts';
import { createCompany, createUser, TEST_PASSWORD } from './factories.ts';
import { clockOf } from './test-app.ts';

/** An authenticator a test user set up through the API: its secret, the unspent recovery codes, the last step whose code was used. */
export interface TestAuthenticator {
  secret: string;
  recoveryCodes: string[];
  lastStep: number;
}

/**
 * Authenticators set up by `signIn`, per app (each test app has its own database, and the demo's logins
 * repeat across them) and then by company code and login, so later sign-ins of the same user answer their second step.
 */
const authenticators = new WeakMap<FastifyInstance, Map<string, TestAuthenticator>>();
const keyOf = (company: { code: string }, user: { login: string }) => `${company.code.toLowerCase()}/${user.login.toLowerCase()}`;

export function authenticatorOf(app: FastifyInstance, company: { code: string }, user: { login: string }): TestAuthenticator | undefined {
  return authenticators.get(app)?.get(keyOf(company, user));
}

function rememberAuthenticator(app: FastifyInstance, company: { code: string }, user: { login: string }, authenticator: TestAuthenticator): void {
  const ofApp = authenticators.get(app) ?? new Map<string, TestAuthenticator>();
  authenticators.set(app, ofApp);
  ofApp.set(keyOf(company, user), authenticator);
}

/**
 * A code for the app's current time: the authenticator's code while its time step is unused, else one of
 * its recovery codes (a code works once per step, and tests sign the same user in at a clock that stands still).
 */
export function nextCode(app: FastifyInstance, authenticator: TestAuthenticator): string {
  const now = clockOf(app).now();
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  if (step > authenticator.lastStep) {
    authenticator.lastStep = step;
    return totpCodeAt(authenticator.secret, now);
  }
  const recovery = authenticator.recoveryCodes.shift();
  if (!recovery) throw new Error('the test authenticator has no recovery code left: move the clock on');
  return recovery;
}

type Session = { access_token: string; user_properties: UserProperties };

/**
 * Signs a user in through the API as the web does: the password, then — when the account needs a
 * second factor — a code, or first the enrolment the account requires (provider administrators always,
 * a company's administrators when it asks). Returns the session answer.
 */
export async function signIn(app: FastifyInstance, company: { code: string }, user: { login: string }, password = TEST_PASSWORD) {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api${url}`, payload });
  const response = await post('/auth/login', { company: company.code, username: user.login, password });
  if (response.statusCode !== 200) throw new Error(`login failed for ${user.login}: ${response.body}`);
  const answer = response.json();
  if (answer.access_token) return answer as Session;
  const token = answer.sign_in_token as string;
  if (answer.second_step === 'code') {
    const authenticator = authenticatorOf(app, company, user);
    if (!authenticator) throw new Error(`${user.login} has an authenticator this helper did not set up`);
    const verified = await post('/auth/two-factor/verify', { sign_in_token: token, code: nextCode(app, authenticator) });
    if (verified.statusCode !== 200) throw new Error(`second step failed for ${user.login}: ${verified.body}`);
    return verified.json() as Session;
  }
  const started = await post('/auth/two-factor/enrolment/start', { sign_in_token: token });
  if (started.statusCode !== 200) throw new Error(`enrolment failed for ${user.login}: ${started.body}`);
  const authenticator: TestAuthenticator = { secret: started.json().secret, recoveryCodes: [], lastStep: -1 };
  const confirmed = await post('/auth/two-factor/enrolment/confirm', { sign_in_token: token, code: nextCode(app, authenticator) });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment failed for ${user.login}: ${confirmed.body}`);
  authenticator.recoveryCodes = [...confirmed.json().recovery_codes];
  rememberAuthenticator(app, company, user, authenticator);
  return confirmed.json() as Session;
}

/** Logs a user in through the API (with the second factor where the account needs one) and returns headers carrying their token. */
export async function authHeaders(app: FastifyInstance, company: { code: string }, user: { login: string }): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${(await signIn(app, company, user)).access_token}` };
}

/**
 * The callers of a company-settings endpoint test: a new company with a logged-in administrator
 * and employee, and an administrator of another company, whose requests for this company's ids
 * must answer 404.
 */
export async function settingsCallers(t: { app: FastifyInstance; db: Database }, settings: SystemSettingsInput = {}) {
  const company = await createCompany(t.db, settings);
  const admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  const employee = await authHeaders(t.app, company, await createUser(t.db, company));
  const other = await createCompany(t.db);
  const otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
  return { company, admin, employee, other, otherAdmin };
}
