import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    limits: { authPerMinute: 5 },
    beforeReady: (app) => {
      app.get('/api/test/explode', { config: { isPublic: true } }, async () => {
        throw new Error('secret internal detail at /srv/delego/app.ts:42');
      });
    },
  });
});
afterAll(async () => t.close());

describe('security baseline', () => {
  it('sends a strict content security policy and a year of HSTS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-general-settings' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a server error with a request id and never a stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ status: 500, code: 'INTERNAL', messages: ['Internal server error'], requestId: expect.any(String) });
    expect(response.headers['x-request-id']).toBe(body.requestId);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts:');
  });

  it('answers malformed JSON as a client error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"company":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('rate-limits the authentication endpoints per address', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const answers: [number, string][] = [];
    // A different login each time, so neither the account lock nor the login's own delays answer here.
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.77',
        payload: { company: company.code, username: `${user.login}-${i}`, password: 'x' },
      });
      answers.push([response.statusCode, response.json().code]);
    }
    expect(answers.slice(4)).toEqual([
      [401, 'LOGIN_FAILED'],
      [429, 'TOO_MANY_REQUESTS'],
      [429, 'TOO_MANY_REQUESTS'],
    ]);
  });
});

describe('general rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ limits: { perAddressPerMinute: 5, perUserPerMinute: 3 } });
  });
  afterAll(async () => limited.close());

  const tooMany = { status: 429, code: 'TOO_MANY_REQUESTS', messages: ['Too many requests'], params: { retryAfterSeconds: expect.any(Number) } };

  it('answers 429 in the catalogue shape once an address has spent its budget, on any route, and only to that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '192.0.2.10' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Another route, and one without a token: the budget is the address's, spent before anything else runs.
    const refused = await limited.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', remoteAddress: '192.0.2.10' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await limited.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
  });

  it('counts an address by the connection, never by an X-Forwarded-For header the client sends', async () => {
    const headers = (index: number) => ({ 'x-forwarded-for': `203.0.113.${index}`, 'x-real-ip': `203.0.113.${index}` });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '192.0.2.30', headers: headers(index) })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits a signed-in user on every address they call from', async () => {
    const company = await createCompany(limited.db);
    const user = await createUser(limited.db, company);
    const other = await createUser(limited.db, company);
    const tokenOf = async (login: string, address: string) => {
      const response = await limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { company: company.code, username: login, password: TEST_PASSWORD } });
      return { authorization: `Bearer ${response.json().access_token}` };
    };
    const headers = await tokenOf(user.login, '192.0.2.20');
    const propertiesFrom = (address: string, as = headers) => limited.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', remoteAddress: address, headers: as });
    const statuses: number[] = [];
    for (const address of ['192.0.2.21', '192.0.2.22', '192.0.2.23', '192.0.2.24']) statuses.push((await propertiesFrom(address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await propertiesFrom('192.0.2.25')).json()).toMatchObject(tooMany);
    expect((await propertiesFrom('192.0.2.26', await tokenOf(other.login, '192.0.2.27'))).statusCode).toBe(200);
  });
});
