import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { actionTokens } from '../../db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
});
afterAll(async () => t.close());

const forgotten = (company: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-forgotten', payload: { company, username } });

/** Asks for a link and returns the token from the e-mail the outbox sent. */
async function requestLink(company: { code: string }, user: { login: string; email: string }) {
  const before = t.mailer.sent.length;
  expect((await forgotten(company.code, user.login)).statusCode).toBe(200);
  await t.app.services.outbox.drain();
  const mail = t.mailer.sent.slice(before).find((message) => message.to === user.email);
  expect(mail).toBeDefined();
  const match = /\/action-by-link\/user\/passwordChange\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const linkState = (token: string) => t.app.inject({ method: 'GET', url: `/api/action-by-link/user/password-change/${token}` });
const changeByLink = (token: string, password: string, repeat = password) =>
  t.app.inject({ method: 'POST', url: '/api/action-by-link/user/password-change', payload: { token, new_password: password, repeat_password: repeat } });
const login = (company: string, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password } });

describe('password forgotten', () => {
  it('e-mails a one-time link in the user language and stores only a hash of the token', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company, { language: 'pl-PL' });
    const token = await requestLink(company, user);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(t.mailer.sent.at(-1)!.subject).toBe('Delego: zmiana hasła');
    const stored = await t.db.select().from(actionTokens).where(eq(actionTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same for an unknown login and sends nothing', async () => {
    const company = await createCompany(t.db);
    const before = t.mailer.sent.length;
    const response = await forgotten(company.code, 'nobody');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await t.app.services.outbox.drain();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('limits repeated requests for the same login, known or not', async () => {
    const company = await createCompany(t.db);
    for (let i = 0; i < 3; i++) expect((await forgotten(company.code, 'someone')).statusCode).toBe(200);
    const fourth = await forgotten(company.code, 'someone');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('shows a valid link without spending it', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await requestLink(company, user);
    for (let i = 0; i < 2; i++) {
      const state = await linkState(token);
      expect(state.json()).toMatchObject({ state: 'valid', login: user.login, password_policy: { min_length: 8 } });
    }
  });

  it('changes the password on submit, once, and ends the open sessions', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const session = (await login(company.code, user.login, TEST_PASSWORD)).json().access_token as string;
    const token = await requestLink(company, user);
    expect((await changeByLink(token, 'Zupełnie-Nowe-1')).statusCode).toBe(200);
    expect((await login(company.code, user.login, 'Zupełnie-Nowe-1')).statusCode).toBe(200);
    expect((await login(company.code, user.login, TEST_PASSWORD)).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers: { authorization: `Bearer ${session}` } });
    expect(old.statusCode).toBe(401);
    expect((await linkState(token)).json().state).toBe('used');
    const again = await changeByLink(token, 'Jeszcze-Inne-2');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', messages: ['Action already executed'] });
  });

  it('refuses a weak password by link and leaves the link usable', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await requestLink(company, user);
    const weak = await changeByLink(token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].path).toEqual(['new_password']);
    expect((await linkState(token)).json().state).toBe('valid');
  });

  it('reports an expired link and refuses to use it', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const token = await requestLink(company, user);
    t.clock.advance(61 * 60_000);
    expect((await linkState(token)).json().state).toBe('expired');
    expect((await changeByLink(token, 'Zupełnie-Nowe-1')).json().code).toBe('TOKEN_EXPIRED');
    t.clock.set('2026-06-01T10:00:00Z');
  });

  it('reports an unknown link as not found', async () => {
    expect((await linkState('x'.repeat(43))).json()).toEqual({ state: 'notFound' });
    expect((await changeByLink('x'.repeat(43), 'Zupełnie-Nowe-1')).statusCode).toBe(404);
  });
});
