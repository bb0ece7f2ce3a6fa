import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KNOWN_ADDRESS_DAYS } from '@delego/domain';
import { and, eq } from 'drizzle-orm';
import { knownLoginAddresses } from '../../db/schema/index.ts';
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

/** The addresses the login is remembered signing in from. */
async function addressesOf(company: string, username: string): Promise<string[]> {
  const rows = await t.db
    .select({ address: knownLoginAddresses.address })
    .from(knownLoginAddresses)
    .where(and(eq(knownLoginAddresses.companyCode, company.toLowerCase()), eq(knownLoginAddresses.login, username.toLowerCase())));
  return rows.map((row) => row.address);
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
    // Signing in ended this address's delay for the login: after one more failure only the address's own delay
    // (its seventh failure on any login, 1 s) holds the next attempt, not the login's (its seventh: 8 s).
    expect((await login(from, company.code, user.login, 'bad-6')).statusCode).toBe(401);
    expect((await login(from, company.code, user.login)).headers['retry-after']).toBe('1');
  });

  it("forgets the login's failures when the owner signs in, so an outsider starts counting again", async () => {
    const company = await createCompany(t.db, { failed_login_limit: 3, lock_minutes: 30 });
    const user = await createUser(t.db, company);
    const first = freshAddress();
    for (const guess of ['guess-1', 'guess-2']) expect((await login(first, company.code, user.login, guess)).statusCode).toBe(401);
    expect((await login(freshAddress(), company.code, user.login)).statusCode).toBe(200);

    const second = freshAddress();
    expect((await login(second, company.code, user.login, 'guess-3')).statusCode).toBe(401);
    expect((await login(second, company.code, user.login, 'guess-4')).statusCode).toBe(401);
    expect((await login(second, company.code, user.login, 'guess-5')).statusCode).toBe(429);
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

  it('forgets an address the login has not signed in from for the known-address period, and keeps the one it signs in from', async () => {
    const company = await createCompany(t.db, { failed_login_limit: 3, lock_minutes: 30 });
    const user = await createUser(t.db, company);
    const [old, usual, outsider] = [freshAddress(), freshAddress(), freshAddress()];
    expect((await login(old, company.code, user.login)).statusCode).toBe(200);
    expect((await login(usual, company.code, user.login)).statusCode).toBe(200);
    t.clock.advance((KNOWN_ADDRESS_DAYS + 1) * 86_400_000);
    expect((await login(usual, company.code, user.login)).statusCode).toBe(200);
    expect(await addressesOf(company.code, user.login)).toEqual([usual]);

    // The lock spares the address signed in from: known again for the period.
    for (const guess of ['guess-1', 'guess-2']) expect((await login(outsider, company.code, user.login, guess)).statusCode).toBe(401);
    expect((await login(outsider, company.code, user.login, 'guess-3')).statusCode).toBe(429);
    expect((await login(usual, company.code, user.login)).statusCode).toBe(200);
  });

  it.runIf(inject('testDatabaseUrl'))('signs in while another sign-in of the login holds one of its stale addresses, and leaves that address for a later sign-in', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const [here, held] = [freshAddress(), freshAddress()];
    expect((await login(here, company.code, user.login)).statusCode).toBe(200);
    expect((await login(held, company.code, user.login)).statusCode).toBe(200);
    t.clock.advance((KNOWN_ADDRESS_DAYS + 1) * 86_400_000);

    // Another sign-in's statement holds the stale address's row (it remembers it) until it ends.
    const other = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from known_login_addresses where company_code = $1 and login = $2 and address = $3 for update', [company.code.toLowerCase(), user.login.toLowerCase(), held]);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000));
      const signedIn = await Promise.race([login(here, company.code, user.login), waited]);
      expect(signedIn === 'waited' ? signedIn : signedIn.statusCode).toBe(200);
    } finally {
      await other.query('rollback');
      await other.end();
    }
    expect((await addressesOf(company.code, user.login)).sort()).toEqual([here, held].sort());
    expect((await login(here, company.code, user.login)).statusCode).toBe(200);
    expect(await addressesOf(company.code, user.login)).toEqual([here]);
  });
});
