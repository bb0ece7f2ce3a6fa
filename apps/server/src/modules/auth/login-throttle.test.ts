import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z', limits: { loginFailuresPerAddress: 6 } });
});
afterAll(async () => t.close());

let nextAddress = 1;
/** An address of the test ranges no other test calls from (the PostgreSQL run shares one database). */
function freshAddress(): string {
  return `198.51.100.${nextAddress++}`;
}

async function login(from: string, company: string, username: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { company, username, password } });
}

/** The answer without what differs per request. */
function answer(response: Awaited<ReturnType<typeof login>>) {
  const { requestId: _requestId, ...body } = response.json() as Record<string, unknown>;
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], body };
}

describe('login throttling', () => {
  it('keeps the owner signing in from a known address while an outsider has locked the login', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 3, lock_minutes: 30 });
    const user = await createUser(t.db, company);
    const home = freshAddress();
    const outsider = freshAddress();
    expect((await login(home, company.code, user.login)).statusCode).toBe(200);

    expect((await login(outsider, company.code, user.login, 'guess-1')).statusCode).toBe(401);
    expect((await login(outsider, company.code, user.login, 'guess-2')).statusCode).toBe(401);
    const locked = await login(outsider, company.code, user.login, 'guess-3');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'LOGIN_LOCKED', messages: ['Too many login attempts'], params: { minutes: 30 } });
    // The lock holds for the outsider, even with the right password, and for any other unknown address.
    expect((await login(outsider, company.code, user.login)).statusCode).toBe(429);
    expect((await login(freshAddress(), company.code, user.login)).statusCode).toBe(429);
    // The owner's usual address is not locked out, and signing in there does not lift the outsider's lock.
    expect((await login(home, company.code, user.login)).statusCode).toBe(200);
    expect((await login(outsider, company.code, user.login)).statusCode).toBe(429);
  });

  it('makes each further failure of a login from one address wait twice as long, whatever the password', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 100 });
    const user = await createUser(t.db, company);
    const from = freshAddress();
    for (let i = 0; i < 4; i++) expect((await login(from, company.code, user.login, `bad-${i}`)).statusCode).toBe(401);

    const waiting = await login(from, company.code, user.login);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'LOGIN_LOCKED', messages: ['Too many login attempts'] });
    expect(waiting.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login(from, company.code, user.login, 'bad-4')).statusCode).toBe(401);
    expect((await login(from, company.code, user.login)).headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    expect((await login(from, company.code, user.login, 'bad-5')).statusCode).toBe(401);
    expect((await login(from, company.code, user.login)).headers['retry-after']).toBe('4');
    // The delay is this address's: the owner elsewhere is not slowed down.
    expect((await login(freshAddress(), company.code, user.login)).statusCode).toBe(200);
    t.clock.advance(4000);
    expect((await login(from, company.code, user.login)).statusCode).toBe(200);
    // Signing in ended this address's delay for the login.
    expect((await login(from, company.code, user.login, 'bad-6')).statusCode).toBe(401);
  });

  it('answers an unknown login exactly as a known one, delay and lock alike', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 5, lock_minutes: 10 });
    const user = await createUser(t.db, company);
    const known = freshAddress();
    const ghost = freshAddress();
    const answers = { known: [] as ReturnType<typeof answer>[], ghost: [] as ReturnType<typeof answer>[] };
    for (let i = 0; i < 6; i++) {
      answers.known.push(answer(await login(known, company.code, user.login, 'wrong')));
      answers.ghost.push(answer(await login(ghost, company.code, 'no-such-login', 'wrong')));
      t.clock.advance(1000);
    }
    expect(answers.ghost).toEqual(answers.known);
    expect(answers.known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('slows down an address that fails on many logins, and no other address', async () => {
    const company = await createCompany(t.db);
    const stuffer = freshAddress();
    for (let i = 0; i < 7; i++) expect((await login(stuffer, company.code, `victim-${i}`, 'Summer2026!')).statusCode).toBe(401);
    const slowed = await login(stuffer, company.code, 'victim-8', 'Summer2026!');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'LOGIN_LOCKED' });
    const user = await createUser(t.db, company);
    expect((await login(stuffer, company.code, user.login)).statusCode).toBe(429);
    expect((await login(freshAddress(), company.code, user.login)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await login(stuffer, company.code, user.login)).statusCode).toBe(200);
  });
});
